/// The FSRS scheduler's parameters, as py-fsrs's `Scheduler(...)` takes them.
///
/// Encoded with the keys `weights`, `desiredRetention`, `learningSteps`, `relearningSteps` (seconds),
/// `maximumInterval` (days) and `enableFuzzing`. Call `validate()` before building a scheduler from
/// settings a user wrote.
public struct SchedulerSettings: Sendable, Equatable, Codable {
  /// The 21 FSRS-6 model weights `w0…w20` (see `SchedulerSettings.weightRanges`).
  public var weights: [Double]
  /// The recall probability a review interval aims for, in (0, 1).
  var desiredRetention: Double
  /// Learning steps in seconds (py-fsrs default: 1 min, 10 min). May be empty.
  var learningSteps: [Int64]
  /// Relearning steps in seconds after a lapse (default: 10 min). May be empty.
  var relearningSteps: [Int64]
  /// The longest review interval, in days.
  var maximumInterval: Int
  /// Whether review intervals of 3 days or more get random fuzz.
  public var enableFuzzing: Bool

  public init(
    weights: [Double] = SchedulerSettings.defaultWeights, desiredRetention: Double = 0.9,
    learningSteps: [Int64] = [60, 600], relearningSteps: [Int64] = [600],
    maximumInterval: Int = 36500,
    enableFuzzing: Bool = true
  ) {
    self.weights = weights
    self.desiredRetention = desiredRetention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
    self.enableFuzzing = enableFuzzing
  }

  /// How many learning and relearning steps there are (what an Anki card's `left` counts down).
  public var stepCounts: (learning: Int, relearning: Int) { (learningSteps.count, relearningSteps.count) }

  /// py-fsrs 6.3.2's defaults (fuzz on, as there).
  public static let `default` = SchedulerSettings()

  /// FSRS-6's default weights.
  public static let defaultWeights: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
    1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]

  /// The inclusive range py-fsrs accepts for each weight, with what the weight does.
  static let weightRanges: [(range: ClosedRange<Double>, role: String)] = [
    (0.001...100, "initial stability after Again"),
    (0.001...100, "initial stability after Hard"),
    (0.001...100, "initial stability after Good"),
    (0.001...100, "initial stability after Easy"),
    (1...10, "initial difficulty"),
    (0.001...4, "initial difficulty exponent"),
    (0.001...4, "difficulty change per rating"),
    (0.001...0.75, "difficulty mean reversion"),
    (0...4.5, "recall stability scale"),
    (0...0.8, "recall stability: stability exponent"),
    (0.001...3.5, "recall stability: retrievability sensitivity"),
    (0.001...5, "lapse stability scale"),
    (0.001...0.25, "lapse stability: difficulty exponent"),
    (0.001...0.9, "lapse stability: stability exponent"),
    (0...4, "lapse stability: retrievability sensitivity"),
    (0...1, "Hard penalty"),
    (1...6, "Easy bonus"),
    (0...2, "same-day stability"),
    (0...2, "same-day stability offset"),
    (0...0.8, "same-day stability: stability exponent"),
    (0.1...0.8, "forgetting curve decay"),
  ]

  /// The longest interval `validate()` accepts, in days (py-fsrs's default, 100 years).
  static let maximumIntervalLimit = 36500
  /// The longest (re)learning step `validate()` accepts, in seconds (one year).
  static let stepLimit: Int64 = 365 * 86_400

  /// Every problem with these settings, one readable sentence each (empty when they are usable).
  ///
  /// Weights are checked against py-fsrs's bounds. Beyond py-fsrs (which checks only the weights),
  /// retention must lie strictly between 0 and 1, steps between 1 second and a year, and the
  /// maximum interval between 1 and 36500 days, so that no schedule can overflow a `Timestamp`.
  public func validate() -> [String] {
    var problems: [String] = []
    if weights.count != 21 {
      problems.append("weights: expected 21 values (w0..w20), got \(weights.count)")
    }
    for (i, w) in weights.prefix(21).enumerated() {
      let (range, role) = SchedulerSettings.weightRanges[i]
      if !range.contains(w) {
        problems.append(
          "weights[\(i)] (\(role)) = \(w) is out of range: allowed \(range.lowerBound)...\(range.upperBound)"
        )
      }
    }
    if !(desiredRetention > 0 && desiredRetention < 1) {
      problems.append(
        "desiredRetention = \(desiredRetention) must be greater than 0 and less than 1 (e.g. 0.9)")
    }
    for (name, steps) in [("learningSteps", learningSteps), ("relearningSteps", relearningSteps)] {
      for (i, s) in steps.enumerated() where !(1...SchedulerSettings.stepLimit).contains(s) {
        problems.append(
          "\(name)[\(i)] = \(s) s must be between 1 second and \(SchedulerSettings.stepLimit) s (a year)"
        )
      }
    }
    if !(1...SchedulerSettings.maximumIntervalLimit).contains(maximumInterval) {
      problems.append(
        "maximumInterval = \(maximumInterval) days must be between 1 and \(SchedulerSettings.maximumIntervalLimit)"
      )
    }
    return problems
  }
}
