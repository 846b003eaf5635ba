import QuizlineCore
import Testing

@testable import QuizlineInterop

/// A card's Anki columns from its progress (the review log's rows are checked against the real Anki
/// in `AnkiScheduleRoundTripTests`).
@Suite struct AnkiScheduleTests {
  static let t0 = Timestamp(seconds: 1_767_603_600)  // 2026-01-05 09:00 UTC

  static func log() -> [LoggedReview] {
    let r = ImportedReview(question: QuestionRef(bank: "b", question: "q"), at: t0, rating: .easy, milliseconds: 900)
    let after = FSRSScheduler(settings: .default).review(.new(at: t0), rating: .easy, at: t0)
    return [LoggedReview(review: r, before: nil, after: after)]
  }

  static func columns(suspended: Bool = false, buried: Bool = false, counts: (reps: Int, lapses: Int)? = nil)
    -> AnkiSchedule.CardColumns
  {
    let log = log()
    return AnkiSchedule.derive(
      log, card: log[0].after, suspended: suspended, buried: buried, counts: counts, position: 7,
      crtDay: AnkiSchedule.day(t0), steps: (2, 1), id: { $0.microseconds / 1000 }
    ).card
  }

  @Test func aReviewCardIsQueuedAsAReviewUnlessSuspendedOrBuriedByHand() {
    #expect(Self.columns().queue == 2)
    #expect(Self.columns(suspended: true).queue == -1)
    #expect(Self.columns(buried: true).queue == -3)
    #expect(Self.columns(suspended: true, buried: true).queue == -1)
    #expect(Self.columns().type == 2)
  }

  @Test func reviewAndLapseCountsAreProgresssWhenGivenElseTheLogs() {
    let c = Self.columns()
    #expect((c.reps, c.lapses) == (1, 0))
    let counted = Self.columns(counts: (reps: 5, lapses: 2))
    #expect((counted.reps, counted.lapses) == (5, 2))
  }
}
