import QuizlineCore

/// `quizline read SESSION` and `quizline quiz BANK|SESSION`: shortcuts into the REPL's screens.
enum SessionCommands {
  static let read = CommandSpec(
    name: "read", arguments: "SESSION", abstract: "Print a study session (with its completion status) and exit",
    positionals: 1...1, completes: .session
  ) { args, env in
    QuizlineCommand.withProfile(env) { state, context in
      var s = state
      _ = Reducer.reduce(&s, .lineEntered("read " + quoteWord(args.positionals[0]), at: context.now, entropy: 0))
      let frame = Renderer.render(s, context)
      if case .error = s.display.first {
        env.stderr.write(frame.text)
        return .usage
      }
      env.stdout.write(frame.text)
      return .ok
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
    if case .success(let loaded) = QuizlineCommand.loadCatalog(env), loaded.catalog.bank(id) == nil, loaded.catalog.session(id) == nil {
      let known = loaded.catalog.banks.map(\.id) + loaded.catalog.sessions.map(\.id)
      var message = "quizline: there is no bank or session \(quotedArg(id))"
      if let m = closestMatch(to: id, in: known) { message += "; did you mean '\(m)'?" }
      env.stderr.line(message)
      env.stderr.line("Run 'quizline list' to see them.")
      return .usage
    }
    if case .success(let loaded) = QuizlineCommand.loadCatalog(env), loaded.catalog.bank(id) == nil {
      let sessionOptions = ["shuffle", "seed", "certainty"]
      if let extra = ReplCommands.startOptions.map(\.name).first(where: { args.value($0) != nil && !sessionOptions.contains($0) }) {
        env.stderr.line("quizline: option --\(extra) applies to banks; a session's checkpoint is always asked whole (it accepts --shuffle, --seed, --certainty)")
        return .usage
      }
    }
    var words = [id]
    for option in ReplCommands.startOptions {
      guard let value = args.value(option.name) else { continue }
      words.append("--" + option.name)
      if option.takesValue { words.append(value) }
    }
    return QuizlineCommand.runREPL(args, env, firstLine: { catalog in
      let verb = catalog.bank(id) == nil && catalog.session(id) != nil ? "quiz" : "start"
      return ([verb] + words.map(quoteWord)).joined(separator: " ")
    }, leaveAfterRun: true)
  }
}

/// A word quoted for the REPL's tokenizer when it has spaces.
func quoteWord(_ w: String) -> String {
  w.contains(" ") || w.isEmpty ? "\"" + w + "\"" : w
}
