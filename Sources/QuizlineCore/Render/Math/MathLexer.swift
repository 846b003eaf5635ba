/// One token of a LaTeX formula, with the source text it came from (to keep what cannot be drawn).
struct MathToken: Equatable {
  enum Kind: Equatable {
    /// `\name` (a control word, spaces after it skipped) or `\,` (a control symbol: the name is `,`).
    case command(String)
    /// `{` and `}`.
    case open, close
    /// `_`, `^` and `&`.
    case sub, sup, align
    /// One or more spaces (tabs and line ends included).
    case space
    /// Any other character (a control character is already U+FFFD).
    case char(Character)
  }
  var kind: Kind
  var source: String
}

/// Splits a formula into tokens the way TeX reads math: control words, control symbols, braces,
/// script marks, spaces, characters. Control characters become U+FFFD, so none reaches the output.
enum MathLexer {
  static let replacement: Character = "\u{FFFD}"

  static func tokens(_ latex: String) -> [MathToken] {
    var out: [MathToken] = []
    let chars = Array(latex)
    var i = 0
    while i < chars.count {
      let c = chars[i]
      switch c {
      case "\\":
        guard i + 1 < chars.count else {
          out.append(MathToken(kind: .char("\\"), source: "\\"))
          i += 1
          continue
        }
        let next = chars[i + 1]
        if isLetter(next) {
          var j = i + 1
          while j < chars.count, isLetter(chars[j]) { j += 1 }
          let name = String(chars[(i + 1)..<j])
          out.append(MathToken(kind: .command(name), source: "\\" + name))
          while j < chars.count, isSpace(chars[j]) { j += 1 }
          i = j
        } else {
          let symbol = isSpace(next) ? " " : String(sanitized(next))
          out.append(MathToken(kind: .command(symbol), source: "\\" + symbol))
          i += 2
        }
      case "{":
        out.append(MathToken(kind: .open, source: "{"))
        i += 1
      case "}":
        out.append(MathToken(kind: .close, source: "}"))
        i += 1
      case "_":
        out.append(MathToken(kind: .sub, source: "_"))
        i += 1
      case "^":
        out.append(MathToken(kind: .sup, source: "^"))
        i += 1
      case "&":
        // An Anki field is HTML: `&lt;` is <, `&amp;` the & that separates columns.
        if let (entity, length) = entity(chars, at: i) {
          out.append(entity)
          i += length
        } else {
          out.append(MathToken(kind: .align, source: "&"))
          i += 1
        }
      default:
        if isSpace(c) {
          var j = i
          while j < chars.count, isSpace(chars[j]) { j += 1 }
          out.append(MathToken(kind: .space, source: " "))
          i = j
        } else {
          let s = sanitized(c)
          out.append(MathToken(kind: .char(s), source: String(s)))
          i += 1
        }
      }
    }
    return out
  }

  /// The HTML entities an Anki field may hold around a formula's characters.
  static let entities: [String: MathToken] = [
    "lt;": MathToken(kind: .char("<"), source: "<"), "gt;": MathToken(kind: .char(">"), source: ">"),
    "amp;": MathToken(kind: .align, source: "&"), "nbsp;": MathToken(kind: .space, source: " "),
    "quot;": MathToken(kind: .char("\""), source: "\""), "#39;": MathToken(kind: .char("'"), source: "'"),
  ]

  static func entity(_ chars: [Character], at i: Int) -> (MathToken, Int)? {
    for (name, token) in entities {
      let end = i + 1 + name.count
      if end <= chars.count, String(chars[(i + 1)..<end]) == name { return (token, 1 + name.count) }
    }
    return nil
  }

  static func isLetter(_ c: Character) -> Bool {
    c.isASCII && c.isLetter
  }

  static func isSpace(_ c: Character) -> Bool {
    c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n"
  }

  /// A character that could move the cursor, change colours or reorder text shows as U+FFFD.
  static func sanitized(_ c: Character) -> Character {
    for scalar in c.unicodeScalars where isUnsafe(scalar) { return replacement }
    return c
  }

  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
      || v == 0x200E || v == 0x200F || v == 0x061C || (0xFDD0...0xFDEF).contains(v)
  }

  /// The source with every unsafe character replaced: what is shown when a formula is kept as written.
  static func sanitizedSource(_ latex: String) -> String {
    var out = ""
    var lastWasSpace = false
    for c in latex {
      if isSpace(c) {
        if !lastWasSpace { out.append(" ") }
        lastWasSpace = true
      } else {
        out.append(sanitized(c))
        lastWasSpace = false
      }
    }
    return out
  }
}
