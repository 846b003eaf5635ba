/// Builds a test's ``TestStatistics`` from its counted attempts.
enum TestStatisticsBuilder {
  /// Flags need this many attempts at the question; "never chosen" needs twice as many.
  static let minimumAttemptsForFlags = 5

  /// The statistics of a test whose questions (slots) are `questions`, in the test's order.
  static func build(
    kind: TestKind, id: String, title: String, questions: [(ref: QuestionRef, question: Question)],
    attempts: [TestAttempt]
  ) -> TestStatistics {
    // In an order of their own, not the profiles': the sums, and so the figures, do not depend on names.
    let attempts = attempts.sorted(by: TestAttempt.inContentOrder)
    let totals = TestFigures.totals(attempts, slots: questions.count)
    let groups = ResponseCounts.groups(attempts.map(\.percent))
    var rows: [QuestionStatistics] = []
    for (k, slot) in questions.enumerated() {
      let answered = attempts.filter { $0.marks[k] != nil }.count
      guard answered > 0 else { continue }
      let f = QuestionFigures.figures(slot: k, attempts)
      var row = QuestionStatistics(
        ref: slot.ref, title: Renderer.shortPrompt(slot.question), type: slot.question.typeName, attempts: answered,
        facility: f.facility, standardDeviation: f.standardDeviation,
        randomGuessScore: QuestionFigures.randomGuessScore(slot.question), discriminationIndex: f.discriminationIndex,
        discriminativeEfficiency: f.discriminativeEfficiency,
        responses: ResponseCounts.analysis(slot.question, slot: k, attempts, groups: groups), flags: [])
      row.flags = flags(row)
      rows.append(row)
    }
    let partial = attempts.filter { $0.answered < questions.count }.count
    return TestStatistics(
      kind: kind, id: id, title: title, attempts: attempts.count, partialAttempts: partial, mean: totals.mean,
      median: totals.median, standardDeviation: totals.standardDeviation, skewness: totals.skewness,
      kurtosis: totals.kurtosis, internalConsistency: totals.internalConsistency, errorRatio: totals.errorRatio,
      standardError: totals.standardError, questions: rows)
  }

  /// What Moodle's report highlights, and what a teacher reading the distractors looks for: a
  /// negative or low discrimination index, a facility under 30 % or over 90 %, a distractor chosen
  /// more often than the answer (by everyone, or by the upper group), a distractor nobody chose.
  static func flags(_ q: QuestionStatistics) -> [String] {
    var flags: [String] = []
    if let di = q.discriminationIndex.value, di < 0 {
      flags.append("negative discrimination index: stronger attempts scored lower on it (check the key)")
    }
    guard q.attempts >= minimumAttemptsForFlags else { return flags }
    if let di = q.discriminationIndex.value, di >= 0, di < 20 { flags.append("weak discrimination index (under 20)") }
    if let f = q.facility.value, f < 30 {
      flags.append("hard: facility under 30% (check the answer key and the wording)")
    }
    if let f = q.facility.value, f > 90 { flags.append("very easy: facility over 90%") }
    let choices = q.responses.choices
    guard q.type == "single" || q.type == "multiple" || q.type == "truefalse" else { return flags }
    let right = choices.filter(\.correct)
    let keyCount = right.map(\.count).max() ?? 0
    let keyUpper = right.map(\.upper).max() ?? 0
    for o in choices where !o.correct {
      if o.count > keyCount { flags.append("distractor \(o.option) chosen more often than the answer") }
      if o.upper > keyUpper {
        flags.append("distractor \(o.option) chosen by the upper group more often than the answer")
      }
      if o.count == 0, q.type != "truefalse", q.attempts >= 2 * minimumAttemptsForFlags {
        flags.append("distractor \(o.option) never chosen")
      }
    }
    return flags
  }
}
