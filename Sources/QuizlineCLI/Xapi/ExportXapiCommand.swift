import QuizlineCore
import QuizlineReports

/// `quizline export xapi [PATH]`: a profile's (or a class's) learning records as xAPI statements,
/// one JSON statement a line, to standard output or a file.
enum ExportXapiCommand {
  static let formats = ["xapi"]

  static let spec = CommandSpec(
    name: "export", arguments: "xapi [PATH]",
    abstract: "Write learning records as xAPI statements (JSON lines) for a Learning Record Store",
    discussion: """
      Writes one xAPI 1.0.3 statement a line: 'answered' for every answer (the question as a \
      cmi.interaction activity with its choices and correct responses; the result's success, score, \
      response and duration), 'completed' for every study session completed, 'passed' or 'failed' for \
      every checkpoint quiz against its pass mark (of the last 100 quizzes the progress keeps). Activity \
      ids are BASE/BANK/QUESTION (--base-iri); the actor is the profile as an account of --home-page, or \
      --mbox. Statement ids are derived from the events (name-based UUIDs), so exporting again gives the \
      same ids and an LRS keeps each statement once. The format: schemas/xapi-statement.schema.json. \
      Without PATH (or with '-') writes to standard output; an existing file is never replaced without \
      --force (exit 73). quizline xapi push sends the statements to an LRS.
      """,
    options: XapiSource.options + [OptionSpec("force", help: "replace an existing file")],
    positionals: 1...2, completes: .file
  ) { args, env in run(args, env) }

  static func run(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    let format = args.positionals[0]
    guard formats.contains(format) else {
      var message = "quizline: export: \(quotedArg(format)) is not a format export writes; it writes xapi"
      if let m = closestMatch(to: format, in: formats) { message += " (did you mean \(m)?)" }
      env.stderr.line(message)
      env.stderr.line("usage: \(spec.usage)")
      return .usage
    }
    let plan: XapiSource.Plan
    switch XapiSource.plan(args, env, command: "export xapi") {
    case .failure(let code): return code
    case .success(let found): plan = found
    }
    let path = args.positionals.count > 1 && args.positionals[1] != "-" ? args.positionals[1] : nil
    guard let path else {
      let sink = TextReportSink(env.stdout)
      defer { sink.flush() }
      return write(plan, env, to: sink) ? .ok : .ioError
    }
    var failure = ExitCode.failure
    return ReportFileWriter.place(env, failure: failure) { () throws(ReportFileWriter.Failure) in
      try ReportFileWriter.write(format: .json, path: path, classReport: false, force: args.flag("force")) { targets in
        for (_, sink) in targets where !write(plan, env, to: sink) {
          failure = .ioError
          return false
        }
        return true
      }
    }
  }

  /// Writes every profile's statements, one profile at a time; false (having said why) when a
  /// profile could not be read.
  static func write(_ plan: XapiSource.Plan, _ env: CommandEnvironment, to sink: any ReportSink) -> Bool {
    for name in plan.names {
      do {
        for statement in try plan.statements(of: name, env) { sink.write(statement.line + "\n") }
      } catch {
        env.stderr.line("quizline: \(error.message)")
        return false
      }
    }
    return true
  }
}
