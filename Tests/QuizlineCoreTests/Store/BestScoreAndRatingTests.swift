import Testing

@testable import QuizlineCore

/// Scores that are kept: a worse retry never lowers a best score (checkpoint or bank), and the
/// certainty given with an answer decides its rating (certainty-based marking).
@Suite struct BestScoreAndRatingTests {
  @Test func aWorseRetryOfACheckpointKeepsTheBestScore() throws {
    var d = StoreDriver(catalog: try CheckpointBoundaryTests.catalog(pass: 100))
    CheckpointBoundaryTests.takeCheckpoint(&d, rightAnswers: 2)
    CheckpointBoundaryTests.takeCheckpoint(&d, rightAnswers: 0)
    #expect(d.progress.sessions["check"]?.bestCheckpointPercent == 67)
  }

  @Test func aWorseBankQuizKeepsTheBestScoreAndRecordsTheLast() {
    var d = StoreDriver()
    d.type(["start sample --count 1", "b"])
    d.type(["start sample --count 1", "c"])
    let stats = d.progress.bankScores["sample"]
    #expect(stats?.runs == 2)
    #expect(stats?.best == 100)
    #expect(stats?.last == 0)
  }

  /// (answer typed, certainty typed, expected rating): a right answer rates hard, good or easy by
  /// certainty; a wrong one rates again whatever the certainty.
  @Test(arguments: [
    ("b", "1", Rating.hard), ("b", "2", .good), ("b", "3", .easy), ("c", "3", .again), ("c", "1", .again),
  ])
  func certaintyDecidesTheRatingOfARightAnswer(answer: String, certainty: String, rating: Rating) throws {
    var d = StoreDriver()
    d.type(["start sample --certainty --count 1", answer])
    let events = d.type(certainty)
    guard case .answered(let a) = events.first else {
      Issue.record("an answer first, not \(events)")
      return
    }
    #expect(a.certainty == Int(certainty))
    #expect(a.rating == rating)
  }
}
