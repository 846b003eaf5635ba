/// Builds a class report (`--all-profiles`) one profile at a time, so memory stays flat however
/// many profiles the class has.
///
/// ``add(_:)`` builds a learner's ``ProfileReport`` and hands it back to be written out at once
/// (the JSON form's profile objects, the CSV rows: `ClassReportWriter`); the learner's progress and
/// history can go as soon as it returns. Only what the finished report needs is kept: each
/// profile's row (``ProfileReport/classRow``), the class totals, and per test (bank or checkpoint)
/// the attempts the statistics count (``TestAttemptCollector``: per attempt one mark and one
/// response per question of the test).
///
/// Sums are taken in the order profiles are added, so the report is the same, bit for bit, as one
/// built from every profile at once (tested against that builder, in every format).
public struct ClassReportStream: Sendable {
  public let catalog: Catalog
  public let now: Timestamp
  public let options: ReportOptions
  /// Each profile's row, in the order added.
  private var rows: [ProfileReport] = []
  private var answers = 0
  private var credit = 0.0
  private var seconds = 0.0
  private var sessionsCompleted = 0
  /// Learners with an answer in the period (to any question, in the catalog or not).
  private var activeLearners = 0
  /// Each test's counted attempts (Moodle's quiz statistics).
  private var tests: TestAttemptCollector

  public init(catalog: Catalog, now: Timestamp, options: ReportOptions) {
    self.catalog = catalog
    self.now = now
    self.options = options
    tests = TestAttemptCollector(catalog: catalog, choice: options.attemptChoice)
  }

  /// Profiles added so far.
  public var count: Int { rows.count }

  /// Counts one learner and returns their report (with everything, for the formats that show it).
  public mutating func add(_ input: ReportInput) -> ProfileReport {
    let report = ReportBuilder.profile(input, catalog: catalog, now: now, options: options)
    let counted = report.counted
    answers += counted.answers
    credit += (counted.accuracy ?? 0) * Double(counted.answers)
    seconds += counted.secondsStudied
    sessionsCompleted += report.summary.sessionsCompleted
    rows.append(report.classRow)
    guard let h = input.history else { return report }
    tests.add(
      h.accumulator.countedAttempts, table: h.table, activeRun: input.progress.activeRun?.id,
      runQuestions: h.accumulator.testRunQuestions)
    if !h.accumulator.firstAnswers.isEmpty { activeLearners += 1 }
    return report
  }

  /// The report: every profile's row and the class part.
  public func finish() -> Report {
    let totals = ClassTotals(
      profiles: rows.count, activeLearners: activeLearners, sessionsCompleted: sessionsCompleted, answers: answers,
      accuracy: answers > 0 ? credit / Double(answers) : nil, secondsStudied: seconds)
    return Report(
      generatedAt: now, sinceDay: options.sinceDay, profiles: rows,
      classReport: ClassReport(totals: totals, statistics: tests.statistics()))
  }
}

extension ProfileReport {
  /// What a class report keeps of a profile once it is written out: its name, summary and period
  /// (the profile table's row); everything else empty.
  var classRow: ProfileReport {
    ProfileReport(
      profile: profile, summary: summary, period: period, courses: [], sessions: [], banks: [], weakestTags: [],
      flagged: [], dueNow: [], activity: [], questions: [], attempts: nil, history: nil)
  }
}
