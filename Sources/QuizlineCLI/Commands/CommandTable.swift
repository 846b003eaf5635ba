import QuizlineCore

/// The single table of options and commands: parsing, `--help`, `help NAME` and shell completion
/// scripts are all generated from it, so they cannot drift apart.
enum CommandTable {
  public static let version = "0.1.0"

  public static let globalOptions: [OptionSpec] = [
    OptionSpec(
      "quizzes", value: "DIR",
      help:
        "folder of banks, sessions and courses; give it more than once for several (env: a:b) (default: Quizzes, and MyQuizzes when it exists)",
      environment: "QUIZLINE_QUIZZES", repeatable: true),
    OptionSpec(
      "progress", value: "DIR", help: "folder where progress is kept (default: Progress)",
      environment: "QUIZLINE_PROGRESS"),
    OptionSpec(
      "profile", value: "NAME", help: "whose progress to use (default: default)", environment: "QUIZLINE_PROFILE"),
    OptionSpec(
      "device", value: "NAME",
      help: "this device's name in a profile shared by several devices (per-device logs; see `quizline sync`)",
      environment: "QUIZLINE_DEVICE"),
    OptionSpec("read-only", help: "open the profile without saving anything (works while another quizline uses it)"),
    OptionSpec(
      "plain", help: "plain ASCII output without colour (also when output is not a terminal; NO_COLOR turns colour off)"
    ),
    OptionSpec(
      "now", value: "TIME", help: "pretend the time is TIME (ISO-8601, e.g. 2026-12-02T09:00Z)",
      environment: "QUIZLINE_NOW"),
    OptionSpec("help", short: "h", help: "show help"),
    OptionSpec("version", help: "show the version"),
  ]

  /// Every command, in the order `--help` lists them.
  public static var commands: [CommandSpec] { baseCommands + extraCommands }

  static let baseCommands: [CommandSpec] = [
    ListCommand.spec,
    StatusCommand.spec,
    SessionCommands.read,
    SessionCommands.quiz,
    CheckCommand.spec,
    CompletionsCommand.spec,
    HelpCommand.spec,
  ]

  /// Commands contributed by other files (each feature registers its own spec here).
  static let extraCommands: [CommandSpec] = [
    ImportCommand.spec, ExportAnkiCommand.spec, ReportCommand.spec, BackupCommands.list, BackupCommands.restore,
    SyncCommand.spec,
    OptimizeCommand.spec, SimulateCommand.spec,
    ReplShortcutCommands.review, ReplShortcutCommands.cards, ReplShortcutCommands.forecast,
    ReplShortcutCommands.progress, ReplShortcutCommands.info,
    NewCommand.spec,
    ConvertCommand.spec,
    ExportXapiCommand.spec, XapiPushCommand.spec,
  ]

  public static var parser: ArgumentParser<CommandSpec> {
    ArgumentParser(globalOptions: globalOptions, commands: commands)
  }
}
