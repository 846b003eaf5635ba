import CMath

/// The initial stabilities w0…w3, fitted before the rest as fsrs-rs's `pretrain` does: for each first
/// rating, the stability whose forgetting curve (default decay) best fits the recall of the cards'
/// first review a day or more later, per interval (Laplace-smoothed toward the average recall), with
/// a pull of |s − default| / 16; a ternary search over [0.001, 100]. Ratings without data are filled
/// by `smoothAndFill` from the others.
enum Pretraining {
  static let maximumInitialStability = 100.0

  /// The four initial stabilities and the number of cards per first rating; nil without any data.
  static func initialStabilities(
    _ items: [(rating: Rating, delta: Int, passed: Bool)], averageRecall: Double
  ) -> (stabilities: [Double], counts: [Rating: Int])? {
    var counts: [Rating: Int] = [:]
    var fitted: [Rating: Double] = [:]
    for rating in Rating.allCases {
      var byDelta: [Int: (passes: Int, count: Int)] = [:]
      for item in items where item.rating == rating {
        var g = byDelta[item.delta] ?? (0, 0)
        g.count += 1
        if item.passed { g.passes += 1 }
        byDelta[item.delta] = g
      }
      guard !byDelta.isEmpty else { continue }
      let data = byDelta.keys.sorted().map { t -> (t: Double, recall: Double, count: Double) in
        let g = byDelta[t]!
        let n = Double(g.count)
        return (Double(t), (Double(g.passes) + averageRecall) / (n + 1), n)
      }
      counts[rating] = data.reduce(0) { $0 + Int($1.count) }
      fitted[rating] = search(data, defaultS0: SchedulerSettings.defaultWeights[rating.rawValue - 1])
    }
    guard !fitted.isEmpty else { return nil }
    return (smoothAndFill(fitted, counts: counts), counts)
  }

  static func search(_ data: [(t: Double, recall: Double, count: Double)], defaultS0: Double) -> Double {
    let decay = -SchedulerSettings.defaultWeights[20]
    let factor = pow(0.9, 1 / decay) - 1
    func loss(_ s: Double) -> Double {
      var total = 0.0
      for d in data {
        let y = pow(1 + factor * d.t / s, decay)
        total += -(d.recall * log(y) + (1 - d.recall) * log(1 - y)) * d.count
      }
      return total + abs(s - defaultS0) / 16
    }
    var low = FSRSModel.stabilityMin
    var high = maximumInitialStability
    var best = defaultS0
    var iterations = 0
    while high - low > Double.ulpOfOne && iterations < 1000 {
      iterations += 1
      let mid1 = low + (high - low) / 3
      let mid2 = high - (high - low) / 3
      if loss(mid1) < loss(mid2) { high = mid2 } else { low = mid1 }
      best = (high + low) / 2
    }
    return best
  }

  /// fsrs-rs's `smooth_and_fill`: makes the stabilities increase with the rating (the rating with
  /// more data wins) and fills missing ratings from the others by fixed geometric rules.
  static func smoothAndFill(_ fitted: [Rating: Double], counts: [Rating: Int]) -> [Double] {
    var s = fitted
    for (small, big) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] {
      let a = Rating(rawValue: small)!
      let b = Rating(rawValue: big)!
      if let sv = s[a], let bv = s[b], sv > bv {
        if (counts[a] ?? 0) > (counts[b] ?? 0) { s[b] = sv } else { s[a] = bv }
      }
    }
    let w1 = 3.0 / 5.0
    let w2 = 3.0 / 5.0
    var r: [Double?] = [nil, s[.again], s[.hard], s[.good], s[.easy]]
    let defaults = Array(SchedulerSettings.defaultWeights[0..<4])
    var out: [Double]
    switch s.count {
    case 1:
      let (rating, value) = s.first!
      let factor = value / defaults[rating.rawValue - 1]
      out = defaults.map { $0 * factor }.sorted()
    case 2, 3:
      let p = { (x: Double, y: Double) in pow(x, y) }
      if s.count == 2 {
        switch (r[1], r[2], r[3], r[4]) {
        case (nil, nil, let r3?, let r4?):
          let r2 = p(r3, 1 / (1 - w2)) * p(r4, 1 - 1 / (1 - w2))
          r[2] = r2
          r[1] = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
        case (nil, let r2?, nil, let r4?):
          let r3 = p(r2, 1 - w2) * p(r4, w2)
          r[3] = r3
          r[1] = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
        case (nil, let r2?, let r3?, nil):
          r[4] = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
          r[1] = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
        case (let r1?, nil, nil, let r4?):
          let k = w1 / (w1 + w2 - w1 * w2)
          let k2 = w2 / (w1 + w2 - w1 * w2)
          r[2] = p(r1, k) * p(r4, 1 - k)
          r[3] = p(r1, 1 - k2) * p(r4, k2)
        case (let r1?, nil, let r3?, nil):
          let r2 = p(r1, w1) * p(r3, 1 - w1)
          r[2] = r2
          r[4] = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
        case (let r1?, let r2?, nil, nil):
          let r3 = p(r1, 1 - 1 / (1 - w1)) * p(r2, 1 / (1 - w1))
          r[3] = r3
          r[4] = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
        default: break
        }
      } else {
        switch (r[1], r[2], r[3], r[4]) {
        case (nil, let r2?, let r3?, _): r[1] = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
        case (let r1?, nil, let r3?, _): r[2] = p(r1, w1) * p(r3, 1 - w1)
        case (_, let r2?, nil, let r4?): r[3] = p(r2, 1 - w2) * p(r4, w2)
        case (_, let r2?, let r3?, nil): r[4] = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
        default: break
        }
      }
      out = r.compactMap { $0 }
    default:
      out = r.compactMap { $0 }
    }
    return out.prefix(4).map { min(max($0, FSRSModel.stabilityMin), maximumInitialStability) }
  }
}
