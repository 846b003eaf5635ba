import QuizlineCore
import QuizlineReports
import QuizlineStorage

/// `quizline report --all-profiles`: the class report, streamed profile by profile. Each profile is
/// read, counted by a ``ClassReportStream`` and written out (its JSON object, its CSV rows) before
/// the next is read, so memory stays flat however many profiles the folder holds (BENCHMARKS.md,
/// "Class report over many profiles").
extension ReportCommand {
  static func runClass(
    _ env: CommandEnvironment, names: [String], catalog: Catalog, now: Timestamp, options: ReportOptions,
    format: ReportFormat, table: CSVTable, out: String?, force: Bool
  ) -> ExitCode {
    var stream = ClassReportStream(catalog: catalog, now: now, options: options)
    var failure: ExitCode?
    func feed(_ targets: [(table: CSVTable, sink: any ReportSink)], style: Style, width: Int) -> Bool {
      var writer = ClassReportWriter(
        format: format, targets: targets, generatedAt: now, sinceDay: options.sinceDay, style: style, width: width)
      for name in names {
        do {
          let input = try input(
            name, env, now: now, since: options.sinceDay, format: format, history: true, reviews: false,
            responses: true, attempts: true)
          writer.add(stream.add(input))
        } catch {
          env.stderr.line("quizline: \(error.message)")
          failure = error.exitCode
          return false
        }
      }
      writer.finish(stream.finish())
      return true
    }
    guard let out else {
      let context = QuizlineCommand.renderContext(env, clock: { now })()
      if format == .text, env.isInteractive {
        // The class report on a terminal (a screen or two per test) pages.
        let text = StringReportSink()
        let done = feed([(table, text)], style: context.style, width: context.width)
        Pager.show(text.text, variables: env.variables, write: env.stdout.write)
        return done ? .ok : failure ?? .failure
      }
      let sink = TextReportSink(env.stdout)
      let done = feed([(table, sink)], style: context.style, width: context.width)
      sink.flush()
      return done ? .ok : failure ?? .failure
    }
    return ReportFileWriter.place(env, failure: failure ?? .failure) { () throws(ReportFileWriter.Failure) in
      try ReportFileWriter.write(
        format: format, path: out, classReport: true, force: force, { feed($0, style: .plain, width: 80) })
    }
  }
}
