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
  /// A card search: `is:` values, banks after `bank:`, tags after `tag:`.
  case cardQuery
  /// A bank, a session, or a question as `bank/question` (`edit`).
  case editable
  /// A question as `bank/question`: banks first (`bank/`), then their questions.
  case card
}

/// One REPL command, declared once: parsing, decoding into a typed ``ReplCommand``, `help`, TAB
/// completion and whether it records progress come from this table.
public struct ReplCommandSpec: CommandDescribing {
  public var name: String
  public var aliases: [String]
  public var arguments: String
  public var abstract: String
  public var options: [OptionSpec]
  public var minPositionals: Int
  public var maxPositionals: Int?
  public var completes: ReplCompletion
  var contexts: [ReplContext]
  /// Whether the command's purpose is to record something (refused on a read-only profile).
  var recordsProgress: Bool
  /// Words starting with `-` are its arguments (negated search terms), not options.
  public var takesDashedWords: Bool
  /// Lines `help COMMAND` shows after the options (a search syntax).
  public var details: [String]
  /// The typed command for arguments the parser accepted against this entry.
  public var decode: @Sendable (ParsedArguments) -> ReplCommand

  init(
    _ name: String, aliases: [String] = [], arguments: String = "", abstract: String, options: [OptionSpec] = [],
    positionals: ClosedRange<Int> = 0...0, unlimited: Bool = false, completes: ReplCompletion = .none,
    contexts: [ReplContext] = [.home], recordsProgress: Bool = false, takesDashedWords: Bool = false,
    details: [String] = [], decode: @escaping @Sendable (ParsedArguments) -> ReplCommand
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
    self.recordsProgress = recordsProgress
    self.takesDashedWords = takesDashedWords
    self.details = details
    self.decode = decode
  }

  public var usage: String {
    ([name] + (options.isEmpty ? [] : ["[options]"]) + (arguments.isEmpty ? [] : [arguments])).joined(separator: " ")
  }
}

/// The table of REPL commands.
public enum ReplCommands {
  /// The options of `start` and `quizline quiz`; `quiz`, `review` and `cram` take some of them.
  enum RunOption {
    public static let count = OptionSpec("count", value: "N", help: "ask at most N questions")
    public static let tags = OptionSpec("tags", value: "T,...", help: "only questions with one of these tags")
    public static let shuffle = OptionSpec("shuffle", help: "ask in a random order")
    public static let seed = OptionSpec("seed", value: "S", help: "seed for --shuffle, to repeat an order exactly")
    static let onlyMissed = OptionSpec("only-missed", help: "only questions whose last answer was not right")
    static let onlyFlagged = OptionSpec("only-flagged", help: "only flagged questions")
    public static let certainty = OptionSpec(
      "certainty", help: "certainty-based marking: say how sure you are (1-3) after each answer")
  }

  public static let startOptions: [OptionSpec] = [
    RunOption.count, RunOption.tags, RunOption.shuffle, RunOption.seed, RunOption.onlyMissed, RunOption.onlyFlagged,
    RunOption.certainty,
  ]
  /// What a session's checkpoint quiz accepts: it is always asked whole.
  public static let checkpointOptions: [OptionSpec] = [RunOption.shuffle, RunOption.seed, RunOption.certainty]

  /// A bulk card action's entry: `NAME [QUERY|CARD]`, `reschedule [QUERY|CARD] DAYS`.
  static func cardChange(_ action: CardAction, _ abstract: String) -> ReplCommandSpec {
    let days = action.name == "reschedule"
    return ReplCommandSpec(
      action.name, arguments: days ? "[QUERY|BANK/QUESTION] DAYS" : "[QUERY|BANK/QUESTION]",
      abstract: abstract + " (a search, one card, or the last one answered)", positionals: days ? 1...1 : 0...1,
      unlimited: true, completes: .cardQuery, recordsProgress: true, takesDashedWords: true,
      details: CardQueryParser.syntaxHelp
    ) { arguments in
      var words = arguments.positionals
      guard days, let last = words.popLast() else {
        return .changeCards(.valid(action), target: CardQueryParser.joining(words))
      }
      let request: OptionValue<CardAction> =
        Int(last).flatMap { CardAction.rescheduleDays.contains($0) ? .valid(.reschedule(days: $0)) : nil }
        ?? .invalid(last)
      return .changeCards(request, target: CardQueryParser.joining(words))
    }
  }

  /// What `help play` says after the usage: which players, which types, autoplay.
  static let soundDetails =
    [
      "Sounds ([sound:FILE] in a card) play one after another in the background; the",
      "prompt stays. The player is the first on PATH that plays the file's type:",
    ] + SoundPlayerProgram.helpLines + [
      "A new card's sounds stop the ones still playing. config autoplay on plays a",
      "card's sounds when it is shown, and its back's when revealed.",
      "In a quiz, play and open alone are commands; =play answers with the word.",
    ]

  /// `cards --sort KEY`.
  public static let cardSort = OptionSpec(
    "sort", value: "KEY", help: "order: due (the default), difficulty, retrievability, lapses or added (file order)",
    choices: CardSort.allCases.map(\.rawValue))

  public static let all: [ReplCommandSpec] = [
    ReplCommandSpec(
      "help", aliases: ["?"], arguments: "[COMMAND]", abstract: "show commands, or help for one", positionals: 0...1,
      completes: .command, contexts: [.home, .quiz]
    ) {
      .help(topic: $0.positionals.first)
    },
    ReplCommandSpec("list", aliases: ["ls"], abstract: "banks, study sessions and courses with completion and scores") {
      _ in .list
    },
    ReplCommandSpec(
      "search", arguments: "TEXT", abstract: "find questions and sessions containing TEXT", positionals: 1...1,
      unlimited: true
    ) {
      .search(query: $0.positionals.joined(separator: " "))
    },
    ReplCommandSpec(
      "read", arguments: "SESSION [SECTION]",
      abstract: "read a study session, or one section of it (1, 2, ...)", positionals: 1...2, completes: .session
    ) {
      .read(session: $0.positionals[0], section: $0.positionals.count > 1 ? $0.positionals[1] : nil)
    },
    ReplCommandSpec("next", abstract: "read the next study session not completed yet") { _ in .next },
    ReplCommandSpec(
      "complete", arguments: "[SESSION]", abstract: "mark a session complete (default: the one just read)",
      positionals: 0...1, completes: .session, recordsProgress: true
    ) {
      .complete(session: $0.positionals.first)
    },
    ReplCommandSpec(
      "reopen", arguments: "[SESSION]", abstract: "mark a completed session as not completed", positionals: 0...1,
      completes: .session, recordsProgress: true
    ) {
      .reopenSession(session: $0.positionals.first)
    },
    ReplCommandSpec(
      "start", arguments: "BANK", abstract: "take a quiz on a bank", options: startOptions, positionals: 1...1,
      completes: .bank, recordsProgress: true
    ) {
      .start(bank: $0.positionals[0], RunOptions($0))
    },
    ReplCommandSpec(
      "quiz", arguments: "[SESSION]", abstract: "take a session's checkpoint quiz (default: the one just read)",
      options: checkpointOptions, positionals: 0...1, completes: .session, recordsProgress: true
    ) {
      .quiz(session: $0.positionals.first, RunOptions($0))
    },
    ReplCommandSpec("resume", abstract: "continue the unfinished quiz", recordsProgress: true) { _ in .resume },
    ReplCommandSpec(
      "review", arguments: "[BANK]", abstract: "review the cards that are due (all banks, or one), then new ones",
      options: [
        OptionSpec("all", help: "every bank (the default without BANK)"),
        OptionSpec("limit", value: "N", help: "at most N cards"),
        OptionSpec(
          "query", value: "QUERY",
          help: "custom study: the cards a search finds, due or not (help cards shows the syntax)"),
        RunOption.certainty,
      ], positionals: 0...1, completes: .bank, recordsProgress: true
    ) {
      .review(
        bank: $0.positionals.first, all: $0.flag("all"), limit: $0.value("limit").map(OptionValue.positiveInteger),
        certainty: $0.flag(RunOption.certainty.name), query: $0.value("query"))
    },
    ReplCommandSpec(
      "cram", arguments: "[BANK]", abstract: "practise without moving the schedule (a bank, or --tags)",
      options: [RunOption.tags, RunOption.count], positionals: 0...1, completes: .bank, recordsProgress: true
    ) {
      .cram(bank: $0.positionals.first, RunOptions($0))
    },
    ReplCommandSpec(
      "cards", arguments: "[QUERY]", abstract: "list the cards a search finds, with their schedule and memory",
      options: [cardSort], positionals: 0...1, unlimited: true, completes: .cardQuery, takesDashedWords: true,
      details: CardQueryParser.syntaxHelp
    ) {
      .cards(
        query: CardQueryParser.joining($0.positionals), sort: $0.value(cardSort.name).flatMap(CardSort.init) ?? .due)
    },
    cardChange(.suspend, "never schedule these cards until unsuspended"),
    cardChange(.unsuspend, "schedule suspended cards again"),
    cardChange(.bury, "set cards aside until tomorrow"),
    cardChange(.unbury, "bring buried cards back today"),
    cardChange(.forget, "make cards new again (their answers and counts are kept)"),
    cardChange(.reschedule(days: 0), "set the day cards are due: DAYS from today (0 = today)"),
    ReplCommandSpec("forecast", abstract: "cards due in each of the next 14 days") { _ in .forecast },
    ReplCommandSpec(
      "reset", arguments: "BANK|SESSION", abstract: "clear scheduling and scores (asks first; undo restores)",
      positionals: 1...1, completes: .bankOrSession, recordsProgress: true
    ) {
      .reset(target: $0.positionals[0])
    },
    ReplCommandSpec(
      "config", arguments: "[KEY [VALUE]]", abstract: "show or change study settings (retention, steps, fuzz, ...)",
      positionals: 0...8, completes: .setting, recordsProgress: true
    ) {
      // Several words make one value: config easy-days sun=0 sat=0.5
      .config(
        key: $0.positionals.first,
        value: $0.positionals.count > 1 ? $0.positionals.dropFirst().joined(separator: " ") : nil)
    },
    ReplCommandSpec("retry", abstract: "practise the questions missed in the last quiz", recordsProgress: true) { _ in
      .retry
    },
    ReplCommandSpec("status", abstract: "a one-screen summary of your progress", contexts: [.home, .quiz]) { _ in
      .status
    },
    ReplCommandSpec("progress", abstract: "your progress at a glance: completion, scores, streak, weak tags, activity")
    { _ in .progress },
    ReplCommandSpec(
      "export", arguments: "FORMAT [PATH]", abstract: "write a progress report (md, json, csv or html) to a file",
      options: [
        OptionSpec("force", help: "replace PATH if it exists"),
        OptionSpec("since", value: "DATE", help: "only answers and quizzes from DATE (YYYY-MM-DD, UTC) on"),
      ], positionals: 1...2, completes: .format
    ) {
      .export(
        format: $0.positionals[0], path: $0.positionals.count > 1 ? $0.positionals[1] : nil, force: $0.flag("force"),
        since: $0.value("since"))
    },
    ReplCommandSpec(
      "optimize", abstract: "fit the scheduler to your reviews (adopted when it predicts better)",
      options: [OptionSpec("dry-run", help: "only show how the fitted parameters compare")]
    ) { .optimize(dryRun: $0.flag("dry-run")) },
    ReplCommandSpec(
      "undo", abstract: "take back the last answer, grade, completion, reset or setting change",
      contexts: [.home, .quiz],
      recordsProgress: true
    ) { _ in .undo },
    ReplCommandSpec(
      "override", aliases: ["!"], abstract: "I was right: count the last answer, graded wrong, as right",
      contexts: [.home, .quiz], recordsProgress: true
    ) { _ in .override },
    ReplCommandSpec(
      "again", abstract: "show the current question again (Enter on an empty answer line does too)",
      contexts: [.home, .quiz]
    ) { _ in .again },
    ReplCommandSpec(
      "edit", arguments: "[TARGET]",
      abstract:
        "open a bank, session or question (BANK/QUESTION) in your editor; in a quiz, the current question",
      positionals: 0...1, completes: .editable, contexts: [.home, .quiz]
    ) {
      .edit(target: $0.positionals.first)
    },
    ReplCommandSpec(
      "info", arguments: "[BANK/QUESTION]",
      abstract: "a card's schedule and whole review log (default: the question on screen, or answered last)",
      positionals: 0...1, completes: .card, contexts: [.home, .quiz]
    ) {
      .info(card: $0.positionals.first)
    },
    ReplCommandSpec(
      "play", arguments: "[BANK/QUESTION]",
      abstract:
        "play a card's sounds: the question on screen (its back and explanation once shown), else the one answered last",
      positionals: 0...1, completes: .card, contexts: [.home, .quiz], details: soundDetails
    ) {
      .play(card: $0.positionals.first)
    },
    ReplCommandSpec(
      "open", arguments: "[BANK/QUESTION]",
      abstract: "show a card's images and sounds in the system's viewer (the card as for play)",
      positionals: 0...1, completes: .card, contexts: [.home, .quiz],
      details: [
        "Opens each file with xdg-open (Linux) or open (macOS), in the background.",
        "Without a graphical display (over ssh), it prints the files' paths instead.",
        "In a quiz, play and open alone are commands; =play answers with the word.",
      ]
    ) {
      .openMedia(card: $0.positionals.first)
    },
    ReplCommandSpec("reload", abstract: "read the quizzes folders again and say what changed") { _ in .reload },
    ReplCommandSpec(
      "add", arguments: "[BANK]", abstract: "write a new card into a Markdown bank of yours (MyQuizzes/BANK.md)",
      positionals: 0...1, completes: .bank
    ) {
      .add(bank: $0.positionals.first)
    },
    ReplCommandSpec("clear", abstract: "clear the screen", contexts: [.home, .quiz]) { _ in .clear },
    ReplCommandSpec("sync", abstract: "share this device's progress through git") { _ in .sync },
    ReplCommandSpec("skip", abstract: "skip this question", contexts: [.quiz]) { _ in .skip },
    ReplCommandSpec("hint", abstract: "show the question's hint", contexts: [.quiz]) { _ in .hint },
    ReplCommandSpec("flag", abstract: "flag this question for later (again to unflag)", contexts: [.quiz]) { _ in .flag
    },
    ReplCommandSpec("back", abstract: "show the previous question's feedback again", contexts: [.quiz]) { _ in .back },
    ReplCommandSpec("end", abstract: "finish the quiz now", contexts: [.quiz]) { _ in .end },
    ReplCommandSpec(
      "quit", aliases: ["exit"], abstract: "leave quizline (an unfinished quiz can be resumed)",
      contexts: [.home, .quiz]
    ) { _ in .quit },
  ]

  /// The table entry and the typed command for a line of words, checked against the commands of
  /// `context`; nil for a line without a command.
  public static func decode(_ words: [String], in context: ReplContext) throws(UsageError) -> (
    ReplCommandSpec, ReplCommand
  )? {
    let parser = parser(for: context)
    let arguments = try parser.parse(words)
    guard let name = arguments.command, let spec = parser.command(named: name) else { return nil }
    return (spec, spec.decode(arguments))
  }

  public static func commands(in context: ReplContext) -> [ReplCommandSpec] {
    all.filter { $0.contexts.contains(context) }
  }

  public static func parser(for context: ReplContext) -> ArgumentParser<ReplCommandSpec> {
    ArgumentParser(globalOptions: [], commands: commands(in: context), helpHint: nil)
  }

  /// Splits a line into words; `"…"` or `'…'` keep spaces inside one word.
  static func tokenize(_ line: String) -> [String] {
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
