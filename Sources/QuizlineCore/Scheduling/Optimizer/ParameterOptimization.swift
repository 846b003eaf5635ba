/// `optimize` on a profile: fit the weights on the older reviews, check them against the weights in
/// use on the most recent ones, and say whether to adopt them.
///
/// The scored reviews (a day or more after the card's previous review) are ordered by time; the
/// last 20 % are held out. The new weights are fitted on the rest (``FSRSOptimizer``), and both
/// sets predict the held-out reviews, each card's state carried through its whole history. The fit
/// is adopted only when its log loss is lower and its RMSE(bins) is not higher.
public struct ParameterOptimization: Sendable, Equatable {
  /// Reviews (answers with a rating) in the history.
  public var reviews: Int
  /// Of them, reviews a day or more after the card's previous one: what the loss scores.
  public var scored: Int
  /// The most recent scored reviews, held out for the health check.
  public var heldOut: Int
  /// The fit, or nil when there are too few reviews.
  public var fit: FSRSOptimizer.Fit?
  /// The weights in use, and the fitted ones, on the held-out reviews.
  public var current: ModelEvaluation?
  public var fitted: ModelEvaluation?

  /// Scored reviews `optimize` needs: 64 to fit every weight (fsrs-rs's threshold) and a fifth
  /// more to check them on.
  public static let minimumScored = 80

  /// How many more scored reviews are needed, or 0.
  public var shortfall: Int { max(0, ParameterOptimization.minimumScored - scored) }

  /// Whether the fitted weights are better on the held-out reviews.
  public var isBetter: Bool {
    guard let current, let fitted, fit?.extent == .all else { return false }
    return fitted.logLoss < current.logLoss && fitted.rmseBins <= current.rmseBins
  }

  public static func run(
    _ records: [ReviewRecord], current weights: [Double], config: FSRSOptimizer.Config = FSRSOptimizer.Config()
  ) -> ParameterOptimization {
    let seq = ReviewSequences(records)
    var out = ParameterOptimization(
      reviews: records.count, scored: seq.scoredCount, heldOut: 0, fit: nil, current: nil, fitted: nil)
    guard seq.scoredCount >= minimumScored else { return out }
    out.heldOut = seq.scoredCount / 5
    let cut = seq.scoredCount - out.heldOut
    let fit = FSRSOptimizer.fit(seq, trainingCount: cut, config: config)
    out.fit = fit
    out.current = seq.evaluate(weights: weights, ranks: cut..<seq.scoredCount)
    out.fitted = seq.evaluate(weights: fit.weights, ranks: cut..<seq.scoredCount)
    return out
  }

  /// Fits on every review of a review log (`--revlog`): no health check, fsrs-rs's thresholds.
  public static func fitAll(_ records: [ReviewRecord], config: FSRSOptimizer.Config = FSRSOptimizer.Config())
    -> FSRSOptimizer.Fit
  {
    FSRSOptimizer.fit(ReviewSequences(records), config: config)
  }
}
