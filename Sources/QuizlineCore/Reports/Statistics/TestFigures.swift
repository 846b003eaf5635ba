import CMath

/// The whole-test figures of Moodle's quiz statistics (`mod/quiz/report/statistics`), from the
/// counted attempts' totals and the questions' mark variances.
enum TestFigures {
  struct Totals {
    var mean: Figure
    var median: Figure
    var standardDeviation: Figure
    var skewness: Figure
    var kurtosis: Figure
    var internalConsistency: Figure
    var errorRatio: Figure
    var standardError: Figure
  }

  static let oneAttempt = "needs two attempts or more"

  /// The figures over `attempts` of a test with `slots` questions.
  static func totals(_ attempts: [TestAttempt], slots: Int) -> Totals {
    let xs = attempts.map(\.percent)
    let s = Double(xs.count)
    var t = Totals(
      mean: .undefined("no attempt"), median: .undefined("no attempt"), standardDeviation: .undefined(oneAttempt),
      skewness: .undefined("needs three attempts or more"), kurtosis: .undefined("needs four attempts or more"),
      internalConsistency: .undefined("needs three attempts or more"),
      errorRatio: .undefined("no internal consistency: needs three attempts or more"),
      standardError: .undefined("no internal consistency: needs three attempts or more"))
    guard !xs.isEmpty else { return t }
    let mean = Moments.mean(xs)
    t.mean = .value(mean)
    t.median = .value(Moments.median(xs))
    if xs.count > 1, let v = Moments.variance(xs) { t.standardDeviation = .value(v.squareRoot()) }
    var p2 = 0.0
    var p3 = 0.0
    var p4 = 0.0
    for x in xs {
      let d = x - mean
      p2 += d * d
      p3 += d * d * d
      p4 += d * d * d * d
    }
    if xs.count > 2 {
      let m2 = p2 / s
      let m3 = p3 / s
      let m4 = p4 / s
      let k2 = s * m2 / (s - 1)
      let k3 = s * s * m3 / ((s - 1) * (s - 2))
      if Moments.isZero(k2) {
        let same = "every attempt has the same total (no variance)"
        t.skewness = .undefined(same)
        t.kurtosis = .undefined(same)
        t.internalConsistency = .undefined(same)
      } else {
        t.skewness = .value(k3 / pow(k2, 1.5))
        if xs.count > 3 {
          let k4 = s * s * ((s + 1) * m4 - 3 * (s - 1) * m2 * m2) / ((s - 1) * (s - 2) * (s - 3))
          t.kurtosis = .value(k4 / (k2 * k2))
        }
        t.internalConsistency = internalConsistency(attempts, slots: slots)
      }
    }
    let why = t.internalConsistency.reason.map { "no internal consistency: " + $0 }
    if let cic = t.internalConsistency.value {
      let er = 100 * max(0, 1 - cic / 100).squareRoot()
      t.errorRatio = .value(er)
      if let sd = t.standardDeviation.value { t.standardError = .value(er * sd / 100) }
    } else if let why {
      t.errorRatio = .undefined(why)
      t.standardError = .undefined(why)
    }
    return t
  }

  /// Cronbach's alpha as a percentage: `100 · P/(P − 1) · (1 − Σ V(x_i) / V(X))` with `X` the raw
  /// total; only when every attempt answered every question.
  static func internalConsistency(_ attempts: [TestAttempt], slots: Int) -> Figure {
    guard slots > 1 else { return .undefined("needs two questions or more") }
    let partial = attempts.filter { $0.answered < slots }.count
    if partial > 0 {
      return .undefined(
        "\(partial) of \(attempts.count) attempts were asked only part of the test (taken with --count, --tags or --only-missed)"
      )
    }
    let totals = attempts.map(\.sum)
    guard let vx = Moments.variance(totals), !Moments.isZero(vx) else {
      return .undefined("every attempt has the same total (no variance)")
    }
    var sumOfItemVariances = 0.0
    for k in 0..<slots { sumOfItemVariances += Moments.variance(attempts.map { $0.marks[k] ?? 0 }) ?? 0 }
    let p = Double(slots)
    // At most 100 (the total's variance is at most P times the items'); a test whose every attempt
    // got all or nothing is 100 exactly, not 100.00000000000001.
    return .value(min(100, 100 * p / (p - 1) * (1 - sumOfItemVariances / vx)))
  }
}
