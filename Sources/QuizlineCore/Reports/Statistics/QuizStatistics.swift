/// Which of a learner's attempts at a test the statistics count, as Moodle's quiz statistics
/// report offers it (`report --all-profiles --attempts`). Moodle's default, and quizline's, is the
/// first attempt.
public enum AttemptChoice: String, Sendable, Equatable, CaseIterable {
  /// Each learner's earliest attempt.
  case first
  /// Each learner's latest attempt.
  case last
  /// Each learner's attempt with the highest total (the earliest of equal ones).
  case best
  /// Every attempt.
  case all
}

/// One figure of the statistics: its value, or why it cannot be computed (one attempt, no
/// variance, …). Shown as `–` with the reason, never as 0 or NaN.
public enum Figure: Sendable, Equatable {
  case value(Double)
  case undefined(String)

  /// The value; nil when undefined.
  public var value: Double? {
    if case .value(let v) = self { return v }
    return nil
  }

  /// Why the figure cannot be computed; nil when it has a value.
  public var reason: String? {
    if case .undefined(let r) = self { return r }
    return nil
  }
}

/// The class part's statistics: one entry per test (a bank's quizzes, a session's checkpoint)
/// that has at least one counted attempt, banks first in catalog order, then checkpoints.
public struct ClassStatistics: Sendable, Equatable {
  public var choice: AttemptChoice
  public var tests: [TestStatistics]

  public init(choice: AttemptChoice, tests: [TestStatistics]) {
    self.choice = choice
    self.tests = tests
  }
}

/// What a test is: a bank's quizzes (`start BANK`) or a session's checkpoint (`quiz SESSION`).
public enum TestKind: String, Sendable, Equatable {
  case bank, checkpoint
}

/// Moodle's figures for one test, over the attempts counted (``AttemptChoice``). Totals are
/// percentages of the attempt's maximum mark (each question is worth 1).
public struct TestStatistics: Sendable, Equatable {
  public var kind: TestKind
  /// The bank's or the session's id, and its title.
  public var id: String
  public var title: String
  /// Attempts counted (Moodle's "number of attempts").
  public var attempts: Int
  /// Of those, attempts whose quiz did not ask every question of the test (taken with `--count`,
  /// `--tags` or `--only-missed`); a question asked and left unanswered scores 0 and counts.
  public var partialAttempts: Int
  /// Mean, median, standard deviation of the totals (percent), their skewness and kurtosis.
  public var mean: Figure
  public var median: Figure
  public var standardDeviation: Figure
  public var skewness: Figure
  public var kurtosis: Figure
  /// Coefficient of internal consistency (Cronbach's alpha, percent), error ratio (percent) and
  /// standard error (percent of the maximum).
  public var internalConsistency: Figure
  public var errorRatio: Figure
  public var standardError: Figure
  /// The test's questions answered in at least one counted attempt, in the test's order.
  public var questions: [QuestionStatistics]
}

/// Moodle's figures for one question of a test, over the counted attempts that answered it.
public struct QuestionStatistics: Sendable, Equatable {
  public var ref: QuestionRef
  public var title: String
  public var type: String
  /// Counted attempts that answered it.
  public var attempts: Int
  /// Facility index, standard deviation and random guess score (percent), discrimination index
  /// and discriminative efficiency (percent, -100…100).
  public var facility: Figure
  public var standardDeviation: Figure
  public var randomGuessScore: Figure
  public var discriminationIndex: Figure
  public var discriminativeEfficiency: Figure
  /// How often each choice (or typed answer) was given, overall and by group.
  public var responses: ResponseAnalysis
  /// Why the question needs a look (empty when it looks fine).
  public var flags: [String]
}

/// The response (distractor) analysis of a question. Attempts are split into an upper, a middle
/// and a lower group by their test total: the upper group holds the attempts that scored above
/// every attempt outside it, at most a third of them (rounded down); the lower group likewise from
/// the bottom; attempts tied across a boundary all go to the middle group, so no name or order
/// decides.
public struct ResponseAnalysis: Sendable, Equatable {
  public var upper: Int
  public var middle: Int
  public var lower: Int
  /// Choice, true/false, self-graded questions: every option, in the question's order.
  public var choices: [ChoiceCount]
  /// Other types: the most frequent answers (at most five), most frequent first.
  public var answers: [AnswerCount]
}

/// How many attempts chose one option of a question, in all and per group.
public struct ChoiceCount: Sendable, Equatable {
  /// `a`, `b`, …, `true`/`false`, or a self-grade.
  public var option: String
  public var text: String
  public var correct: Bool
  public var count: Int
  public var upper: Int
  public var middle: Int
  public var lower: Int
}

/// A typed answer and how often it was given, with its mean mark (0…1).
public struct AnswerCount: Sendable, Equatable {
  public var response: String
  public var count: Int
  public var mark: Double
}
