import CMath

/// FSRS-6's memory formulas with everything that depends only on the weights computed once.
///
/// Each formula is evaluated in py-fsrs 6.3.2's order, with `e^x` as `pow(2.718281828459045, x)`
/// like py-fsrs's `math.e ** x`, so results are bit-identical to the reference on the same libm.
/// Constants hoisted out of the formulas are the very same subexpressions py-fsrs computes, so
/// hoisting changes no bit.
struct FSRSModel: Sendable {
  static let e = 2.718281828459045
  static let stabilityMin = 0.001

  let decay: Double  // -w20
  let factor: Double  // 0.9^(1/decay) - 1
  let intervalFactor: Double  // r^(1/decay) - 1
  let initialStability: (Double, Double, Double, Double)
  let initialDifficulty: (Double, Double, Double, Double)  // clamped to [1, 10]
  let meanReversionTerm: Double  // w7 * D0(Easy), unclamped
  let oneMinusW7: Double
  let difficultyDelta: (Double, Double, Double, Double)  // -(w6 * (G - 3))
  let shortTermBase: (Double, Double, Double, Double)  // e^(w17 * ((G - 3) + w18))
  let negW19: Double
  let eW8: Double
  let negW9: Double
  let w10: Double
  let w11: Double
  let negW12: Double
  let w13: Double
  let w14: Double
  let hardPenalty: Double  // w15
  let easyBonus: Double  // w16
  let lapseShortDivisor: Double  // e^(w17 * w18)

  /// `w` must hold 21 weights.
  init(weights w: [Double], desiredRetention r: Double) {
    precondition(
      w.count == 21, "FSRS-6 needs 21 weights, got \(w.count): check SchedulerSettings.validate()")
    let e = FSRSModel.e
    decay = -w[20]
    factor = pow(0.9, 1 / decay) - 1
    intervalFactor = pow(r, 1 / decay) - 1
    initialStability = (max(w[0], 0.001), max(w[1], 0.001), max(w[2], 0.001), max(w[3], 0.001))
    func d0(_ g: Int) -> Double { w[4] - pow(e, w[5] * Double(g - 1)) + 1 }
    func clampD(_ d: Double) -> Double { min(max(d, 1), 10) }
    initialDifficulty = (clampD(d0(1)), clampD(d0(2)), clampD(d0(3)), clampD(d0(4)))
    meanReversionTerm = w[7] * d0(4)
    oneMinusW7 = 1 - w[7]
    func delta(_ g: Int) -> Double { -(w[6] * Double(g - 3)) }
    difficultyDelta = (delta(1), delta(2), delta(3), delta(4))
    func stb(_ g: Int) -> Double { pow(e, w[17] * (Double(g - 3) + w[18])) }
    shortTermBase = (stb(1), stb(2), stb(3), stb(4))
    negW19 = -w[19]
    eW8 = pow(e, w[8])
    negW9 = -w[9]
    w10 = w[10]
    w11 = w[11]
    negW12 = -w[12]
    w13 = w[13]
    w14 = w[14]
    hardPenalty = w[15]
    easyBonus = w[16]
    lapseShortDivisor = pow(e, w[17] * w[18])
  }

  @inline(__always) static func pick(_ t: (Double, Double, Double, Double), _ g: Rating) -> Double {
    switch g {
    case .again: t.0
    case .hard: t.1
    case .good: t.2
    case .easy: t.3
    }
  }

  /// Recall probability after `elapsedDays` (negative counts as 0) at stability `s`.
  @inline(__always) func retrievability(elapsedDays: Int64, stability s: Double) -> Double {
    let t = Double(max(0, elapsedDays))
    return pow(1 + factor * t / s, decay)
  }

  /// Difficulty after rating `g`: linear damping, then mean reversion, then the clamp to [1, 10].
  @inline(__always) func nextDifficulty(_ d: Double, _ g: Rating) -> Double {
    let delta = FSRSModel.pick(difficultyDelta, g)
    let damped = d + (10.0 - d) * delta / 9.0
    let reverted = meanReversionTerm + oneMinusW7 * damped
    return min(max(reverted, 1), 10)
  }

  /// Stability after a review less than a day after the previous one.
  @inline(__always) func shortTermStability(_ s: Double, _ g: Rating) -> Double {
    var inc = FSRSModel.pick(shortTermBase, g) * pow(s, negW19)
    if g != .again { inc = max(inc, 1) }
    return max(s * inc, FSRSModel.stabilityMin)
  }

  /// Stability after a review a day or more after the previous one, at retrievability `r`, with the
  /// difficulty `d` from before the review.
  @inline(__always) func nextStability(_ s: Double, _ d: Double, _ r: Double, _ g: Rating) -> Double {
    let next: Double
    if g == .again {
      let long = w11 * pow(d, negW12) * (pow(s + 1, w13) - 1) * pow(FSRSModel.e, (1 - r) * w14)
      let short = s / lapseShortDivisor
      next = min(long, short)
    } else {
      var x = eW8 * (11 - d) * pow(s, negW9) * (pow(FSRSModel.e, (1 - r) * w10) - 1)
      if g == .hard { x = x * hardPenalty }
      if g == .easy { x = x * easyBonus }
      next = s * (1 + x)
    }
    return max(next, FSRSModel.stabilityMin)
  }

  /// `x` rounded to the nearest integer, ties to even (Python's `round`), for `x >= 0` (and for a
  /// negative `x` any value below 0.5). Adding and removing 2^52 rounds in the FPU's default
  /// nearest-even mode without a call into libm (`rint` is a call on baseline x86-64).
  @inline(__always) static func roundHalfEven(_ x: Double) -> Double {
    x < 4_503_599_627_370_496 ? (x + 4_503_599_627_370_496) - 4_503_599_627_370_496 : x
  }

  /// Whole-day interval for stability `s`: round half to even, at least 1, at most `maximum`.
  @inline(__always) func intervalDays(_ s: Double, maximum: Int) -> Int {
    let x = FSRSModel.roundHalfEven(s / factor * intervalFactor)
    let days = x >= 1 ? x : 1  // NaN too (py-fsrs would raise)
    return days < Double(maximum) ? Int(days) : maximum
  }
}
