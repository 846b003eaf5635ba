import Foundation
import Testing
@testable import QuizlineCore

/// The journal file's own durability rules.
@Suite struct FileJournalTests {
  final class Calls: @unchecked Sendable {
    var folders: [String] = []
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
}
