import QuizlineCore

/// `quizline help [COMMAND]` and the text behind `--help`.
enum HelpCommand {
  static let spec = CommandSpec(
    name: "help", arguments: "[COMMAND]", abstract: "Show help for quizline or for one command",
    positionals: 0...1, completes: .command
  ) { args, env in
    guard let name = args.positionals.first else {
      env.stdout.write(HelpGenerator.overview(width: env.width))
      return .ok
    }
    guard let spec = CommandTable.parser.command(named: name) else {
      var message = "quizline: unknown command '\(name)'"
      if let m = closestMatch(to: name, in: CommandTable.commands.map(\.name)) { message += "; did you mean '\(m)'?" }
      env.stderr.line(message)
      env.stderr.line("Run 'quizline --help' to see the commands.")
      return .usage
    }
    env.stdout.write(HelpGenerator.help(for: spec, width: env.width))
    return .ok
  }
}

/// Generates help and usage text from ``CommandTable``.
enum HelpGenerator {
  public static func overview(width: Int) -> String {
    var out = wrap("quizline \(CommandTable.version): a terminal quiz and study-session trainer", width: width) + "\n\n"
    out += wrap("Usage: quizline [options] [COMMAND] [ARGUMENTS]", width: width) + "\n\n"
    out +=
      wrap("With no command, quizline starts the interactive study prompt on the quizzes folder.", width: width)
      + "\n\n"
    out += "Commands:\n"
    out += table(
      CommandTable.commands.map { ($0.name + ($0.arguments.isEmpty ? "" : " " + $0.arguments), $0.abstract) },
      width: width)
    out += "\nOptions:\n"
    out += table(CommandTable.globalOptions.map { ($0.synopsis, optionHelp($0)) }, width: width)
    out += "\n" + wrap(exitStatusLine, width: width) + "\n"
    out += wrap("Run 'quizline help COMMAND' for a command's options and examples.", width: width) + "\n"
    return out
  }

  public static func help(for spec: CommandSpec, width: Int) -> String {
    var out = "Usage: \(spec.usage)\n\n" + wrap(spec.abstract + ".", width: width) + "\n"
    if !spec.discussion.isEmpty { out += "\n" + wrap(spec.discussion, width: width) + "\n" }
    if !spec.options.isEmpty {
      out += "\nOptions:\n" + table(spec.options.map { ($0.synopsis, optionHelp($0)) }, width: width)
    }
    out += "\nGlobal options:\n" + table(CommandTable.globalOptions.map { ($0.synopsis, optionHelp($0)) }, width: width)
    return out
  }

  /// The short usage shown after a command-line mistake.
  public static func usage(for command: String?) -> String {
    if let command, let spec = CommandTable.parser.command(named: command) {
      return "Usage: \(spec.usage)\nRun 'quizline help \(command)' for more."
    }
    return "Usage: quizline [options] [COMMAND] [ARGUMENTS]\nRun 'quizline --help' for the commands."
  }

  static let exitStatusLine =
    "Exit status: 0 ok, 64 usage error, 65 bad data in a file, 66 missing input, 73 output file exists, 74 I/O error, 75 profile in use."

  private static func optionHelp(_ o: OptionSpec) -> String {
    var s = o.help
    if !o.choices.isEmpty { s += " (\(o.choices.joined(separator: ", ")))" }
    if let env = o.environment { s += " [env \(env)]" }
    return s
  }

  private static func table(_ rows: [(String, String)], width: Int) -> String {
    let left = min(28, (rows.map(\.0.count).max() ?? 0) + 4)
    var out = ""
    for (name, text) in rows {
      let lines = TextWrap.lines(text, width: max(12, width - left))
      let head = "  " + name
      if head.count + 2 > left {
        out += head + "\n"
        for l in lines { out += String(repeating: " ", count: left) + l + "\n" }
      } else {
        for (k, l) in lines.enumerated() {
          out += (k == 0 ? TextWrap.pad(head, to: left) : String(repeating: " ", count: left)) + l + "\n"
        }
      }
    }
    return out
  }

  private static func wrap(_ text: String, width: Int) -> String { TextWrap.wrap(text, width: width) }
}
