import Testing

@testable import QuizlineCore

/// Interval fuzz is drawn per review: seeded by the event's sequence number and the question, so
/// replay agrees, yet reviews of the same card on the same day are not all pushed the same way.
@Suite struct ReviewFuzzSeedTests {
  static let reviewedAt = Timestamp(iso8601: "2026-06-01T09:00:00Z")!

  /// A card in review with a month of stability, due now.
  static let mature = FSRSCard(
    phase: .review, step: nil, stability: 30, difficulty: 5, due: reviewedAt,
    lastReview: reviewedAt.adding(seconds: -30 * 86_400))

  /// When `ref` is next due after a `good` review recorded as event `sequence`.
  static func due(after sequence: Int, of ref: QuestionRef = QuestionRef(bank: "b", question: "q")) -> Timestamp? {
    var p = LearnerProgress()
    var q = QuestionProgress()
    q.card = mature
    p.questions[ref] = q
    let answer = AnswerRecord(run: 1, question: ref, response: "true", score: 1, seconds: 3, rating: .good)
    p.apply(RecordedEvent(sequence: sequence, at: reviewedAt, payload: .answered(answer)))
    return p.questions[ref]?.card?.due
  }

  @Test func theSameReviewRecordedUnderDifferentSequenceNumbersIsFuzzedDifferently() {
    let dues = Set((1...20).compactMap { Self.due(after: $0) })
    #expect(dues.count > 1, "every sequence number gave \(dues)")
  }

  @Test func theSameReviewOfDifferentQuestionsIsFuzzedDifferently() {
    let dues = Set((1...20).compactMap { Self.due(after: 5, of: QuestionRef(bank: "b", question: "q\($0)")) })
    #expect(dues.count > 1, "every question gave \(dues)")
  }

  @Test func replayingTheSameEventGivesTheSameDueDate() {
    #expect(Self.due(after: 12) != nil)
    #expect(Self.due(after: 12) == Self.due(after: 12))
  }

  @Test func fuzzStaysWithinAFewDaysOfTheUnfuzzedInterval() throws {
    let plain = FSRSScheduler(settings: .default).review(Self.mature, rating: .good, at: Self.reviewedAt)
    let unfuzzedDays = Double(plain.due.seconds - Self.reviewedAt.seconds) / 86_400
    for sequence in 1...20 {
      let due = try #require(Self.due(after: sequence))
      let days = Double(due.seconds - Self.reviewedAt.seconds) / 86_400
      #expect(
        abs(days - unfuzzedDays) <= max(2.5, unfuzzedDays * 0.15),
        "sequence \(sequence): \(days) days vs \(unfuzzedDays)")
    }
  }
}
