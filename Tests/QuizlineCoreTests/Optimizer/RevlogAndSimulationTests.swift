import Testing

@testable import QuizlineCore

@Suite struct RevlogAndSimulationTests {
  @Test func revlogRowsBecomeReviewsWithTimesInMilliseconds() throws {
    let text = """
      card_id,review_time,review_rating,review_state,review_duration\r
      7,1700000000000,3,0,12500\r
      7,1700086400000,1,2,3000
      """
    let records = try RevlogCSV.parse(Array(text.utf8))
    #expect(
      records == [
        ReviewRecord(card: 7, at: Timestamp(seconds: 1_700_000_000), rating: .good, seconds: 12.5),
        ReviewRecord(card: 7, at: Timestamp(seconds: 1_700_086_400), rating: .again, seconds: 3),
      ])
  }

  @Test func revlogProblemsAreLocated() {
    let header = "card_id,review_time,review_rating,review_state,review_duration\n"
    #expect(
      throws: RevlogCSV.Problem(line: 3, column: 17, message: "review_rating \"5\" is not a whole number in 1...4")
    ) {
      try RevlogCSV.parse(Array((header + "1,1700000000000,3,0,10\n1,1700000000001,5,0,10\n").utf8))
    }
    #expect(throws: RevlogCSV.Problem(line: 2, column: 4, message: "missing review_rating: the row has 2 cells")) {
      try RevlogCSV.parse(Array((header + "1,2\n").utf8))
    }
    #expect(throws: RevlogCSV.Problem.self) { try RevlogCSV.parse(Array("card,time\n1,2\n".utf8)) }
    #expect(throws: RevlogCSV.Problem.self) { try RevlogCSV.parse([]) }
  }

  static let simulator: WorkloadSimulator = {
    var learner = SyntheticLearner(seed: 3)
    let reviews = learner.history(days: 30, newPerDay: 5)
    let cards = (0..<40).map {
      WorkloadSimulator.Card(
        stability: Double(1 + $0 % 9), difficulty: 5, lastReviewDay: -($0 % 5), dueDay: $0 % 7)
    }
    return WorkloadSimulator(
      scheduler: SchedulerSettings(), cards: cards, newCards: 300, newPerDay: 5,
      behaviour: .from(reviews))
  }()

  @Test func simulationIsDeterministicPerSeedAndHigherRetentionCostsMore() {
    let a = Self.simulator.run(retention: 0.9, days: 120, seed: 7)
    #expect(a == Self.simulator.run(retention: 0.9, days: 120, seed: 7))
    #expect(a != Self.simulator.run(retention: 0.9, days: 120, seed: 8))
    let low = Self.simulator.run(retention: 0.75, days: 120, seed: 7)
    let high = Self.simulator.run(retention: 0.97, days: 120, seed: 7)
    #expect(high.reviewsPerDay > a.reviewsPerDay && a.reviewsPerDay > low.reviewsPerDay)
    #expect(high.knownAtEnd > low.knownAtEnd)
    // 40 cards now and 5 new a day for 120 days: 640 cards in all, some forgotten.
    #expect(a.knownAtEnd > 300 && a.knownAtEnd < 640)
  }

  @Test func behaviourComesFromTheLearnersReviews() {
    var learner = SyntheticLearner(seed: 4)
    let b = WorkloadSimulator.LearnerBehaviour.from(learner.history(days: 60, newPerDay: 5))
    // The synthetic learner answers new cards in 20 s, reviews in 10 s and relearns in 8 s.
    #expect(b.newSeconds == 20)
    #expect(b.passSeconds == 10)
    #expect(b.failSeconds == 20)
    #expect(abs(b.firstRatings.reduce(0, +) - 1) < 1e-12)
  }

  @Test func chartMarksTheCheapestRetentionPerCardKnown() {
    let outcomes = [0.7, 0.85, 0.97].map { Self.simulator.run(retention: $0, days: 90, seed: 1) }
    let lines = SimulationReport.lines(
      outcomes, cards: 40, newCards: 300, newPerDay: 5, behaviour: Self.simulator.behaviour, days: 90, seed: 1,
      parameters: "FSRS-6 defaults", style: .plain)
    let cheapest = outcomes.min { $0.minutesPerCardKnown < $1.minutesPerCardKnown }!
    let marked = lines.filter { $0.hasSuffix(" *") }
    #expect(marked.count == 2)  // its table row and its bar
    #expect(marked.allSatisfy { $0.contains(Renderer.fixed(cheapest.retention, 2)) })
  }
}
