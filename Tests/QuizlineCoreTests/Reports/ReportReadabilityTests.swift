import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop
@testable import QuizlineReports
@testable import QuizlineStorage

/// What makes a report read well: human dates, a title naming learner and course, plain legend
/// ranges, no chart for one point, inline code as code, whole prompts, no 100 % "weak" tags,
/// checkpoint quizzes in the bank figures, and a forecast of due reviews.
@Suite struct ReportReadabilityTests {
  @Test(arguments: [
    ("2026-12-03T13:51:42.123456Z", "3 Dec 2026, 13:51 UTC", "3 Dec 2026"),
    ("2026-01-09T00:05:00Z", "9 Jan 2026, 00:05 UTC", "9 Jan 2026"),
    ("2028-02-29T23:59:59Z", "29 Feb 2028, 23:59 UTC", "29 Feb 2028"),
  ])
  func datesReadAsPeopleWriteThem(iso: String, dateTime: String, date: String) throws {
    let t = try #require(Timestamp(iso8601: iso))
    #expect(t.humanDateTime == dateTime)
    #expect(t.humanDate == date)
  }

  @Test func markdownAndHTMLShowNoMachineTimestamps() {
    let report = ReportLearner.sample().report()
    let md = MarkdownReportRenderer.render(report)
    let page = HTMLReportRenderer.render(report)
    let stamp = /\d{4}-\d\d-\d\dT\d\d:\d\d/
    #expect(md.firstMatch(of: stamp) == nil, "\(md)")
    #expect(page.firstMatch(of: stamp) == nil)
    #expect(md.contains("Generated \(report.generatedAt.humanDateTime)."))
    #expect(page.contains("<h1>Progress report for default: Basics</h1>"))
  }

  @Test(arguments: [
    (0, [1, 2, 3]), (3, [1, 2, 3]), (7, [2, 4, 6]), (13, [5, 10, 15]), (37, [10, 20, 30]),
    (100, [25, 50, 75]), (101, [50, 100, 150]), (900, [250, 500, 750]),
  ])
  func heatMapShadesHaveRoundRanges(busiest: Int, bounds: [Int]) {
    #expect(HTMLCharts.shadeBounds(busiest: busiest) == bounds)
  }

  @Test func theHeatMapLegendStatesPlainRanges() {
    let today = Timestamp(iso8601: "2026-12-03")!.dayNumber
    let rows = [3, 9, 13].enumerated().map {
      DayRow(day: today - Int64($0.offset), answers: $0.element, correct: 0, seconds: 0, newCards: 0)
    }
    let svg = HTMLCharts.heatmap(rows, today: today)
    #expect(svg.contains("0 <span class=\"key l1\"></span> 1–5 <span class=\"key l2\"></span> 6–10"), "\(svg)")
    #expect(svg.contains("11–15 <span class=\"key l4\"></span> 16 or more"))
  }

  @Test func aBankWithOneQuizGetsASentenceNotAChart() {
    let point = ScorePoint(
      run: 1, endedAt: Timestamp(iso8601: "2026-12-01T10:00:00Z")!.microseconds, percent: 80, endedEarly: false)
    let bank = BankRow(
      id: "b", title: "One `quiz` bank", questions: 3, questionsAttempted: 3, answers: 3, accuracy: 0.8, scores: nil,
      scoreHistory: [point])
    var h = HTMLWriter()
    HTMLCharts.scoreHistories([bank], &h)
    #expect(!h.text.contains("<svg"))
    #expect(
      h.text.contains(
        "One <code class=\"inline\">quiz</code> bank (<code>b</code>): one quiz so far, 80% on 1 Dec 2026, 10:00 UTC."))
  }

  @Test func inlineCodeIsShownAsCodeAndStrayBackticksAsText() {
    #expect(
      htmlInline("Use `@State` & `Binding<T>`")
        == "Use <code class=\"inline\">@State</code> &amp; <code class=\"inline\">Binding&lt;T&gt;</code>")
    #expect(htmlInline("a ` b") == "a ` b")
    #expect(MarkdownWriter.escapeInline("Use `@State` *here*") == "Use `@State` \\*here\\*")
    #expect(MarkdownWriter.escapeInline("`a|b` and |") == "`a\\|b` and \\|")
    #expect(MarkdownWriter.escapeInline("a ` b") == "a \\` b")
  }

  @Test func reportsKeepLongPromptsWhole() {
    let long = String(repeating: "word ", count: 40) + "end?"
    #expect(ReportText.firstLine(long, limit: 240) == long)
    let longer = String(repeating: "word ", count: 60)
    let cut = ReportText.firstLine(longer, limit: 240)
    #expect(cut.count <= 240 && cut.hasSuffix("word…"), "\(cut)")
    #expect(Dashboard.shortTitle(long).count <= 70, "the terminal dashboard still fits its width")
  }

  @Test func weakestTagsLeaveOutTagsAtOneHundredPercent() {
    var p = LearnerProgress()
    func answered(_ id: String, _ attempts: Int, _ score: Double) {
      var q = QuestionProgress()
      q.attempts = attempts
      q.totalScore = score
      p.questions[QuestionRef(bank: "sample", question: id)] = q
    }
    answered("single-owner", 5, 5)  // tag state: 100 %
    answered("multiple-containers", 5, 2)  // tag layout: 40 %
    let tags = ReportBuilder.weakestTags(ReportLearner.catalog, p, ReportOptions()).map(\.tag)
    // fixture (the bank's tag) is 7 of 10: 70 %.
    #expect(tags == ["layout", "fixture"])
  }

  @Test func checkpointQuizzesCountInTheFiguresOfTheBanksTheyAsk() {
    let refs = ["single-owner", "multiple-containers"].map { QuestionRef(bank: "sample", question: $0) }
    var run = QuizRun(
      id: 1, start: RunStart(source: .checkpoint(session: "intro"), questions: refs, seed: 1),
      startedAt: ReportLearner.t0)
    run.outcomes = [RunOutcome(score: 1, response: "b", seconds: 1), RunOutcome(score: 0.5, response: "a", seconds: 1)]
    run.position = 2
    run.endReason = RunEndReason.finished
    var p = LearnerProgress()
    p.runs = [run]
    #expect(ReportBuilder.checkpointFigures(p)["sample"] == CheckpointFigures(quizzes: 1, best: 75, last: 75))
    let report = ReportBuilder.build(
      catalog: ReportLearner.catalog, inputs: [ReportInput(profile: "default", progress: p, history: nil)],
      now: ReportLearner.t0, options: ReportOptions())
    #expect(MarkdownReportRenderer.render(report).contains(" | 1 (best 75%, last 75%) |"))
    #expect(HTMLReportRenderer.render(report).contains("<td>1 (best 75%, last 75%)</td>"))
  }

  @Test func theForecastCountsDueReviewsPerDayWithOverdueOnTheFirst() {
    let now = Timestamp(iso8601: "2026-12-03T13:00:00Z")!
    var p = LearnerProgress()
    let dues = [
      "2026-12-01T08:00:00Z", "2026-12-03T20:00:00Z", "2026-12-04T01:00:00Z", "2026-12-16T23:00:00Z",
      "2026-12-17T00:00:00Z",
    ]
    for (k, due) in dues.enumerated() {
      var q = QuestionProgress()
      q.card = FSRSCard(
        phase: .review, step: nil, stability: 3, difficulty: 5, due: Timestamp(iso8601: due)!, lastReview: now)
      p.questions[QuestionRef(bank: "sample", question: ReportLearner.catalog.bank("sample")!.questions[k].id)] = q
    }
    let report = ReportBuilder.build(
      catalog: ReportLearner.catalog, inputs: [ReportInput(profile: "default", progress: p, history: nil)], now: now,
      options: ReportOptions())
    let forecast = report.profiles[0].forecast
    #expect(forecast.count == 14)
    #expect(forecast.map(\.due) == [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], "the 17th is past the 14 days")
    let page = HTMLReportRenderer.render(report)
    #expect(page.contains("<h2 id=\"forecast-h\">Reviews due, next 14 days</h2>"))
    #expect(page.contains("4 reviews in all, 2 today (overdue included); busiest day 3 Dec 2026 with 2 reviews."))
    #expect(MarkdownReportRenderer.render(report).contains("| 3 Dec 2026 (today, with overdue) | 2 | "))
  }

  @Test func aFlaggedQuestionOfABankNotLoadedIsNotCalledRemoved() {
    var p = LearnerProgress()
    var q = QuestionProgress()
    q.flagged = true
    p.questions[QuestionRef(bank: "elsewhere", question: "q1")] = q
    p.questions[QuestionRef(bank: "sample", question: "gone")] = q
    let report = ReportBuilder.build(
      catalog: ReportLearner.catalog, inputs: [ReportInput(profile: "default", progress: p, history: nil)],
      now: ReportLearner.t0, options: ReportOptions())
    let text = DashboardRenderer.render(report, style: .plain, width: 80)
    #expect(text.contains("elsewhere/q1: (its bank is not loaded)"), "\(text)")
    #expect(text.contains("sample/gone: (no longer in its bank)"), "\(text)")
    #expect(MarkdownReportRenderer.render(report).contains("| `elsewhere/q1` | (its bank is not loaded) |"))
  }
}
