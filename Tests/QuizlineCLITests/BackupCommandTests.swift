import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineInterop
import QuizlineReports
import QuizlineStorage
import Testing

/// `quizline backups` and `quizline restore` through the real binary: a damaged journal is
/// repaired at start, and yesterday's progress comes back from a backup after confirmation.
@Suite struct BackupCommandTests {
  static func run(_ arguments: [String], at time: String, input: String = "", in home: String) throws -> RunResult {
    try runBinary(["--quizzes", Fixtures.catalog, "--now", time] + arguments, input: input, directory: home)
  }

  @Test func aBackupTakenBeforeADamagedJournalIsRestoredAfterConfirmation() throws {
    let home = try temporaryDirectory()
    let profile = home + "/Progress/default"
    // Day 1: three answers (events 1 to 4). Day 2: the first start takes the backup.
    _ = try Self.run(["quiz", "sample"], at: "2026-03-01T09:00:00Z", input: "b\na,c\ntrue\n", in: home)
    _ = try Self.run([], at: "2026-03-02T09:00:00Z", input: "quit\n", in: home)
    #expect(FileManager.default.fileExists(atPath: profile + "/backups/2026-03-02-s4.json"))

    // The journal is damaged: an unreadable line, then one flag that was recorded after it (event 5
    // of this device, whose numbers start at its tag times 2^32).
    let next = try lastRecordedSequence(inProfile: profile) + 1
    let flag =
      "{\"seq\":\(next),\"at\":\"2026-03-02T09:30:00Z\",\"type\":\"flagged\",\"question\":\"sample/single-owner\",\"on\":true}"
    try Data("{\"seq\":\(next),\"at\":\"2026-03-02T09:2\n\(flag)\n".utf8).write(
      to: URL(fileURLWithPath: ownJournal(ofProfile: profile)))
    let damaged = try Self.run([], at: "2026-03-02T10:00:00Z", input: "status\nquit\n", in: home)
    #expect(damaged.stderr.contains("could not be read"), "\(damaged.stderr)")
    #expect(damaged.stdout.contains("  Flagged             1 question\n"), "\(damaged.stdout)")

    let listed = try Self.run(["backups"], at: "2026-03-02T10:05:00Z", in: home)
    #expect(listed.status == 0)
    #expect(listed.stdout.contains("  2026-03-02  up to event 4  "), "\(listed.stdout)")

    let declined = try Self.run(["restore", "2026-03-02"], at: "2026-03-02T10:10:00Z", input: "n\n", in: home)
    #expect(declined.status == 1)
    #expect(declined.stdout.contains("Restore? [y/N] Not restored; nothing was changed.\n"), "\(declined.stdout)")
    #expect(FileManager.default.fileExists(atPath: profile + "/snapshot.json"))
    #expect(
      !((try? FileManager.default.contentsOfDirectory(atPath: profile)) ?? []).contains { $0.hasPrefix("before") })

    let restored = try Self.run(["restore", "2026-03-02"], at: "2026-03-02T10:10:00Z", input: "y\n", in: home)
    #expect(restored.status == 0, "\(restored.stderr)")
    let said = restored.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(said.contains("Restored profile default from the backup of 2026-03-02 (up to event 4)."), "\(said)")
    #expect(said.contains("The state before is kept in Progress/default/before-restore-20260302T101000Z ("))
    let aside = profile + "/before-restore-20260302T101000Z"
    #expect(FileManager.default.fileExists(atPath: aside + "/snapshot.json"), "\(restored.stdout)")
    #expect(
      FileManager.default.fileExists(atPath: aside + "/journal.jsonl.damaged-20260302T100000Z"),
      "the journal the repair kept aside holds events after the backup: it goes with the replaced state")

    let after = try Self.run([], at: "2026-03-02T11:00:00Z", input: "status\nresume\ntrue\nend\nquit\n", in: home)
    #expect(after.stderr == "", "no repair notice after the restore")
    #expect(after.stdout.contains("  Flagged             0 questions\n"), "\(after.stdout)")
    #expect(after.stdout.contains("  Accuracy            100% over 3 answers\n"), "\(after.stdout)")
    #expect(after.stdout.contains("Resuming sample at question 4 of 10."), "the run the backup held goes on")
  }

  @Test func backupsAndRestoreNameAMissingProfileOrBackup() throws {
    let home = try temporaryDirectory()
    let none = try Self.run(["backups", "--profile", "nobody"], at: "2026-03-02T09:00:00Z", in: home)
    #expect(none.status == 66)
    #expect(none.stderr == "quizline: no such profile 'nobody' in 'Progress'\n")
    _ = try Self.run(["quiz", "sample"], at: "2026-03-01T09:00:00Z", input: "b\n", in: home)
    let empty = try Self.run(["backups"], at: "2026-03-01T10:00:00Z", in: home)
    #expect(empty.stdout.hasPrefix("No backups of profile default yet"))
    let missing = try Self.run(["restore", "2026-01-01", "--yes"], at: "2026-03-01T10:00:00Z", in: home)
    #expect(missing.status == 66)
    #expect(missing.stderr == "quizline: no backup '2026-01-01' of profile 'default' (it has none yet)\n")
  }
}
