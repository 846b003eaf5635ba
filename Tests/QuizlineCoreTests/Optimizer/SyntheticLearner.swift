import CMath

@testable import QuizlineCore

/// A seeded learner whose memory follows FSRS-6 with known weights (the test's own formulas, not
/// the optimizer's): each day it meets new cards and reviews those due, recalls with the
/// probability the true weights give, and relearns a lapse ten minutes later. The same generator
/// as `scripts/fsrs/synthetic_learner.py`, in Swift so that `make test` needs no Python.
struct SyntheticLearner {
  static let trueWeights: [Double] = [
    0.35, 1.6, 3.4, 12.0, 6.0, 0.7, 2.4, 0.02, 1.6, 0.12, 0.95, 1.7, 0.08, 0.35, 1.9, 0.45, 2.3, 0.4, 0.25, 0.1, 0.22,
  ]

  let w: [Double]
  var random: SplitMix64

  init(weights: [Double] = trueWeights, seed: UInt64) {
    w = weights
    random = SplitMix64(seed: seed)
  }

  func recall(_ t: Int, _ s: Double) -> Double {
    let decay = -w[20]
    return pow(1 + (pow(0.9, 1 / decay) - 1) * Double(t) / s, decay)
  }
  func d0(_ g: Int) -> Double { w[4] - exp(w[5] * Double(g - 1)) + 1 }
  func nextD(_ d: Double, _ g: Int) -> Double {
    let damped = d + (10 - d) * -(w[6] * Double(g - 3)) / 9
    return min(max(w[7] * d0(4) + (1 - w[7]) * damped, 1), 10)
  }
  func shortTerm(_ s: Double, _ g: Int) -> Double {
    var inc = exp(w[17] * (Double(g - 3) + w[18])) * pow(s, -w[19])
    if g >= 2 { inc = max(inc, 1) }
    return max(s * inc, 0.001)
  }
  func nextS(_ s: Double, _ d: Double, _ r: Double, _ g: Int) -> Double {
    if g == 1 {
      let long = w[11] * pow(d, -w[12]) * (pow(s + 1, w[13]) - 1) * exp((1 - r) * w[14])
      return max(min(long, s / exp(w[17] * w[18])), 0.001)
    }
    var x = exp(w[8]) * (11 - d) * pow(s, -w[9]) * (exp((1 - r) * w[10]) - 1)
    if g == 2 { x *= w[15] }
    if g == 4 { x *= w[16] }
    return max(s * (1 + x), 0.001)
  }

  mutating func choose(_ shares: [Double]) -> Int {
    let u = random.nextUniform()
    var acc = 0.0
    for (i, s) in shares.enumerated() {
      acc += s
      if u < acc { return i }
    }
    return shares.count - 1
  }

  /// `days` days with `newPerDay` new cards a day: every review, in time order.
  mutating func history(days: Int, newPerDay: Int) -> [ReviewRecord] {
    struct Card {
      var s: Double
      var d: Double
      var last: Int64
      var due: Int
    }
    var cards: [Card] = []
    var out: [ReviewRecord] = []
    let day: Int64 = 86_400_000_000
    func at(_ t: Int64) -> Timestamp { Timestamp(microseconds: 1_700_000_000_000_000 + t) }
    for today in 0..<days {
      var t = Int64(today) * day + Int64(random.nextUniform() * 4 * 3600) * 1_000_000
      for k in cards.indices where cards[k].due <= today {
        var c = cards[k]
        t += Int64(5 + random.nextUniform() * 25) * 1_000_000
        let r = recall(Int((t - c.last) / day), c.s)
        let g = random.nextUniform() < r ? 2 + choose([0.1, 0.8, 0.1]) : 1
        out.append(ReviewRecord(card: k, at: at(t), rating: Rating(rawValue: g)!, seconds: 10))
        c.s = nextS(c.s, c.d, r, g)
        c.d = nextD(c.d, g)
        c.last = t
        if g == 1 {
          out.append(ReviewRecord(card: k, at: at(t + 600_000_000), rating: .good, seconds: 8))
          c.s = shortTerm(c.s, 3)
          c.d = nextD(c.d, 3)
          c.last = t + 600_000_000
        }
        let interval = max(1, Int(c.s.rounded()))
        c.due = today + interval + [0, 0, 0, 1, 2, max(1, interval / 3)][choose(Array(repeating: 1.0 / 6, count: 6))]
        cards[k] = c
      }
      for _ in 0..<newPerDay {
        t += Int64(5 + random.nextUniform() * 25) * 1_000_000
        let g = 1 + choose([0.2, 0.15, 0.5, 0.15])
        let k = cards.count
        out.append(ReviewRecord(card: k, at: at(t), rating: Rating(rawValue: g)!, seconds: 20))
        var c = Card(s: max(w[g - 1], 0.001), d: min(max(d0(g), 1), 10), last: t, due: 0)
        if g <= 2 {
          out.append(ReviewRecord(card: k, at: at(t + 600_000_000), rating: .good, seconds: 8))
          c.s = shortTerm(c.s, 3)
          c.d = nextD(c.d, 3)
          c.last = t + 600_000_000
        }
        c.due = today + max(1, Int(c.s.rounded())) + choose([0.5, 0.25, 0.25])
        cards.append(c)
      }
    }
    return out
  }
}
