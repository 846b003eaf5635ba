import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// Paths of the repository and its fixtures.
enum Fixtures {
  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
  static let catalog = repositoryRoot + "/Tests/Fixtures/catalog"
  static let malformed = repositoryRoot + "/Tests/Fixtures/malformed"
}

/// What an in-process or out-of-process run printed and returned.
struct RunResult {
  var stdout: String
  var stderr: String
  var status: Int32
}

/// Runs the command line in-process with buffers for output.
func runInProcess(_ arguments: [String], variables: [String: String] = [:], width: Int = 80) -> RunResult {
  let out = BufferSink()
  let err = BufferSink()
  let env = CommandEnvironment(stdout: out, stderr: err, variables: variables, width: width)
  let status = QuizlineCommand.run(arguments: arguments, environment: env)
  return RunResult(stdout: out.text, stderr: err.text, status: status.rawValue)
}

/// The built `quizline` executable next to the test bundle.
var quizlineExecutable: String {
  let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for candidate in [bundleDir, bundleDir.deletingLastPathComponent()] {
    let path = candidate.appendingPathComponent("quizline").path
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return Fixtures.repositoryRoot + "/.build/debug/quizline"
}

/// The environment the real binary runs in: the test's own, 80 columns, and a device identity kept
/// in a folder of this test run (never the user's `~/.local/state/quizline`).
func binaryEnvironment() -> [String: String] {
  var env = ProcessInfo.processInfo.environment
  env["COLUMNS"] = "80"
  env["XDG_STATE_HOME"] = testStateHome
  return env
}

/// One state folder (device identity) for every binary this test process runs.
let testStateHome: String = {
  let path = NSTemporaryDirectory() + "quizline-test-state-\(ProcessInfo.processInfo.processIdentifier)"
  try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}()

/// Runs the real binary with piped standard input; returns its output and exit status.
func runBinary(
  _ arguments: [String], input: String = "", environment: [String: String] = [:], directory: String? = nil
) throws -> RunResult {
  var env = binaryEnvironment()
  for (k, v) in environment { env[k] = v }
  return try runProcess(quizlineExecutable, arguments, input: input, environment: env, directory: directory)
}

/// Runs `executable` with `arguments`, writes `input` to its standard input, and returns what it
/// printed and its exit status (`environment` nil keeps the test's own).
func runProcess(
  _ executable: String, _ arguments: [String], input: String = "", environment: [String: String]? = nil,
  directory: String? = nil
) throws -> RunResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  if let environment { process.environment = environment }
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  let stdin = Pipe()
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardInput = stdin
  process.standardOutput = stdout
  process.standardError = stderr
  try process.run()
  stdin.fileHandleForWriting.write(Data(input.utf8))
  try stdin.fileHandleForWriting.close()
  let outData = stdout.fileHandleForReading.readDataToEndOfFile()
  let errData = stderr.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return RunResult(
    stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
    status: process.terminationStatus)
}

func temporaryDirectory() throws -> String {
  let path = NSTemporaryDirectory() + "quizline-cli-tests-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Debian's chromium, installed by scripts/ensure-deps.sh when missing (the HTML reports are looked
/// at in a real headless browser); the test fails, naming the package, when it cannot be installed.
func requireChromium() throws {
  let deps = Process()
  deps.executableURL = URL(fileURLWithPath: Fixtures.repositoryRoot + "/scripts/ensure-deps.sh")
  deps.arguments = ["chromium"]
  try deps.run()
  deps.waitUntilExit()
  try #require(
    deps.terminationStatus == 0,
    "chromium is needed to render the report and could not be installed (apt-get install -y chromium)")
}
