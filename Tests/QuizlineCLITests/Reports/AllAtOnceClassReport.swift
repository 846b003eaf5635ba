@testable import QuizlineCore

/// The class report built from every profile at once, kept as the oracle of
/// `ClassReportStreamTests`: every profile's report and history at once, the test statistics from
/// all profiles' attempts fed to one ``TestAttemptCollector``.
enum AllAtOnceClassReport {
  static func build(catalog: Catalog, inputs: [ReportInput], now: Timestamp, options: ReportOptions) -> Report {
    let profiles = inputs.map { ReportBuilder.profile($0, catalog: catalog, now: now, options: options) }
    let klass = classReport(catalog: catalog, inputs: inputs, profiles: profiles, options: options)
    return Report(generatedAt: now, sinceDay: options.sinceDay, profiles: profiles, classReport: klass)
  }

  static func classReport(catalog: Catalog, inputs: [ReportInput], profiles: [ProfileReport], options: ReportOptions)
    -> ClassReport
  {
    var tests = TestAttemptCollector(catalog: catalog, choice: options.attemptChoice)
    for input in inputs {
      guard let h = input.history else { continue }
      tests.add(
        h.accumulator.countedAttempts, table: h.table, activeRun: input.progress.activeRun?.id,
        runQuestions: h.accumulator.testRunQuestions)
    }
    let active = inputs.filter { !($0.history?.accumulator.firstAnswers.isEmpty ?? true) }.count
    let answers = profiles.reduce(0) { $0 + $1.counted.answers }
    let credit = profiles.reduce(0.0) { $0 + ($1.counted.accuracy ?? 0) * Double($1.counted.answers) }
    let totals = ClassTotals(
      profiles: profiles.count, activeLearners: active,
      sessionsCompleted: profiles.reduce(0) { $0 + $1.summary.sessionsCompleted },
      answers: answers, accuracy: answers > 0 ? credit / Double(answers) : nil,
      secondsStudied: profiles.reduce(0) { $0 + $1.counted.secondsStudied })
    return ClassReport(totals: totals, statistics: tests.statistics())
  }
}
