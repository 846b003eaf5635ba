import QuizlineCore
import QuizlineStorage

/// `quizline optimize [--dry-run]` (the REPL's `optimize`, run once) and
/// `quizline optimize --revlog FILE.csv [--json]` (fit a review log, print the parameters).
enum OptimizeCommand {
  static let spec = CommandSpec(
    name: "optimize", abstract: "Fit the scheduler's FSRS-6 parameters to the review history",
    discussion: """
      Fits the 21 FSRS-6 weights to the profile's reviews as fsrs-rs does, on all but the most recent \
      fifth of them, and compares them with the weights in use on that fifth (log loss, RMSE(bins)). \
      They are adopted only when both figures are no worse and the log loss is lower; undo in the REPL \
      takes them back. --revlog fits a review log in the FSRS ecosystem's CSV format instead \
      (card_id,review_time,review_rating,review_state,review_duration; milliseconds) and prints the \
      weights, as JSON with --json; the profile is not touched.
      """,
    options: [
      OptionSpec("dry-run", help: "only show how the fitted parameters compare; adopt nothing"),
      OptionSpec("revlog", value: "FILE", help: "fit this review-log CSV instead of the profile's history"),
      OptionSpec("json", help: "with --revlog: print the parameters as JSON"),
    ]
  ) { args, env in run(args, env) }

  static func run(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    if let path = args.value("revlog") { return revlog(path, json: args.flag("json"), env) }
    if args.flag("json") {
      env.stderr.line("quizline: --json applies to --revlog; the profile's optimization prints a table")
      return .usage
    }
    return QuizlineCommand.runREPL(
      args, env, firstCommand: .optimize(dryRun: args.flag("dry-run")), leaveAfterRun: true, welcome: false)
  }

  static func revlog(_ path: String, json: Bool, _ env: CommandEnvironment) -> ExitCode {
    let records: [ReviewRecord]
    do {
      let bytes = try env.files.read(path, limit: 1 << 31)
      records = try RevlogCSV.parse(bytes)
    } catch let error as FileReadError {
      env.stderr.line("\(path): error: \(error.message)")
      if case .missing = error { return .noInput }
      return .ioError
    } catch let problem as RevlogCSV.Problem {
      env.stderr.line(escapingControlCharacters("\(path):\(problem.line):\(problem.column): error: \(problem.message)"))
      return .dataError
    } catch {
      env.stderr.line("\(path): error: \(error)")
      return .ioError
    }
    let fit = ParameterOptimization.fitAll(records)
    if json {
      let text = JSONText.object([
        ("weights", .array(fit.weights.map { .double($0) })), ("fitted", .string(fit.extent.rawValue)),
        ("reviews", .int(records.count)), ("items", .int(fit.items)), ("droppedCards", .int(fit.droppedCards)),
      ])
      env.stdout.line(text.rendered(pretty: false))
      return .ok
    }
    env.stdout.line("\(records.count) reviews; \(fit.items) a day or more after the card's previous one were used.")
    switch fit.extent {
    case .defaults:
      env.stdout.line(
        "Too few to fit: \(FSRSOptimizer.minimumItems) are needed for the initial stabilities, "
          + "\(FSRSOptimizer.minimumFullFit) for every weight. These are the defaults:")
    case .initialStabilities:
      env.stdout.line(
        "Only the initial stabilities w0-w3 were fitted (\(FSRSOptimizer.minimumFullFit) are needed for every weight):")
    case .all: env.stdout.line("Fitted weights w0-w20:")
    }
    env.stdout.line(fit.weights.map { Renderer.fixed($0, 4) }.joined(separator: ", "))
    return .ok
  }

  /// The REPL's `optimize`: reads the profile's history through the one fold and fits it.
  static func perform(layout: ProfileLayout, state: AppState, dryRun: Bool) -> EffectOutcome {
    do {
      let history = try ProfileReviewHistory.collect(layout)
      let result = ParameterOptimization.run(history.reviews, current: state.progress.settings.scheduler.weights)
      return .optimized(result, dryRun: dryRun)
    } catch {
      return .optimizationFailed(error.message)
    }
  }
}
