import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineReports

/// One source of truth: the report says what the REPL's screens say, and every format says the same.
@Suite struct ReportConsistencyTests {
  static func screen(_ learner: ReportLearner, _ line: String, style: Style = .plain, width: Int = 80) -> String {
    var state = learner.store.state
    _ = Reducer.reduce(&state, .lineEntered(line, at: learner.now, entropy: 0))
    return Renderer.render(state, RenderContext(width: width, style: style, now: learner.now)).text
  }

  @Test func theProgressScreenIsTheDashboardOfTheState() {
    let learner = ReportLearner.sample()
    let report = ReportBuilder.build(
      catalog: ReportLearner.catalog,
      inputs: [ReportInput(profile: "default", progress: learner.progress, history: nil)], now: learner.now,
      options: ReportOptions())
    for (style, width) in [(Style.plain, 80), (Style.rich, 60)] {
      #expect(
        Self.screen(learner, "progress", style: style, width: width)
          == DashboardRenderer.render(report, style: style, width: width))
    }
  }

  @Test func dashboardNumbersAreTheStatusAndListNumbers() throws {
    let learner = ReportLearner.sample()
    let status = Self.screen(learner, "status")
    let list = Self.screen(learner, "list", width: 200)
    let dashboard = Self.screen(learner, "progress")
    let report = learner.report()
    let s = report.profiles[0].summary
    let accuracy = ReportFormat.percent(try #require(s.accuracy))
    #expect(status.contains("Accuracy            \(accuracy) over \(s.answers) answers"))
    #expect(dashboard.contains("\(s.answers) answers | accuracy \(accuracy)"))
    #expect(status.contains("Sessions completed  [") && status.contains("] \(s.sessionsCompleted)/\(s.sessionsTotal)"))
    #expect(dashboard.contains("] \(s.sessionsCompleted)/\(s.sessionsTotal)"))
    #expect(status.contains("Reviews             " + ReportFormat.dueText(s, now: report.generatedAt)))
    #expect(dashboard.contains("Reviews             " + ReportFormat.dueText(s, now: report.generatedAt)))
    #expect(status.contains("Time answering      " + Renderer.formatDuration(s.secondsStudied)))
    #expect(dashboard.contains("Time studied        " + Renderer.formatDuration(s.secondsStudied)))
    let stats = try #require(learner.progress.bankScores["sample"])
    let scores = "best \(stats.best)% | last \(stats.last)% | average \(stats.average)% | \(stats.runs) quizzes"
    #expect(list.contains(scores))
    #expect(dashboard.contains(scores))
    #expect(
      dashboard.contains("[x] intro: ")
        && dashboard.contains("completed \(learner.progress.sessions["intro"]!.completedAt!.isoDate)"))
  }

  @Test func everyFormatCarriesTheSameNumbers() throws {
    let learner = ReportLearner.sample()
    let report = learner.report()
    let p = report.profiles[0]
    let s = p.summary
    let accuracy = ReportFormat.percent(try #require(s.accuracy))
    let bank = try #require(p.banks.first { $0.id == "sample" })
    let stats = try #require(bank.scores)
    // JSON
    let json = try JSONDocument.parse(Array(JSONReportRenderer.render(report).utf8)).root
    func field(_ v: JSONValue, _ path: String...) -> JSONValue? {
      var cur: JSONValue? = v
      for key in path { cur = cur?.members.first { $0.key.string == key }?.value }
      return cur
    }
    let profile = try #require(field(json, "profiles")?.elements.first)
    #expect(field(profile, "summary", "answers")?.int == s.answers)
    #expect(field(profile, "summary", "accuracy")?.double == s.accuracy)
    #expect(field(profile, "summary", "sessionsCompleted")?.int == s.sessionsCompleted)
    let jsonBank = try #require(field(profile, "banks")?.elements.first { field($0, "id")?.string == "sample" })
    #expect(field(jsonBank, "quizzes", "best")?.int == stats.best)
    #expect(field(jsonBank, "quizzes", "average")?.int == stats.average)
    #expect(field(jsonBank, "scoreHistory")?.elements.count == stats.runs)
    #expect(field(jsonBank, "scoreHistory")?.elements.last.flatMap { field($0, "percent")?.int } == stats.last)
    // CSV
    let rows = try #require(parseCSV(CSVReportRenderer.render(report, table: .attempts))).dropFirst()
    #expect(rows.count == s.answers)
    let credit = rows.reduce(0.0) { $0 + Double($1[9])! }
    #expect(ReportFormat.percent(credit / Double(rows.count)) == accuracy)
    let completed = try #require(parseCSV(CSVReportRenderer.render(report, table: .sessions))).dropFirst().filter {
      $0[5] == "true"
    }
    #expect(completed.count == s.sessionsCompleted)
    // Markdown
    let md = MarkdownReportRenderer.render(report)
    #expect(md.contains("| Answers | \(s.answers) |"))
    #expect(md.contains("| Accuracy | \(accuracy) |"))
    #expect(md.contains("| Sessions completed | \(s.sessionsCompleted)/\(s.sessionsTotal) |"))
    #expect(md.contains("| \(stats.runs) | \(stats.best)% | \(stats.last)% | \(stats.average)% |"))
    // HTML
    let html = HTMLReportRenderer.render(report)
    #expect(html.contains("<span class=\"value\">\(accuracy)</span> <span class=\"note\">\(s.answers) answers"))
    #expect(html.contains("<span class=\"value\">\(s.sessionsCompleted)/\(s.sessionsTotal)</span>"))
    #expect(
      html.contains(
        "<td class=\"num\">\(stats.runs)</td><td class=\"num\">\(stats.best)%</td><td class=\"num\">\(stats.last)%</td><td class=\"num\">\(stats.average)%</td>"
      ))
    // Dashboard
    let text = DashboardRenderer.render(report, style: .plain, width: 100)
    #expect(text.contains("accuracy \(accuracy)") && text.contains("best \(stats.best)% | last \(stats.last)%"))
  }

  @Test func theFastReaderAndTheGenericDecoderGiveTheSameReport() {
    let learner = HistoryAccumulatorTests.randomLearner(seed: 11, lines: 1200)
    func report(_ decoder: HistoryScanner.Decoder, since: Int64?) -> Report {
      ReportBuilder.build(
        catalog: ReportLearner.catalog,
        inputs: [
          ReportInput(
            profile: "p", progress: learner.progress, history: learner.history(since: since, decoder: decoder))
        ],
        now: learner.now, options: ReportOptions(sinceDay: since, includeAttempts: true), classReport: true)
    }
    for since in [nil, learner.now.dayNumber - 1] {
      let fast = report(.fast, since: since)
      let slow = report(.generic, since: since)
      #expect(fast == slow)
      #expect(JSONReportRenderer.render(fast) == JSONReportRenderer.render(slow))
      #expect(CSVReportRenderer.render(fast, table: .attempts) == CSVReportRenderer.render(slow, table: .attempts))
    }
  }

  @Test func streaksCountConsecutiveDaysEndingTodayOrYesterday() {
    #expect(Streaks(days: [10, 11, 12], today: 12).current == 3)
    #expect(Streaks(days: [10, 11, 12], today: 13).current == 3)
    #expect(Streaks(days: [10, 11, 12], today: 14).current == 0)
    #expect(Streaks(days: [1, 2, 3, 4, 8, 9], today: 9).longest == 4)
    #expect(Streaks(days: [], today: 9).current == 0)
  }

  @Test func thePeriodCountsTheStateDaysAndTheLogAgrees() throws {
    let learner = ReportLearner.sample()
    let since = learner.now.dayNumber - 1
    let report = learner.report(since: since)
    let period = try #require(report.profiles[0].period)
    let days = learner.progress.days.filter { $0.key >= since }
    #expect(period.answers == days.values.reduce(0) { $0 + $1.answers })
    #expect(period.correct == days.values.reduce(0) { $0 + $1.correct })
    #expect(report.profiles[0].attempts?.count == period.answers)
    #expect(period.activeDays == 2)
  }
}
