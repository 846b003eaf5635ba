import Testing

@testable import QuizlineCore

/// The review fold's shortcuts against the straightforward code: an answer applied by
/// `LearnerProgress.applyAnswered` (which says what it did to the card, so the review log looks the
/// question up once) against `apply` and a look-up of the question before and after it; the reviews
/// taken out of a collector (`takeReviews`, the logs let go as the list is made) against `reviews`.
@Suite struct ReviewFoldShortcutTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func anAnswerAppliedSaysTheCardBeforeAndAfterAsApplyLeavesThem(seed: UInt64) {
    let events = HistoryAccumulatorTests.randomLearner(seed: seed, lines: 4000).journal.events
    var progress = LearnerProgress()
    var answers = 0
    var newCards = 0
    var rated = 0
    for event in events {
      guard case .answered(let a) = event.payload else {
        progress.apply(event)
        continue
      }
      var oracle = progress
      let before = oracle.questions[a.question]?.card
      oracle.apply(event)
      let answered = progress.applyAnswered(a, of: event)
      #expect(progress == oracle, "after event \(event.sequence)")
      #expect(answered.wasNew == (before == nil), "after event \(event.sequence)")
      #expect(answered.card == oracle.questions[a.question]?.card, "after event \(event.sequence)")
      answers += 1
      if answered.wasNew { newCards += 1 }
      if a.rating != nil { rated += 1 }
    }
    #expect(answers > 100)
    #expect(newCards > 5)
    #expect(rated > 80)
  }

  @Test(arguments: [1, 3, 4] as [UInt64])
  func reviewsTakenOutAreTheReviewsAndTheLogsGoAsTheyAreListed(seed: UInt64) {
    let events = HistoryAccumulatorTests.randomLearner(seed: seed, lines: 4000).journal.events
    var collector = ReviewHistoryCollector()
    for event in events { collector.apply(event) }
    let reviews = collector.reviews
    #expect(reviews.count > 5)
    var calls = 0
    let taken = collector.takeReviews(freeing: 1) { calls += 1 }
    #expect(taken == reviews)
    // Called as each question's log goes.
    #expect(calls == Set(reviews.map(\.card)).count)
    // The collector is left empty.
    #expect(collector.reviews.isEmpty)
    #expect(collector.progress == LearnerProgress())
  }
}
