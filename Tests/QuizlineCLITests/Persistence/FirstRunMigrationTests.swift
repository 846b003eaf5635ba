import Foundation
import Testing

/// The first start of this release on a profile an older quizline wrote: the profile becomes this
/// device's log without a device name or `sync`, losing nothing; and `restore` on a profile that is
/// now per-device.
@Suite struct FirstRunMigrationTests {
  static let legacyFixture = Fixtures.repositoryRoot + "/Tests/Fixtures/legacy-profile/default"

  /// A progress folder holding a copy of the profile written by the current release before devices.
  func legacyProgress() throws -> String {
    let progress = try temporaryDirectory()
    try FileManager.default.copyItem(atPath: Self.legacyFixture, toPath: progress + "/default")
    return progress
  }

  func run(_ progress: String, _ input: String, _ extra: [String] = [], state: String? = nil) throws -> RunResult {
    try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-03-05T09:00:00Z"] + extra, input: input,
      environment: state.map { ["XDG_STATE_HOME": $0] } ?? [:])
  }

  @Test func aPlainFirstStartMakesTheSingleJournalThisDevicesLogAndLosesNothing() throws {
    let progress = try legacyProgress()
    let profile = progress + "/default"
    let before = try run(progress, "status\nquit\n", ["--read-only"])
    #expect(before.status == 0, "\(before.stderr)")
    #expect(!FileManager.default.fileExists(atPath: profile + "/devices"), "reading never migrates")

    let first = try run(progress, "status\nquit\n")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("the journal and its archive are now this device's log"), "\(first.stderr)")
    #expect(first.stderr.contains("from before per-device logs would find this profile empty"), "\(first.stderr)")
    let devices = try FileManager.default.contentsOfDirectory(atPath: profile + "/devices")
    #expect(devices.count == 1)
    let own = profile + "/devices/" + devices[0]
    #expect(!FileManager.default.fileExists(atPath: profile + "/journal.jsonl"))
    for segment in try FileManager.default.contentsOfDirectory(atPath: Self.legacyFixture + "/archive") {
      #expect(
        FileManager.default.contents(atPath: own + "/archive/" + segment)
          == FileManager.default.contents(atPath: Self.legacyFixture + "/archive/" + segment), "\(segment)")
    }
    let journal = try #require(FileManager.default.contents(atPath: Self.legacyFixture + "/journal.jsonl"))
    let moved = profileLogFiles(profile).compactMap { FileManager.default.contents(atPath: $0) }
    #expect(moved.contains(journal), "the old journal's bytes are this device's (journal or newest segment)")
    // The same progress, shown the same way, before and after.
    func statusBlock(_ text: String) -> String {
      text.components(separatedBy: "quizline> status\n").dropFirst().first?.components(separatedBy: "quizline> quit")
        .first ?? ""
    }
    #expect(!statusBlock(before.stdout).isEmpty)
    #expect(statusBlock(first.stdout) == statusBlock(before.stdout))

    let second = try run(progress, "status\nquit\n")
    #expect(second.stderr.isEmpty, "nothing left to move: \(second.stderr)")
    #expect(statusBlock(second.stdout) == statusBlock(before.stdout))
  }

  @Test func restoreCutsBackThisDevicesLogAndIsRefusedOnceAnotherDeviceSharesTheProfile() throws {
    let progress = try legacyProgress()
    let profile = progress + "/default"
    // Day 1 (2026-03-05): the first start backs up the migrated profile (events 1 to 8), then a quiz
    // start and one answer; day 2's first start backs up events 1 to 10, then two more answers
    // (a snapshot every 2 events: segments 9-10 and 11-12).
    let day1 = try run(progress, "start sample\nb\nquit\n")
    #expect(day1.status == 0, "\(day1.stderr)")
    let day2 = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-03-06T09:00:00Z"],
      input: "resume\na,c\ntrue\nquit\n", environment: ["QUIZLINE_SNAPSHOT_EVERY": "2"])
    #expect(day2.status == 0, "\(day2.stderr)")
    let backups = try FileManager.default.contentsOfDirectory(atPath: profile + "/backups")
    #expect(backups.sorted() == ["2026-03-05-s8.json", "2026-03-06-s10.json"], "\(backups)")
    // As a kill -9 before the last checkpoint leaves it: events 9 to 12 still in the journal, so
    // the backup's last event lies inside the part of the log a restore sets aside.
    let own = (ownJournal(ofProfile: profile) as NSString).deletingLastPathComponent
    let late = ["0000000009-0000000010.jsonl", "0000000011-0000000012.jsonl"].map { own + "/archive/" + $0 }
    let tail = try late.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
    try Data(tail.utf8).write(to: URL(fileURLWithPath: own + "/journal.jsonl"))
    for path in late { try FileManager.default.removeItem(atPath: path) }
    let answersBefore = try recordedAnswers(inProfile: profile).count

    let restored = try runBinary(
      [
        "--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-03-06T10:00:00Z", "restore", "2026-03-06",
        "--yes",
      ])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(restored.stdout.contains("(up to event 10)"), "\(restored.stdout)")
    // This device's log now ends at event 10, so the snapshot it covers is used as it is.
    #expect(try lastRecordedSequence(inProfile: profile) == 10)
    #expect(try recordedAnswers(inProfile: profile).count == answersBefore - 2)
    let after = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-03-06T11:00:00Z"],
      input: "resume\nquit\n")
    #expect(after.stderr.isEmpty, "\(after.stderr)")
    #expect(after.stdout.contains("Resuming sample at question 2 of 10."), "\(after.stdout)")

    // Another device records answers in the folder: restore no longer changes anything, and says
    // so before asking.
    let other = try temporaryDirectory()
    let joined = try run(progress, "start sample\nb\nquit\n", ["--device", "desk"], state: other)
    #expect(joined.status == 0, "\(joined.stderr)")
    let files = profileLogFiles(profile).map { ($0, FileManager.default.contents(atPath: $0)) }
    let refused = try runBinary(
      [
        "--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-03-06T12:00:00Z", "restore", "2026-03-06",
      ],
      input: "y\n")
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("holds events of 'desk' too"), "\(refused.stderr)")
    #expect(!refused.stdout.contains("Restore?"), "refused before asking")
    #expect(
      profileLogFiles(profile).map { ($0, FileManager.default.contents(atPath: $0)) }.elementsEqual(files) { $0 == $1 })
  }

  @Test func firstStartsAtTheSameMomentOnANewMachineAllTakeTheOneIdentityKept() throws {
    // A race: several rounds of 8 first starts at once make one that would interleave likely.
    for _ in 0..<4 {
      let state = try temporaryDirectory()
      let progress = (0..<8).map { _ in (try? temporaryDirectory()) ?? "" }
      let starts = try progress.map { folder in
        try SpawnedProcess(
          ["--quizzes", Fixtures.catalog, "--progress", folder], environment: ["XDG_STATE_HOME": state])
      }
      for start in starts { start.send("start sample\nb\nquit\n") }
      for start in starts { #expect(start.finish() == 0, "\(start.stderr)") }
      let kept = try String(contentsOfFile: state + "/quizline/device.json", encoding: .utf8)
      for folder in progress {
        let devices = try FileManager.default.contentsOfDirectory(atPath: folder + "/default/devices")
        #expect(devices.count == 1)
        #expect(kept.contains("\"id\":\"\(devices.first ?? "")\""), "every start used the identity kept: \(kept)")
      }
    }
  }

  @Test func backupsTakenAfterTheOneRestoredGoAsideAndOneCopiedBackIsRefused() throws {
    let progress = try legacyProgress()
    let profile = progress + "/default"
    #expect(try run(progress, "start sample\nb\nquit\n").status == 0)  // backup s8, then events 9 and 10
    let day2 = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-03-06T09:00:00Z"], input: "quit\n")
    #expect(day2.status == 0, "\(day2.stderr)")
    let restored = try runBinary(
      [
        "--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-03-06T10:00:00Z", "restore", "2026-03-05",
        "--yes",
      ])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: profile + "/backups") == ["2026-03-05-s8.json"])
    let aside = profile + "/before-restore-20260306T100000Z"
    #expect(FileManager.default.fileExists(atPath: aside + "/backups/2026-03-06-s10.json"))
    #expect(try lastRecordedSequence(inProfile: profile) == 8)

    // New events 9 and 10, then the old backup of events 1 to 10 copied back by hand: its 9 and 10
    // are not the log's, so it is refused and nothing changes.
    #expect(try run(progress, "start sample\nb\nquit\n", ["--now", "2026-03-06T11:00:00Z"]).status == 0)
    try FileManager.default.copyItem(
      atPath: aside + "/backups/2026-03-06-s10.json", toPath: profile + "/backups/2026-03-06-s10.json")
    let files = profileLogFiles(profile).map { ($0, FileManager.default.contents(atPath: $0)) }
    let stale = try runBinary(
      [
        "--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-03-06T12:00:00Z", "restore", "2026-03-06",
        "--yes",
      ])
    #expect(stale.status == 65, "\(stale.stderr)")
    #expect(stale.stderr.contains("the backup is from before an earlier restore"), "\(stale.stderr)")
    #expect(
      profileLogFiles(profile).map { ($0, FileManager.default.contents(atPath: $0)) }.elementsEqual(files) { $0 == $1 })
  }
}
