/// The class part of a report (`--all-profiles`): totals over learners and Moodle's quiz statistics
/// of every test (bank or checkpoint) the class took.
public struct ClassReport: Sendable, Equatable {
  public var totals: ClassTotals
  /// Moodle's quiz statistics of every test with a counted attempt (``ClassStatistics``).
  public var statistics: ClassStatistics

  public init(totals: ClassTotals, statistics: ClassStatistics) {
    self.totals = totals
    self.statistics = statistics
  }
}

public struct ClassTotals: Sendable, Equatable {
  public var profiles: Int
  /// Learners with at least one answer in the period.
  public var activeLearners: Int
  public var sessionsCompleted: Int
  public var answers: Int
  /// Mean credit over every learner's answers (weighted by answers). Answers, accuracy and time
  /// studied count the period with `--since` (``ProfileReport/counted``).
  public var accuracy: Double?
  public var secondsStudied: Double
}
