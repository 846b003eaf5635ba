import QuizlineCore
import QuizlineFormats

/// One subcommand of `quizline`, declared once for parsing, help and completion.
struct CommandSpec: CommandDescribing {
  public var name: String
  public var aliases: [String] = []
  /// Positional arguments as shown in usage (`[PATH...]`, `BANK`).
  public var arguments: String
  public var abstract: String
  /// Longer explanation shown by `quizline help NAME`.
  var discussion: String
  public var options: [OptionSpec]
  public var minPositionals: Int
  /// nil means unlimited.
  public var maxPositionals: Int?
  /// What positional arguments complete to in shell scripts (`bank`, `session`, `file`, …).
  var positionalCompletion: PositionalCompletion
  /// Words starting with one `-` are positionals (negated search terms), not options.
  var takesDashedWords = false
  public var run: @Sendable (ParsedArguments, CommandEnvironment) -> ExitCode

  init(
    name: String, arguments: String = "", abstract: String, discussion: String = "", options: [OptionSpec] = [],
    positionals: ClosedRange<Int> = 0...0, unlimited: Bool = false, completes: PositionalCompletion = .none,
    run: @escaping @Sendable (ParsedArguments, CommandEnvironment) -> ExitCode
  ) {
    self.name = name
    self.arguments = arguments
    self.abstract = abstract
    self.discussion = discussion
    self.options = options
    self.minPositionals = positionals.lowerBound
    self.maxPositionals = unlimited ? nil : positionals.upperBound
    self.positionalCompletion = completes
    self.run = run
  }

  public var usage: String {
    var parts = ["quizline", name]
    if !options.isEmpty { parts.append("[options]") }
    if !arguments.isEmpty { parts.append(arguments) }
    return parts.joined(separator: " ")
  }
}

/// What a command's positional arguments are, for completion.
enum PositionalCompletion: Sendable, Equatable {
  case none, bank, session, bankOrSession, file, command, shell, format
}
