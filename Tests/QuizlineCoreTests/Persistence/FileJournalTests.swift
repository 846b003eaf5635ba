import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// The journal file's own durability rules.
@Suite struct FileJournalTests {
  final class Calls: @unchecked Sendable {
    var folders: [String] = []
    var log: [String] = []
  }

  /// The event types of the lines the file holds right now, as a reader opening it would see them.
  static func types(_ path: String) -> [String] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map { line in
      guard let r = line.range(of: #""type":""#) else { return "?" }
      return String(line[r.upperBound...].prefix { $0 != "\"" })
    }
  }

  @Test func aJournalFileItCreatesIsMadeDurableInItsFolderBeforeTheFirstAppend() throws {
    let dir = try temporaryDirectory()
    let path = dir + "/journal.jsonl"
    let calls = Calls()
    let event = ProfileOpenerTests.events(1)[0]
    // A new file (the first event, or the first after the journal was archived): its name must
    // survive a power cut too, so the folder is synced; fsync of the file alone does not do that.
    let created = try FileJournal(path: path, syncDirectory: { calls.folders.append($0) })
    try created.append(event)
    #expect(calls.folders == [dir])
    // Opening the existing file again needs no folder sync.
    let reopened = try FileJournal(path: path, syncDirectory: { calls.folders.append($0) })
    try reopened.append(RecordedEvent(sequence: 2, at: event.at, payload: event.payload))
    #expect(calls.folders == [dir])
    #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 2)
  }

  @Test func eachAppendIsWrittenInFullThenSyncedBeforeItReturns() throws {
    let path = try temporaryDirectory() + "/journal.jsonl"
    let calls = Calls()
    let journal = try FileJournal(
      path: path, syncDirectory: { _ in },
      syncFile: { fd in
        calls.log.append("sync with \(Self.types(path).count) line(s)")
        return fsync(fd)
      })
    let events = ProfileOpenerTests.events(2)
    for event in events {
      try journal.append(event)
      calls.log.append("returned")
    }
    #expect(calls.log == ["sync with 1 line(s)", "returned", "sync with 2 line(s)", "returned"])
  }

  @Test func anAnswerIsShownAsRecordedOnlyAfterItsLineIsSynced() throws {
    let path = try temporaryDirectory() + "/journal.jsonl"
    let calls = Calls()
    let journal = try FileJournal(
      path: path, syncDirectory: { _ in },
      syncFile: { fd in
        calls.log.append("sync " + (Self.types(path).last ?? "nothing"))
        return fsync(fd)
      })
    var store = Store(state: AppState(catalog: fixtureCatalog), journal: journal)
    store.send(.lineEntered("start sample", at: scriptStart, entropy: 7), at: scriptStart)
    store.send(.lineEntered("b", at: scriptStart.adding(seconds: 5), entropy: 7), at: scriptStart.adding(seconds: 5))
    guard case .feedback(let feedback) = store.state.display.first else {
      Issue.record("feedback first, not \(store.state.display)")
      return
    }
    calls.log.append(feedback.recorded ? "shown as recorded" : "shown as not recorded")
    #expect(calls.log == ["sync quizStarted", "sync answered", "shown as recorded"])
    #expect(store.state.progress.activeRun?.position == 1)
  }

  @Test func aFailedSyncLeavesTheAnswerUnrecordedAndSaysSo() throws {
    let path = try temporaryDirectory() + "/journal.jsonl"
    let journal = try FileJournal(
      path: path, syncDirectory: { _ in },
      syncFile: { fd in
        guard Self.types(path).last == "answered" else { return fsync(fd) }
        errno = EIO
        return -1
      })
    var store = Store(state: AppState(catalog: fixtureCatalog), journal: journal)
    store.send(.lineEntered("start sample", at: scriptStart, entropy: 7), at: scriptStart)
    store.send(.lineEntered("b", at: scriptStart.adding(seconds: 5), entropy: 7), at: scriptStart.adding(seconds: 5))
    guard case .error(let message, _) = store.state.display.first else {
      Issue.record("an error first, not \(store.state.display)")
      return
    }
    #expect(message == "could not save your progress: cannot flush \(path) to disk: Input/output error")
    #expect(store.state.progress.activeRun?.position == 0)
    #expect(store.state.progress.question(sample("single-owner")).attempts == 0)
  }
}
