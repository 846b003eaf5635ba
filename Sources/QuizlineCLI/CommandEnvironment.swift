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
  /// Reads one answer line from standard input (a confirmation); nil at end of input.
  var readLine: @Sendable () -> String? = { Swift.readLine(strippingNewline: true) }

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
  /// The quizzes folders named with `--quizzes` (any number of times) or `QUIZLINE_QUIZZES`
  /// (`:`-separated), in order; the default is the shipped `Quizzes`.
  var quizzesDirectories = ["Quizzes"]
  /// The learner's own folder: loaded after the default folder when it exists (not when folders
  /// are named), and where `import` writes unless told otherwise (`--out`).
  var userQuizzesDirectory = GlobalSettings.defaultUserQuizzes
  /// Whether ``userQuizzesDirectory`` is added to the folders loaded (only when none was named).
  var loadsUserQuizzes = true
  static let defaultUserQuizzes = "MyQuizzes"

  /// The first quizzes folder; setting it names that one folder alone.
  var quizzesDirectory: String {
    get { quizzesDirectories.first ?? "Quizzes" }
    set {
      quizzesDirectories = [newValue]
      loadsUserQuizzes = false
    }
  }
  public var progressDirectory = "Progress"
  public var profile = "default"
  /// Plain ASCII, no colour (`--plain`, `NO_COLOR`, or output that is not a terminal).
  public var plain = true
  public var color = false
  /// The clock override (`--now` / `QUIZLINE_NOW`), for trying schedules and for tests.
  public var now: Timestamp?
  /// Open the profile without its lock and without recording anything (`--read-only`).
  public var readOnly = false
  /// This device's readable name (`--device`, `QUIZLINE_DEVICE`): the profile keeps per-device logs.
  var device: String?

  init() {}
}
