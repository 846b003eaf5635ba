import QuizlineCore
import QuizlineFormats

/// Reads the inside of a GIFT answer block (general feedback already taken out) into a ``GIFTBody``.
struct GIFTAnswerReader {
  /// `question "Title"`, for messages.
  let who: String
  /// The `{` of the block, where block-level errors are reported.
  let open: GChar
  let defaultFormat: TextFormat
  var warnings: [(line: Int, column: Int, message: String)] = []

  init(who: String, open: GChar, defaultFormat: TextFormat) {
    self.who = who
    self.open = open
    self.defaultFormat = defaultFormat
  }

  private func fail(_ c: GChar?, _ message: String) -> GIFTError {
    let at = c ?? open
    return GIFTError(line: at.line, column: at.column, message: "\(who): \(message)")
  }

  private mutating func warn(_ c: GChar?, _ message: String) {
    let at = c ?? open
    warnings.append((at.line, at.column, "\(who): \(message)"))
  }

  /// One answer entry: the marker that starts it (`=`, `~`, or nil for text before any marker) and its text.
  typealias Entry = (marker: GChar?, text: ArraySlice<GChar>)

  /// Splits at unescaped `=` and `~`; a leading entry without marker is kept only when not blank.
  static func entries(_ s: ArraySlice<GChar>) -> [Entry] {
    var result: [Entry] = []
    var marker: GChar? = nil
    var start = s.startIndex
    for i in s.indices where !s[i].escaped && (s[i].scalar == "=" || s[i].scalar == "~") {
      if marker != nil || !s[start..<i].trimmed.isEmpty { result.append((marker, s[start..<i])) }
      marker = s[i]
      start = i + 1
    }
    if marker != nil || !s[start...].trimmed.isEmpty { result.append((marker, s[start...])) }
    return result
  }

  mutating func body(_ s: ArraySlice<GChar>) throws(GIFTError) -> GIFTBody {
    guard let first = s.first else { return .essay }
    if first.scalar == "#", !first.escaped { return try numerical(s.dropFirst(), hash: first) }
    if s.firstUnescaped("~") != nil { return try multichoice(s) }
    if s.firstUnescaped("=") != nil, s.find("->", from: s.startIndex) != nil {
      return try matching(s)
    }
    let head = (s.firstUnescaped("#").map { s[..<$0] } ?? s).trimmed.string
    if ["T", "TRUE", "F", "FALSE"].contains(head) {
      return truefalse(s, value: head.hasPrefix("T"))
    }
    if ["t", "true", "f", "false", "True", "False"].contains(head) {
      warn(
        s.first,
        "'\(head)' is read as a short answer: true/false answers are written T, TRUE, F or FALSE")
    }
    return try shortanswer(s)
  }

  /// `%n%` at the start of an entry: the weight as a fraction, and the rest.
  private func weight(_ t: ArraySlice<GChar>) throws(GIFTError) -> (Double?, ArraySlice<GChar>) {
    let s = t.trimmed
    guard let p = s.first, p.scalar == "%", !p.escaped else { return (nil, s) }
    guard let end = s.firstUnescaped("%", from: s.startIndex + 1) else {
      throw fail(p, "'%' starts a weight that is not closed with '%' (write it as %50%)")
    }
    let raw = s[(s.startIndex + 1)..<end].string.trimmingWhitespace
    guard let n = GIFTNumberSyntax.parse(raw), n >= -100, n <= 100 else {
      throw fail(p, "the weight '%\(raw)%' is not a percentage between -100 and 100")
    }
    // `raw` shifted by two decimal places, so that %33.33333% is exactly 0.3333333.
    return (Double(raw + "e-2") ?? n / 100, s[(end + 1)...])
  }

  /// Splits `text#feedback` at the first unescaped `#`.
  private func split(_ t: ArraySlice<GChar>) -> (ArraySlice<GChar>, GIFTText) {
    guard let h = t.firstUnescaped("#") else { return (t.trimmed, .empty(defaultFormat)) }
    return (t[..<h].trimmed, t[(h + 1)...].formatted(default: defaultFormat))
  }

  private mutating func multichoice(_ s: ArraySlice<GChar>) throws(GIFTError) -> GIFTBody {
    let single = s.firstUnescaped("=") != nil
    var answers: [GIFTChoice] = []
    for entry in Self.entries(s) {
      guard let marker = entry.marker else {
        warn(
          entry.text.trimmed.first,
          "text before the first '=' or '~' is ignored: \"\(entry.text.trimmed.string)\"")
        continue
      }
      var fraction = marker.scalar == "=" ? 1.0 : 0.0
      var body = entry.text
      if marker.scalar == "~" {
        let (w, rest) = try weight(body)
        fraction = w ?? 0
        body = rest
      } else if body.trimmed.first?.scalar == "%" {
        warn(
          marker,
          "'=%…%' is not a weight in a multiple-choice question: '=' always gives full credit and "
            + "the '%…%' stays in the answer text (write '~%50%answer' for partial credit)")
      }
      let (text, feedback) = split(body)
      answers.append(
        GIFTChoice(
          text: text.formatted(default: defaultFormat), fraction: fraction, feedback: feedback))
    }
    guard answers.count >= 2 else {
      throw fail(
        open, "a multiple-choice question needs at least 2 answers, found \(answers.count)")
    }
    let positive = answers.map(\.fraction).filter { $0 > 0 }.reduce(0, +)
    if !single, positive > 0, abs(positive - 1) > 0.0001 {
      warn(
        open,
        "the positive weights add up to \(NumberText.format((positive * 10000).rounded() / 100))%, not 100%: "
          + "picking every right choice scores \(positive < 1 ? "less" : "more") than full marks")
    }
    return .multichoice(single: single, answers: answers)
  }

  private mutating func matching(_ s: ArraySlice<GChar>) throws(GIFTError) -> GIFTBody {
    var pairs: [GIFTPair] = []
    for entry in Self.entries(s) {
      let at = entry.marker ?? entry.text.first
      guard let arrow = entry.text.find("->", from: entry.text.startIndex) else {
        throw fail(
          at, "matching answer \"\(entry.text.trimmed.string)\" has no '->' (write =left -> right)")
      }
      let left = entry.text[..<arrow].formatted(default: defaultFormat)
      pairs.append(GIFTPair(question: left, answer: entry.text[(arrow + 2)...].trimmed.string))
    }
    guard pairs.count >= 2 else {
      throw fail(
        open, "a matching question needs at least 2 '=left -> right' entries, found \(pairs.count)")
    }
    return .matching(pairs)
  }

  private mutating func truefalse(_ s: ArraySlice<GChar>, value: Bool) -> GIFTBody {
    var parts: [ArraySlice<GChar>] = []
    var start = s.startIndex
    for i in s.indices where s[i].scalar == "#" && !s[i].escaped {
      parts.append(s[start..<i])
      start = i + 1
    }
    parts.append(s[start...])
    if parts.count > 3 {
      warn(
        parts[3].first,
        "a true/false question takes at most two feedbacks (#wrong#right); the rest is ignored")
    }
    let wrong = parts.count > 1 ? parts[1].formatted(default: defaultFormat) : .empty(defaultFormat)
    let right = parts.count > 2 ? parts[2].formatted(default: defaultFormat) : .empty(defaultFormat)
    return .truefalse(
      answer: value, feedbackTrue: value ? right : wrong, feedbackFalse: value ? wrong : right)
  }

  private mutating func shortanswer(_ s: ArraySlice<GChar>) throws(GIFTError) -> GIFTBody {
    var answers: [GIFTShortAnswer] = []
    for entry in Self.entries(s) {
      let (w, rest) = try weight(entry.text)
      let (text, feedback) = split(rest)
      guard !text.isEmpty else { throw fail(entry.marker, "an empty short answer") }
      answers.append(GIFTShortAnswer(text: text.string, fraction: w ?? 1, feedback: feedback))
    }
    guard !answers.isEmpty else {
      throw fail(open, "a short-answer question needs at least one answer")
    }
    return .shortanswer(answers)
  }

  private mutating func numerical(_ s: ArraySlice<GChar>, hash: GChar) throws(GIFTError) -> GIFTBody {
    var answers: [GIFTNumber] = []
    for entry in Self.entries(s) {
      let (w, rest) = try weight(entry.text)
      let (valueChars, feedback) = split(rest)
      if valueChars.isEmpty {
        guard entry.marker?.scalar == "~" else {
          throw fail(entry.marker ?? hash, "a numerical answer without a number")
        }
        answers.append(GIFTNumber(value: .any, fraction: w ?? 0, feedback: feedback))
        continue
      }
      let value = try number(valueChars)
      let fraction = w ?? (entry.marker?.scalar == "~" ? 0 : 1)
      answers.append(GIFTNumber(value: value, fraction: fraction, feedback: feedback))
    }
    guard answers.contains(where: { $0.value != .any }) else {
      throw fail(
        hash, "no answers found for the numerical question (write {#3}, {#3:0.5} or {#1..5})")
    }
    return .numerical(answers)
  }

  /// `value`, `value:tolerance` or `min..max`.
  private func number(_ t: ArraySlice<GChar>) throws(GIFTError) -> GIFTNumber.Value {
    let raw = t.string
    let at = t.first
    func parse(_ part: String) throws(GIFTError) -> Double {
      guard let v = GIFTNumberSyntax.parse(part.trimmingWhitespace) else {
        throw fail(
          at,
          "numerical answers must be numbers: '\(part.trimmingWhitespace)' in '\(raw)' is not "
            + "(write 3, -2.5, 1e3, 3:0.5 or 1..5)")
      }
      return v
    }
    if let dots = t.find("..", from: t.startIndex) {
      let lo = try parse(t[..<dots].string)
      let hi = try parse(t[(dots + 2)...].string)
      guard lo <= hi else { throw fail(at, "the range '\(raw)' has its minimum above its maximum") }
      return .range(lo, hi)
    }
    if let colon = t.firstUnescaped(":") {
      let v = try parse(t[..<colon].string)
      let tol = try parse(t[(colon + 1)...].string)
      guard tol >= 0 else { throw fail(at, "the tolerance in '\(raw)' is negative") }
      return .exact(v, tolerance: tol)
    }
    return .exact(try parse(raw), tolerance: 0)
  }
}

/// Decimal numbers as GIFT weights and numerical answers are written: `3`, `-2.5`, `.5`, `1e3`
/// (no `inf`, `nan` or hexadecimal, which Swift's `Double(_:)` would accept).
enum GIFTNumberSyntax {
  static func parse(_ text: String) -> Double? {
    let u = Array(text.utf8)
    var i = 0
    func digits() -> Int {
      let s = i
      while i < u.count, u[i] >= 48, u[i] <= 57 { i += 1 }
      return i - s
    }
    if i < u.count, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") { i += 1 }
    var n = digits()
    if i < u.count, u[i] == UInt8(ascii: ".") {
      i += 1
      n += digits()
    }
    guard n > 0 else { return nil }
    if i < u.count, u[i] == UInt8(ascii: "e") || u[i] == UInt8(ascii: "E") {
      i += 1
      if i < u.count, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") { i += 1 }
      guard digits() > 0 else { return nil }
    }
    guard i == u.count, let v = Double(text), v.isFinite else { return nil }
    return v
  }
}
