import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineReports
@testable import QuizlineStorage

/// The CSV attempt table is written as the history is read: attempts leave the accumulator once no
/// undo or override can change them (`HistoryAccumulator.drainAttempts`), and the rows are those of
/// the attempt log kept whole.
@Suite struct AttemptStreamTests {
  /// Consumes events and drains after each one, the most often a reader could.
  struct DrainingSink: HistorySink {
    var accumulator = HistoryAccumulator(keepAttempts: true)
    var drained: [Attempt] = []
    /// The most attempts held back at once (those an undo or override could still change).
    var held = 0

    mutating func consume(_ event: HistoryEvent, table: StringTable) {
      accumulator.consume(event, table: table)
      accumulator.drainAttempts { drained += $0 }
      held = max(held, accumulator.attempts.count)
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func drainingAfterEveryEventGivesTheWholeAttemptLog(seed: UInt64) {
    let learner = HistoryAccumulatorTests.randomLearner(seed: seed, lines: 1500)
    let types = Set(learner.journal.events.map(\.payload.typeName))
    #expect(types.isSuperset(of: ["undone", "overridden"]))
    var scanner = HistoryScanner(decoder: .fast)
    var sink = DrainingSink()
    scanner.scanFile("journal.jsonl", bytes: learner.lines, into: &sink)
    sink.accumulator.drainAttempts(all: true) { sink.drained += $0 }
    #expect(sink.held > 0 && sink.held < sink.drained.count / 2, "attempts leave early, but not all at once")
    let whole = learner.history().accumulator.countedAttempts
    #expect(sink.drained.filter { !$0.undone } == whole)
    #expect(sink.accumulator.attempts.isEmpty)
  }

  /// An override whose answer's step has fallen off the undo stack can still be undone: its
  /// attempt waits until the override's own step is gone too.
  @Test(arguments: 45...50)
  func anOverrideKeepsItsAttemptAfterTheAnswerStepFellOff(steps: Int) {
    var learner = ReportLearner()
    learner.type("start sample --count 3", "c", "override", "b", "end")
    for k in 0..<steps { learner.type(k % 2 == 0 ? "complete layout" : "reopen layout") }
    for _ in 0..<(steps + 2) { learner.type("undo") }
    var scanner = HistoryScanner(decoder: .fast)
    var sink = DrainingSink()
    scanner.scanFile("journal.jsonl", bytes: learner.lines, into: &sink)
    sink.accumulator.drainAttempts(all: true) { sink.drained += $0 }
    #expect(sink.drained.filter { !$0.undone } == learner.history().accumulator.countedAttempts)
  }

  /// A history read in small chunks, its rows written as they become final, gives the attempt table
  /// of the report built with its whole attempt log, byte for byte.
  @Test func theStreamedTableIsTheTableOfTheWholeLog() throws {
    var learner = ReportLearner()
    for k in 0..<40 {
      learner.type("start sample --count 5", "b", k % 2 == 0 ? "c" : "a,c", "true")
      if k % 3 == 0 { learner.type("undo", "false") }
      learner.type("ZStack", k % 4 == 0 ? "override" : "skip", "2", "end")
      if k % 5 == 0 { learner.nextDay() }
    }
    let progress = NSTemporaryDirectory() + "quizline-attempt-stream-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: progress + "/default", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: progress) }
    try Data(learner.lines).write(to: URL(fileURLWithPath: progress + "/default/journal.jsonl"))
    let layout = ProfileLayout(progressDirectory: progress, profile: "default")
    let sink = StringReportSink()
    let stream = CSVAttemptStream(profile: "default", catalog: ReportLearner.catalog, sink: sink)
    var reader = PosixChunkedReader()
    reader.chunkSize = 4096
    let streamed = try HistoryLoader.load(layout, reader: reader, attemptStream: stream)
    stream.finish()
    #expect(streamed.accumulator.attempts.isEmpty, "nothing kept")
    let whole = ReportBuilder.build(
      catalog: ReportLearner.catalog,
      inputs: [ReportInput(profile: "default", progress: learner.progress, history: learner.history())],
      now: learner.now, options: ReportOptions(includeAttempts: true))
    let expected = CSVReportRenderer.render(whole, table: .attempts)
    #expect(expected.split(separator: "\r\n").count > 150)
    #expect(learner.lines.count > 8 * 4096)
    #expect(sink.text == expected)
  }
}
