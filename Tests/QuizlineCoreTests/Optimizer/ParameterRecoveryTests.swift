import CMath
import Testing

@testable import QuizlineCore

@Suite struct ParameterRecoveryTests {
  /// A learner with known weights over 300 days, 12 new cards a day (about 14,000 reviews).
  ///
  /// Tolerance: FSRS-6's weights are not all identifiable from one learner (several trade off),
  /// so the test pins what the fit must recover: (1) its predicted recall on the held-out recent
  /// reviews is within 0.015 (mean absolute difference) of the true weights' predictions, (2) its
  /// held-out log loss is within 0.005 of the true weights', and (3) the initial stabilities
  /// w0–w3 and the forgetting-curve decay w20 are within 35 % of the truth, and the fit beats the
  /// defaults on the held-out reviews.
  @Test func recoversKnownParametersOnALargeSyntheticHistory() {
    var learner = SyntheticLearner(seed: 2026)
    let reviews = learner.history(days: 300, newPerDay: 12)
    let result = ParameterOptimization.run(reviews, current: SchedulerSettings.defaultWeights)
    guard let fit = result.fit, let defaults = result.current, let fitted = result.fitted else {
      Issue.record("no fit on \(reviews.count) reviews")
      return
    }
    #expect(fit.extent == .all)
    let seq = ReviewSequences(reviews)
    let heldOut = (seq.scoredCount - result.heldOut)..<seq.scoredCount
    let truth = seq.evaluate(weights: SyntheticLearner.trueWeights, ranks: heldOut)
    var gap = 0.0
    var truePredictions: [Int: Double] = [:]
    seq.forEachPrediction(weights: SyntheticLearner.trueWeights) { i, r in truePredictions[i] = r }
    seq.forEachPrediction(weights: fit.weights) { i, r in
      if heldOut.contains(seq.rank[i]) { gap += abs(r - truePredictions[i]!) }
    }
    gap /= Double(heldOut.count)
    #expect(gap < 0.015, "mean |R_fit - R_true| = \(gap)")
    #expect(fitted.logLoss - truth.logLoss < 0.005, "log loss fitted \(fitted.logLoss), true \(truth.logLoss)")
    #expect(fitted.logLoss < defaults.logLoss)
    for k in [0, 1, 2, 3, 20] {
      let relative = abs(fit.weights[k] - SyntheticLearner.trueWeights[k]) / SyntheticLearner.trueWeights[k]
      #expect(relative < 0.35, "w\(k) = \(fit.weights[k]), true \(SyntheticLearner.trueWeights[k])")
    }
    #expect(result.isBetter)
  }
}
