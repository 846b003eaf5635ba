import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// Reading a device's log: every file into one reused buffer, the log's array sized from the files.
@Suite struct DeviceLogReaderTests {
  static let t0 = Timestamp(iso8601: "2026-03-05T09:00:00Z")!

  /// Answers numbered `first...last`, a minute apart, each response `width` letters long.
  func lines(_ first: Int, _ last: Int, width: Int) -> [(RecordedEvent, String)] {
    (first...last).map { k in
      let event = RecordedEvent(
        sequence: k, at: Self.t0.adding(seconds: Int64(60 * k)),
        payload: .answered(
          AnswerRecord(
            run: 0, question: QuestionRef(bank: "sample", question: "q\(k % 7)"),
            response: String(repeating: "abcdefg", count: width / 7 + 1).prefix(width).description, score: 1,
            seconds: 3, rating: .good)))
      return (event, EventCoding.encode(event) + "\n")
    }
  }

  func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

  @Test func filesOfDifferentSizesAreReadWholeAndNothingIsLeftFromALargerOne() throws {
    let dir = try temporaryDirectory()
    let layout = ProfileLayout(directory: dir, device: "aaaa0000aaaa0000aaaa0000aaaa0000")
    try FileManager.default.createDirectory(atPath: layout.archive, withIntermediateDirectories: true)
    // A large segment (longer than the reader's first buffer), then a short one, then a short
    // journal: a file read after a longer one must not see the longer one's tail.
    let big = lines(1, 400, width: 300)
    let small = lines(401, 403, width: 1)
    let journal = lines(404, 405, width: 2)
    try write(big.map(\.1).joined(), layout.archive + "/0000000001-0000000400.jsonl")
    // A name that claims far more events than the file holds: only a hint for the array's size.
    try write(small.map(\.1).joined(), layout.archive + "/0000000401-0999999999.jsonl")
    try write(journal.map(\.1).joined() + "{\"seq\":406", layout.journal)
    let read = try DeviceLogReader.read(layout, label: "'laptop'", after: nil)
    #expect(read.log.events == (big + small + journal).map(\.0))
    #expect(read.notices.isEmpty)
    #expect(read.lastOnDisk == 405)
    // Above a sequence number: the segments wholly below it are skipped.
    let after = try DeviceLogReader.read(layout, label: "'laptop'", after: 401)
    #expect(after.log.events == (small.dropFirst() + journal).map(\.0))
    #expect(after.lastOnDisk == 999_999_999, "a segment's name says how far it goes")
  }

  @Test func theExpectedCountFollowsSegmentNamesButNeverPastTheFileSize() throws {
    let dir = try temporaryDirectory()
    let layout = ProfileLayout(directory: dir, device: "aaaa0000aaaa0000aaaa0000aaaa0000")
    try FileManager.default.createDirectory(atPath: layout.archive, withIntermediateDirectories: true)
    let segment = layout.archive + "/0000000001-0000000010.jsonl"
    try write(lines(1, 10, width: 5).map(\.1).joined(), segment)
    let huge = layout.archive + "/0000000011-0999999999.jsonl"
    try write(lines(11, 12, width: 5).map(\.1).joined(), huge)
    let size = try #require(FileManager.default.attributesOfItem(atPath: huge)[.size] as? Int)
    #expect(DeviceLogReader.expectedCount([segment], journal: layout.journal, after: nil) == 10)
    #expect(DeviceLogReader.expectedCount([segment], journal: layout.journal, after: 4) == 6)
    #expect(DeviceLogReader.expectedCount([huge], journal: layout.journal, after: nil) == size / 40)
    // The journal by its size alone: one event per 100 bytes.
    try write(lines(13, 20, width: 5).map(\.1).joined(), layout.journal)
    let journalSize = try #require(FileManager.default.attributesOfItem(atPath: layout.journal)[.size] as? Int)
    #expect(DeviceLogReader.expectedCount([segment], journal: layout.journal, after: nil) == 10 + journalSize / 100)
  }
}
