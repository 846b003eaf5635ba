import QuizlineCore
import QuizlineFormats

/// Reads GIFT text into ``GIFTItem``s, block by block, following `shared/specs/gift.md`.
///
/// A block that cannot be read becomes an error located at the offending character (naming the question);
/// the other blocks are still read.
struct GIFTParser {
  struct Problem: Sendable {
    var severity: Diagnostic.Severity
    var line: Int
    var column: Int
    var message: String
  }

  private(set) var items: [GIFTItem] = []
  private(set) var problems: [Problem] = []

  init(_ source: SourceLines) {
    GIFTScanner.forEachBlock(source) { read($0) }
  }

  private mutating func read(_ block: GIFTBlock) {
    var chars = block.chars[...]
    let first = block.lines[0]
    if first.text.hasPrefix("$CATEGORY:") {
      let path = String(first.text.dropFirst("$CATEGORY:".count)).trimmingWhitespace
      items.append(.category(path: path, line: first.number))
      guard block.lines.count > 1 else { return }
      problems.append(
        Problem(
          severity: .warning, line: block.lines[1].number, column: block.lines[1].column,
          message:
            "a '$CATEGORY:' line must be followed by a blank line; this line is read as the next "
            + "question (Moodle would make it part of the category name \"\(path)\")"))
      guard
        let nl = chars.firstIndex(where: {
          $0.scalar == "\n" && !$0.escaped && $0.line == first.number
        })
      else { return }
      chars = chars[(nl + 1)...]
    }
    do {
      var q = try GIFTParser.question(chars, block: block)
      for w in q.warnings {
        problems.append(
          Problem(severity: .warning, line: w.line, column: w.column, message: w.message))
      }
      q.warnings = []
      items.append(.question(q))
    } catch {
      problems.append(
        Problem(severity: .error, line: error.line, column: error.column, message: error.message))
    }
  }

  /// Parses one question block (comments already removed).
  static func question(_ all: ArraySlice<GChar>, block: GIFTBlock) throws(GIFTError) -> GIFTQuestion {
    var rest = all.trimmed
    guard let start = rest.first else {
      throw GIFTError(line: block.firstLine, column: 1, message: "empty block")
    }
    var name: String?
    if rest.count >= 2, rest.isMarker(":", at: rest.startIndex),
      rest.isMarker(":", at: rest.startIndex + 1)
    {
      guard let end = rest.find("::", from: rest.startIndex + 2) else {
        throw GIFTError(
          line: start.line, column: start.column,
          message:
            "question \(label(nil, rest.dropFirst(2))): '::' starts a title that is never closed with '::'"
        )
      }
      name = rest[(rest.startIndex + 2)..<end].trimmed.string
      rest = rest[(end + 2)...]
    }
    let who = "question \(label(name, rest))"
    func fail(_ c: GChar, _ message: String) -> GIFTError {
      GIFTError(line: c.line, column: c.column, message: "\(who): \(message)")
    }
    let (idnumber, tags) = GIFTScanner.metadata(block.comments)
    let firstClose = rest.firstUnescaped("}")
    guard let open = rest.firstUnescaped("{") else {
      if let close = firstClose {
        throw fail(
          rest[close],
          "'}' closes an answer block that was never opened with '{' (write \\} for a literal brace)"
        )
      }
      let text = rest.trimmed.formatted(default: .moodle)
      return GIFTQuestion(
        name: name, text: text, generalFeedback: .empty(text.format), idnumber: idnumber,
        tags: tags,
        line: start.line, column: start.column, body: .description)
    }
    if let close = firstClose, close < open {
      throw fail(
        rest[close],
        "'}' comes before the answer block opens with '{' (write \\} for a literal brace)")
    }
    guard let close = rest.firstUnescaped("}", from: open + 1) else {
      throw fail(
        rest[open],
        "'{' opens an answer block that is never closed with '}' (write \\{ for a literal brace)")
    }
    if let inner = rest.firstUnescaped("{", from: open + 1), inner < close {
      throw fail(rest[inner], "'{' inside the answer block (write \\{ for a literal brace)")
    }
    let after = rest[(close + 1)...]
    if let extra = after.firstIndex(where: { !$0.escaped && ($0.scalar == "{" || $0.scalar == "}") }
    ) {
      throw fail(
        after[extra],
        "a second answer block: a GIFT question has exactly one {…} (write \\{ and \\} for literal braces)"
      )
    }
    var textChars = Array(rest[..<open])
    if !after.trimmed.isEmpty {
      let blank = rest[open]
      textChars += "_____".unicodeScalars.map {
        GChar(scalar: $0, escaped: true, line: blank.line, column: blank.column)
      }
      textChars += after
    }
    let text = textChars[...].trimmed.formatted(default: .moodle)
    var answers = rest[(open + 1)..<close]
    var generalFeedback = GIFTText.empty(text.format)
    if let gf = answers.lastGeneralFeedbackMarker() {
      generalFeedback = answers[(gf + 4)...].trimmed.formatted(default: text.format)
      answers = answers[..<gf]
    }
    answers = answers.trimmed
    var question = GIFTQuestion(
      name: name, text: text, generalFeedback: generalFeedback, idnumber: idnumber, tags: tags,
      line: start.line, column: start.column, body: .essay)
    var reader = GIFTAnswerReader(who: who, open: rest[open], defaultFormat: text.format)
    question.body = try reader.body(answers)
    question.warnings = reader.warnings
    return question
  }

  /// How messages name a question: its title, else the start of its text.
  static func label(_ name: String?, _ rest: ArraySlice<GChar>) -> String {
    if let name, !name.isEmpty {
      return "\"\(escapingControlCharacters(name, keepNewlines: false))\""
    }
    let flat = rest.trimmed.string.split(whereSeparator: { $0 == "\n" }).joined(separator: " ")
    let cut = flat.count > 40 ? String(flat.prefix(40)) + "…" : flat
    return "\"\(escapingControlCharacters(cut, keepNewlines: false))\""
  }
}

extension ArraySlice where Element == GChar {
  var string: String {
    var v = String.UnicodeScalarView()
    for c in self { v.append(c.scalar) }
    return String(v)
  }

  /// Without leading and trailing unescaped whitespace.
  var trimmed: ArraySlice<GChar> {
    var lo = startIndex
    var hi = endIndex
    while lo < hi, !self[lo].escaped, SourceLines.isTrimmable(self[lo].scalar) { lo += 1 }
    while hi > lo, !self[hi - 1].escaped, SourceLines.isTrimmable(self[hi - 1].scalar) { hi -= 1 }
    return self[lo..<hi]
  }

  func isMarker(_ s: Unicode.Scalar, at i: Int) -> Bool {
    i < endIndex && self[i].scalar == s && !self[i].escaped
  }

  func firstUnescaped(_ s: Unicode.Scalar, from: Int? = nil) -> Int? {
    var i = from ?? startIndex
    while i < endIndex {
      if self[i].scalar == s, !self[i].escaped { return i }
      i += 1
    }
    return nil
  }

  /// The first index of an unescaped `pattern` at or after `from`.
  func find(_ pattern: String, from: Int) -> Int? {
    let p = Array(pattern.unicodeScalars)
    var i = from
    while i + p.count <= endIndex {
      if (0..<p.count).allSatisfy({ self[i + $0].scalar == p[$0] && !self[i + $0].escaped }) {
        return i
      }
      i += 1
    }
    return nil
  }

  /// Index of the last unescaped `####` (general feedback).
  func lastGeneralFeedbackMarker() -> Int? {
    var i = endIndex - 4
    while i >= startIndex {
      if (0..<4).allSatisfy({ self[i + $0].scalar == "#" && !self[i + $0].escaped }) { return i }
      i -= 1
    }
    return nil
  }

  /// The text with a leading `[html]`, `[moodle]`, `[plain]` or `[markdown]` taken as its format.
  func formatted(default format: TextFormat) -> GIFTText {
    let t = trimmed
    if t.first?.scalar == "[", let close = t.firstUnescaped("]"),
      let f = TextFormat(rawValue: t[(t.startIndex + 1)..<close].string)
    {
      return GIFTText(text: t[(close + 1)...].trimmed.string, format: f)
    }
    return GIFTText(text: t.string, format: format)
  }
}
