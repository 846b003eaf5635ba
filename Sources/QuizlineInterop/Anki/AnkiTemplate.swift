/// Anki's card templates, rendered enough for an import: `{{Field}}`, `{{#Field}}…{{/Field}}`,
/// `{{^Field}}…{{/Field}}`, filters (`{{text:F}}`, `{{hint:F}}`, any `x:y:F` uses F), `{{FrontSide}}`
/// (left out of the back: quizline shows the front above it), `{{type:F}}` (noted, rendered empty)
/// and `{{cloze:F}}` (one cloze number hidden or revealed). The output is still HTML.
struct AnkiTemplate {
  /// Field values by name.
  var fields: [String: String]
  /// The cloze number of the card (1-based), for `{{cloze:F}}`.
  var cloze: Int?
  /// Whether the cloze is shown answered (the back) or hidden (the front).
  var reveal = false
  /// Fields a `{{type:F}}` asked to be typed, in order.
  private(set) var typedFields: [String] = []

  mutating func render(_ template: String) -> String {
    var out = ""
    var rest = Substring(template)
    while let open = rest.range(of: "{{") {
      out += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].range(of: "}}") else {
        out += rest[open.lowerBound...]
        return out
      }
      let tag = rest[open.upperBound..<close.lowerBound].trimmingSpaces
      rest = rest[close.upperBound...]
      if let first = tag.first, first == "#" || first == "^" {
        let name = String(tag.dropFirst()).trimmingSpaces
        let end = "{{/\(name)}}"
        let body: Substring
        if let e = rest.range(of: end) {
          body = rest[..<e.lowerBound]
          rest = rest[e.upperBound...]
        } else {
          body = rest
          rest = ""
        }
        let value = fields[name].map { !Self.isBlank($0) } ?? false
        if value == (first == "#") { out += render(String(body)) }
        continue
      }
      if tag.hasPrefix("/") { continue }
      out += replacement(String(tag))
    }
    out += rest
    return out
  }

  private mutating func replacement(_ tag: String) -> String {
    if tag == "FrontSide" { return "" }
    let parts = tag.split(separator: ":", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
    let name = parts.last ?? ""
    let filters = parts.dropLast()
    let value = fields[name] ?? ""
    if filters.contains("type") {
      typedFields.append(name.hasPrefix("cloze:") ? String(name.dropFirst(6)) : name)
      return ""
    }
    if filters.contains("cloze") { return Self.cloze(value, number: cloze ?? 0, reveal: reveal) }
    return value
  }

  static func isBlank(_ s: String) -> Bool {
    TerminalText.string(s, format: .html).allSatisfy(\.isWhitespace)
  }

  // MARK: - Cloze

  /// A cloze deletion `{{cN::answer::hint}}` found in a text.
  struct Deletion {
    var number: Int
    var answer: String
    var hint: String?
    var range: Range<String.Index>
  }

  /// The cloze deletions of `text` at the outer level, in order (a deletion may hold others).
  static func deletions(_ text: String) -> [Deletion] {
    var out: [Deletion] = []
    var i = text.startIndex
    while let open = text[i...].range(of: "{{c") {
      var j = open.upperBound
      var n = 0
      var digits = 0
      while j < text.endIndex, let d = text[j].wholeNumberValue, text[j].isASCII, digits < 4 {
        n = n * 10 + d
        digits += 1
        j = text.index(after: j)
      }
      guard digits > 0, text[j...].hasPrefix("::") else {
        i = open.upperBound
        continue
      }
      let bodyStart = text.index(j, offsetBy: 2)
      var depth = 1
      var k = bodyStart
      var bodyEnd: String.Index?
      while k < text.endIndex {
        if text[k...].hasPrefix("{{") {
          depth += 1
          k = text.index(k, offsetBy: 2)
        } else if text[k...].hasPrefix("}}") {
          depth -= 1
          if depth == 0 {
            bodyEnd = k
            break
          }
          k = text.index(k, offsetBy: 2)
        } else {
          k = text.index(after: k)
        }
      }
      guard let end = bodyEnd else { break }
      let body = text[bodyStart..<end]
      var answer = String(body)
      var hint: String?
      if let sep = Self.topLevelSeparator(body) {
        answer = String(body[..<sep.lowerBound])
        hint = String(body[sep.upperBound...])
      }
      out.append(Deletion(number: n, answer: answer, hint: hint, range: open.lowerBound..<text.index(end, offsetBy: 2)))
      i = text.index(end, offsetBy: 2)
    }
    return out
  }

  private static func topLevelSeparator(_ body: Substring) -> Range<String.Index>? {
    var depth = 0
    var k = body.startIndex
    while k < body.endIndex {
      if body[k...].hasPrefix("{{") {
        depth += 1
        k = body.index(k, offsetBy: 2)
      } else if body[k...].hasPrefix("}}") {
        depth -= 1
        k = body.index(k, offsetBy: 2)
      } else if depth == 0, body[k...].hasPrefix("::") {
        return k..<body.index(k, offsetBy: 2)
      } else {
        k = body.index(after: k)
      }
    }
    return nil
  }

  /// `text` with deletion `number` hidden (`[...]`, or `[hint]`) or revealed, and every other
  /// deletion shown as its answer. `gap`, when given, replaces each hidden deletion instead.
  static func cloze(_ text: String, number: Int, reveal: Bool, gap: ((Deletion) -> String)? = nil) -> String {
    var out = ""
    var last = text.startIndex
    for d in deletions(text) {
      out += text[last..<d.range.lowerBound]
      if d.number == number {
        if let gap {
          out += gap(d)
        } else {
          out += reveal ? cloze(d.answer, number: number, reveal: true) : "[\(d.hint ?? "...")]"
        }
      } else {
        out += cloze(d.answer, number: number, reveal: reveal, gap: gap)
      }
      last = d.range.upperBound
    }
    out += text[last...]
    return out
  }

  /// The cloze numbers used in `text`, sorted.
  static func clozeNumbers(_ text: String) -> [Int] {
    var found: Set<Int> = []
    func visit(_ t: String) {
      for d in deletions(t) {
        found.insert(d.number)
        visit(d.answer)
      }
    }
    visit(text)
    return found.sorted()
  }
}

extension StringProtocol {
  var trimmingSpaces: String {
    String(
      drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" }).reversed().drop(while: {
        $0 == " " || $0 == "\t" || $0 == "\n"
      }).reversed())
  }
}
