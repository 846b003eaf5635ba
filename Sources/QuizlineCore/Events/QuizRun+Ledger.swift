/// ``QuizRun`` as ``RunLedger`` moves it: the run `apply` keeps.
extension QuizRun: LedgerRun {
  var isEnded: Bool { endedAt != nil }

  func isAt(_ subject: QuestionRef) -> Bool {
    position < start.questions.count && start.questions[position] == subject
  }

  mutating func record(_ outcome: RunOutcome) {
    outcomes[position] = outcome
    position += 1
  }

  mutating func append(_ subjects: [QuestionRef]) {
    start.questions += subjects
    outcomes += Array(repeating: nil, count: subjects.count)
  }

  mutating func rescore(at position: Int, _ score: Double) -> Bool {
    guard position < outcomes.count else { return false }
    outcomes[position]?.score = score
    return true
  }

  mutating func end(_ ending: (at: Timestamp, reason: RunEndReason)) {
    endedAt = ending.at
    endReason = ending.reason
  }

  /// The position, the outcome there (nil: no question there) and the ending, before an answer.
  struct Mark: Sendable {
    var position: Int
    var outcome: RunOutcome??
    var endedAt: Timestamp?
    var endReason: RunEndReason?
  }

  var mark: Mark {
    Mark(
      position: position, outcome: position < outcomes.count ? .some(outcomes[position]) : nil, endedAt: endedAt,
      endReason: endReason)
  }

  mutating func rewind(to mark: Mark) {
    if case .some(let outcome) = mark.outcome { outcomes[mark.position] = outcome }
    position = mark.position
    endedAt = mark.endedAt
    endReason = mark.endReason
  }
}
