import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// Report and export files: --force replaces only regular files, a CSV report's files appear both
/// or neither, and no temporary file outlives quizline.
@Suite(.serialized) struct OutputFileSafetyTests {
  static let now = "2026-12-02T10:00:00Z"

  func report(_ dir: String, _ args: [String], shell: String = "") throws -> RunResult {
    try runProcess(
      "/bin/sh",
      [
        "-c", shell + #" exec "$0" "$@""#, quizlineExecutable, "--quizzes", Fixtures.catalog, "--progress", dir,
        "--now", Self.now, "report",
      ] + args)
  }

  @Test func forceRefusesToReplaceALinkOrANamedPipe() throws {
    let dir = try ReportCommandTests.progressFolder()
    let target = dir + "/target.json"
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: target)
    var r = try report(dir, ["-f", "json", "-o", dir + "/link.json", "--force"])
    #expect(r.status == 74)
    #expect(
      r.stderr
        == "quizline: cannot write '\(dir)/link.json': it is a symbolic link; --force replaces only regular files\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.json") == target)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
    #expect(mkfifo(dir + "/pipe.json", 0o644) == 0)
    r = try report(dir, ["-f", "json", "-o", dir + "/pipe.json", "--force"])
    #expect(r.status == 74)
    #expect(r.stderr.contains("it is a named pipe; --force replaces only regular files"))
    #expect(OutputFiles.irregularKind(dir + "/pipe.json") == "a named pipe")
    // export-anki and import share the rule.
    try FileManager.default.createSymbolicLink(atPath: dir + "/deck.txt", withDestinationPath: target)
    let export = runInProcess([
      "export-anki", "sample", "--quizzes", Fixtures.catalog, "-o", dir + "/deck.txt", "--force",
    ])
    #expect(export.status == 74)
    #expect(export.stderr.contains("it is a symbolic link; --force replaces only regular files"), "\(export.stderr)")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
  }

  @Test func aFullDiskBetweenTheTwoCSVFilesLeavesNeither() throws {
    // Ten profiles without answers: a small attempts table, a sessions table of twenty rows.
    let dir = try temporaryDirectory()
    for k in 1...10 {
      let profile = dir + "/p\(k)"
      try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
      let line = EventCoding.encode(
        RecordedEvent(sequence: 1, at: Timestamp(iso8601: Self.now)!, payload: .sessionCompleted(session: "intro")))
      try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: profile + "/journal.jsonl"))
    }
    let free = try report(dir, ["--all-profiles", "-f", "csv", "-o", dir + "/free.csv"])
    #expect(free.status == 0, "\(free.stderr)")
    let attempts = try FileManager.default.attributesOfItem(atPath: dir + "/free.csv")[.size] as? Int ?? 0
    let sessions = try FileManager.default.attributesOfItem(atPath: dir + "/free-sessions.csv")[.size] as? Int ?? 0
    #expect(attempts < 512 && sessions > 1024, "\(attempts) and \(sessions) bytes")
    // One 512-byte block per file: the attempts file fits, the sessions file does not.
    let full = try report(dir, ["--all-profiles", "-f", "csv", "-o", dir + "/r.csv"], shell: "ulimit -f 1;")
    #expect(full.status == 74)
    #expect(full.stderr.contains("cannot write '\(dir)/r-sessions.csv'"), "\(full.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir)
    #expect(!names.contains("r.csv") && !names.contains("r-sessions.csv"), "\(names)")
    #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
  }

  @Test func staleTemporaryFilesOfThisNameFromEndedProcessesAreRemoved() throws {
    let dir = try ReportCommandTests.progressFolder()
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let stale = dir + "/.r.json.\(ended.processIdentifier).tmp"
    let live = dir + "/.r.json.\(getpid()).tmp"
    let other = dir + "/.notes.json.\(ended.processIdentifier).tmp"
    for path in [stale, live, other] {
      try Data(String(repeating: "x", count: 1000).utf8).write(to: URL(fileURLWithPath: path))
    }
    let r = try report(dir, ["-f", "json", "-o", dir + "/r.json"])
    #expect(r.status == 0)
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(FileManager.default.fileExists(atPath: live), "a running process's file is left alone")
    #expect(FileManager.default.fileExists(atPath: other), "another name's file is left alone")
  }

  @Test func aTerminationSignalWhileWritingRemovesTheTemporaryFile() throws {
    let dir = try temporaryDirectory()
    let profile = dir + "/default"
    try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
    var text =
      #"{"seq":1,"at":"2026-12-02T09:00:00Z","type":"quizStarted","source":"bank:sample","questions":["sample/single-owner"],"seed":"1","bankHashes":{}}"#
      + "\n"
    for n in 2...30_000 {
      text +=
        #"{"seq":\#(n),"at":"2026-12-02T09:00:00Z","type":"answered","run":1,"question":"sample/single-owner","response":"answer number \#(n) typed at length","score":0,"seconds":1}"#
        + "\n"
    }
    try Data(text.utf8).write(to: URL(fileURLWithPath: profile + "/journal.jsonl"))
    // The signal is sent once the temporary file exists (the report is then rendering into it).
    // posix_spawn with default dispositions: the test runner may pass SIGTERM and SIGHUP on ignored.
    for signal in [SIGTERM, SIGHUP] {
      let out = dir + "/r.csv"
      let arguments = [
        quizlineExecutable, "--quizzes", Fixtures.catalog, "--progress", dir, "--now", Self.now, "report", "-f", "csv",
        "-o", out, "--force",
      ]
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var defaults = sigset_t()
      sigemptyset(&defaults)
      sigaddset(&defaults, SIGTERM)
      sigaddset(&defaults, SIGHUP)
      var mask = sigset_t()
      sigemptyset(&mask)
      posix_spawnattr_setsigdefault(&attributes, &defaults)
      posix_spawnattr_setsigmask(&attributes, &mask)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
      defer { for a in argv { free(a) } }
      var pid: pid_t = 0
      #expect(posix_spawn(&pid, quizlineExecutable, &actions, &attributes, &argv, environ) == 0)
      let temp = OutputFiles.temporaryName(for: out, pid: pid)
      var seen = false
      var status: Int32 = 0
      while waitpid(pid, &status, WNOHANG) == 0 {
        if access(temp, F_OK) == 0 {
          seen = true
          kill(pid, signal)
          waitpid(pid, &status, 0)
          break
        }
      }
      #expect(seen, "the report ended (wait status \(status)) before its temporary file was seen")
      if seen {
        #expect(status & 0x7F == signal, "wait status \(status)")
        #expect(access(temp, F_OK) != 0, "the temporary file outlived signal \(signal)")
      }
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".tmp") }
    #expect(left.isEmpty, "\(left)")
  }
}
