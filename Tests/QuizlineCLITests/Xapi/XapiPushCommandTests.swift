import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// `quizline xapi push` end to end against an LRS in memory: what is remembered, what a second
/// push sends, and that a password never shows up in output or files.
@Suite(.serialized) struct XapiPushCommandTests {
  static let url = "http://lrs.test/xAPI"
  static let password = "Secr3t-Zebra"

  @Test func aSecondPushSendsNothingAndALaterOneOnlyTheNewAnswers() throws {
    let fixture = try XapiClassFixture([("ada", XapiClassFixture.fullScript), ("bob", XapiClassFixture.shortScript)])
    let lrs = FakeLRS()
    let first = try fixture.push([Self.url, "--all-profiles", "--auth", "basic:teacher:" + Self.password], lrs: lrs)
    #expect(first.status == 0, "\(first.stderr)")
    // One request a profile (each has fewer statements than a batch).
    #expect(lrs.requests.count == 2)
    let exported = try runBinary(fixture.arguments + ["export", "xapi", "--all-profiles"])
    let exportedIDs = exported.stdout.split(separator: "\n").compactMap {
      try? JSONDocument.parse(Array($0.utf8)).root.member("id")?.string
    }
    #expect(lrs.stored.sorted() == exportedIDs.sorted())
    #expect(Set(lrs.stored).count == lrs.stored.count)
    // Every answer, the session completed twice (intro by its checkpoint, layout) and the checkpoint.
    #expect(exportedIDs.count == (try fixture.answerCount("ada")) + (try fixture.answerCount("bob")) + 3)

    let again = try fixture.push([Self.url, "--all-profiles", "--auth", "basic:teacher:" + Self.password], lrs: lrs)
    #expect(again.status == 0)
    #expect(lrs.requests.count == 2)
    #expect(again.stdout.contains("Sent 0 statements"))

    let before = try fixture.answerCount("bob")
    try fixture.answer("bob", XapiClassFixture.shortScript)
    let added = try fixture.answerCount("bob") - before
    #expect(added > 0)
    let later = try fixture.push([Self.url, "--all-profiles", "--auth", "basic:teacher:" + Self.password], lrs: lrs)
    #expect(later.status == 0)
    #expect(lrs.requests.count == 3)
    #expect(FakeLRS.ids(lrs.requests[2]).count == added, "\(later.stdout)")
    #expect(Set(lrs.stored).count == lrs.stored.count)
    #expect(!fixture.allFiles().contains(Self.password))
  }

  @Test func theSentStateIsPerLRSAndMatchesItsSchema() throws {
    let fixture = try XapiClassFixture([("ada", XapiClassFixture.shortScript)])
    let lrs = FakeLRS()
    #expect(try fixture.push([Self.url, "--profile", "ada"], lrs: lrs).status == 0)
    #expect(try fixture.push(["https://other.test/xAPI/", "--profile", "ada"], lrs: lrs).status == 0)
    #expect(lrs.requests.map(\.url) == [Self.url + "/statements", "https://other.test/xAPI/statements"])
    let states = profileStates(fixture.progress)
    #expect(states.count == 1)
    let check = try validateSchema("xapi-sent.schema.json", states)
    #expect(check.status == 0, "\(check.stdout)")
  }

  @Test func aWrongPasswordIsExit76QuotingTheLRSAndThePasswordIsNowhere() throws {
    let fixture = try XapiClassFixture([("ada", XapiClassFixture.shortScript)])
    let lrs = FakeLRS { _, _ in
      .response(status: 401, body: Array(#"{"detail":"Invalid authentication credentials"}"#.utf8))
    }
    let authFile = fixture.progress + "/../auth-\(UUID().uuidString)"
    try Data("teacher:\(Self.password)\n".utf8).write(to: URL(fileURLWithPath: authFile))
    for auth in [["--auth", "basic:teacher:" + Self.password], ["--auth-file", authFile], []] {
      let variables = auth.isEmpty ? ["QUIZLINE_XAPI_AUTH": "basic:teacher:" + Self.password] : [:]
      let run = try fixture.push([Self.url, "--profile", "ada"] + auth, lrs: lrs, variables: variables)
      #expect(run.status == ExitCode.refused.rawValue)
      #expect(run.stderr.contains("(HTTP 401): Invalid authentication credentials"), "\(run.stderr)")
      #expect(run.stderr.contains("Check the credentials"))
      #expect(!(run.stdout + run.stderr).contains(Self.password))
    }
    #expect(lrs.requests.allSatisfy { $0.credentials?.password == Self.password })
    #expect(profileStates(fixture.progress).isEmpty)
    #expect(!fixture.allFiles().contains(Self.password))
  }

  @Test func credentialsInTheURLOrAMalformedAuthAreRefusedWithoutRepeatingThem() throws {
    let fixture = try XapiClassFixture([("ada", XapiClassFixture.shortScript)])
    let lrs = FakeLRS()
    let cases: [([String], ExitCode)] = [
      (["http://teacher:\(Self.password)@lrs.test/xAPI"], .usage),
      (["teacher:\(Self.password)@lrs.test"], .usage),
      ([Self.url, "--auth", "teacher:\(Self.password)"], .usage),
      ([Self.url, "--auth", "basic:\(Self.password)"], .usage),
      ([Self.url, "--auth-file", fixture.progress + "/none"], .noInput),
      ([Self.url, "--batch-size", "0"], .usage),
      (["ftp://lrs.test/xAPI"], .usage),
    ]
    for (arguments, code) in cases {
      let run = try fixture.push(arguments, lrs: lrs)
      #expect(run.status == code.rawValue, "\(arguments): \(run.stderr)")
      #expect(!run.stderr.isEmpty)
      #expect(!(run.stdout + run.stderr).contains(Self.password), "\(run.stderr)")
    }
    #expect(lrs.requests.isEmpty)
  }

  @Test func anUnreachableLRSIsExit69AndRemembersNothing() throws {
    let fixture = try XapiClassFixture([("ada", XapiClassFixture.shortScript)])
    let lrs = FakeLRS { _, _ in .failure(message: "Couldn't connect to server", timedOut: false) }
    let run = try fixture.push([Self.url, "--profile", "ada"], lrs: lrs)
    #expect(run.status == ExitCode.unavailable.rawValue)
    #expect(run.stderr.contains("after 4 tries: Couldn't connect to server"))
    #expect(lrs.requests.count == 4)
    #expect(profileStates(fixture.progress).isEmpty)
  }

  @Test func whatArrivedBeforeTheLRSFailedIsRememberedAndNotSentAgain() throws {
    let fixture = try XapiClassFixture([("ada", XapiClassFixture.fullScript)])
    let failing = FakeLRS { _, k in k == 0 ? .response(status: 200, body: []) : .response(status: 503, body: []) }
    let run = try fixture.push([Self.url, "--profile", "ada", "--batch-size", "2"], lrs: failing)
    #expect(run.status == ExitCode.unavailable.rawValue)
    #expect(failing.stored.count == 2)
    let states = profileStates(fixture.progress)
    #expect(states.count == 1)
    let state = try XapiSentState.parse(Array(try Data(contentsOf: URL(fileURLWithPath: states[0])))).get()
    #expect(state.sent(to: Self.url + "/statements") == Set(failing.stored))
    let working = FakeLRS()
    #expect(try fixture.push([Self.url, "--profile", "ada", "--batch-size", "2"], lrs: working).status == 0)
    #expect(Set(working.stored).isDisjoint(with: failing.stored))
    // Every answer, two sessions completed and the checkpoint passed: each sent once in all.
    #expect(working.stored.count + failing.stored.count == (try fixture.answerCount("ada")) + 3)
  }

  @Test func aDeviceFolderThatIsALinkIsRefusedBeforeAnythingIsSent() throws {
    let fixture = try XapiClassFixture([("ada", XapiClassFixture.shortScript)])
    let devices = fixture.progress + "/ada/devices"
    let device = try #require(try FileManager.default.contentsOfDirectory(atPath: devices).first)
    let elsewhere = try temporaryDirectory() + "/moved"
    try FileManager.default.moveItem(atPath: devices + "/" + device, toPath: elsewhere)
    try FileManager.default.createSymbolicLink(atPath: devices + "/" + device, withDestinationPath: elsewhere)
    let lrs = FakeLRS()
    let run = try fixture.push([Self.url, "--profile", "ada"], lrs: lrs)
    #expect(run.status == ExitCode.ioError.rawValue)
    #expect(run.stderr.contains("this device's folder is a symbolic link"), "\(run.stderr)")
    #expect(lrs.requests.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: elsewhere + "/xapi-sent.json"))
  }

  /// The progress folder itself may be a link (a class folder linked into a synced folder, macOS's
  /// /tmp): only what is below it is never followed.
  @Test func aProgressFolderThatIsALinkIsPushedAsAnyOther() throws {
    let fixture = try XapiClassFixture([("ada", XapiClassFixture.shortScript)])
    let linked = try temporaryDirectory() + "/class"
    try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: fixture.progress)
    let lrs = FakeLRS()
    let out = BufferSink()
    let err = BufferSink()
    var env = CommandEnvironment(stdout: out, stderr: err, variables: ["XDG_STATE_HOME": testStateHome])
    let parsed = try CommandTable.parser.parse(
      ["--quizzes", Fixtures.catalog, "--progress", linked, "xapi", "push", Self.url, "--profile", "ada"])
    env.settings = try QuizlineCommand.resolveSettings(parsed, env)
    let code = XapiPushCommand.run(parsed, env, transport: lrs, sleeper: RecordingSleeper())
    #expect(code == .ok, "\(err.text)")
    #expect(lrs.stored.count == (try fixture.answerCount("ada")))
  }

  func profileStates(_ progress: String) -> [String] {
    let all = (FileManager.default.enumerator(atPath: progress)?.allObjects as? [String]) ?? []
    return all.filter { $0.hasSuffix("xapi-sent.json") }.map { progress + "/" + $0 }
  }
}

/// Validates files against a schema of schemas/ with PyPI's jsonschema (scripts/schemas/validate.sh).
func validateSchema(_ schema: String, _ files: [String], lines: Bool = false) throws -> RunResult {
  try runProcess(
    Fixtures.repositoryRoot + "/scripts/schemas/validate.sh",
    [Fixtures.repositoryRoot + "/schemas/" + schema] + (lines ? ["--lines"] : []) + files, input: "",
    environment: ProcessInfo.processInfo.environment, directory: nil)
}
