import QuizlineCore
import QuizlineStorage

/// `quizline forecast`, `quizline progress` and `quizline review`: the REPL's commands of those names
/// run once from the command line. Each goes through the REPL command's one home: its table entry
/// (`ReplCommands.all`) gives the arguments, options and the typed command, the reducer carries it
/// out and the renderer prints it; nothing here decides anything of its own.
enum ReplShortcutCommands {
  /// The REPL's table entry named `name`.
  static func entry(_ name: String) -> ReplCommandSpec {
    guard let spec = ReplCommands.all.first(where: { $0.name == name }) else {
      preconditionFailure("no REPL command \(name)")
    }
    return spec
  }

  static let forecast = printed("forecast", abstract: "Print the cards due in each of the next 14 days and exit")
  static let progress = printed(
    "progress", abstract: "Print the progress dashboard (completion, scores, streak, weak tags, activity) and exit")

  /// `quizline review [BANK|--all] [--limit N] [--certainty]`: the REPL's review, interactive as
  /// `quizline quiz` is (answers can come from a pipe); leaves when the review ends.
  static let review: CommandSpec = {
    let repl = entry("review")
    return CommandSpec(
      name: repl.name, arguments: repl.arguments,
      abstract: "Review the cards that are due (all banks, or one), then new ones; leaves when the review ends",
      discussion: """
        The REPL's review, started straight away: due cards first (most overdue first), then new ones up \
        to the daily new-card limit; --limit N asks at most N cards. Answers can come from a pipe: \
        printf 'b\\ngood\\n' | quizline review --limit 2
        """,
      options: repl.options, positionals: repl.minPositionals...(repl.maxPositionals ?? 1), completes: .bank
    ) { args, env in
      QuizlineCommand.runREPL(args, env, firstCommand: repl.decode(args), leaveAfterRun: true)
    }
  }()

  /// `quizline info BANK/QUESTION`: the REPL's `info` on the profile as read (nothing recorded): the
  /// card's state and its whole review log, read from the profile's history as the REPL reads it.
  static let info: CommandSpec = {
    let repl = entry("info")
    return CommandSpec(
      name: repl.name, arguments: "BANK/QUESTION",
      abstract: "Print a card's schedule and whole review log and exit (as 'info' in the REPL)",
      positionals: 1...1
    ) { args, env in
      QuizlineCommand.withProfile(env) { state, context in
        let layout = ProfileLayout(progressDirectory: env.settings.progressDirectory, profile: env.settings.profile)
        return printOnce(repl.decode(args), state, context, env, effects: ReportExporter(layout: layout))
      }
    }
  }()

  /// `quizline cards [QUERY] [--sort KEY] [--json]`: the REPL's card browser, printed (the table,
  /// paged by nothing), or its rows as a JSON array (`schemas/cards.schema.json`). A bad query goes
  /// to standard error, located, with exit 64.
  static let cards: CommandSpec = {
    let repl = entry("cards")
    var spec = CommandSpec(
      name: repl.name, arguments: repl.arguments,
      abstract: "Print the cards a search finds, with their schedule and memory (as 'cards' in the REPL)",
      discussion: (["Quote a query with spaces or parentheses for the shell: quizline cards 'is:due -tag:easy'."]
        + CardQueryParser.syntaxHelp).joined(separator: "\n"),
      options: repl.options + [OptionSpec("json", help: "print the rows as a JSON array (schemas/cards.schema.json)")],
      positionals: 0...1, unlimited: true
    ) { args, env in
      QuizlineCommand.withProfile(env) { state, context in
        // The shell has taken its quotes off: the words are the query as written (a phrase keeps
        // its inner quotes: quizline cards '"two words" is:due').
        let sort = args.value(ReplCommands.cardSort.name).flatMap(CardSort.init) ?? .due
        let command = ReplCommand.cards(query: args.positionals.joined(separator: " "), sort: sort)
        guard args.flag("json") else { return printOnce(command, state, context, env) }
        var s = state
        let reduction = Reducer.reduce(&s, .commandIssued(command, at: context.now, entropy: 0))
        guard reduction.outcome == .accepted, case .cards(let listing)? = s.display.first else {
          env.stderr.write(Renderer.render(s, context).text)
          return .usage
        }
        env.stdout.write(listing.json(state.catalog).rendered(pretty: true) + "\n")
        return .ok
      }
    }
    spec.takesDashedWords = true
    return spec
  }()

  /// A REPL command that only shows something, run on the profile as read (not locked, nothing
  /// recorded) and printed; a refusal goes to standard error with exit 64.
  static func printed(_ name: String, abstract: String) -> CommandSpec {
    let repl = entry(name)
    return CommandSpec(name: repl.name, abstract: abstract + " (as '\(name)' in the REPL)") { args, env in
      QuizlineCommand.withProfile(env) { state, context in printOnce(repl.decode(args), state, context, env) }
    }
  }

  /// Runs one REPL command on the profile's state as read (nothing is recorded) and prints its
  /// screen; a refusal goes to standard error with exit 64.
  /// `effects` carries out what the command asks for (reading the history, for `info`).
  static func printOnce(
    _ command: ReplCommand, _ state: AppState, _ context: RenderContext, _ env: CommandEnvironment,
    effects: (any EffectPerformer)? = nil
  ) -> ExitCode {
    var s = state
    var reduction = Reducer.reduce(&s, .commandIssued(command, at: context.now, entropy: 0))
    if let effects {
      for effect in reduction.effects {
        let outcome = effects.perform(effect, state: s, at: context.now)
        reduction = Reducer.reduce(&s, .effectFinished(outcome, at: context.now))
        if case .cardHistoryFailed = outcome {
          env.stderr.write(Renderer.render(s, context).text)
          return .ioError
        }
      }
    }
    let frame = Renderer.render(s, context)
    if reduction.outcome == .refused {
      env.stderr.write(frame.text)
      return .usage
    }
    env.stdout.write(frame.text)
    return .ok
  }
}
