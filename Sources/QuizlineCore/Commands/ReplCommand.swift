/// A REPL command as the learner asked for it, decoded from a line by its entry in
/// ``ReplCommands/all`` (or sent directly, as `quizline read` and `quizline quiz` do).
///
/// Option values are checked while decoding: a value that is not what the option allows arrives as
/// ``OptionValue/invalid(_:)``, and the reducer says so in its place among the command's other checks.
public enum ReplCommand: Sendable, Equatable {
  case help(topic: String?)
  case list
  case search(query: String)
  case read(session: String, section: String? = nil)
  case next
  case complete(session: String?)
  case reopenSession(session: String?)
  case start(bank: String, RunOptions)
  case quiz(session: String?, RunOptions)
  case retry
  case resume
  /// `query`: a custom study of the cards a search finds, due or not (Anki's filtered deck).
  case review(bank: String?, all: Bool, limit: OptionValue<Int>?, certainty: Bool, query: String? = nil)
  case cram(bank: String?, RunOptions)
  case forecast
  /// `cards [QUERY] [--sort KEY]`: the card browser.
  case cards(query: String, sort: CardSort)
  /// `suspend`, `unsuspend`, `bury`, `unbury`, `forget`, `reschedule … DAYS`: the cards of a query
  /// or one `bank/question` (empty: the question answered last); a DAYS that is not a number of
  /// days arrives invalid (only `reschedule` has one).
  case changeCards(OptionValue<CardAction>, target: String)
  case reset(target: String)
  case config(key: String?, value: String?)
  case status
  case progress
  case export(format: String, path: String?, force: Bool, since: String?)
  /// Share this device's progress through git (`quizline sync`).
  case sync
  case undo
  /// Fit the scheduler's weights to the review history (`dryRun`: only show the health check).
  case optimize(dryRun: Bool)
  /// Overrule the mark of the last auto-graded answer: it counts as right.
  case override
  /// Open a bank, session or question (`bank/question`, or a question id found in one bank) in the
  /// learner's editor; nil: the current question of a quiz.
  case edit(target: String?)
  /// One card's state and whole review log (`bank/question`, or a question id found in one bank);
  /// nil: the question on screen in a quiz, else the one answered last.
  case info(card: String?)
  /// Read every quizzes folder again and say what changed.
  case reload
  /// Play a card's sounds (`bank/question`; nil: the card on screen in a quiz, else the one
  /// answered last).
  case play(card: String?)
  /// Show a card's images and sounds in the system's viewer (the card as for ``play(card:)``).
  case openMedia(card: String?)
  /// Write a new card, asked for step by step, into a Markdown bank of the learner's.
  case add(bank: String?)
  case again, clear
  case skip, hint, flag, back, end
  case quit

  /// The name of the command's entry in ``ReplCommands/all`` (tested to agree with the table).
  public var name: String {
    switch self {
    case .help: "help"
    case .list: "list"
    case .search: "search"
    case .read: "read"
    case .next: "next"
    case .complete: "complete"
    case .reopenSession: "reopen"
    case .start: "start"
    case .quiz: "quiz"
    case .retry: "retry"
    case .resume: "resume"
    case .review: "review"
    case .cram: "cram"
    case .forecast: "forecast"
    case .cards: "cards"
    case .changeCards(.valid(let action), _): action.name
    case .changeCards(.invalid, _): "reschedule"
    case .reset: "reset"
    case .config: "config"
    case .status: "status"
    case .progress: "progress"
    case .export: "export"
    case .sync: "sync"
    case .undo: "undo"
    case .optimize: "optimize"
    case .override: "override"
    case .edit: "edit"
    case .info: "info"
    case .reload: "reload"
    case .play: "play"
    case .openMedia: "open"
    case .add: "add"
    case .again: "again"
    case .clear: "clear"
    case .skip: "skip"
    case .hint: "hint"
    case .flag: "flag"
    case .back: "back"
    case .end: "end"
    case .quit: "quit"
    }
  }

  /// The command's entry in the table.
  public var spec: ReplCommandSpec {
    guard let spec = ReplCommands.all.first(where: { $0.name == name }) else {
      preconditionFailure("\(name) is not in ReplCommands.all")
    }
    return spec
  }
}

/// The options that choose and order a quiz's questions (`start`, `quiz`, `cram`).
public struct RunOptions: Sendable, Equatable {
  public var count: OptionValue<Int>?
  public var tags: String?
  public var shuffle = false
  public var seed: OptionValue<UInt64>?
  var onlyMissed = false
  var onlyFlagged = false
  public var certainty = false

  public init(
    count: OptionValue<Int>? = nil, tags: String? = nil, shuffle: Bool = false, seed: OptionValue<UInt64>? = nil,
    onlyMissed: Bool = false, onlyFlagged: Bool = false, certainty: Bool = false
  ) {
    self.count = count
    self.tags = tags
    self.shuffle = shuffle
    self.seed = seed
    self.onlyMissed = onlyMissed
    self.onlyFlagged = onlyFlagged
    self.certainty = certainty
  }

  /// The run options among parsed arguments (those the command does not declare are absent).
  public init(_ arguments: ParsedArguments) {
    typealias Option = ReplCommands.RunOption
    self.init(
      count: arguments.value(Option.count.name).map(OptionValue.positiveInteger),
      tags: arguments.value(Option.tags.name),
      shuffle: arguments.flag(Option.shuffle.name), seed: arguments.value(Option.seed.name).map(OptionValue.seed),
      onlyMissed: arguments.flag(Option.onlyMissed.name), onlyFlagged: arguments.flag(Option.onlyFlagged.name),
      certainty: arguments.flag(Option.certainty.name))
  }
}

/// An option's value after decoding: what it means, or the text that does not fit.
public enum OptionValue<Value: Sendable & Equatable>: Sendable, Equatable {
  case valid(Value)
  case invalid(String)
}

extension OptionValue where Value == Int {
  /// A whole number of at least 1 (`--count`, `--limit`).
  static func positiveInteger(_ text: String) -> Self {
    if let n = Int(text), n >= 1 { .valid(n) } else { .invalid(text) }
  }
}

extension OptionValue where Value == UInt64 {
  /// A shuffle seed: any whole number that fits 64 bits.
  static func seed(_ text: String) -> Self {
    UInt64(text).map { .valid($0) } ?? .invalid(text)
  }
}
