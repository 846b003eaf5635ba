import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// Numbers in progress files that no quizline writes (`1e19` seconds, a `1e308` total) are refused
/// where they are loaded, with their place, and never crash a later conversion.
@Suite struct ProgressNumberTests {
  typealias T = ProfileOpenerTests
  let helper = ProfileOpenerTests()

  static func answeredLine(seq: Int, seconds: String, score: String = "1") -> String {
    #"{"seq":\#(seq),"at":"2026-12-02T10:00:0\#(seq)Z","type":"answered","run":1,"question":"b/q1","response":"true","score":\#(score),"seconds":\#(seconds)}"#
  }

  @Test(arguments: ["1e19", "-1e300", "1e308", "86401"])
  func anAnswerTimeOutOfRangeIsALocatedErrorAndTheRestIsKept(_ seconds: String) throws {
    let layout = try helper.freshLayout()
    let all = T.events()
    let text =
      helper.lines([all[0]]) + Self.answeredLine(seq: 2, seconds: seconds) + "\n" + helper.lines(Array(all[2...]))
    try helper.write(text, to: layout.journal)
    let opened = try ProfileOpener.open(layout, profile: "default", now: T.t0)
    #expect(opened.progress.lastSequence == 4)
    #expect(opened.progress.question(T.q).flagged)
    #expect(opened.progress.question(T.q).attempts == 0)
    #expect(
      opened.notices.first?.hasPrefix("\(layout.journal): line 2 could not be read (\"seconds\" is ") == true
        && opened.notices.first?.contains(", outside 0…86400)") == true, "\(opened.notices)")
  }

  /// Sequence numbers start at 1 (`ProgressLimits`); a line numbered 0 or below is a damaged line for
  /// every reader (mutant F17).
  @Test func aSequenceNumberOfZeroIsRefusedByEveryReader() throws {
    let line = Array(Self.answeredLine(seq: 0, seconds: "2").utf8)
    #expect(throws: EventCoding.DecodeError.self) { _ = try EventCoding.decode(line) }
    var table = StringTable()
    #expect(line.withUnsafeBufferPointer { FastEventLine.parse($0, table: &table) } == nil)
    var fast = FastReplayDecoder()
    #expect(throws: EventCoding.DecodeError.self) {
      _ = try line.withUnsafeBufferPointer { try fast.decode($0) }
    }
  }

  @Test func aScoreOutOfRangeIsRefusedByTheFastReportReaderToo() throws {
    let line = Array(Self.answeredLine(seq: 2, seconds: "2", score: "1e308").utf8)
    #expect(throws: EventCoding.DecodeError(message: "\"score\" is 1e+308, outside 0…1")) {
      _ = try EventCoding.decode(line)
    }
    var table = StringTable()
    #expect(line.withUnsafeBufferPointer { FastEventLine.parse($0, table: &table) } == nil)
    let fine = Array(Self.answeredLine(seq: 2, seconds: "2.5").utf8)
    #expect(fine.withUnsafeBufferPointer { FastEventLine.parse($0, table: &table) } != nil)
  }

  @Test(arguments: [
    (#""totalScore": 1"#, #""totalScore": 1e308"#), (#""totalScore": 1"#, #""totalScore": -1e300"#),
    (#""attempts": 1"#, #""attempts": 9e15"#), (#""seconds": 2"#, #""seconds": 1e19"#),
  ])
  func aSnapshotNumberOutOfRangeSetsTheSnapshotAsideAndRebuildsFromTheJournal(_ good: String, _ bad: String) throws {
    let layout = try helper.freshLayout()
    let all = T.events()
    var progress = T.progress(all)
    progress.lastSequence = 4
    let snapshot = SnapshotCoding.encode(progress, writtenAt: T.t0)
    #expect(snapshot.contains(good), "\(snapshot)")
    try helper.write(snapshot.replacingOccurrences(of: good, with: bad), to: layout.snapshot)
    try helper.write(helper.lines(all), to: layout.archive + "/0000000001-0000000004.jsonl")
    let opened = try ProfileOpener.open(layout, profile: "default", now: T.t0)
    #expect(opened.progress == T.progress(all))
    #expect(opened.notices.first?.contains("could not be read (") == true, "\(opened.notices)")
    #expect(opened.notices.first?.contains("outside") == true, "\(opened.notices)")
  }

  @Test func durationsAndPercentagesOfAnyDoubleAreTextNotATrap() {
    #expect(Renderer.formatDuration(1e19) == "2562047788015215 h 30 min")
    #expect(Renderer.formatDuration(-1e300) == "-9223372036854775808 s")
    #expect(Renderer.formatDuration(.nan) == "0 s")
    #expect(ReportFormat.percent(1e300) == "9223372036854775807%")
    #expect(Int(saturating: 1e19) == .max && Int(saturating: -1e19) == .min && Int(saturating: 2.0) == 2)
    #expect(Int(saturating: 9_223_372_036_854_774_784) == .max && Int(saturating: -9_223_372_036_854_775_808) == .min)
  }
}
