import CMath

/// How well a set of weights predicts recall: fsrs-rs's `evaluate` figures.
public struct ModelEvaluation: Sendable, Equatable {
  /// Mean binary cross-entropy of predicted recall against pass (any rating but again) or fail.
  public var logLoss: Double
  /// Predictions grouped into 20 bins (fsrs-rs's `get_bin`: ⌊21^p⌋ − 1); the root mean square of
  /// (mean predicted − mean observed) per bin, weighted by bin size.
  public var rmseBins: Double
  /// How many reviews were scored.
  public var count: Int

  public init(logLoss: Double, rmseBins: Double, count: Int) {
    self.logLoss = logLoss
    self.rmseBins = rmseBins
    self.count = count
  }

  /// The figures for predictions `p` and outcomes `y` (1 passed, 0 failed).
  static func of(_ pairs: [(p: Double, y: Double)]) -> ModelEvaluation {
    guard !pairs.isEmpty else { return ModelEvaluation(logLoss: 0, rmseBins: 0, count: 0) }
    var loss = 0.0
    var sums = [(p: Double, y: Double, n: Double)](repeating: (0, 0, 0), count: 20)
    let logBase = log(21.0)
    for (p0, y) in pairs {
      let p = min(max(p0, recallClamp.low), recallClamp.high)
      loss += -(y * log(p) + (1 - y) * log(1 - p))
      let bin = min(max(Int(floor(exp(p0 * logBase))) - 1, 0), 19)
      sums[bin].p += p0
      sums[bin].y += y
      sums[bin].n += 1
    }
    var total = 0.0
    for b in sums where b.n > 0 {
      let diff = b.p / b.n - b.y / b.n
      total += diff * diff * b.n
    }
    let n = Double(pairs.count)
    return ModelEvaluation(logLoss: loss / n, rmseBins: (total / n).squareRoot(), count: pairs.count)
  }
}

extension ReviewSequences {
  /// Calls `body(review, predicted recall)` for every scored review, in card order, running each
  /// card through the scheduler's own formulas (``FSRSModel``) with `weights`.
  func forEachPrediction(weights: [Double], _ body: (Int, Double) -> Void) {
    let m = FSRSModel(weights: weights, desiredRetention: 0.9)
    for c in 0..<cardCount {
      let start = cardStart[c]
      var s = FSRSModel.pick(m.initialStability, ratings[start])
      var d = FSRSModel.pick(m.initialDifficulty, ratings[start])
      for i in (start + 1)..<cardStart[c + 1] {
        let g = ratings[i]
        if deltas[i] == 0 {
          s = m.shortTermStability(s, g)
        } else {
          let r = m.retrievability(elapsedDays: Int64(deltas[i]), stability: s)
          body(i, r)
          s = m.nextStability(s, d, r, g)
        }
        d = m.nextDifficulty(d, g)
      }
    }
  }

  /// The evaluation of `weights` on the scored reviews whose rank by time is in `ranks`.
  func evaluate(weights: [Double], ranks: Range<Int>) -> ModelEvaluation {
    var pairs = [(p: Double, y: Double)](repeating: (0, 0), count: ranks.count)
    forEachPrediction(weights: weights) { i, r in
      let k = rank[i]
      if ranks.contains(k) { pairs[k - ranks.lowerBound] = (r, passed(i) ? 1 : 0) }
    }
    return ModelEvaluation.of(pairs)
  }

  /// The recency-weighted training loss (without the L2 penalty).
  func weightedLoss(weights: [Double], weight: [Double]) -> Double {
    var loss = 0.0
    forEachPrediction(weights: weights) { i, r in
      let w = weight[i]
      guard w > 0 else { return }
      let p = min(max(r, recallClamp.low), recallClamp.high)
      loss += passed(i) ? -w * log(p) : -w * log(1 - p)
    }
    return loss
  }
}
