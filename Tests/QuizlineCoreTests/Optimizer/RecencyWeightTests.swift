import Testing

@testable import QuizlineCore

/// The optimizer weighs each training review by its recency as fsrs-rs does: the j-th of N training
/// reviews in time order counts 0.25 + 0.75·(j/(N−1))³, from a quarter for the oldest to one for the
/// newest (FSRS-6 optimizer spec, "recency weighting").
@Suite struct RecencyWeightTests {
  /// 30 cards, each learned on day 0 and reviewed once 1 day later (one group for the outlier
  /// filter, large enough to be kept), the reviews an hour apart.
  static let records: [ReviewRecord] = (0..<30).flatMap { card -> [ReviewRecord] in
    let start = Timestamp(seconds: 1_800_000_000 + Int64(card) * 3600)
    return [
      ReviewRecord(card: card, at: start, rating: .good),
      ReviewRecord(card: card, at: start.adding(seconds: 86_400 + 60), rating: card % 4 == 0 ? .again : .good),
    ]
  }

  @Test func theJthOfNTrainingReviewsWeighsAQuarterPlusThreeQuartersOfTheCubeOfItsRecency() {
    let seq = ReviewSequences(Self.records)
    let selection = TrainingSelection(seq, trainingCount: seq.scoredCount)
    #expect(selection.count == 30)
    let trained = seq.byRank.map { selection.weight[$0] }
    #expect(trained.first == 0.25)
    #expect(trained.last == 1)
    // j = 10 of N − 1 = 29: 0.25 + 0.75 · (10/29)³ = 0.28075…
    #expect(abs(trained[10] - 0.280_751_568) < 1e-9, "\(trained[10])")
    for (j, weight) in trained.enumerated() {
      let x = Double(j) / 29
      #expect(abs(weight - (0.25 + 0.75 * x * x * x)) < 1e-12, "review \(j): \(weight)")
    }
    // First reviews are not scored: they weigh nothing.
    for c in 0..<seq.cardCount { #expect(selection.weight[seq.cardStart[c]] == 0) }
  }
}
