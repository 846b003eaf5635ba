import Foundation
import Testing

/// Standard output closed, full or gone, and a profile where nothing can be written.
@Suite struct OutputTroubleTests {
  /// Runs the binary through `sh -c SCRIPT` (`$0` is quizline, `$@` the arguments).
  func shell(_ script: String, _ arguments: [String], input: String = "") throws -> RunResult {
    try runProcess(
      "/bin/sh", ["-c", script, quizlineExecutable] + arguments, input: input, environment: binaryEnvironment())
  }

  @Test func aClosedStandardOutputNeverSendsTheScreenIntoTheLockFile() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    let run = try shell(
      #"exec "$0" "$@" >&-"#, ["--quizzes", quizzes, "--progress", progress], input: "start big --count 3\ntrue\nquit\n"
    )
    #expect(run.status == 0, "\(run.stderr)")
    let lock = try String(contentsOfFile: progress + "/default/lock", encoding: .utf8)
    #expect(lock.wholeMatch(of: /[0-9]+\n/) != nil, "the lock holds \(lock.prefix(200).debugDescription)")
    #expect(try recordedAnswers(inProfile: progress + "/default").count == 1)
  }

  @Test func aClosedStandardErrorNeverSendsNoticesIntoTheLockFile() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: progress + "/default", withIntermediateDirectories: true)
    // A torn last line: opening the profile prints a notice on standard error.
    try Data(#"{"seq":1,"at":"2026-12-02T10:00:00Z","ty"#.utf8).write(
      to: URL(fileURLWithPath: progress + "/default/journal.jsonl"))
    let run = try shell(#"exec "$0" "$@" 2>&-"#, ["--quizzes", quizzes, "--progress", progress], input: "quit\n")
    #expect(run.status == 0)
    let lock = try String(contentsOfFile: progress + "/default/lock", encoding: .utf8)
    #expect(lock.wholeMatch(of: /[0-9]+\n/) != nil, "the lock holds \(lock.prefix(200).debugDescription)")
  }

  @Test(arguments: [["list"], ["report", "-f", "json"], ["list", "--json"]])
  func outputThatCannotBeWrittenExits74WithAMessage(_ command: [String]) throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    let run = try shell(#"exec "$0" "$@" > /dev/full"#, ["--quizzes", quizzes, "--progress", progress] + command)
    #expect(run.status == 74)
    #expect(run.stderr == "quizline: cannot write to standard output: No space left on device\n")
  }

  @Test func aReaderThatGoesAwayEndsQuietlyWithStatus0() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let dir = try temporaryDirectory()
    // `true` leaves at once, so quizline's first write meets a closed pipe (EPIPE).
    let run = try shell(
      #"{ "$0" "$@" 2>&1; echo "status $?" >&2; } | true"#, ["--quizzes", quizzes, "--progress", dir, "list"])
    #expect(run.stderr == "status 0\n")
  }

  @Test func whenEveryWriteFailsTheGoodbyeSaysNothingWasSavedAndTheStatusIs74() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    // The profile and this device's folder in it exist (a first start wrote them)...
    #expect(try runBinary(["--quizzes", quizzes, "--progress", progress], input: "quit\n").status == 0)
    // ...then a file-size limit of 0: the journal cannot take a single line (as with a read-only folder).
    let run = try shell(
      #"ulimit -f 0; exec "$0" "$@""#, ["--quizzes", quizzes, "--progress", progress], input: "start big\ntrue\nquit\n")
    #expect(run.status == 74)
    #expect(run.stdout.contains("error: could not save your progress"), "\(run.stdout)")
    let flat = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      flat.contains("Bye. Nothing was saved: \(progress)/default could not be written (see the errors above)."),
      "\(run.stdout)")
    #expect(!run.stdout.contains("progress is saved"))
  }

  @Test func aNewProfileThatCannotBeWrittenIsRefusedAtStartWithTheReason() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    let state = try temporaryDirectory()
    // This device's identity exists; its folder in the new profile cannot be written.
    _ = try runBinary(
      ["--quizzes", quizzes, "--progress", try temporaryDirectory()], input: "quit\n",
      environment: ["XDG_STATE_HOME": state])
    let run = try runProcess(
      "/bin/sh",
      ["-c", #"ulimit -f 0; exec "$0" "$@""#, quizlineExecutable, "--quizzes", quizzes, "--progress", progress],
      input: "quit\n", environment: binaryEnvironment().merging(["XDG_STATE_HOME": state]) { $1 })
    #expect(run.status == 74)
    #expect(run.stderr.contains("cannot write \(progress)/default/devices/"), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test func withoutAPlaceForTheDeviceIdentityANewProfileKeepsItsSingleJournal() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    let state = try temporaryDirectory() + "/not-a-folder"
    try Data("x".utf8).write(to: URL(fileURLWithPath: state))
    let run = try runBinary(
      ["--quizzes", quizzes, "--progress", progress], input: "start big --count 1\ntrue\nquit\n",
      environment: ["XDG_STATE_HOME": state])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("cannot keep this device's identity"), "\(run.stderr)")
    #expect(run.stderr.contains("goes on in its single journal"), "\(run.stderr)")
    #expect(try recordedAnswers(inProfile: progress + "/default").count == 1)
    #expect(!profileLogFiles(progress + "/default").isEmpty)
    #expect(!FileManager.default.fileExists(atPath: progress + "/default/devices"))
  }
}
