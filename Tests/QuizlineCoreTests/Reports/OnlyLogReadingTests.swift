import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineReports
@testable import QuizlineStorage

/// A profile with one log is read as it streams past (`HistoryLoader.loadOnlyLog`,
/// `ProfileReviewHistory.foldOnlyLog`), never held: it gives what the held merge gives for the same
/// log beside another device's empty folder (the merge of one log and an empty one is that log).
@Suite struct OnlyLogReadingTests: TwoDeviceFixture {
  /// A device folder: `device.json`, archive segments of 20 lines (one with a damaged line after
  /// its events), and a journal repeating the last segment's final lines.
  static func writeDevice(_ dir: String, id: String, tag: Int, _ events: [RecordedEvent]) throws {
    let device = ProfileLayout(directory: dir).forDevice(id)
    try FileManager.default.createDirectory(atPath: device.archive, withIntermediateDirectories: true)
    let record = DeviceRecord(id: id, name: "d\(tag)", tag: tag, createdAt: t0)
    try Data(record.json.utf8).write(to: URL(fileURLWithPath: device.archive + "/../device.json"))
    guard !events.isEmpty else { return }
    let lines = events.map { EventCoding.encode($0) + "\n" }
    var k = 0
    while k + 20 < lines.count {
      let name = ProfileStore.segmentName(events[k].sequence, events[k + 19].sequence)
      var text = lines[k..<k + 20].joined()
      if k == 40 { text += "{\"seq\": oops\n" }
      try text.write(toFile: device.archive + "/" + name, atomically: true, encoding: .utf8)
      k += 20
    }
    try lines[max(0, k - 5)...].joined().write(toFile: device.journal, atomically: true, encoding: .utf8)
  }

  /// The same profile twice: the device's log alone, and beside another device's empty folder.
  static func twins(_ events: [RecordedEvent], id: String, tag: Int, other: String, otherTag: Int) throws
    -> (only: ProfileLayout, held: ProfileLayout)
  {
    let only = try temporaryDirectory() + "/default"
    let held = try temporaryDirectory() + "/default"
    for dir in [only, held] { try writeDevice(dir, id: id, tag: tag, events) }
    try writeDevice(held, id: other, tag: otherTag, [])
    return (ProfileLayout(directory: only), ProfileLayout(directory: held))
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func oneLogReadAsItStreamsGivesTheHeldMergesHistoryAndReviews(seed: UInt64) throws {
    let learner = HistoryAccumulatorTests.randomLearner(seed: seed, lines: 1500)
    var events = learner.journal.events
    // An `undone` of another device's event: void in any order, so left out of both.
    let last = try #require(events.last)
    events.append(
      RecordedEvent(
        sequence: last.sequence + 1, at: last.at.adding(seconds: 1),
        payload: .undone(target: DeviceSequence.base(of: 9) + 1)))
    let (only, held) = try Self.twins(events, id: Self.laptop, tag: 0, other: Self.desk, otherTag: 9)
    #expect(DeviceProfileOpener.devices(only).count == 1 && DeviceProfileOpener.devices(held).count == 2)

    let one = try HistoryLoader.load(only, keepAttempts: true)
    let two = try HistoryLoader.load(held, keepAttempts: true)
    #expect(one.eventCount == learner.journal.events.count)
    #expect(two.eventCount == one.eventCount)
    #expect(two.firstSequence == one.firstSequence && two.lastSequence == one.lastSequence)
    #expect(one.badLineCount == 1 && two.badLineCount == 1)
    // The same line of the same file (the twins are in two folders).
    let place = { (h: ProfileHistory) in
      h.badLines.map { "\($0.file.split(separator: "/").suffix(4)):\($0.line) \($0.message)" }
    }
    #expect(place(two) == place(one))
    #expect(two.table.strings == one.table.strings)
    #expect(two.accumulator.countedAttempts == one.accumulator.countedAttempts)
    #expect(two.accumulator.attempts == one.accumulator.attempts)
    #expect(two.accumulator.days == one.accumulator.days)
    #expect(two.accumulator.firstAnswers == one.accumulator.firstAnswers)
    let report = { (h: ProfileHistory) in
      ReportBuilder.build(
        catalog: ReportLearner.catalog, inputs: [ReportInput(profile: "p", progress: learner.progress, history: h)],
        now: learner.now, options: ReportOptions(includeAttempts: true), classReport: true)
    }
    #expect(report(one) == report(two))

    let streamed = try ProfileReviewHistory.collect(only)
    let merged = try ProfileReviewHistory.collect(held)
    #expect(streamed.reviews.count > 5)
    #expect(streamed.reviews == merged.reviews)
    #expect(streamed.progress == merged.progress)
  }

  /// Another device's log alone in the profile keeps the fold's rule for files in flight.
  @Test(arguments: DeviceReportGapTests.cases)
  func anotherDevicesOnlyLogStopsAtAGapBetweenFilesAsTheFoldDoes(_ files: [[Int?]], _ expected: Int) throws {
    var twins: [ProfileLayout] = []
    for withLaptop in [false, true] {
      let dir = try temporaryDirectory() + "/default"
      try DeviceReportGapTests.writeDesk(files, into: dir)
      if withLaptop { try Self.writeDevice(dir, id: Self.laptop, tag: 0, []) }
      twins.append(ProfileLayout(directory: dir))
    }
    for layout in twins {
      let history = try HistoryLoader.load(layout)
      #expect(history.eventCount == expected)
      #expect(history.accumulator.answerCounts.values.reduce(0, +) == expected)
      #expect(try ProfileReviewHistory.collect(layout).reviews.count == expected)
    }
    let streamed = try ProfileReviewHistory.collect(twins[0])
    let merged = try ProfileReviewHistory.collect(twins[1])
    #expect(streamed.reviews == merged.reviews && streamed.progress == merged.progress)
  }
}
