import QuizlineCore

/// Reads the prompt and the answer of one `##` question into a ``QuestionBody``, its type given by
/// `Type:` or by the answer's shape (docs/markdown-format.md, "The ten types").
struct MarkdownAnswerReader {
  let file: MarkdownFile
  let heading: MarkdownQuestionReader.Heading
  let headingAt: SourcePoint
  /// The blocks between the heading and the fields.
  let blocks: [MarkdownNode]
  let fields: MarkdownFields
  var source: MarkdownSource { file.source }

  private static let typeNames = QuestionKind.allCases.map(\.rawValue)

  /// Lines `first...last` of the file as text (escapes undone outside code), without blank lines
  /// at the ends.
  func text(_ first: Int, _ last: Int) -> String {
    MarkdownEscapes.unescapeBlock(source.joinedLines(first, last)).trimmingBlankLines
  }

  /// The heading, then the blocks from `first` to `last` after a blank line.
  func prompt(through last: Int) -> String {
    let more = blocks.first.map { last >= $0.start.line ? text($0.start.line, last) : "" } ?? ""
    if heading.text.isEmpty { return more }
    return more.isEmpty ? heading.text : heading.text + "\n\n" + more
  }

  func read() -> (String, QuestionBody)? {
    var kind: QuestionKind?
    if let t = fields["type"] {
      guard let k = QuestionKind(rawValue: t.value.lowercased()) else {
        var message = "unknown question type \(quoted(t.value))"
        if let m = closestMatch(to: t.value.lowercased(), in: Self.typeNames) {
          message += "; did you mean \(quoted(m))?"
        }
        file.error(t.valueAt, message + " Allowed: " + Self.typeNames.joined(separator: ", "))
        return nil
      }
      kind = k
    }
    let (shape, promptEnd) = shape()
    // The `=` lines, read once for the type's inference and the answer (reading them says nothing).
    let equals: [MarkdownAnswerEntry]
    if case .equals(let first) = shape { equals = equalsEntries(from: first) } else { equals = [] }
    if kind == nil {
      if fields["model answer"] != nil || fields["key points"] != nil {
        kind = .open
      } else if fields["feedback if true"] != nil || fields["feedback if false"] != nil {
        kind = .truefalse
      } else {
        kind = inferred(shape, equals: equals)
      }
    }
    guard let kind else {
      // A stray answer or field line was named where it is (``answerLikeLine()``).
      if case .none = shape, !blocks.isEmpty, answerLikeLine() != nil { return nil }
      file.error(
        headingAt,
        "this question has no answer: write choices (- [x] right, - [ ] wrong), = answer lines, a numbered list, left -> right pairs, {{c1::gaps}}, or --- and the back of a card (see docs/markdown-format.md)"
      )
      return nil
    }
    switch kind {
    case .single, .multiple:
      guard case .choices(let list) = shape else { return missing(kind, "a task list: - [x] right, - [ ] wrong") }
      return choices(list, kind: kind).map { (prompt(through: promptEnd), $0) }
    case .truefalse:
      guard case .equals = shape else { return missing(kind, "= true or = false") }
      return trueFalse(equals).map { (prompt(through: promptEnd), $0) }
    case .text:
      guard case .equals = shape else { return missing(kind, "one = answer line per accepted answer") }
      return textAnswers(equals, what: "this question").map {
        (
          prompt(through: promptEnd),
          .text(accept: $0, ignorePunctuation: ignorePunctuation(), otherFeedback: value("other feedback"))
        )
      }
    case .numeric:
      guard case .equals = shape else { return missing(kind, "= 42, = 42 ± 0.5 or = 40..45") }
      return numeric(equals).map { (prompt(through: promptEnd), $0) }
    case .matching:
      guard case .pairs(let list) = shape else { return missing(kind, "a list of left -> right items") }
      return matching(list).map { (prompt(through: promptEnd), $0) }
    case .ordering:
      guard case .ordered(let list) = shape else { return missing(kind, "a numbered list of the items in order") }
      return ordering(list).map { (prompt(through: promptEnd), $0) }
    case .cloze:
      return cloze(shape, promptEnd: promptEnd, equals: equals)
    case .flashcard:
      return flashcard(shape)
    case .open:
      guard let model = fields["model answer"], !model.value.isEmpty else {
        file.error(
          fields["model answer"]?.valueAt ?? headingAt, "an open question needs Model answer: with the model answer")
        return nil
      }
      let points = keyPoints()
      let end = blocks.last?.end.line ?? 0
      return (prompt(through: end), .openEnded(modelAnswer: model.value, keyPoints: points))
    }
  }

  private func inferred(_ shape: MarkdownAnswerShape, equals entries: [MarkdownAnswerEntry]) -> QuestionKind? {
    switch shape {
    case .choices(let list):
      let checked = list.children.filter { if case .item(let t) = $0.kind { t == true } else { false } }.count
      return checked >= 2 ? .multiple : .single
    case .ordered: return .ordering
    case .pairs: return .matching
    case .equals:
      if entries.contains(where: { Self.gapLabel($0.text) != nil }) { return .cloze }
      if entries.count == 1, ["true", "false"].contains(entries[0].text.lowercased()) { return .truefalse }
      if fields["unit"] != nil || entries.allSatisfy({ Self.numericMatch($0.text) != nil }) { return .numeric }
      return .text
    case .thematicBreak: return .flashcard
    case .none:
      if heading.text.containsOnBytes("{{c")
        || blocks.contains(where: { text($0.start.line, $0.end.line).containsOnBytes("{{c") })
      {
        return .cloze
      }
      if blocks.isEmpty { return nil }
      if let stray = answerLikeLine() {
        file.error(
          SourcePoint(line: stray.line, column: 1),
          "\(quoted(stray.text)) looks like \(stray.what), but this question has no answer shape, so it would be read as a flashcard whose back is everything below the heading: put the answer last, before the fields; start each field on a line of its own (Hint:, Explanation:, …); a note belongs in the prompt, above the answer"
        )
        return nil
      }
      return .flashcard
    }
  }

  /// A line below the heading that an author meant as an answer or a field, in a question read as
  /// a flashcard without `---`: an `=` line, a task-list item (even without its space), or a known
  /// field's name and colon. The line, its text, and what it looks like.
  func answerLikeLine() -> (line: Int, text: String, what: String)? {
    guard let first = blocks.first?.start.line, let last = blocks.last?.end.line, first <= last else { return nil }
    let fieldNames = MarkdownFields.known.map { $0.lowercased() + ":" }
    for n in first...last {
      let t = source.line(n).trimmingSpaces
      let lower = t.lowercased()
      if t.hasPrefix("=") { return (n, t, "an answer line") }
      if ["-[", "- [", "*[", "* [", "+[", "+ ["].contains(where: { lower.hasPrefix($0) }) {
        return (n, t, "a choice")
      }
      if fieldNames.contains(where: { lower.hasPrefix($0) }) { return (n, t, "a field") }
    }
    return nil
  }

  /// A field's value; nil when the field is absent or empty.
  func value(_ field: String) -> String? {
    guard let v = fields[field]?.value, !v.isEmpty else { return nil }
    return v
  }

  func missing(_ kind: QuestionKind, _ shape: String) -> (String, QuestionBody)? {
    file.error(headingAt, "this \(kind.rawValue) question has no answer: write \(shape) after the prompt")
    return nil
  }

  func ignorePunctuation() -> Bool {
    guard let f = fields["ignore punctuation"] else { return false }
    switch f.value.lowercased() {
    case "yes", "true": return true
    case "no", "false": return false
    default:
      file.error(f.valueAt, "Ignore punctuation is yes or no, found \(quoted(f.value))")
      return false
    }
  }

  private func keyPoints() -> [String] {
    guard let f = fields["key points"] else { return [] }
    var out: [String] = []
    for line in f.value.splitOnBytes("\n", omittingEmptySubsequences: false) {
      let t = line.trimmingSpaces
      if t.hasPrefix("- ") || t.hasPrefix("* ") {
        let point = String(t.dropFirst(2)).trimmingBlankLines
        if !point.isEmpty { out.append(point) }
      } else if !t.isEmpty, !out.isEmpty {
        out[out.count - 1] += "\n" + t
      } else if !t.isEmpty {
        out.append(t)
      }
    }
    return out
  }

  private func flashcard(_ shape: MarkdownAnswerShape) -> (String, QuestionBody)? {
    let end = blocks.last?.end.line ?? 0
    if case .thematicBreak(let rule) = shape {
      let back = rule.start.line < end ? text(rule.start.line + 1, end) : ""
      guard !back.isEmpty else {
        file.error(rule.start, "this flashcard has nothing after its --- line: write its back there")
        return nil
      }
      return (prompt(through: rule.start.line - 1), .flashcard(back: back))
    }
    guard let first = blocks.first else { return missing(.flashcard, "---, then the back of the card") }
    guard !heading.text.isEmpty else {
      file.error(headingAt, "this flashcard has no front: write it in the heading, or above a --- line")
      return nil
    }
    return (heading.text, .flashcard(back: text(first.start.line, end)))
  }
}
