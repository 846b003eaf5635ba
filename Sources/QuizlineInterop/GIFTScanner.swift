import QuizlineCore

/// One character of a GIFT block after escapes are resolved, with where it came from.
struct GChar: Sendable {
  var scalar: Unicode.Scalar
  /// True when written with a backslash (`\{`, `\n`, `\\`, …): never syntax.
  var escaped: Bool
  var line: Int
  var column: Int
}

/// A GIFT block: the lines between blank lines, comment lines taken out.
struct GIFTBlock: Sendable {
  /// Text of the `//` comment lines (for `[id:…]` and `[tag:…]`).
  var comments: [String]
  /// The non-comment lines, each trimmed, as (line number, trimmed text, column of its first character).
  var lines: [(number: Int, text: String, column: Int)]
  /// The non-comment lines joined with `\n`, escapes resolved.
  var chars: [GChar]

  var firstLine: Int { lines.first?.number ?? 0 }
}

/// Cuts a GIFT file into blocks the way Moodle reads it: every line trimmed, blank lines separate blocks,
/// lines starting with `//` are comments.
enum GIFTScanner {
  /// Hands each block to `body` in file order, one at a time: a block's ``GChar``s take 24 bytes per
  /// character, so a large file is never held as blocks all at once.
  static func forEachBlock(_ source: SourceLines, _ body: (GIFTBlock) -> Void) {
    var comments: [String] = []
    var lines: [(Int, String, Int)] = []
    var raw: [(line: SourceLines.Line, range: Range<Int>)] = []
    func flush() {
      if !lines.isEmpty {
        body(GIFTBlock(comments: comments, lines: lines, chars: resolve(raw)))
      }
      comments = []
      lines = []
      raw = []
    }
    for line in source.lines {
      let range = line.trimmedRange
      if range.isEmpty {
        flush()
        continue
      }
      let text = String(String.UnicodeScalarView(line.scalars[range]))
      if text.hasPrefix("//") {
        comments.append(text)
      } else {
        lines.append((line.number, text, range.lowerBound + 1))
        raw.append((line, range))
      }
    }
    flush()
  }

  /// Joins trimmed lines with `\n` and resolves `\~ \= \# \{ \} \: \\ \n`; any other backslash stays.
  static func resolve(_ raw: [(line: SourceLines.Line, range: Range<Int>)]) -> [GChar] {
    var plain: [GChar] = []
    for (k, entry) in raw.enumerated() {
      if k > 0, let last = plain.last {
        plain.append(GChar(scalar: "\n", escaped: false, line: last.line, column: last.column + 1))
      }
      for i in entry.range {
        plain.append(
          GChar(
            scalar: entry.line.scalars[i], escaped: false, line: entry.line.number, column: i + 1))
      }
    }
    var out: [GChar] = []
    out.reserveCapacity(plain.count)
    var i = 0
    while i < plain.count {
      let c = plain[i]
      if c.scalar == "\\", i + 1 < plain.count {
        let next = plain[i + 1].scalar
        switch next {
        case "~", "=", "#", "{", "}", ":", "\\":
          out.append(GChar(scalar: next, escaped: true, line: c.line, column: c.column))
          i += 2
          continue
        case "n":
          out.append(GChar(scalar: "\n", escaped: true, line: c.line, column: c.column))
          i += 2
          continue
        default: break
        }
      }
      out.append(c)
      i += 1
    }
    return out
  }

  /// `[id:…]` (first one) and `[tag:…]` (all) in a question's comment lines; values trimmed, `\]` is `]`,
  /// a token does not span lines.
  static func metadata(_ comments: [String]) -> (idnumber: String, tags: [String]) {
    var id: String?
    var tags: [String] = []
    for comment in comments {
      for physical in comment.split(separator: "\n", omittingEmptySubsequences: false) {
        let s = Array(physical.unicodeScalars)
        var i = 0
        while i < s.count {
          guard s[i] == "[" else {
            i += 1
            continue
          }
          let rest = String(String.UnicodeScalarView(s[(i + 1)...].prefix(4)))
          let keyLength = rest.hasPrefix("id:") ? 3 : rest.hasPrefix("tag:") ? 4 : 0
          guard keyLength > 0 else {
            i += 1
            continue
          }
          var j = i + 1 + keyLength
          var value = String.UnicodeScalarView()
          var closed = false
          while j < s.count {
            if s[j] == "\\", j + 1 < s.count, s[j + 1] == "]" {
              value.append("]")
              j += 2
              continue
            }
            if s[j] == "]" {
              closed = true
              break
            }
            value.append(s[j])
            j += 1
          }
          guard closed else { break }
          let v = String(value).trimmingWhitespace
          if keyLength == 3 {
            if id == nil { id = v }
          } else if !v.isEmpty {
            tags.append(v)
          }
          i = j + 1
        }
      }
    }
    return (id ?? "", tags)
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  var trimmingWhitespace: String {
    let s = Array(unicodeScalars)
    var lo = 0
    var hi = s.count
    while lo < hi, SourceLines.isTrimmable(s[lo]) { lo += 1 }
    while hi > lo, SourceLines.isTrimmable(s[hi - 1]) { hi -= 1 }
    return String(String.UnicodeScalarView(s[lo..<hi]))
  }
}
