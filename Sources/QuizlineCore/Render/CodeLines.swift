/// Code blocks for the terminal: each line kept whole (never reflowed or wrapped mid-token), cut
/// with a marker when it is wider than the screen, and Swift highlighted when colour is on.
enum CodeLines {
  /// Swift keywords painted as keywords.
  static let keywords: Set<String> = [
    "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class", "continue",
    "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for",
    "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "nonisolated", "open",
    "operator", "private", "protocol", "public", "repeat", "rethrows", "return", "self", "Self", "some", "static",
    "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
  ]

  /// The lines of `code` as shown: indented by `indent`, cut to `width` columns with `marker` as
  /// the last column of a cut line, and highlighted as Swift when `swift` and the style has colour.
  static func render(_ code: String, indent: String, width: Int, style: Style, swift: Bool) -> [String] {
    let room = max(8, width - TextWrap.displayWidth(indent))
    let marker = style.unicode ? "…" : ">"
    var inBlockComment = false
    return code.split(separator: "\n", omittingEmptySubsequences: false).map { raw in
      var text = escapingControlCharacters(String(raw), keepNewlines: false).replacingTabs
      var cut = false
      if TextWrap.displayWidth(text) > room {
        var kept = ""
        var used = 0
        for ch in text {
          let w = TextWrap.characterWidth(ch)
          if used + w > room - 1 { break }
          kept.append(ch)
          used += w
        }
        text = kept
        cut = true
      }
      let painted =
        swift && style.color ? highlight(text, style, &inBlockComment) : style.paint(text, .accent)
      return indent + painted + (cut ? style.paint(marker, .dim) : "")
    }
  }

  /// One line of Swift with keywords, `@attributes`, strings, comments and numbers painted;
  /// `inBlockComment` carries a `/* … */` comment across lines.
  static func highlight(_ line: String, _ style: Style, _ inBlockComment: inout Bool) -> String {
    let chars = Array(line)
    var out = ""
    var i = 0
    func take(while predicate: (Character) -> Bool) -> String {
      var s = ""
      while i < chars.count, predicate(chars[i]) {
        s.append(chars[i])
        i += 1
      }
      return s
    }
    while i < chars.count {
      let c = chars[i]
      let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
      if inBlockComment {
        var s = ""
        while i < chars.count {
          if chars[i] == "*", i + 1 < chars.count, chars[i + 1] == "/" {
            s += "*/"
            i += 2
            inBlockComment = false
            break
          }
          s.append(chars[i])
          i += 1
        }
        out += style.paint(s, .dim)
      } else if c == "/", next == "/" {
        out += style.paint(String(chars[i...]), .dim)
        i = chars.count
      } else if c == "/", next == "*" {
        inBlockComment = true
        out += style.paint("/*", .dim)
        i += 2
      } else if c == "\"" {
        var s = "\""
        i += 1
        while i < chars.count {
          let ch = chars[i]
          s.append(ch)
          i += 1
          if ch == "\\", i < chars.count {
            s.append(chars[i])
            i += 1
          } else if ch == "\"" {
            break
          }
        }
        out += style.paint(s, .good)
      } else if c == "@", let n = next, n.isLetter {
        i += 1
        out += style.paint("@" + take { $0.isLetter || $0.isNumber || $0 == "_" }, .partial)
      } else if c.isNumber {
        out += style.paint(take { $0.isNumber || $0 == "." || $0 == "_" || $0.isLetter }, .bad)
      } else if c.isLetter || c == "_" {
        let word = take { $0.isLetter || $0.isNumber || $0 == "_" }
        out += keywords.contains(word) ? style.paint(word, .accent) : word
      } else {
        out.append(c)
        i += 1
      }
    }
    return out
  }
}

extension String {
  /// Tabs as four spaces: a tab's width on the screen is not known.
  fileprivate var replacingTabs: String {
    contains("\t") ? split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "    ") : self
  }
}
