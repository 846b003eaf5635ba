/// One attempt at a test as the statistics read it: per question of the test (its slots, in the
/// test's order), the mark the attempt got (0…1, its last answer in the run; 0 for a question asked
/// and not answered) and what was answered; nil where the attempt did not ask that question.
public struct TestAttempt: Sendable, Equatable {
  public var marks: [Double?]
  public var responses: [String?]

  public init(marks: [Double?], responses: [String?]) {
    self.marks = marks
    self.responses = responses
  }

  /// Questions answered.
  var answered: Int { marks.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

  /// The sum of the marks of the questions answered.
  var sum: Double { marks.reduce(0.0) { $0 + ($1 ?? 0) } }

  /// The total as a percentage of the attempt's maximum (each question answered is worth 1).
  var percent: Double { answered == 0 ? 0 : 100 * sum / Double(answered) }

  /// A total order on attempts by what they hold (marks, then responses; unanswered first), so that
  /// figures summed in this order are the same, bit for bit, whatever order the profiles come in:
  /// renaming the learners changes no figure, not even in its last digit.
  static func inContentOrder(_ a: TestAttempt, _ b: TestAttempt) -> Bool {
    for (x, y) in zip(a.marks, b.marks) where x != y {
      guard let x else { return true }
      guard let y else { return false }
      return x < y
    }
    for (x, y) in zip(a.responses, b.responses) where x != y {
      guard let x else { return true }
      guard let y else { return false }
      return x < y
    }
    return a.marks.count < b.marks.count
  }
}

/// Sample moments as Moodle's calculators take them (variances divide by `n − 1`).
enum Moments {
  static func mean(_ xs: [Double]) -> Double {
    var s = 0.0
    for x in xs { s += x }
    return s / Double(xs.count)
  }

  /// The sample variance; nil with fewer than two values.
  static func variance(_ xs: [Double]) -> Double? {
    guard xs.count > 1 else { return nil }
    let m = mean(xs)
    var s = 0.0
    for x in xs { s += (x - m) * (x - m) }
    return s / Double(xs.count - 1)
  }

  /// The sample covariance of paired values; nil with fewer than two pairs.
  static func covariance(_ xs: [Double], _ ys: [Double]) -> Double? {
    guard xs.count > 1, xs.count == ys.count else { return nil }
    let mx = mean(xs)
    let my = mean(ys)
    var s = 0.0
    for k in xs.indices { s += (xs[k] - mx) * (ys[k] - my) }
    return s / Double(xs.count - 1)
  }

  /// The median: the middle value, or the mean of the two middle ones.
  static func median(_ xs: [Double]) -> Double {
    let sorted = xs.sorted()
    let n = sorted.count
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
  }

  /// Whether a variance is zero up to rounding (marks are sums of a few binary fractions).
  static func isZero(_ v: Double) -> Bool { v <= 1e-12 }
}
