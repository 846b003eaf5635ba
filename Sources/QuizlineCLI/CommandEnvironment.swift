import QuizlineCore
import QuizlineInterop
import QuizlineStorage

/// Everything a command may touch, passed in so commands run the same in-process (tests) and for real.
public struct CommandEnvironment: Sendable {
  var stdout: any TextSink
  public var stderr: any TextSink
  /// Environment variables (only the ones quizline reads matter).
  var variables: [String: String]
  /// Whether standard input and output are both terminals.
  var isInteractive: Bool
  /// Whether standard output is a terminal.
  var stdoutIsTerminal: Bool
  /// Terminal width in columns (`COLUMNS`, then the terminal, then 80).
  public var width: Int
  public var files: any FileSource
  /// Resolved global settings (filled in by ``QuizlineCommand`` from options and variables).
  var settings = GlobalSettings()

  init(
    stdout: any TextSink, stderr: any TextSink, variables: [String: String] = [:], isInteractive: Bool = false,
    stdoutIsTerminal: Bool = false, width: Int = 80, files: any FileSource = LocalFileSource()
  ) {
    self.stdout = stdout
    self.stderr = stderr
    self.variables = variables
    self.isInteractive = isInteractive
    self.stdoutIsTerminal = stdoutIsTerminal
    self.width = width
    self.files = files
  }
}

/// Options that apply to every command.
struct GlobalSettings: Sendable, Equatable {
  var quizzesDirectory = "Quizzes"
  public var progressDirectory = "Progress"
  public var profile = "default"
  /// Plain ASCII, no colour (`--plain`, `NO_COLOR`, or output that is not a terminal).
  public var plain = true
  public var color = false
  /// The clock override (`--now` / `QUIZLINE_NOW`), for trying schedules and for tests.
  public var now: Timestamp?
  /// Open the profile without its lock and without recording anything (`--read-only`).
  public var readOnly = false

  init() {}
}
