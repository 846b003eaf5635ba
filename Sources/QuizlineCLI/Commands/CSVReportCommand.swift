import QuizlineCore
import QuizlineReports
import QuizlineStorage

/// `quizline report --format csv` for one learner: the attempt table is written as the history is
/// read (`CSVAttemptStream`), so the attempt log is never kept whole; the sessions table follows
/// from the report. The bytes are those of the report built with its attempt log (tested).
extension ReportCommand {
  static func runCSV(
    _ env: CommandEnvironment, name: String, catalog: Catalog, now: Timestamp, since: Int64?, table: CSVTable,
    out: String?, force: Bool
  ) -> ExitCode {
    var failure: ExitCode?
    func write(_ targets: [(table: CSVTable, sink: any ReportSink)]) -> Bool {
      let stream = targets.first { $0.table == .attempts }.map {
        CSVAttemptStream(profile: name, catalog: catalog, sink: $0.sink)
      }
      let input: ReportInput
      do {
        input = try Self.input(
          name, env, now: now, since: since, format: .csv, history: true, reviews: false, attemptStream: stream)
      } catch {
        env.stderr.line("quizline: \(error.message)")
        failure = error.exitCode
        return false
      }
      stream?.finish()
      let report = ReportBuilder.build(
        catalog: catalog, inputs: [input], now: now, options: ReportOptions(sinceDay: since))
      for target in targets where target.table != .attempts {
        ReportRenderer.render(report, format: .csv, table: target.table, to: target.sink)
      }
      return true
    }
    guard let out else {
      let sink = TextReportSink(env.stdout)
      let done = write([(table, sink)])
      sink.flush()
      return done ? .ok : failure ?? .failure
    }
    return ReportFileWriter.place(env, failure: failure ?? .failure) { () throws(ReportFileWriter.Failure) in
      try ReportFileWriter.write(format: .csv, path: out, classReport: false, force: force, write)
    }
  }
}
