/// How every format of the class report words and rounds Moodle's quiz statistics
/// (``ClassStatistics``), so the terminal, Markdown, CSV and HTML forms say the same. Percentages
/// have two decimals, as Moodle shows them; skewness and kurtosis four. A figure that cannot be
/// computed is `–` with its reason in a numbered note (``StatisticsNotes``), never 0. The JSON form
/// keeps every figure unrounded.
public enum StatisticsText {
  /// What stands in for a figure that cannot be computed.
  public static let undefinedMark = "–"

  /// Which attempts were counted, in words (Moodle's "Attempts that were graded").
  public static func choice(_ c: AttemptChoice) -> String {
    switch c {
    case .first: return "the first attempt of each learner (Moodle's default)"
    case .last: return "the last attempt of each learner"
    case .best: return "the best attempt of each learner (highest total; the earliest of equal ones)"
    case .all: return "every attempt of each learner"
    }
  }

  /// `61.23%`, `-5.00%`: a percentage with two decimals.
  public static func percent(_ x: Double) -> String { fixed(x, decimals: 2) + "%" }

  /// `0.1234`, `-1.5000`: skewness and kurtosis, four decimals.
  public static func moment(_ x: Double) -> String { fixed(x, decimals: 4) }

  /// `x` rounded half away from zero to `decimals` places, without a minus sign on a zero
  /// (``Renderer/fixed(_:_:)``, the one home of fixed decimals).
  public static func fixed(_ x: Double, decimals: Int) -> String { Renderer.fixed(x, decimals) }

  /// A mark in 0…1 as a percentage with two decimals.
  public static func mark(_ m: Double) -> String { percent(100 * m) }

  /// The kind of a test in words: `Bank` or `Checkpoint`.
  public static func kind(_ k: TestKind) -> String { k == .bank ? "Bank" : "Checkpoint" }

  /// One row of Moodle's "Quiz information" table: a label, the figure, and how to show its value.
  public struct InformationRow: Sendable {
    public var label: String
    public var figure: Figure
    public var format: @Sendable (Double) -> String
  }

  /// Moodle's "Quiz information" figures of a test, in Moodle's order (the attempt counts come
  /// before them: ``TestStatistics/attempts`` and ``TestStatistics/partialAttempts``).
  public static func information(_ t: TestStatistics) -> [InformationRow] {
    [
      InformationRow(label: "Average grade", figure: t.mean, format: percent),
      InformationRow(label: "Median grade", figure: t.median, format: percent),
      InformationRow(label: "Standard deviation", figure: t.standardDeviation, format: percent),
      InformationRow(label: "Score distribution skewness", figure: t.skewness, format: moment),
      InformationRow(label: "Score distribution kurtosis", figure: t.kurtosis, format: moment),
      InformationRow(label: "Coefficient of internal consistency", figure: t.internalConsistency, format: percent),
      InformationRow(label: "Error ratio", figure: t.errorRatio, format: percent),
      InformationRow(label: "Standard error", figure: t.standardError, format: percent),
    ]
  }

  /// The figures of Moodle's "Quiz structure analysis" table, in its column order.
  public static let questionFigureNames = [
    "Facility index", "Standard deviation", "Random guess score", "Discrimination index", "Discriminative efficiency",
  ]

  /// A question's figures in the order of ``questionFigureNames`` (all percentages).
  public static func figures(_ q: QuestionStatistics) -> [Figure] {
    [q.facility, q.standardDeviation, q.randomGuessScore, q.discriminationIndex, q.discriminativeEfficiency]
  }

  /// Whether Moodle's report would highlight the question: a negative discrimination index.
  public static func negativeDiscrimination(_ q: QuestionStatistics) -> Bool {
    (q.discriminationIndex.value ?? 0) < 0
  }

  /// The flags of the question that name one option (`distractor b …`), without the option's name:
  /// what the response analysis shows on that option's row.
  public static func optionFlags(_ q: QuestionStatistics, option: String) -> [String] {
    let prefix = "distractor \(option) "
    return q.flags.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
  }

  /// Why a figure is undefined, as shown (an empty reason reads "cannot be computed").
  public static func reason(_ r: String) -> String { r.isEmpty ? "cannot be computed" : r }

  /// The group sizes of a question's response analysis, in words.
  public static func groups(_ r: ResponseAnalysis) -> String {
    "upper group \(r.upper), middle \(r.middle), lower \(r.lower) attempts (by test total; ties across a boundary go to the middle group)"
  }
}

/// The reasons of a table's undefined figures, numbered in the order they are first met: a cell
/// shows `– (1)` and the table is followed by `(1) needs two attempts or more`.
public struct StatisticsNotes: Sendable, Equatable {
  public private(set) var reasons: [String] = []

  public init() {}

  /// The number of `reason` (1-based), adding it when new.
  public mutating func number(_ reason: String) -> Int {
    if let k = reasons.firstIndex(of: reason) { return k + 1 }
    reasons.append(reason)
    return reasons.count
  }

  /// A figure as text: its value formatted, or `– (n)` with the reason's number (`mark` stands in
  /// for `–` where only ASCII may be written).
  public mutating func cell(
    _ f: Figure, _ format: (Double) -> String, mark: String = StatisticsText.undefinedMark
  ) -> String {
    switch f {
    case .value(let v): return format(v)
    case .undefined(let reason): return "\(mark) (\(number(StatisticsText.reason(reason))))"
    }
  }

  /// The notes as lines: `(1) needs two attempts or more`.
  public var lines: [String] { reasons.enumerated().map { "(\($0.offset + 1)) \($0.element)" } }
}
