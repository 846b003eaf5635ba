import Testing

@testable import QuizlineCore

@Suite struct SchedulerReportTests {
  @Test func trueRetentionIsCountedPerIntervalBandOnReviewsADayOrMoreApart() {
    let t0 = Timestamp(seconds: 1_800_000_000)
    func r(_ card: Int, _ days: Int64, _ rating: Rating, minutes: Int64 = 0) -> ReviewRecord {
      ReviewRecord(card: card, at: t0.adding(days: days).adding(seconds: minutes * 60), rating: rating)
    }
    let reviews = [
      r(1, 0, .good), r(1, 0, .good, minutes: 10),  // same day: not counted
      r(1, 1, .good), r(1, 4, .again), r(1, 4, .good, minutes: 10), r(1, 6, .good),
      r(2, 0, .easy), r(2, 120, .good),
    ]
    var settings = ProfileSettings()
    settings.parameterFit = nil
    let s = SchedulerReport.build(settings: settings, reviews: reviews)
    #expect(s.parameters == "FSRS-6 defaults")
    let seen = s.retention.filter { $0.reviews > 0 }.map { "\($0.label) \($0.passed)/\($0.reviews)" }
    // Whole 24-hour periods, as the scheduler counts: day 1 is 23 h 50 min after the learning step
    // (same day, not counted), day 6 is 1 day 23 h 50 min after the relearning step (1 day).
    #expect(seen == ["1 day 1/1", "2-3 days 0/1", "91+ days 1/1"])
    var d = Dashboard(style: .plain, width: 80, today: 0)
    d.scheduler(s)
    let lines = d.lines
    #expect(lines.contains("    2-3 days    0%    of 1 review"))
  }
}
