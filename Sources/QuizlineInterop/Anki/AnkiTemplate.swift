import Foundation

/// Anki's card templates, rendered enough for an import: `{{Field}}`, `{{#Field}}…{{/Field}}` and
/// `{{^Field}}…{{/Field}}` (nested, the same field's sections too), `{{FrontSide}}` (a mark,
/// ``frontSideMark``: quizline shows the front above the back, so the back leaves out the front and
/// keeps what the template puts around it), `{{type:F}}` and `{{type:cloze:F}}` (noted in
/// ``typedFields``, rendered empty), `{{hint:F}}` (noted in ``hintFields``, rendered empty: quizline's
/// `hint` shows it), `{{cloze:F}}` (one cloze number hidden or revealed), `{{text:F}}` (the field's
/// text without its HTML), `{{kanji:F}}`/`{{kana:F}}` (the base text or the reading of Anki's
/// `漢字[かんじ]` readings), `{{furigana:F}}` (the reading in parentheses after the base: a terminal
/// has no ruby) and `{{tts …:F}}` (nothing: Anki shows a button that speaks the field). Any other filter is ignored (the
/// field shown as it is). What a filter changed or could not do is in ``filterNotes``. The output
/// is still HTML.
struct AnkiTemplate {
  /// Stands for `{{FrontSide}}` in a rendered back (a noncharacter, never in a field's text).
  static let frontSideMark = String(Character(frontSideScalar))
  static let frontSideScalar = Unicode.Scalar(0xFDEE as UInt32)!

  /// Field values by name.
  var fields: [String: String]
  /// The cloze number of the card (1-based), for `{{cloze:F}}`.
  var cloze: Int?
  /// Whether the cloze is shown answered (the back) or hidden (the front).
  var reveal = false
  /// Fields a `{{type:F}}` asked to be typed, in order.
  private(set) var typedFields: [String] = []
  /// Fields a `{{hint:F}}` shows behind a click in Anki, in order.
  private(set) var hintFields: [String] = []
  /// What each filter quizline treats its own way did, by filter (`tts`, `furigana`, …).
  private(set) var filterNotes: [String: String] = [:]

  init(fields: [String: String], cloze: Int? = nil, reveal: Bool = false) {
    self.fields = fields.mapValues(\.withoutFrontSideMark)
    self.cloze = cloze
    self.reveal = reveal
  }

  mutating func render(_ template: String) -> String {
    var out = ""
    var rest = Substring(template)
    let plain = AnkiPlainText.isPlain(template)
    while let open = Self.find("{{", in: rest, plain) {
      out += rest[..<open.lowerBound]
      guard let close = Self.find("}}", in: rest[open.upperBound...], plain) else {
        out += rest[open.lowerBound...]
        return out
      }
      let tag = rest[open.upperBound..<close.lowerBound].trimmingSpaces
      rest = rest[close.upperBound...]
      if let first = tag.first, first == "#" || first == "^" {
        let name = String(tag.dropFirst()).trimmingSpaces
        let (body, after) = Self.section(rest, name: name, plain)
        rest = after
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

  /// `text.range(of: pattern)`, searched as bytes in a template that is ``AnkiPlainText`` (`plain`).
  private static func find(_ pattern: String, in text: Substring, _ plain: Bool) -> Range<String.Index>? {
    plain ? AnkiPlainText.range(of: pattern, in: text) : text.range(of: pattern)
  }

  /// The body of a section of `name` opened just before `rest`, up to its own `{{/name}}` (sections
  /// of the same name inside it are counted), and what follows that.
  private static func section(_ rest: Substring, name: String, _ plain: Bool) -> (Substring, Substring) {
    var depth = 1
    var k = rest.startIndex
    while let open = find("{{", in: rest[k...], plain) {
      guard let close = find("}}", in: rest[open.upperBound...], plain) else { break }
      let tag = rest[open.upperBound..<close.lowerBound].trimmingSpaces
      if tag == "#" + name || tag == "^" + name
        || (tag.count > 1 && (tag.first == "#" || tag.first == "^")
          && String(tag.dropFirst()).trimmingSpaces == name)
      {
        depth += 1
      } else if tag.first == "/", String(tag.dropFirst()).trimmingSpaces == name {
        depth -= 1
        if depth == 0 { return (rest[..<open.lowerBound], rest[close.upperBound...]) }
      }
      k = close.upperBound
    }
    return (rest, "")
  }

  private mutating func replacement(_ tag: String) -> String {
    if tag == "FrontSide" { return Self.frontSideMark }
    let parts = tag.split(separator: ":", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
    let name = parts.last ?? ""
    let filters = parts.dropLast().map { $0.split(separator: " ").first.map(String.init) ?? "" }
    let value = fields[name] ?? ""
    if filters.contains("type") {
      typedFields.append(name)
      return ""
    }
    if filters.contains("hint") {
      hintFields.append(name)
      return ""
    }
    if filters.contains("cloze") { return Self.cloze(value, number: cloze ?? 0, reveal: reveal) }
    var text = value
    for filter in filters.reversed() {
      switch filter {
      case "text":
        text = Self.escapedHTML(TerminalText.string(text, format: .html))
      case "tts":
        // Anki shows a play button, not the text: quizline has no speech.
        text = ""
        filterNotes["tts"] = "{{tts}}: not spoken (quizline has no text-to-speech)"
      case "kanji", "kana", "furigana":
        text = Self.readings(text, filter)
        filterNotes[filter] =
          filter == "furigana"
          ? "{{furigana:}}: the reading in parentheses after the base text"
          : "{{\(filter):}}: the \(filter == "kanji" ? "base text" : "reading") of each word"
      case "", "cloze-only", "nc": break
      default:
        filterNotes[filter] = "{{\(filter):}}: filter ignored, the field shown as it is"
      }
    }
    return text
  }

  /// `text` with Anki's readings (`漢字[かんじ]`, a space before the base ending the word before it)
  /// as the base (`kanji`), the reading (`kana`) or the base with the reading in parentheses.
  static func readings(_ text: String, _ filter: String) -> String {
    let chars = Array(text)
    var out = ""
    var i = 0
    var wordStart = 0
    while i < chars.count {
      let c = chars[i]
      if c == "[", let close = chars[(i + 1)...].firstIndex(of: "]") {
        let reading = String(chars[(i + 1)..<close])
        var start = i
        while start > wordStart, chars[start - 1] != " ", chars[start - 1] != ">", chars[start - 1] != "]" {
          start -= 1
        }
        if start < i, !reading.hasPrefix("sound:"), !reading.contains("[") {
          let base = String(chars[start..<i])
          out.removeLast(i - start)
          if start > wordStart, chars[start - 1] == " " { out.removeLast() }
          out += filter == "kanji" ? base : filter == "kana" ? reading : base + "(" + reading + ")"
          i = close + 1
          wordStart = i
          continue
        }
      }
      out.append(c)
      i += 1
    }
    return out
  }

  static func escapedHTML(_ s: String) -> String {
    var out = ""
    for c in s {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.append(c)
      }
    }
    return out
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
  /// The text without the spaces, tabs and line feeds (whole characters) at either end.
  var trimmingSpaces: String {
    func space(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" }
    // Index-based: the text is copied once (building the String from a reversed reversed view went
    // character by character and cost 7 % of a large import).
    var start = startIndex
    var end = endIndex
    while start < end, space(self[start]) { start = index(after: start) }
    while end > start {
      let before = index(before: end)
      guard space(self[before]) else { break }
      end = before
    }
    return String(self[start..<end])
  }
}
