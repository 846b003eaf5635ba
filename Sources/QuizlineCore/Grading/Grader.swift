/// Scores responses and describes right answers.
public enum Grader {
  /// Scores `response` for `question` (0…1) with the feedback that applies to what was answered;
  /// with `typoTolerance`, a typed near miss of an accepted answer counts as it (see ``NearMiss``).
  public static func grade(_ response: Response, for question: Question, typoTolerance: Bool = false) -> Grade {
    switch (question.body, response) {
    case (.single(let choices, let answer), .choice(let k)):
      let picked = choices[k]
      let score = k == answer ? 1 : max(0, picked.credit ?? 0)
      return Grade(score: score, feedback: picked.feedback.map { [$0] } ?? [])
    case (.multiple(let choices, let answers), .choices(let picks)):
      let feedback = picks.compactMap { choices[$0].feedback }
      if choices.contains(where: { $0.credit != nil }) {
        return Grade(score: picks.reduce(0) { $0 + (choices[$1].credit ?? 0) }, feedback: feedback)
      }
      let right = picks.filter { answers.contains($0) }.count
      let wrong = picks.count - right
      return Grade(score: Double(right - wrong) / Double(answers.count), feedback: feedback)
    case (.truefalse(let answer, let onTrue, let onFalse), .bool(let b)):
      return Grade(score: b == answer ? 1 : 0, feedback: (b ? onTrue : onFalse).map { [$0] } ?? [])
    case (.text(let accept, let ignore, let other), .text(let typed)):
      return gradeText(typed, accept: accept, ignorePunctuation: ignore, otherFeedback: other, typos: typoTolerance)
    case (.numeric(let accept, _, let other), .number(let x)):
      let matches = accept.filter { $0.accepts(x) }
      guard let best = matches.max(by: { $0.credit < $1.credit }) else {
        return Grade(score: 0, feedback: other.map { [$0] } ?? [])
      }
      return Grade(score: best.credit, feedback: best.feedback.map { [$0] } ?? [])
    case (.matching(let pairs, let distractors), .matching(let picks)):
      let shown = Presentation.matchingRightItems(questionID: question.id, pairs: pairs, distractors: distractors)
      let right = zip(pairs, picks).filter { pair, pick in pick < shown.count && shown[pick] == pair.right }.count
      return Grade(score: Double(right) / Double(pairs.count))
    case (.ordering(let items), .ordering(let order)):
      let shown = Presentation.orderingItems(questionID: question.id, items: items)
      let placed = order.map { shown[$0] }
      let right = zip(placed, items).filter { $0 == $1 }.count
      return Grade(score: Double(right) / Double(items.count))
    case (.cloze(_, let gaps), .gaps(let typed)):
      var total = 0.0
      var feedback: [String] = []
      var spelling: [String] = []
      for (gap, answer) in zip(gaps, typed) {
        let g = gradeText(
          answer, accept: gap.accept, ignorePunctuation: gap.ignorePunctuation, otherFeedback: nil, typos: typoTolerance
        )
        total += g.score
        feedback += g.feedback
        spelling += g.spelling
      }
      return Grade(score: total / Double(max(1, gaps.count)), feedback: feedback, spelling: spelling)
    case (.flashcard, .selfGraded(let grade, _)), (.openEnded, .selfGraded(let grade, _)):
      return Grade(score: grade.score)
    default:
      return Grade(score: 0, feedback: ["This answer does not fit a \(question.typeName) question."])
    }
  }

  /// The best accepted answer `typed` matches, folded (case, spaces, and punctuation when asked); when
  /// none matches as typed, a leading article ("a", "an", "the") is ignored on both sides, so "the
  /// Hashable protocol" meets "Hashable protocol" (an entry that matches as typed always wins); with
  /// `typos`, a near miss of an accepted answer (``NearMiss``) is last, and named in `spelling`.
  private static func gradeText(
    _ typed: String, accept: [TextAnswer], ignorePunctuation: Bool, otherFeedback: String?, typos: Bool
  ) -> Grade {
    let key = normalizedForComparison(typed, ignoringPunctuation: ignorePunctuation)
    var matches = accept.filter { normalizedForComparison($0.text, ignoringPunctuation: ignorePunctuation) == key }
    if matches.isEmpty {
      let bare = withoutLeadingArticle(key)
      matches = accept.filter {
        withoutLeadingArticle(normalizedForComparison($0.text, ignoringPunctuation: ignorePunctuation)) == bare
      }
    }
    if matches.isEmpty, typos,
      let near = NearMiss.closest(
        typed, in: accept, fold: { normalizedForComparison($0, ignoringPunctuation: ignorePunctuation) })
    {
      return Grade(score: near.credit, feedback: near.feedback.map { [$0] } ?? [], spelling: [near.text])
    }
    guard let best = matches.max(by: { $0.credit < $1.credit }) else {
      return Grade(score: 0, feedback: otherFeedback.map { [$0] } ?? [])
    }
    return Grade(score: best.credit, feedback: best.feedback.map { [$0] } ?? [])
  }

  /// The right answer in words, as shown after a wrong or partial answer.
  static func correctAnswer(for question: Question) -> String {
    switch question.body {
    case .single(let choices, let answer):
      return "\(choiceLetter(answer))) \(choices[answer].text)"
    case .multiple(let choices, let answers):
      return answers.map { "\(choiceLetter($0))) \(choices[$0].text)" }.joined(separator: "; ")
    case .truefalse(let answer, _, _):
      return answer ? "true" : "false"
    case .text(let accept, _, _):
      return accept.filter { $0.credit >= 1 }.map(\.text).first ?? accept[0].text
    case .numeric(let accept, let unit, _):
      let best = accept.max { $0.credit < $1.credit } ?? accept[0]
      let u = unit.map { " " + $0 } ?? ""
      switch best.match {
      case .value(let v, let tolerance):
        return tolerance > 0 ? "\(number(v)) ± \(number(tolerance))\(u)" : "\(number(v))\(u)"
      case .range(let lo, let hi):
        return "between \(number(lo)) and \(number(hi))\(u)"
      }
    case .matching(let pairs, let distractors):
      let shown = Presentation.matchingRightItems(questionID: question.id, pairs: pairs, distractors: distractors)
      return pairs.enumerated().map { n, pair in
        let k = shown.firstIndex(of: pair.right) ?? 0
        return "\(n + 1)\(choiceLetter(k))"
      }.joined(separator: " ")
    case .ordering(let items):
      let shown = Presentation.orderingItems(questionID: question.id, items: items)
      return items.map { item in choiceLetter(shown.firstIndex(of: item) ?? 0) }.joined(separator: " ")
    case .cloze(_, let gaps):
      return gaps.map { $0.accept.first { $0.credit >= 1 }?.text ?? $0.accept[0].text }.joined(separator: " | ")
    case .flashcard(let back):
      return back
    case .openEnded(let model, _):
      return model
    }
  }

  static func number(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
  }
}
