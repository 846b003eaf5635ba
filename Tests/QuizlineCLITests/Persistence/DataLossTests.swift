import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineReports
@testable import QuizlineStorage

/// The real binary against a full disk and hostile profile folders: nothing a learner recorded is lost.
@Suite(.serialized) struct DataLossTests {
  /// 200 `flagged` events, line `damagedLine` replaced by garbage.
  static func journal(events: Int = 200, damagedLine: Int = 100) -> String {
    (1...events).map { n in
      n == damagedLine
        ? "{\"seq\": \(n), garbage\n"
        : EventCoding.encode(
          RecordedEvent(
            sequence: n, at: Timestamp(seconds: 1_796_200_000 + Int64(n)),
            payload: .flagged(question: QuestionRef(bank: "big", question: "q\(n % 3 + 1)"), on: n % 2 == 0))) + "\n"
    }.joined()
  }

  @Test func aFullDiskWhileRepairingADamagedJournalLosesNoEvent() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    let profile = progress + "/default"
    try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
    try Data(Self.journal().utf8).write(to: URL(fileURLWithPath: profile + "/journal.jsonl"))
    // 8 blocks of 512 bytes: the clean copy (about 18 KB) cannot be written.
    let full = try SpawnedProcess(["--quizzes", quizzes, "--progress", progress], shell: "ulimit -f 8;")
    full.send("quit\n")
    #expect(full.finish() == 74)
    // The journal is this device's log from the first start (devices/<id>/journal.jsonl).
    let journal = ownJournal(ofProfile: profile)
    #expect(full.stderr.contains("cannot repair the damaged \(journal)"), "\(full.stderr)")
    #expect(full.stderr.contains("Nothing was changed"), "\(full.stderr)")
    // Space is back: the repair happens and every readable event is there.
    let again = try runBinary(["--quizzes", quizzes, "--progress", progress], input: "quit\n")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("line 100 could not be read"), "\(again.stderr)")
    let opened = try ProfileOpener.view(ProfileLayout(directory: profile), now: Timestamp(seconds: 1_796_300_000))
    #expect(opened.progress.lastSequence == 200)
    let kept = try FileManager.default.contentsOfDirectory(atPath: (journal as NSString).deletingLastPathComponent)
      .filter {
        $0.hasPrefix("journal.jsonl.damaged-")
      }
    #expect(kept.count == 1, "\(kept)")
  }

  @Test func aSymbolicLinkedLockLeavesItsTargetAlone() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: progress + "/default", withIntermediateDirectories: true)
    let victim = try temporaryDirectory() + "/v"
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: victim))
    try FileManager.default.createSymbolicLink(atPath: progress + "/default/lock", withDestinationPath: victim)
    let run = try runBinary(["--quizzes", quizzes, "--progress", progress], input: "quit\n")
    #expect(run.status == 74)
    #expect(
      run.stderr.hasPrefix("quizline: \(progress)/default/lock: is a symbolic link, not a regular file"),
      "\(run.stderr)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
  }

  @Test func aSymbolicLinkedJournalIsNeitherTruncatedNorAppendedTo() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    for content in ["no final newline", ""] {
      let progress = try temporaryDirectory()
      try FileManager.default.createDirectory(atPath: progress + "/default", withIntermediateDirectories: true)
      let victim = try temporaryDirectory() + "/v"
      try Data(content.utf8).write(to: URL(fileURLWithPath: victim))
      try FileManager.default.createSymbolicLink(
        atPath: progress + "/default/journal.jsonl", withDestinationPath: victim)
      let run = try runBinary(["--quizzes", quizzes, "--progress", progress], input: "start big\ntrue\nquit\n")
      #expect(run.status == 74)
      #expect(run.stderr.contains("journal.jsonl: is a symbolic link"), "\(run.stderr)")
      #expect(try String(contentsOfFile: victim, encoding: .utf8) == content)
      let archived = profileLogFiles(progress + "/default").filter { $0.contains("/archive/") }
      #expect(archived.isEmpty)
    }
  }

  @Test func aSymbolicLinkedHistoryIsRefusedBeforeTheLineEditorReadsIt() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: progress + "/default", withIntermediateDirectories: true)
    let victim = try temporaryDirectory() + "/secrets"
    try Data("password=hunter2\n".utf8).write(to: URL(fileURLWithPath: victim))
    try FileManager.default.createSymbolicLink(atPath: progress + "/default/history", withDestinationPath: victim)
    let run = try runBinary(["--quizzes", quizzes, "--progress", progress], input: "quit\n")
    #expect(run.status == 74)
    #expect(run.stderr.contains("history: is a symbolic link"), "\(run.stderr)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "password=hunter2\n")
    #expect(!EditLineReader.isPlainFileOrMissing(progress + "/default/history"))
  }
}

/// A crafted number in a progress file: `status`, `report` and every report format still run.
@Suite struct ProgressNumberCLITests {
  @Test func anAnswerTimeOf1e19DoesNotCrashStatusOrAnyReport() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: progress + "/default", withIntermediateDirectories: true)
    let lines = [
      #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"quizStarted","source":"bank:big","questions":["big/q1","big/q2"],"seed":"7","bankHashes":{}}"#,
      #"{"seq":2,"at":"2026-12-02T10:00:05Z","type":"answered","run":1,"question":"big/q1","response":"true","score":1,"seconds":1e19}"#,
      #"{"seq":3,"at":"2026-12-02T10:00:09Z","type":"answered","run":1,"question":"big/q2","response":"true","score":1,"seconds":-1e300}"#,
    ]
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(
      to: URL(fileURLWithPath: progress + "/default/journal.jsonl"))
    let common = ["--quizzes", quizzes, "--progress", progress, "--now", "2026-12-03"]
    let repl = try runBinary(common + ["--read-only"], input: "status\nprogress\nquit\n")
    #expect(repl.status == 0, "\(repl.stderr)")
    #expect(
      repl.stderr.contains("journal.jsonl: lines 2, 3 could not be read (\"seconds\" is 1e+19, outside 0…86400)"),
      "\(repl.stderr)")
    for format in ["text", "md", "html", "json", "csv"] {
      let report = try runBinary(common + ["report", "-f", format])
      #expect(report.status == 0, "\(format): \(report.status) \(report.stderr)")
    }
  }
}
