import CMath

/// FSRS-6's memory formulas (the same as ``FSRSModel``'s, in the same order) over ``Dual`` numbers,
/// so that every stability, difficulty and recall carries its gradient with respect to w0…w20.
struct DualModel: Sendable {
  let w: [Dual]
  let decay: Dual  // -w20
  let factor: Dual  // 0.9^(1/decay) - 1
  let meanReversionTarget: Dual  // D0(easy), unclamped

  init(weights: [Double]) {
    w = weights.enumerated().map { Dual.variable($0.element, index: $0.offset) }
    decay = -w[20]
    factor = Dual.pow(0.9, 1.0 / decay) - 1
    meanReversionTarget = w[4] - Dual.exp(w[5] * 3) + 1
  }

  @inline(__always) func initialStability(_ g: Rating) -> Dual { Dual.max(w[g.rawValue - 1], FSRSModel.stabilityMin) }

  @inline(__always) func initialDifficulty(_ g: Rating) -> Dual {
    Dual.clamp(w[4] - Dual.exp(w[5] * Double(g.rawValue - 1)) + 1, 1, 10)
  }

  @inline(__always) func retrievability(elapsedDays t: Int, stability s: Dual) -> Dual {
    Dual.pow(1 + factor * Double(max(0, t)) / s, decay)
  }

  @inline(__always) func nextDifficulty(_ d: Dual, _ g: Rating) -> Dual {
    let delta = -(w[6] * Double(g.rawValue - 3))
    let damped = d + (10.0 - d) * delta / 9.0
    let reverted = w[7] * meanReversionTarget + (1 - w[7]) * damped
    return Dual.clamp(reverted, 1, 10)
  }

  @inline(__always) func shortTermStability(_ s: Dual, _ g: Rating) -> Dual {
    var inc = Dual.exp(w[17] * (Double(g.rawValue - 3) + w[18])) * Dual.pow(s, -w[19])
    if g != .again { inc = Dual.max(inc, 1) }
    return Dual.max(s * inc, FSRSModel.stabilityMin)
  }

  @inline(__always) func nextStability(_ s: Dual, _ d: Dual, _ r: Dual, _ g: Rating) -> Dual {
    let next: Dual
    if g == .again {
      let long = w[11] * Dual.pow(d, -w[12]) * (Dual.pow(s + 1, w[13]) - 1) * Dual.exp((1 - r) * w[14])
      let short = s / Dual.exp(w[17] * w[18])
      next = Dual.min(long, short)
    } else {
      var x = Dual.exp(w[8]) * (11 - d) * Dual.pow(s, -w[9]) * (Dual.exp((1 - r) * w[10]) - 1)
      if g == .hard { x = x * w[15] }
      if g == .easy { x = x * w[16] }
      next = s * (1 + x)
    }
    return Dual.max(next, FSRSModel.stabilityMin)
  }
}

/// The smallest and largest recall the loss takes, so that a certain prediction costs a finite loss.
let recallClamp = (low: 1e-6, high: 1 - 1e-6)

extension ReviewSequences {
  /// Runs card `c`'s reviews through the model; for each review with a non-zero `weight`, adds
  /// `weight` × the binary cross-entropy of its predicted recall to `loss` and its gradient to `gradient`.
  func accumulate(
    card c: Int, model m: DualModel, weight: [Double], loss: inout Double, gradient: inout Lanes
  ) {
    let start = cardStart[c]
    var s = m.initialStability(ratings[start])
    var d = m.initialDifficulty(ratings[start])
    var i = start + 1
    let end = cardStart[c + 1]
    while i < end {
      let g = ratings[i]
      if deltas[i] == 0 {
        s = m.shortTermStability(s, g)
      } else {
        let r = m.retrievability(elapsedDays: deltas[i], stability: s)
        let w = weight[i]
        if w > 0 {
          let p = min(max(r.v, recallClamp.low), recallClamp.high)
          let y = g == .again ? 0.0 : 1.0
          loss += -w * (y * log(p) + (1 - y) * log(1 - p))
          if p == r.v {
            // d/dp of -(y ln p + (1-y) ln(1-p)) = (p - y) / (p (1 - p))
            gradient += r.d * (w * (p - y) / (p * (1 - p)))
          }
        }
        s = m.nextStability(s, d, r, g)
      }
      d = m.nextDifficulty(d, g)
      i += 1
    }
  }
}
