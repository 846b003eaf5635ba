import QuizlineCore

/// The type-specific answers of a `##` question, each checked by the rules a JSON bank's
/// questions follow (``QuestionRules``).
extension MarkdownAnswerReader {
  func choices(_ list: MarkdownNode, kind: QuestionKind) -> QuestionBody? {
    let entries = list.children.map { item($0) }
    if let problem = QuestionRules.choiceCountProblem(entries.count, what: "this question") {
      file.error(list.start, problem)
      return nil
    }
    var out: [Choice] = []
    for e in entries {
      if let c = e.credit, !(-1...1).contains(c) {
        file.error(e.at, "a choice's credit is between -100% and 100%, found \(format(c * 100))%")
        return nil
      }
      if e.text.isEmpty {
        file.error(e.at, "this choice is empty")
        return nil
      }
      out.append(Choice(text: e.text, feedback: e.feedback, credit: e.credit))
    }
    for (k, problem) in QuestionRules.repeatedChoices(out.map(\.text), what: "this question") {
      file.warning(entries[k].at, problem)
    }
    let answers = entries.indices.filter { entries[$0].checked == true }
    if answers.isEmpty {
      file.error(
        list.start,
        "none of the \(out.count) choices is checked: mark the right \(kind == .single ? "one" : "ones") with - [x] (a box is - [ ] unchecked, - [x] checked)"
      )
      return nil
    }
    if kind == .single {
      guard answers.count == 1 else {
        file.error(
          entries[answers[1]].at,
          "a single-answer question has exactly one checked choice, found \(answers.count); write Type: multiple for several"
        )
        return nil
      }
      return .single(choices: out, answer: answers[0])
    }
    return .multiple(choices: out, answers: answers)
  }

  func trueFalse(_ entries: [MarkdownAnswerEntry]) -> QuestionBody? {
    guard entries.count == 1, let e = entries.first, ["true", "false"].contains(e.text.lowercased()) else {
      let e = entries.count > 1 ? entries[1] : entries[0]
      file.error(
        e.at,
        "a true/false question has one answer, = true or = false, found \(quoted(entries.count > 1 ? "= " + e.text : e.text))"
      )
      return nil
    }
    if e.feedback != nil || e.credit != nil {
      file.error(e.at, "feedback on a true/false answer goes in the fields Feedback if true: and Feedback if false:")
      return nil
    }
    return .truefalse(
      answer: e.text.lowercased() == "true", feedbackTrue: value("feedback if true"),
      feedbackFalse: value("feedback if false"))
  }

  func textAnswers(_ entries: [MarkdownAnswerEntry], what: String) -> [TextAnswer]? {
    var out: [TextAnswer] = []
    for e in entries {
      guard !e.text.allSatisfy(\.isWhitespace) else {
        file.error(e.at, "this = line has no answer after it")
        return nil
      }
      let credit = e.credit ?? 1
      guard (0...1).contains(credit) else {
        file.error(e.at, "an accepted answer's credit is between 0% and 100%, found \(format(credit * 100))%")
        return nil
      }
      out.append(TextAnswer(text: e.text, credit: credit, feedback: e.feedback))
    }
    for (k, problem) in QuestionRules.repeatedAnswers(out.map(\.text), what: what) {
      file.warning(entries[k].at, problem)
    }
    if let problem = QuestionRules.noCreditProblem(out.map(\.credit), what: what) {
      file.error(entries.first?.at ?? headingAt, problem)
      return nil
    }
    return out
  }

  /// `42`, `42 ± 0.5`, `42 +- 0.5`, `40..45`.
  static func numericMatch(_ text: String) -> NumericAnswer.Match? {
    // A finite number is written with an ASCII digit (`Double(_:)` takes no other, and "inf" or
    // "nan" are not finite): a text without one is no number (most text answers).
    guard text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    let t = text.trimmingSpaces
    for sep in ["±", "+-"] {
      if let r = t.firstRangeOnBytes(of: sep) {
        guard let v = Double(t[..<r.lowerBound].trimmingSpaces), let tol = Double(t[r.upperBound...].trimmingSpaces),
          v.isFinite, tol.isFinite, tol >= 0
        else { return nil }
        return .value(v, tolerance: tol)
      }
    }
    if let r = t.firstRangeOnBytes(of: "..") {
      guard let lo = Double(t[..<r.lowerBound].trimmingSpaces), let hi = Double(t[r.upperBound...].trimmingSpaces),
        lo.isFinite, hi.isFinite
      else { return nil }
      return .range(min: lo, max: hi)
    }
    guard let v = Double(t), v.isFinite else { return nil }
    return .value(v, tolerance: 0)
  }

  func numeric(_ entries: [MarkdownAnswerEntry]) -> QuestionBody? {
    var out: [NumericAnswer] = []
    for e in entries {
      guard let match = Self.numericMatch(e.text) else {
        file.error(
          e.at, "numeric answer \(quoted(e.text)) is not a number; write = 42, = 42 ± 0.5 (or +-) or = 40..45")
        return nil
      }
      if case .range(let lo, let hi) = match, lo > hi {
        file.error(e.at, "the range \(quoted(e.text)) starts above its end; write the smaller number first")
        return nil
      }
      let credit = e.credit ?? 1
      guard (0...1).contains(credit) else {
        file.error(e.at, "an accepted answer's credit is between 0% and 100%, found \(format(credit * 100))%")
        return nil
      }
      out.append(NumericAnswer(match: match, credit: credit, feedback: e.feedback))
    }
    if let problem = QuestionRules.noCreditProblem(out.map(\.credit), what: "this question") {
      file.error(entries.first?.at ?? headingAt, problem)
      return nil
    }
    return .numeric(accept: out, unit: value("unit"), otherFeedback: value("other feedback"))
  }

  func matching(_ list: MarkdownNode) -> QuestionBody? {
    var pairs: [MatchPair] = []
    var distractors: [String] = []
    for node in list.children {
      let e = item(node)
      guard let arrow = e.text.firstRangeOnBytes(of: "->") else { continue }
      let left = String(e.text[..<arrow.lowerBound]).trimmingBlankLines
      let right = String(e.text[arrow.upperBound...]).trimmingBlankLines
      guard !right.isEmpty else {
        file.error(e.at, "this pair has nothing after ->; write left -> right")
        return nil
      }
      if left.isEmpty { distractors.append(right) } else { pairs.append(MatchPair(left: left, right: right)) }
    }
    if let problem = QuestionRules.matchingProblem(pairs, distractors: distractors, what: "this question") {
      file.error(list.start, problem)
      return nil
    }
    return .matching(pairs: pairs, distractors: distractors)
  }

  func ordering(_ list: MarkdownNode) -> QuestionBody? {
    let entries = list.children.map { item($0) }
    if let empty = entries.first(where: { $0.text.isEmpty }) {
      file.error(empty.at, "this item is empty")
      return nil
    }
    let items = entries.map(\.text)
    if let problem = QuestionRules.orderingProblem(items, what: "this question") {
      file.error(list.start, problem)
      return nil
    }
    return .ordering(items: items)
  }
}
