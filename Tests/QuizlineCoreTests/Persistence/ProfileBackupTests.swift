import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop
@testable import QuizlineReports
@testable import QuizlineStorage

/// Daily backups of a profile: written by the lock holder only, readable, rotated (7 days and 4
/// weeks), and a restore that changes nothing unless the backup reads.
@Suite struct ProfileBackupTests {
  static let day1 = Timestamp(iso8601: "2026-03-01T09:00:00Z")!
  static let day2 = Timestamp(iso8601: "2026-03-02T09:00:00Z")!

  /// A profile whose journal holds the first `count` events of ``ProfileOpenerTests/events(_:)``.
  func profile(events count: Int = 3) throws -> ProfileLayout {
    let dir = try temporaryDirectory() + "/default"
    try FileManager.default.createDirectory(atPath: dir + "/archive", withIntermediateDirectories: true)
    let layout = ProfileLayout(directory: dir)
    let text = ProfileOpenerTests.events(count).map { EventCoding.encode($0) + "\n" }.joined()
    try Data(text.utf8).write(to: URL(fileURLWithPath: layout.journal))
    return layout
  }

  func open(_ layout: ProfileLayout, at now: Timestamp) throws -> [String] {
    try ProfileOpener.open(layout, profile: "default", now: now).notices
  }

  @Test func theFirstOpenOfADayWithNewProgressWritesOneBackupThatReadsBack() throws {
    let layout = try profile()
    #expect(try open(layout, at: Self.day2) == [])
    let backups = ProfileBackups.list(layout)
    #expect(backups.map(\.name) == ["2026-03-02"])
    #expect(backups.first?.lastSequence == 3)
    #expect(backups.first?.path == layout.directory + "/backups/2026-03-02-s3.json")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: backups[0].path)))
    #expect(try SnapshotCoding.decode(bytes) == ProfileOpenerTests.progress(ProfileOpenerTests.events(3)))
    _ = try open(layout, at: Self.day2.adding(seconds: 3600))
    _ = try open(layout, at: Self.day2.adding(days: 1))
    #expect(ProfileBackups.list(layout).count == 1, "same day, or no progress since the last copy: no new copy")
  }

  @Test func aReadOnlyViewNeverWritesABackup() throws {
    let layout = try profile()
    _ = try ProfileOpener.view(layout, now: Self.day2)
    #expect(!FileManager.default.fileExists(atPath: layout.directory + "/backups"))
  }

  @Test func rotationKeepsTheLastSevenDaysAndOneForEachOfTheFourWeeksBefore() {
    let newest = Timestamp(iso8601: "2026-12-02")!.dayNumber  // a Wednesday
    let all = (0..<60).map { k in
      let day = newest - Int64(k)
      return ProfileBackup(
        name: Timestamp(microseconds: day * 86_400_000_000).isoDate, path: "/b/\(k)", day: day, lastSequence: 100 - k,
        bytes: 10)
    }
    let kept = ProfileBackups.rotation(all).keep.map(\.name)
    // Written out by hand: Mon 30 Nov to Sun 6 Dec and Mon 23 to Sun 29 Nov hold dailies; then the
    // newest of each earlier week (its Sunday).
    #expect(
      kept == [
        "2026-12-02", "2026-12-01", "2026-11-30", "2026-11-29", "2026-11-28", "2026-11-27", "2026-11-26",
        "2026-11-22", "2026-11-15", "2026-11-08", "2026-11-01",
      ])
    #expect(ProfileBackups.rotation(all).remove.count == 49)
  }

  @Test func rotationRemovesTheFilesOfOldBackupsAndLeavesOtherFilesAlone() throws {
    let layout = try profile()
    let dir = layout.directory + "/backups"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for k in 1...12 {
      let day = Self.day2.adding(days: Int64(-k - 1))
      try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/\(day.isoDate)-s\(k == 12 ? 0 : 1).json"))
    }
    try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
    _ = try open(layout, at: Self.day2)
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(names.contains("notes.txt"))
    #expect(names.contains("2026-03-02-s3.json"))
    // 2 Mar 2026 is a Monday: the seven days 23 Feb to 2 Mar, then Sunday 22 Feb for its week.
    let kept = names.filter { $0.hasSuffix(".json") }
    #expect(kept.count == 8, "\(names)")
    #expect(kept.first == "2026-02-22-s1.json", "\(names)")
  }

  @Test func restoringAnUnreadableBackupChangesNothing() throws {
    let layout = try profile()
    let dir = layout.directory + "/backups"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try Data("{\"kind\": \"snapshot\", torn".utf8).write(to: URL(fileURLWithPath: dir + "/2026-03-01-s2.json"))
    let journal = try Data(contentsOf: URL(fileURLWithPath: layout.journal))
    let backup = try #require(ProfileBackups.find("2026-03-01", in: layout))
    #expect(throws: ProfileError.self) {
      try ProfileBackups.restore(backup, layout: layout, profile: "default", now: Self.day2)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: layout.journal)) == journal)
    let names = try FileManager.default.contentsOfDirectory(atPath: layout.directory)
    #expect(!names.contains { $0.hasPrefix("before-restore") }, "\(names)")
  }

  @Test func restoreKeepsTheCurrentFilesAsideAndTheBackupBecomesTheProgress() throws {
    let layout = try profile(events: 2)
    _ = try open(layout, at: Self.day2)
    let backup = try #require(ProfileBackups.list(layout).first)
    let text = ProfileOpenerTests.events(4).suffix(2).map { EventCoding.encode($0) + "\n" }.joined()
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: layout.journal))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
    let outcome = try ProfileBackups.restore(backup, layout: layout, profile: "default", now: Self.day2)
    #expect(outcome.keptAside == ["journal.jsonl"])
    #expect(FileManager.default.fileExists(atPath: outcome.asideFolder + "/journal.jsonl"))
    #expect(!FileManager.default.fileExists(atPath: layout.journal))
    let reopened = try ProfileOpener.open(layout, profile: "default", now: Self.day2)
    #expect(reopened.progress == ProfileOpenerTests.progress(ProfileOpenerTests.events(2)))
    #expect(reopened.notices == [])
  }
}
