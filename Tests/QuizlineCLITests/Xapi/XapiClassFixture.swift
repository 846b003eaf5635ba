import Foundation
import Testing

@testable import QuizlineCLI

/// A small class for the xAPI tests: profiles answering the fixture catalog's ten question types
/// through the real binary, one completing a session and taking its checkpoint quiz.
struct XapiClassFixture {
  let progress: String

  /// Every question type once, the checkpoint of intro, and the layout session completed.
  static let fullScript =
    "read intro\nstart sample --count 10\nb\na,c\ntrue\nzstack\n2\n1b 2a 3d\nc b a\nmodifier | padding\n\ngood\n"
    + "One owner; views derive from it.\n\ngood\nquiz intro\nb\na,c\ntrue\nzstack\n2\ncomplete layout\n"
  /// The checkpoint of intro failed (1 of 5 right).
  static let failScript = "read intro\nquiz intro\nb\nb\nfalse\nvstack\n9\n"
  static let shortScript = "start sample --count 3\nb\nc\nfalse\n"

  /// Profiles by name, each with its script.
  init(_ profiles: [(String, String)]) throws {
    progress = try temporaryDirectory()
    for (name, script) in profiles { try answer(name, script) }
  }

  func answer(_ profile: String, _ script: String) throws {
    let run = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", progress, "--profile", profile], input: script + "quit\n")
    #expect(run.status == 0, "profile \(profile): \(run.stderr)")
  }

  /// The `answered` events of a profile's journals (the fixture's scripts undo nothing).
  func answerCount(_ profile: String) throws -> Int {
    try profileLogFiles(progress + "/" + profile).map { try String(contentsOfFile: $0, encoding: .utf8) }
      .joined().components(separatedBy: "\"type\":\"answered\"").count - 1
  }

  var arguments: [String] { ["--quizzes", Fixtures.catalog, "--progress", progress] }

  /// Every file below the progress folder, as text.
  func allFiles() -> String {
    let all = (FileManager.default.enumerator(atPath: progress)?.allObjects as? [String]) ?? []
    return all.compactMap { try? String(contentsOfFile: progress + "/" + $0, encoding: .utf8) }.joined()
  }

  /// `xapi push` in-process against `lrs` (this test run's device identity, as the binary's).
  func push(_ more: [String], lrs: FakeLRS, variables: [String: String] = [:]) throws -> RunResult {
    let out = BufferSink()
    let err = BufferSink()
    var env = CommandEnvironment(
      stdout: out, stderr: err, variables: variables.merging(["XDG_STATE_HOME": testStateHome]) { a, _ in a })
    let parsed = try CommandTable.parser.parse(arguments + ["xapi", "push"] + more)
    env.settings = try QuizlineCommand.resolveSettings(parsed, env)
    let code = XapiPushCommand.run(parsed, env, transport: lrs, sleeper: RecordingSleeper())
    return RunResult(stdout: out.text, stderr: err.text, status: code.rawValue)
  }
}
