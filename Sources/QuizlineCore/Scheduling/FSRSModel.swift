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
  /// The model of the default weights at retention 0.9, computed once (`FSRSScheduler.init` takes it
  /// instead of building an equal one).
  static let defaults = FSRSModel(weights: SchedulerSettings.defaultWeights, desiredRetention: 0.9)

  let decay: Double  // -w20
  let factor: Double  // 0.9^(1/decay) - 1
  let intervalFactor: Double  // r^(1/decay) - 1
  let intervalFactorIsFactor: Bool  // r = 0.9: the interval is S / FACTOR * FACTOR, about S
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
  /// Per rating, a stability from which the same-day update provably leaves stability unchanged
  /// (its increase clamps to 1), so the power need not be computed: see `shortTermFixedPoint`.
  let shortTermUnchangedFrom: (Double, Double, Double, Double)

  /// `w` must hold 21 weights.
  init(weights w: [Double], desiredRetention r: Double) {
    precondition(
      w.count == 21, "FSRS-6 needs 21 weights, got \(w.count): check SchedulerSettings.validate()")
    let e = FSRSModel.e
    decay = -w[20]
    factor = pow(0.9, 1 / decay) - 1
    intervalFactor = pow(r, 1 / decay) - 1
    intervalFactorIsFactor = intervalFactor.bitPattern == factor.bitPattern
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
    let negW19 = self.negW19
    func unchangedFrom(_ g: Int) -> Double {
      g == 1 ? .infinity : FSRSModel.shortTermFixedPoint(base: stb(g), negW19: negW19)
    }
    shortTermUnchangedFrom = (.infinity, unchangedFrom(2), unchangedFrom(3), unchangedFrom(4))
  }

  /// A stability `t` such that for every `s > t`, `base * pow(s, negW19)` (as computed) is below 1,
  /// so the clamp `max(inc, 1)` of a Hard, Good or Easy same-day review gives exactly 1 and the new
  /// stability is `max(s, 0.001)`, bit for bit; `infinity` when no such bound is proven.
  ///
  /// Proof: for `negW19 < 0` the exact `s^negW19` decreases as `s` grows, and libm's `pow` is within
  /// 1 ulp of it (glibc documents < 0.52 ulp), so for `s >= t` the computed `pow(s, negW19)` is at
  /// most `pow(t, negW19) * (1 + 2^-51)`. `t` is checked here to give `base * pow(t, negW19) <=
  /// 1 - 2^-40`, so `base * pow(s, negW19) < (1 - 2^-40)(1 + 2^-50) < 1`, and rounding a value
  /// below `1 - 2^-41` cannot reach 1.
  static func shortTermFixedPoint(base: Double, negW19: Double) -> Double {
    guard negW19 < 0, base > 0, base.isFinite else { return .infinity }
    // base * s^negW19 = 1 at s = base^(1 / w19); a little above it, checked below.
    let t = pow(base, -1 / negW19) * (1 + 0x1p-20)
    guard t > 0, t.isFinite, base * pow(t, negW19) <= 1 - 0x1p-40 else { return .infinity }
    return t
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
    if s > FSRSModel.pick(shortTermUnchangedFrom, g) { return max(s, FSRSModel.stabilityMin) }
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

  /// `roundHalfEven(s / f * f)` for any `f`, when `s` is far enough from a tie to prove it equals
  /// `roundHalfEven(s)`; `nil` otherwise (and for NaN, negative or huge `s`).
  ///
  /// Proof: `x = fl(fl(s / f) * f) = s (1 + e1)(1 + e2)` with `|e1|, |e2| <= 2^-53`, so
  /// `|x - s| < s 2^-51`. With `k = roundHalfEven(s)` (exact below 2^52), `d = |s - k|` is exact
  /// and the computed `0.5 - d` is within 2^-53 of the real one; when it exceeds `s 2^-49`,
  /// `|x - k| <= |x - s| + d < 0.5`, so `x` rounds to `k` too.
  @inline(__always) static func roundedClearOfTies(_ s: Double) -> Double? {
    guard s >= 0 && s < 0x1p50 else { return nil }
    let k = roundHalfEven(s)
    return 0.5 - abs(s - k) > s * 0x1p-49 ? k : nil
  }

  /// Whole-day interval for stability `s`: round half to even, at least 1, at most `maximum`.
  @inline(__always) func intervalDays(_ s: Double, maximum: Int) -> Int {
    let x: Double
    if intervalFactorIsFactor, let k = FSRSModel.roundedClearOfTies(s) {
      x = k
    } else {
      x = FSRSModel.roundHalfEven(s / factor * intervalFactor)
    }
    let days = x >= 1 ? x : 1  // NaN too (py-fsrs would raise)
    return days < Double(maximum) ? Int(days) : maximum
  }
}
