import CMath
import Testing

@testable import QuizlineCore

@Suite struct FSRSOptimizerTests {
  /// A few hundred cards over 120 days: small enough for a debug build, large enough for every rule.
  static let history: [ReviewRecord] = {
    var learner = SyntheticLearner(seed: 11)
    return learner.history(days: 120, newPerDay: 4)
  }()

  @Test func analyticGradientsAgreeWithFiniteDifferences() {
    let seq = ReviewSequences(Self.history)
    let selection = TrainingSelection(seq, trainingCount: seq.scoredCount)
    // Away from the defaults and from every bound, so no clamp sits at the point.
    let w = SyntheticLearner.trueWeights
    var loss = 0.0
    var gradient = Lanes()
    let model = DualModel(weights: w)
    for c in 0..<seq.cardCount {
      seq.accumulate(card: c, model: model, weight: selection.weight, loss: &loss, gradient: &gradient)
    }
    // The oracle is the scheduler's own formulas (FSRSModel), by central differences.
    let plain = seq.weightedLoss(weights: w, weight: selection.weight)
    #expect(abs(loss - plain) <= 1e-9 * plain)
    for k in 0..<21 {
      let h = 1e-5 * max(1, abs(w[k]))
      var up = w
      var down = w
      up[k] += h
      down[k] -= h
      let numeric =
        (seq.weightedLoss(weights: up, weight: selection.weight)
          - seq.weightedLoss(weights: down, weight: selection.weight))
        / (2 * h)
      let scale = max(1, abs(numeric))
      #expect(abs(gradient[k] - numeric) <= 1e-4 * scale, "w\(k): analytic \(gradient[k]), numeric \(numeric)")
    }
    for k in 21..<Lanes.count { #expect(gradient[k] == 0) }
  }

  @Test func fitIsTheSameForTheSameHistoryInAnyOrder() {
    var shuffled = Self.history
    var random = SplitMix64(seed: 5)
    shuffled.shuffle(using: &random)
    let a = ParameterOptimization.fitAll(Self.history)
    let b = ParameterOptimization.fitAll(shuffled)
    #expect(a.extent == .all)
    #expect(a == b)
  }

  @Test func tooFewReviewsKeepTheDefaultsAndSayHowManyMoreAreNeeded() {
    let few = Array(Self.history.prefix(40))
    let seq = ReviewSequences(few)
    #expect(seq.scoredCount < FSRSOptimizer.minimumItems)
    let fit = ParameterOptimization.fitAll(few)
    #expect(fit.extent == .defaults)
    #expect(fit.weights == SchedulerSettings.defaultWeights)

    let check = ParameterOptimization.run(few, current: SchedulerSettings.defaultWeights)
    #expect(check.fit == nil)
    #expect(!check.isBetter)
    #expect(check.shortfall == ParameterOptimization.minimumScored - seq.scoredCount)
  }

  @Test func someTrainingItemsFitOnlyTheInitialStabilities() {
    // 40 cards seen twice, good then two days later (a quarter forgotten): under 64 training
    // items fsrs-rs fits w0-w3 only.
    let t0 = Timestamp(seconds: 1_800_000_000)
    var some: [ReviewRecord] = []
    for card in 0..<40 {
      some.append(ReviewRecord(card: card, at: t0.adding(seconds: Int64(card)), rating: .good))
      some.append(ReviewRecord(card: card, at: t0.adding(days: 2), rating: card % 4 == 0 ? .again : .good))
    }
    let fit = ParameterOptimization.fitAll(some)
    let items = TrainingSelection(ReviewSequences(some), trainingCount: .max).count
    #expect(items >= FSRSOptimizer.minimumItems && items < FSRSOptimizer.minimumFullFit, "\(items) items")
    #expect(fit.extent == .initialStabilities)
    #expect(Array(fit.weights[4...]) == Array(SchedulerSettings.defaultWeights[4...]))
    #expect(Array(fit.weights[..<4]) != Array(SchedulerSettings.defaultWeights[..<4]))
  }

  @Test func outlierFilterDropsSmallGroupsAndLongFirstIntervals() {
    var items: [(rating: Rating, delta: Int)] = Array(repeating: (.good, 1), count: 400)
    items += Array(repeating: (.good, 3), count: 100)
    items += Array(repeating: (.good, 120), count: 50)  // over 100 days
    items += Array(repeating: (.good, 9), count: 5)  // smallest: among the first 5 %
    items += Array(repeating: (.easy, 200), count: 30)  // easy may wait up to 365 days
    let removed = TrainingSelection.outlierGroups(items)
    #expect(removed.contains(.init(rating: .good, delta: 9)))
    #expect(removed.contains(.init(rating: .good, delta: 120)))
    #expect(!removed.contains(.init(rating: .good, delta: 1)))
    #expect(!removed.contains(.init(rating: .good, delta: 3)))
    // A group of 30 is more than the 20 the filter drops at least, and easy may wait 365 days.
    #expect(!removed.contains(.init(rating: .easy, delta: 200)))
  }

  @Test func smoothAndFillMatchesFsrsRs() {
    // fsrs-rs's test_smooth_and_fill: a missing rating is filled from its neighbours.
    let a = Pretraining.smoothAndFill(
      [.again: 0.4, .good: 2.3, .easy: 10.9], counts: [.again: 1, .hard: 1, .good: 1, .easy: 1])
    #expect(zip(a, [0.4, 0.8052433, 2.3, 10.9]).allSatisfy { abs($0 - $1) < 1e-6 })
    // One rating only: the defaults scaled by its ratio to its default.
    let b = Pretraining.smoothAndFill([.hard: 0.35], counts: [.hard: 1])
    let scaled = SchedulerSettings.defaultWeights[0..<4].map { $0 * 0.35 / 1.2931 }
    #expect(zip(b, scaled).allSatisfy { abs($0 - $1) < 1e-12 })
    // Stabilities that fall with the rating are made to rise: the rating with more data wins.
    let c = Pretraining.smoothAndFill(
      [.again: 1, .hard: 2, .good: 1.5, .easy: 9], counts: [.again: 5, .hard: 50, .good: 10, .easy: 5])
    #expect(c == [1, 2, 2, 9])
  }

  @Test func rmseBinsAndLogLossFollowTheReferenceDefinitions() {
    let e = ModelEvaluation.of([(0.9, 1), (0.9, 0), (0.5, 1), (0.1, 0)])
    let expectedLoss = -(log(0.9) + log(0.1) + log(0.5) + log(0.9)) / 4
    #expect(abs(e.logLoss - expectedLoss) < 1e-12)
    // bins: 0.9 → ⌊21^0.9⌋−1 = 14, 0.5 → 3, 0.1 → 0; bin 14 has mean 0.9 vs 0.5.
    let expectedRMSE = ((0.4 * 0.4 * 2 + 0.5 * 0.5 + 0.1 * 0.1) / 4).squareRoot()
    #expect(abs(e.rmseBins - expectedRMSE) < 1e-12)
  }
}
