import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineReports
@testable import QuizlineStorage

/// The history accumulator follows runs, undo and reset exactly as `LearnerProgress.apply` does:
/// driven through the real reducer with random input, its score series and daily counts equal the
/// progress state's.
@Suite struct HistoryAccumulatorTests {
  static let words = [
    "start sample", "start sample --count 3", "start sample --count 5 --shuffle", "quiz intro", "quiz layout", "review",
    "cram sample",
    "a", "b", "c", "a,c", "true", "false", "ZStack", "2", "1a 2b", "1b 2a", "a b c", "c b a", "padding", "x", "",
    "good", "again",
    "hard", "written answer", "skip", "undo", "undo", "end", "flag", "resume", "reset sample", "yes", "complete intro",
    "reopen intro", "complete layout", "retry", "undo", "override", "!",
  ]

  static func randomLearner(seed: UInt64, lines: Int) -> ReportLearner {
    var l = ReportLearner()
    // Both sessions read, so that `review` has new cards to offer (course order).
    l.type("read intro")
    l.type("read layout")
    var random = SplitMix64(seed: seed)
    for _ in 0..<lines {
      if random.next() % 40 == 0 { l.nextDay(Int64(1 + random.next() % 2)) }
      let word = words[Int(random.next() % UInt64(words.count))]
      l.type(word, advance: Int64(1 + random.next() % 60))
      if word == "reset sample", random.next() % 2 == 0 { l.type("yes") }
    }
    return l
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func scoreSeriesAndDaysMatchTheProgressState(seed: UInt64) {
    let learner = Self.randomLearner(seed: seed, lines: 1500)
    let p = learner.progress
    let history = learner.history()
    #expect(history.badLineCount == 0)
    #expect(history.eventCount == learner.journal.events.count)
    let bank = history.table.index(of: "sample")
    let series = bank.map { history.accumulator.scoreHistory(bank: $0) } ?? []
    let stats = p.bankScores["sample"]
    #expect(series.count == stats?.runs ?? 0)
    if let stats {
      #expect(series.map(\.percent).max() == stats.best)
      #expect(series.last?.percent == stats.last)
      #expect(series.reduce(0) { $0 + $1.percent } == stats.totalPercent)
    }
    let days = history.accumulator.days
    for (day, activity) in p.days where activity.answers > 0 {
      #expect(days[day]?.answers == activity.answers, "day \(day)")
      #expect(days[day]?.correct == activity.correct, "day \(day)")
    }
    #expect(days.values.reduce(0) { $0 + $1.answers } == p.days.values.reduce(0) { $0 + $1.answers })
    #expect(history.accumulator.countedAttempts.count == p.days.values.reduce(0) { $0 + $1.answers })
  }

  @Test func theRandomSessionsExerciseUndoAndReset() {
    let events = (1...5 as ClosedRange<UInt64>).flatMap {
      Self.randomLearner(seed: $0, lines: 1500).journal.events.map(\.payload.typeName)
    }
    for type in ["undone", "reset", "runEnded", "skipped", "flagged", "sessionCompleted", "overridden", "sessionRead"] {
      #expect(events.contains(type), "no \(type) event")
    }
  }

  @Test func undoingTheLastAnswerOfAFinishedQuizTakesItsScoreBack() {
    var l = ReportLearner()
    l.type("start sample --count 2", "b", "a,c")
    #expect(l.progress.bankScores["sample"]?.runs == 1)
    l.type("undo")
    // The quiz stays ended, scored without the answer taken back (one run, not two).
    #expect(l.progress.bankScores["sample"] == ScoreStats(runs: 1, best: 50, last: 50, totalPercent: 50))
    let h = l.history()
    #expect(h.accumulator.scoreHistory(bank: h.table.index(of: "sample")!).map(\.percent) == [50])
    #expect(h.accumulator.countedAttempts.count == 1)
  }

  @Test func resetClearsTheSeriesAndUndoingTheResetRestoresIt() {
    var l = ReportLearner()
    l.type("start sample --count 1", "b", "start sample --count 1", "a")
    l.type("reset sample", "yes")
    var h = l.history()
    #expect(h.accumulator.scoreHistory(bank: h.table.index(of: "sample")!).isEmpty)
    l.type("undo")
    h = l.history()
    #expect(h.accumulator.scoreHistory(bank: h.table.index(of: "sample")!).map(\.percent) == [100, 0])
    #expect(l.progress.bankScores["sample"]?.runs == 2)
  }

  @Test func sinceKeepsOnlyLaterAnswersAndQuizzes() {
    var l = ReportLearner()
    l.type("start sample --count 2", "b", "b")
    l.nextDay()
    l.type("start sample --count 2", "b", "a,c")
    let day = l.now.dayNumber
    let h = l.history(since: day)
    #expect(h.accumulator.countedAttempts.count == 2)
    #expect(h.accumulator.days.keys.sorted() == [day])
    let report = l.report(since: day)
    #expect(report.profiles[0].banks.first { $0.id == "sample" }?.scoreHistory.map(\.percent) == [100])
    #expect(report.profiles[0].period?.answers == 2)
    #expect(report.profiles[0].period?.accuracy == 1)
  }

  @Test func aTornLastLineAndDuplicateSequencesAreLeftOutAsReplayLeavesThem() {
    var l = ReportLearner()
    l.type("start sample --count 2", "b", "b")
    let text = l.lines
    let torn = Array(
      EventCoding.encode(RecordedEvent(sequence: 99, at: l.now, payload: .undone(target: 3))).utf8.prefix(20))
    let h = HistoryLoader.load(files: [("archive", text), ("journal", text + torn)], keepAttempts: true)
    #expect(h.eventCount == l.journal.events.count)
    #expect(h.lastSequence == l.journal.events.count)
    #expect(h.accumulator.countedAttempts.count == 2)
  }
}

/// Reading a long history in two halves on two threads gives what one pass gives.
@Suite struct ParallelHistoryTests {
  @Test func twoHalvesReadTheSameAsOnePass() throws {
    let learner = HistoryAccumulatorTests.randomLearner(seed: 21, lines: 3000)
    let lines = learner.journal.events.map { EventCoding.encode($0) + "\n" }
    let dir = try temporaryDirectory()
    let layout = ProfileLayout(directory: dir)
    try FileManager.default.createDirectory(atPath: layout.archive, withIntermediateDirectories: true)
    // Archive segments of 20 events, the last one repeated in part at the start of the journal
    // (as after a crash between snapshot and archive), and a damaged line in the later half.
    var k = 0
    let damaged = lines.count / 40 * 20 + 20
    #expect(lines.count > 200)
    while k + 20 < lines.count {
      let name = layout.archive + "/" + ProfileStore.segmentName(k + 1, k + 20)
      var text = lines[k..<k + 20].joined()
      if k == damaged { text += "{\"seq\": oops\n" }
      try text.write(toFile: name, atomically: true, encoding: .utf8)
      k += 20
    }
    try lines[max(0, k - 5)...].joined().write(toFile: layout.journal, atomically: true, encoding: .utf8)
    #expect(HistoryLoader.parallelSplit(layout.archivedSegments() + [layout.journal], from: 0) > 1)
    let one = try HistoryLoader.load(layout, keepAttempts: true, parallelFrom: Int.max)
    let two = try HistoryLoader.load(layout, keepAttempts: true, parallelFrom: 0)
    #expect(one.eventCount == learner.journal.events.count)
    #expect(two.eventCount == one.eventCount)
    #expect(two.firstSequence == one.firstSequence && two.lastSequence == one.lastSequence)
    #expect(two.badLineCount == 1 && one.badLineCount == 1)
    #expect(two.badLines == one.badLines)
    #expect(two.table.strings == one.table.strings)
    #expect(two.accumulator.countedAttempts == one.accumulator.countedAttempts)
    #expect(two.accumulator.days == one.accumulator.days)
    #expect(two.accumulator.firstAnswers == one.accumulator.firstAnswers)
    let bank = try #require(one.table.index(of: "sample"))
    #expect(two.accumulator.scoreHistory(bank: bank) == one.accumulator.scoreHistory(bank: bank))
    let report = { (h: ProfileHistory) in
      ReportBuilder.build(
        catalog: ReportLearner.catalog, inputs: [ReportInput(profile: "p", progress: learner.progress, history: h)],
        now: learner.now,
        options: ReportOptions(includeAttempts: true), classReport: true)
    }
    #expect(report(one) == report(two))
  }
}
