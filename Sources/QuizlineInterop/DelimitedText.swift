import QuizlineCore

/// CSV and TSV as Anki's "Notes in Plain Text" and spreadsheets write them: an optional byte-order
/// mark, header lines at the top (`#separator:`, `#html:`, `#tags column:`, `#deck:`, `#guid column:`,
/// `#columns:`, `#notetype:`; other `#` lines are comments), then one record per line. A field may be
/// quoted (`"…"`, with `""` for a quote), and a quoted field may hold separators and line breaks.
/// Lines end in LF, CRLF or CR. Without `#separator:` the separator is the one of tab, `|`, `;`
/// and `,` found most often in the first record (outside quotes); a `.tsv` file defaults to tab.
struct DelimitedText {
  struct Record {
    var fields: [String]
    /// Line and column (1-based, in characters) where each field starts.
    var places: [(line: Int, column: Int)]
  }
  struct Problem: Error {
    var line: Int
    var column: Int
    var message: String
  }

  var separator: Unicode.Scalar = "\t"
  var headers: [String: String] = [:]
  var records: [Record] = []
  var problems: [Problem] = []

  static let separatorNames: [String: Unicode.Scalar] = [
    "tab": "\t", "comma": ",", "semicolon": ";", "pipe": "|", "colon": ":", "space": " ",
  ]

  init(_ text: String, defaultSeparator: Unicode.Scalar? = nil) {
    let s = Array(text.unicodeScalars)
    var i = s.first == "\u{FEFF}" ? 1 : 0
    var line = 1
    // Header lines.
    while i < s.count, s[i] == "#" {
      var j = i
      while j < s.count, s[j] != "\n", s[j] != "\r" { j += 1 }
      let text = String(String.UnicodeScalarView(s[(i + 1)..<j]))
      if let colon = text.firstIndex(of: ":") {
        headers[text[..<colon].lowercased().trimmingSpaces] = String(text[text.index(after: colon)...]).trimmingSpaces
      }
      i = j
      if i < s.count, s[i] == "\r" { i += 1 }
      if i < s.count, s[i] == "\n" { i += 1 }
      line += 1
    }
    if let name = headers["separator"] {
      if let known = Self.separatorNames[name.lowercased()] {
        separator = known
      } else if name.unicodeScalars.count == 1, let c = name.unicodeScalars.first {
        separator = c
      } else {
        problems.append(
          Problem(
            line: 1, column: 1,
            message:
              "unknown #separator \(quoted(name)); use tab, comma, semicolon, pipe, colon, space or one character"))
      }
    } else {
      separator = defaultSeparator ?? Self.guess(s[i...])
    }
    parse(s, from: i, line: line)
  }

  /// The candidate separator found most often in the first record (outside quotes); tab when none.
  static func guess(_ s: ArraySlice<Unicode.Scalar>) -> Unicode.Scalar {
    var counts: [Unicode.Scalar: Int] = [:]
    var quoted = false
    for c in s {
      if c == "\"" { quoted.toggle() }
      if !quoted, c == "\n" || c == "\r" { break }
      if !quoted, c == "\t" || c == "|" || c == ";" || c == "," { counts[c, default: 0] += 1 }
    }
    for c: Unicode.Scalar in ["\t", "|", ";", ","] where counts[c] == counts.values.max() && counts[c] != nil {
      return c
    }
    return "\t"
  }

  private mutating func parse(_ s: [Unicode.Scalar], from start: Int, line startLine: Int) {
    var i = start
    var line = startLine
    var lineStart = start
    var fields: [String] = []
    var places: [(line: Int, column: Int)] = []
    func endRecord(_ r: inout [Record]) {
      if !(fields.count == 1 && fields[0].isEmpty) { r.append(Record(fields: fields, places: places)) }
      fields = []
      places = []
    }
    while i < s.count {
      let place = (line: line, column: i - lineStart + 1)
      var field = String.UnicodeScalarView()
      if s[i] == "\"" {
        i += 1
        var closed = false
        while i < s.count {
          let c = s[i]
          if c == "\"" {
            if i + 1 < s.count, s[i + 1] == "\"" {
              field.append("\"")
              i += 2
              continue
            }
            i += 1
            closed = true
            break
          }
          if c == "\r" || c == "\n" {
            if c == "\r", i + 1 < s.count, s[i + 1] == "\n" { i += 1 }
            field.append("\n")
            line += 1
            lineStart = i + 1
          } else {
            field.append(c)
          }
          i += 1
        }
        if !closed {
          problems.append(
            Problem(line: place.line, column: place.column, message: "a quoted field is never closed (a \" is missing)")
          )
          return
        }
        if i < s.count, s[i] != separator, s[i] != "\n", s[i] != "\r" {
          problems.append(
            Problem(
              line: line, column: i - lineStart + 1,
              message: "text after a closing quote; write \"\" for a quote inside a quoted field"))
          while i < s.count, s[i] != separator, s[i] != "\n", s[i] != "\r" { i += 1 }
        }
      } else {
        while i < s.count, s[i] != separator, s[i] != "\n", s[i] != "\r" {
          field.append(s[i])
          i += 1
        }
      }
      fields.append(String(field))
      places.append(place)
      if i < s.count, s[i] == separator {
        i += 1
        if i == s.count {
          fields.append("")
          places.append((line, i - lineStart + 1))
        }
        continue
      }
      if i < s.count, s[i] == "\r" { i += 1 }
      if i < s.count, s[i] == "\n" { i += 1 }
      line += 1
      lineStart = i
      endRecord(&records)
    }
    if !fields.isEmpty { endRecord(&records) }
  }
}
