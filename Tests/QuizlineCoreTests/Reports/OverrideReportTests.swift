import Testing

@testable import QuizlineCore
@testable import QuizlineReports

/// Reports follow `override` as `apply` does: the attempt log, the daily counts and each bank's score
/// series take the overruled mark, and undoing the override puts the old one back.
@Suite struct OverrideReportTests {
  /// After every event of random sessions that use override and undo, the report's score series
  /// gives the progress state's ScoreStats and its days the state's daily counts.
  @Test(arguments: [2, 3, 4, 5] as [UInt64])
  func reportsAndApplyAgreeAfterEveryEvent(seed: UInt64) {
    let learner = HistoryAccumulatorTests.randomLearner(seed: seed, lines: 500)
    let events = learner.journal.events
    #expect(events.contains { $0.payload.typeName == "overridden" })
    var p = LearnerProgress()
    for n in 1...events.count {
      p.apply(events[n - 1])
      let lines = Array(events.prefix(n).map { EventCoding.encode($0) + "\n" }.joined().utf8)
      let h = HistoryLoader.load(files: [("journal.jsonl", lines)], sinceDay: nil, keepAttempts: true, decoder: .fast)
      let series = h.table.index(of: "sample").map { h.accumulator.scoreHistory(bank: $0) } ?? []
      let derived = ScoreStats(
        runs: series.count, best: series.map(\.percent).max() ?? 0, last: series.last?.percent ?? 0,
        totalPercent: series.reduce(0) { $0 + $1.percent })
      #expect(derived == p.bankScores["sample"] ?? ScoreStats(), "after event \(n)")
      for (day, activity) in p.days where activity.answers > 0 {
        #expect(h.accumulator.days[day]?.correct == activity.correct, "day \(day) after event \(n)")
      }
      if derived != p.bankScores["sample"] ?? ScoreStats() { break }
    }
  }

  @Test func theAttemptLogShowsTheOverruledMarkUntilTheOverrideIsUndone() {
    var l = ReportLearner()
    l.type("start sample --count 2", "d", "override")
    var h = l.history()
    #expect(h.accumulator.countedAttempts.map(\.score) == [1])
    #expect(h.accumulator.days.values.map(\.correct) == [1])
    l.type("undo")
    h = l.history()
    #expect(h.accumulator.countedAttempts.map(\.score) == [0])
    #expect(h.accumulator.days.values.map(\.correct) == [0])
    #expect(h.accumulator.firstAnswers.values.map(\.score) == [0])
  }
}
