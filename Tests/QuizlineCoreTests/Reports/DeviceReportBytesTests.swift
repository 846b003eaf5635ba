import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineReports
@testable import QuizlineStorage

/// Several devices' reports byte for byte against the held implementation (every log held, then
/// merged: `HistoryLoader.loadDevicesHeld` and the reviews folded over the held logs), over random
/// 2, 3 and 5 device profiles with undo (`StreamedDeviceProfileTests.writeProfile`): the reports'
/// one pass (md, json, html, the dashboard: its fold on a thread of its own), the CSV's history
/// (the merge of bare history events) and the CSV's attempt table as it is streamed.
struct DeviceReportBytesTests {
  static let now = scriptStart.adding(days: 2)

  /// Every format and both CSV tables of one learner's report.
  static func rendered(_ progress: LearnerProgress, _ history: ProfileHistory, _ reviews: [ReviewRecord]?) -> [String] {
    let input = ReportInput(profile: "default", progress: progress, history: history, reviews: reviews)
    let report = ReportBuilder.build(
      catalog: fixtureCatalog, inputs: [input], now: now, options: ReportOptions(includeAttempts: true))
    return ReportPassTests.everyFormat(report)
  }

  static func expectSameBytes(_ new: [String], _ old: [String], _ label: String) {
    #expect(new.count == old.count)
    for (a, b) in zip(new, old) { #expect(Array(a.utf8) == Array(b.utf8), "\(label)") }
  }

  @Test(arguments: [2, 3, 5])
  func severalDevicesReportsAreTheHeldOnesByteForByte(devices: Int) throws {
    var undone = 0
    var attempts = 0
    for seed in UInt64(1)...12 {
      let dir = try temporaryDirectory() + "/default"
      let tags = try StreamedDeviceProfileTests.writeProfile(
        seed: seed &* 7 &+ UInt64(devices), devices: devices, into: dir)
      for layout in [
        ProfileLayout(directory: dir, device: StreamedDeviceProfileTests.id(0)), ProfileLayout(directory: dir),
      ] {
        let label = "seed \(seed), \(devices) devices, device \(layout.device ?? "none")"
        // The held implementation.
        var notices: [String] = []
        let logs = try DeviceState.readLogs(layout, vector: nil, notices: &notices).map(\.log)
        undone += logs.flatMap(\.events).filter { $0.undoTarget != nil }.count
        var progress = LearnerProgress()
        DeviceMerge.fold(logs, into: &progress, local: tags[0])
        var collector = ReviewHistoryCollector()
        collector.fold(logs)
        let held = try HistoryLoader.loadDevicesHeld(
          layout, sinceDay: nil, keepAttempts: true, keepResponses: true, decoder: .fast, reader: PosixChunkedReader())
        attempts += held.accumulator.attempts.count
        let expected = Self.rendered(progress, held, collector.reviews)
        // The reports' one pass.
        let pass = try #require(try ReportPass.load(layout, keepAttempts: true), "\(label)")
        #expect(pass.reviews == collector.reviews, "\(label)")
        Self.expectSameBytes(Self.rendered(progress, pass.history, pass.reviews), expected, label)
        // The CSV's history, and its attempt table streamed as the history is read.
        let plain = try HistoryLoader.load(layout, keepAttempts: true)
        Self.expectSameBytes(Self.rendered(progress, plain, collector.reviews), expected, label)
        let sink = StringReportSink()
        let stream = CSVAttemptStream(profile: "default", catalog: fixtureCatalog, sink: sink)
        _ = try HistoryLoader.load(layout, attemptStream: stream)
        stream.finish()
        #expect(Array(sink.text.utf8) == Array(expected[ReportFormat.allCases.firstIndex(of: .csv)!].utf8), "\(label)")
      }
    }
    #expect(undone > 10 && attempts > 20, "\(undone) undone, \(attempts) attempts")
  }
}
