/// Where a REPL command can be used.
public enum ReplContext: Sendable, Equatable {
  /// At the main prompt.
  case home
  /// While answering a quiz.
  case quiz
}

/// What a command's arguments complete to at the REPL prompt.
public enum ReplCompletion: Sendable, Equatable {
  case none, bank, session, bankOrSession, command, format, file, tag, setting
}

/// One REPL command, declared once: parsing, `help` and TAB completion come from this table.
public struct ReplCommandSpec: CommandDescribing {
  public var name: String
  public var aliases: [String]
  public var arguments: String
  public var abstract: String
  public var options: [OptionSpec]
  public var minPositionals: Int
  public var maxPositionals: Int?
  public var completes: ReplCompletion
  public var contexts: [ReplContext]

  public init(
    _ name: String, aliases: [String] = [], arguments: String = "", abstract: String, options: [OptionSpec] = [],
    positionals: ClosedRange<Int> = 0...0, unlimited: Bool = false, completes: ReplCompletion = .none,
    contexts: [ReplContext] = [.home]
  ) {
    self.name = name
    self.aliases = aliases
    self.arguments = arguments
    self.abstract = abstract
    self.options = options
    self.minPositionals = positionals.lowerBound
    self.maxPositionals = unlimited ? nil : positionals.upperBound
    self.completes = completes
    self.contexts = contexts
  }

  public var usage: String { ([name] + (options.isEmpty ? [] : ["[options]"]) + (arguments.isEmpty ? [] : [arguments])).joined(separator: " ") }
}

/// The table of REPL commands.
public enum ReplCommands {
  public static let startOptions: [OptionSpec] = [
    OptionSpec("count", value: "N", help: "ask at most N questions"),
    OptionSpec("tags", value: "T,...", help: "only questions with one of these tags"),
    OptionSpec("shuffle", help: "ask in a random order"),
    OptionSpec("seed", value: "S", help: "seed for --shuffle, to repeat an order exactly"),
    OptionSpec("only-missed", help: "only questions whose last answer was not right"),
    OptionSpec("only-flagged", help: "only flagged questions"),
    OptionSpec("certainty", help: "certainty-based marking: say how sure you are (1-3) after each answer"),
  ]

  public static let all: [ReplCommandSpec] = [
    ReplCommandSpec("help", aliases: ["?"], arguments: "[COMMAND]", abstract: "show commands, or help for one", positionals: 0...1, completes: .command, contexts: [.home, .quiz]),
    ReplCommandSpec("list", aliases: ["ls"], abstract: "banks, study sessions and courses with completion and scores"),
    ReplCommandSpec("search", arguments: "TEXT", abstract: "find questions and sessions containing TEXT", positionals: 1...1, unlimited: true),
    ReplCommandSpec("read", aliases: ["open"], arguments: "SESSION", abstract: "read a study session", positionals: 1...1, completes: .session),
    ReplCommandSpec("next", abstract: "read the next study session not completed yet"),
    ReplCommandSpec("complete", arguments: "[SESSION]", abstract: "mark a session complete (default: the one just read)", positionals: 0...1, completes: .session),
    ReplCommandSpec("reopen", arguments: "[SESSION]", abstract: "mark a completed session as not completed", positionals: 0...1, completes: .session),
    ReplCommandSpec("start", arguments: "BANK", abstract: "take a quiz on a bank", options: startOptions, positionals: 1...1, completes: .bank),
    ReplCommandSpec("quiz", arguments: "[SESSION]", abstract: "take a session's checkpoint quiz (default: the one just read)", options: [startOptions[2], startOptions[3], startOptions[6]], positionals: 0...1, completes: .session),
    ReplCommandSpec("resume", abstract: "continue the unfinished quiz"),
    ReplCommandSpec(
      "review", arguments: "[BANK]", abstract: "review the cards that are due (all banks, or one), then new ones",
      options: [
        OptionSpec("all", help: "every bank (the default without BANK)"),
        OptionSpec("limit", value: "N", help: "at most N cards"),
        startOptions[6],
      ], positionals: 0...1, completes: .bank),
    ReplCommandSpec(
      "cram", arguments: "[BANK]", abstract: "practise without moving the schedule (a bank, or --tags)",
      options: [startOptions[1], startOptions[0]], positionals: 0...1, completes: .bank),
    ReplCommandSpec("forecast", abstract: "cards due in each of the next 14 days"),
    ReplCommandSpec("reset", arguments: "BANK|SESSION", abstract: "clear scheduling and scores (asks first; undo restores)", positionals: 1...1, completes: .bankOrSession),
    ReplCommandSpec("config", arguments: "[KEY [VALUE]]", abstract: "show or change study settings (retention, steps, fuzz, ...)", positionals: 0...2, completes: .setting),
    ReplCommandSpec("retry", abstract: "practise the questions missed in the last quiz"),
    ReplCommandSpec("status", abstract: "a one-screen summary of your progress", contexts: [.home, .quiz]),
    ReplCommandSpec("progress", abstract: "your progress at a glance: completion, scores, streak, weak tags, activity"),
    ReplCommandSpec(
      "export", arguments: "FORMAT [PATH]", abstract: "write a progress report (md, json, csv or html) to a file",
      options: [
        OptionSpec("force", help: "replace PATH if it exists"),
        OptionSpec("since", value: "DATE", help: "only answers and quizzes from DATE (YYYY-MM-DD, UTC) on"),
      ], positionals: 1...2, completes: .format),
    ReplCommandSpec("undo", abstract: "take back the last answer, grade or completion", contexts: [.home, .quiz]),
    ReplCommandSpec("skip", abstract: "skip this question", contexts: [.quiz]),
    ReplCommandSpec("hint", abstract: "show the question's hint", contexts: [.quiz]),
    ReplCommandSpec("flag", abstract: "flag this question for later (again to unflag)", contexts: [.quiz]),
    ReplCommandSpec("back", abstract: "show the previous question's feedback again", contexts: [.quiz]),
    ReplCommandSpec("end", abstract: "finish the quiz now", contexts: [.quiz]),
    ReplCommandSpec("quit", aliases: ["exit"], abstract: "leave quizline (an unfinished quiz can be resumed)", contexts: [.home, .quiz]),
  ]

  public static func commands(in context: ReplContext) -> [ReplCommandSpec] { all.filter { $0.contexts.contains(context) } }

  public static func parser(for context: ReplContext) -> ArgumentParser<ReplCommandSpec> {
    ArgumentParser(globalOptions: [], commands: commands(in: context), helpHint: nil)
  }

  /// Splits a line into words; `"…"` or `'…'` keep spaces inside one word.
  public static func tokenize(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for ch in line {
      if let q = quote {
        if ch == q { quote = nil } else { current.append(ch) }
      } else if ch == "\"" || ch == "'" {
        quote = ch
        inWord = true
      } else if ch == " " || ch == "\t" {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(ch)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }
}
