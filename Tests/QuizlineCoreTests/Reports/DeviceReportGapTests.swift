import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineReports
@testable import QuizlineStorage

/// Reports read another device's log as the fold does while its files are still arriving: reading
/// stops at a gap in its sequence numbers between two files (a segment not copied yet), reads past a
/// hole inside one file (a repair's), and a damaged line stands for the one event it replaces. The
/// report's count equals the fold's on every case.
@Suite struct DeviceReportGapTests: TwoDeviceFixture {

  /// A segment name's number for desk's event `k`.
  static func padded(_ k: Int) -> String {
    let n = String(DeviceSequence.base(of: 9) + k)
    return String(repeating: "0", count: max(0, 10 - n.count)) + n
  }

  /// Desk's answer number `k` (tag 9), a minute apart.
  static func answer(_ k: Int) -> String {
    EventCoding.encode(
      RecordedEvent(
        sequence: DeviceSequence.base(of: 9) + k, at: t0.adding(seconds: Int64(60 * k)),
        payload: .answered(AnswerRecord(run: 0, question: ref, response: "b", score: 1, seconds: 3, rating: .good))))
  }

  /// Writes desk's `device.json` and its log into the profile at `dir`: archive segments named by
  /// their first and last event, then the journal (each file its lines, nil for a damaged line).
  static func writeDesk(_ files: [[Int?]], into dir: String) throws {
    let folder = dir + "/devices/" + desk
    try FileManager.default.createDirectory(atPath: folder + "/archive", withIntermediateDirectories: true)
    let record = DeviceRecord(id: desk, name: "desk", tag: 9, createdAt: t0)
    try Data(record.json.utf8).write(to: URL(fileURLWithPath: folder + "/device.json"))
    func text(_ lines: [Int?]) -> String {
      lines.map { $0.map(answer) ?? "{\"seq\": oops" }.joined(separator: "\n") + "\n"
    }
    for segment in files.dropLast() {
      let numbers = segment.compactMap { $0 }
      let name = padded(numbers.first!) + "-" + padded(numbers.last!) + ".jsonl"
      try Data(text(segment).utf8).write(to: URL(fileURLWithPath: folder + "/archive/" + name))
    }
    try Data(text(files.last!).utf8).write(to: URL(fileURLWithPath: folder + "/journal.jsonl"))
  }

  /// (desk's files: archive segments then the journal, each its lines, nil for a damaged line) →
  /// answers the fold and the report count.
  static let cases: [([[Int?]], Int)] = [
    ([[1, 2], [4, 5]], 2),  // the segment of event 3 has not arrived: the rest waits
    ([[1, 2], [3], [4, 5]], 5),  // it has
    ([[1, 2, 4, 5]], 4),  // a hole inside one file (a repair dropped a damaged line): read past
    ([[1, nil, 3]], 2),  // the damaged line is event 2
    ([[1, nil], [4]], 1),  // one damaged line cannot stand for events 2 and 3
    ([[1, nil], [3]], 2),  // but it stands for event 2
    ([[1, 2, 3]], 3),
    ([[1, 2, 2, 3]], 3),  // a repeated line (a sync tool's copy) counts once
    ([[1, 2], [2, 3]], 3),  // an event both in a segment and in the journal counts once
    ([[1, 2, 3, 3]], 3),
  ]

  @Test(arguments: cases)
  func theReportCountsWhatTheFoldFoldsWhileFilesArrive(_ files: [[Int?]], _ expected: Int) throws {
    let dir = try temporaryDirectory() + "/default"
    let mine = ProfileLayout(directory: dir, device: Self.laptop)
    try Self.writeDesk(files, into: dir)

    let folded = try DeviceProfileOpener.open(mine, name: "laptop", profile: "default", now: Self.t0)
    #expect(folded.progress.question(Self.ref).attempts == expected)
    // The start screen's "changed since this device last looked" counts each answer once too.
    #expect(folded.incoming.map(\.answers) == [expected])
    let report = try HistoryLoader.load(mine.forDevice(nil))
    #expect(report.eventCount == expected)
    #expect(report.accumulator.answerCounts.values.reduce(0, +) == expected)
  }

  /// The same cases beside a log of this device's own (one answer before desk's), so that the fold
  /// and the report merge two logs instead of streaming one.
  @Test(arguments: cases)
  func theReportCountsWhatTheFoldFoldsBesideALogOfThisDevice(_ files: [[Int?]], _ expected: Int) throws {
    let dir = try temporaryDirectory() + "/default"
    let mine = ProfileLayout(directory: dir, device: Self.laptop)
    try Self.writeDesk(files, into: dir)
    try FileManager.default.createDirectory(atPath: mine.ownFolder, withIntermediateDirectories: true)
    let record = DeviceRecord(id: Self.laptop, name: "laptop", tag: 3, createdAt: Self.t0)
    try Data(record.json.utf8).write(to: URL(fileURLWithPath: mine.ownFolder + "/device.json"))
    let own = RecordedEvent(
      sequence: DeviceSequence.base(of: 3) + 1, at: Self.t0,
      payload: .answered(AnswerRecord(run: 0, question: Self.ref, response: "b", score: 1, seconds: 3, rating: .good)))
    try Data((EventCoding.encode(own) + "\n").utf8).write(to: URL(fileURLWithPath: mine.journal))

    let folded = try DeviceProfileOpener.open(mine, name: "laptop", profile: "default", now: Self.t0)
    #expect(folded.progress.question(Self.ref).attempts == expected + 1)
    #expect(folded.incoming.map(\.answers) == [expected])
    let report = try HistoryLoader.load(mine.forDevice(nil))
    #expect(report.eventCount == expected + 1)
    #expect(report.accumulator.answerCounts.values.reduce(0, +) == expected + 1)
  }
}
