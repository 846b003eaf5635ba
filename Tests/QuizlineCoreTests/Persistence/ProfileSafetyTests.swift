import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineReports
@testable import QuizlineStorage

/// Files in a profile folder that quizline did not write as it expects: links, special files,
/// leftovers of interrupted repairs, other programs' temporary files, repeated sequence numbers.
@Suite struct ProfileSafetyTests {
  typealias T = ProfileOpenerTests
  let helper = ProfileOpenerTests()

  func names(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

  @Test func aJournalKeptAsideWithoutItsCleanCopyIsRecoveredAtTheNextStart() throws {
    // An interrupted repair (kill -9 or a full disk after the damaged file was moved aside): no
    // journal.jsonl, only the kept-aside original.
    let layout = try helper.freshLayout()
    let all = T.events()
    let damaged = helper.lines([all[0]]) + "{\"seq\": 2, garbage\n" + helper.lines(Array(all[2...]))
    let aside = layout.journal + ".damaged-20261202T101500Z"
    try helper.write(damaged, to: aside)
    let opened = try ProfileOpener.open(layout, profile: "default", now: T.t0)
    #expect(opened.progress.lastSequence == 4)
    #expect(opened.progress.question(T.q).flagged)
    #expect(opened.notices.contains { $0.contains("3 events were recovered from \(aside)") }, "\(opened.notices)")
    #expect(try String(contentsOfFile: layout.journal, encoding: .utf8) == helper.lines([all[0]] + Array(all[2...])))
    #expect(try String(contentsOfFile: aside, encoding: .utf8) == damaged, "the kept-aside file stays as it was")
  }

  @Test func aKeptAsideJournalWhoseEventsAreSavedElsewhereIsNotReplayedAgain() throws {
    let layout = try helper.freshLayout()
    let all = T.events()
    try helper.write(helper.lines(all) + "junk\n", to: layout.journal)
    do {
      let first = try ProfileOpener.open(layout, profile: "default", now: T.t0)
      #expect(first.store?.close(first.progress, at: T.t0) == nil)
    }
    #expect(!FileManager.default.fileExists(atPath: layout.journal), "archived at close")
    let again = try ProfileOpener.open(layout, profile: "default", now: T.t0)
    #expect(again.progress == T.progress(all))
    #expect(again.notices.isEmpty, "\(again.notices)")
    #expect(!FileManager.default.fileExists(atPath: layout.journal))
  }

  @Test(arguments: ["lock", "journal.jsonl", "snapshot.json", "history"])
  func aProfileFileThatIsASymbolicLinkIsRefusedAndItsTargetUntouched(_ name: String) throws {
    let layout = try helper.freshLayout()
    let target = try temporaryDirectory() + "/victim"
    try helper.write("precious, no final newline", to: target)
    try FileManager.default.createSymbolicLink(atPath: layout.directory + "/" + name, withDestinationPath: target)
    #expect(throws: ProfileError.self) { _ = try ProfileOpener.open(layout, profile: "default", now: T.t0) }
    do {
      _ = try ProfileOpener.open(layout, profile: "default", now: T.t0)
    } catch {
      #expect(error.exitCode == .ioError)
      #expect(
        error.message.hasPrefix(layout.directory + "/" + name + ": is a symbolic link, not a regular file"),
        "\(error.message)")
    }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious, no final newline")
    if name != "lock" {
      #expect(throws: ProfileError.self) { _ = try ProfileOpener.view(layout, now: T.t0) }
    }
  }

  @Test func aProfileFileThatIsAFolderOrANamedPipeIsRefused() throws {
    let layout = try helper.freshLayout()
    try FileManager.default.createDirectory(atPath: layout.lock, withIntermediateDirectories: false)
    #expect(
      throws: ProfileError(
        "\(layout.lock): is a folder, not a regular file; quizline never follows links or writes into special files in a profile folder. Move it away, then start again; nothing was changed.",
        exitCode: .ioError)
    ) {
      _ = try ProfileOpener.open(layout, profile: "default", now: T.t0)
    }
    let other = try helper.freshLayout()
    #expect(mkfifo(other.journal, 0o644) == 0)
    #expect(throws: ProfileError.self) { _ = try ProfileOpener.open(other, profile: "default", now: T.t0) }
  }

  @Test func aSymbolicLinkInTheArchiveIsRefused() throws {
    let layout = try helper.freshLayout()
    let target = try temporaryDirectory() + "/segment"
    try helper.write(helper.lines(T.events()), to: target)
    try FileManager.default.createSymbolicLink(
      atPath: layout.archive + "/0000000001-0000000004.jsonl", withDestinationPath: target)
    #expect(throws: ProfileError.self) { _ = try ProfileOpener.view(layout, now: T.t0) }
  }

  @Test func reportsNeverReadAProfileFileThroughALinkOrFromANamedPipe() throws {
    let layout = try helper.freshLayout()
    let target = try temporaryDirectory() + "/elsewhere.jsonl"
    try helper.write(helper.lines(T.events()), to: target)
    try FileManager.default.createSymbolicLink(atPath: layout.journal, withDestinationPath: target)
    #expect(throws: ProfileError.self) { _ = try PosixChunkedReader().read(layout.journal) { _ in } }
    #expect(mkfifo(layout.snapshot, 0o644) == 0)
    #expect(throws: ProfileError.self) { _ = try PosixChunkedReader().read(layout.snapshot) { _ in } }
    #expect(try PosixChunkedReader().read(layout.directory + "/missing.jsonl") { _ in } == false)
  }

  @Test func onlyQuizlinesOwnTemporaryFilesAreRemovedAtOpen() throws {
    let layout = try helper.freshLayout()
    for name in [
      "snapshot.json.tmp-4242", "journal.jsonl.tmp-17", "notes.tmp-draft", "thesis.tmp-1", "snapshot.json.tmp-x1",
    ] {
      try helper.write("x", to: layout.directory + "/" + name)
    }
    _ = try ProfileOpener.open(layout, profile: "default", now: T.t0)
    #expect(
      names(layout.directory).filter { $0.contains(".tmp-") } == [
        "notes.tmp-draft", "snapshot.json.tmp-x1", "thesis.tmp-1",
      ])
  }

  @Test func repeatedOrBackwardSequenceNumbersAreReportedNotDroppedSilently() throws {
    let layout = try helper.freshLayout()
    let all = T.events()
    try helper.write(helper.lines([all[0], all[1], all[1], all[2], all[0], all[3]]), to: layout.journal)
    let opened = try ProfileOpener.open(layout, profile: "default", now: T.t0)
    #expect(opened.progress == T.progress(all))
    #expect(
      opened.notices == [
        "\(layout.journal): lines 3, 5 repeat or go back in sequence number and were left out; the events before and after are kept."
      ])
  }

  @Test func archivingNeverReplacesASegmentOfTheSameNumbers() throws {
    let layout = try helper.freshLayout()
    let all = T.events()
    try helper.write(helper.lines(all), to: layout.journal)
    let existing = layout.archive + "/" + ProfileStore.segmentName(1, 4)
    try helper.write("answers recorded before\n", to: existing)
    let opened = try ProfileOpener.open(layout, profile: "default", now: T.t0)
    let warning = opened.store?.checkpoint(opened.progress, at: T.t0)
    #expect(warning?.contains("\(existing) already exists and is kept as it is") == true, "\(warning ?? "nil")")
    #expect(try String(contentsOfFile: existing, encoding: .utf8) == "answers recorded before\n")
    #expect(try String(contentsOfFile: layout.journal, encoding: .utf8) == helper.lines(all))
  }
}
