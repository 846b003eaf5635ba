import QuizlineCore
import QuizlineFormats

/// `quizline read SESSION` and `quizline quiz BANK|SESSION`: shortcuts into the REPL's screens.
enum SessionCommands {
  static let read = CommandSpec(
    name: "read", arguments: "SESSION [SECTION]",
    abstract: "Print a study session, or one section of it (with its completion status), and exit",
    positionals: 1...2, completes: .session
  ) { args, env in
    QuizlineCommand.withProfile(env) { state, context in
      let section = args.positionals.count > 1 ? args.positionals[1] : nil
      return ReplShortcutCommands.printOnce(.read(session: args.positionals[0], section: section), state, context, env)
    }
  }

  static let quiz = CommandSpec(
    name: "quiz", arguments: "BANK|SESSION", abstract: "Start straight into a quiz on a bank or a session's checkpoint",
    discussion: """
      Takes the same options as 'start' in the REPL and leaves when the quiz ends. Answers can come \
      from a pipe: printf 'b\\na,c\\n' | quizline quiz swiftui-basics
      """,
    options: ReplCommands.startOptions, positionals: 1...1, completes: .bankOrSession
  ) { args, env in
    let id = args.positionals[0]
    let loaded: CatalogLoadResult
    switch QuizlineCommand.loadCatalog(env) {
    case .failure(let code): return code
    case .success(let result): loaded = result
    }
    let catalog = loaded.catalog
    let options = RunOptions(args)
    let command: ReplCommand
    if catalog.bank(id) != nil {
      command = .start(bank: id, options)
    } else if catalog.session(id) != nil {
      let checkpointNames = Set(ReplCommands.checkpointOptions.map(\.name))
      if let extra = ReplCommands.startOptions.first(where: {
        args.value($0.name) != nil && !checkpointNames.contains($0.name)
      }) {
        env.stderr.line(
          "quizline: option --\(extra.name) applies to banks; a session's checkpoint is always asked whole (it accepts --shuffle, --seed, --certainty)"
        )
        return .usage
      }
      command = .quiz(session: id, options)
    } else {
      let known = catalog.banks.map(\.id) + catalog.sessions.map(\.id)
      var message = "quizline: there is no bank or session \(quotedArg(id))"
      if let m = closestMatch(to: id, in: known) { message += "; did you mean '\(m)'?" }
      env.stderr.line(message)
      env.stderr.line("Run 'quizline list' to see them.")
      return .usage
    }
    return QuizlineCommand.runREPL(args, env, catalog: loaded, firstCommand: command, leaveAfterRun: true)
  }
}
