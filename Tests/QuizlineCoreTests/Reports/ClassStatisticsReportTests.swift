import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineReports

/// The class report: totals over profiles and a Moodle-style item analysis from each learner's first
/// answers, so weak or broken questions stand out.
@Suite struct ItemAnalysisTests {
  /// Six learners on the first four sample questions: two strong (but they all miss the text
  /// question), two middling, two weak (who all get the text question right), so that question
  /// discriminates the wrong way.
  static func klass() -> Report {
    var inputs: [ReportInput] = []
    let answers: [(String, [String])] = [
      ("s1", ["b", "a,c", "true", "VStack"]), ("s2", ["b", "a,c", "true", "VStack"]),
      ("m1", ["b", "a", "false", "ZStack"]),
      ("m2", ["b", "a", "false", "ZStack"]), ("w1", ["c", "a", "false", "ZStack"]),
      ("w2", ["c", "a", "false", "ZStack"]),
    ]
    var now = ReportLearner.t0
    for (name, typed) in answers {
      var l = ReportLearner(profile: name)
      l.type("start sample --count 4")
      for t in typed { l.type(t) }
      if name == "s1" { l.type("start sample --count 1", "c") }  // a second try does not change the first answer
      inputs.append(ReportInput(profile: name, progress: l.progress, history: l.history()))
      now = max(now, l.now)
    }
    inputs.append(ReportInput(profile: "idle", progress: LearnerProgress(), history: .empty))
    return ReportBuilder.build(
      catalog: ReportLearner.catalog, inputs: inputs, now: now, options: ReportOptions(), classReport: true)
  }

  func item(_ report: Report, _ question: String) throws -> ItemAnalysis {
    try #require(report.classReport?.items.first { $0.ref.question == question })
  }

  /// `--all-profiles --since DAY`: the header says "from DAY on", so the profile rows and the class
  /// totals count the period's answers, like the item analysis and the active learners do.
  @Test func withSinceTheProfileRowsAndTotalsCountThePeriodOnly() throws {
    var inputs: [ReportInput] = []
    var since: Int64 = 0
    var now = ReportLearner.t0
    for name in ["a1", "a2"] {
      var l = ReportLearner(profile: name)
      l.type("start sample --count 2", "b", "a,c")  // first day: two right answers
      l.nextDay()
      since = l.now.dayNumber
      l.type("start sample --count 1", "c")  // second day: one wrong answer
      inputs.append(ReportInput(profile: name, progress: l.progress, history: l.history(since: since)))
      now = max(now, l.now)
    }
    let r = ReportBuilder.build(
      catalog: ReportLearner.catalog, inputs: inputs, now: now, options: ReportOptions(sinceDay: since),
      classReport: true)
    let totals = try #require(r.classReport?.totals)
    #expect(totals.answers == 2)
    #expect(totals.accuracy == 0)
    #expect(totals.activeLearners == 2)
    let md = MarkdownReportRenderer.render(r)
    #expect(md.contains("| a1 | 0/2 | 1 | 0% |"), "\(md)")
    #expect(md.contains("| **Total** | 0 | 2 | 0% |"), "\(md)")
    let text = DashboardRenderer.render(r, style: .plain, width: 100)
    #expect(text.contains("0/2 sessions | 1 answer | accuracy 0%"), "\(text)")
    let page = HTMLReportRenderer.render(r)
    #expect(
      page.contains(
        "<th scope=\"row\">a1</th><td class=\"num\">0/2</td><td class=\"num\">1</td><td class=\"num\">0%</td>"),
      "\(page)")
    // Without --since, everything counts.
    let all = ReportBuilder.build(
      catalog: ReportLearner.catalog, inputs: inputs, now: now, options: ReportOptions(), classReport: true)
    #expect(all.classReport?.totals.answers == 6)
  }

  @Test func facilityIsTheMeanFirstAnswerCredit() throws {
    let r = Self.klass()
    #expect(try item(r, "single-owner").facility == 4.0 / 6)
    #expect(try item(r, "multiple-containers").facility == (1 + 1 + 0.5 * 4) / 6)
    #expect(try item(r, "tf-declarative").facility == 2.0 / 6)
    #expect(try item(r, "single-owner").learners == 6)
    #expect(try item(r, "single-owner").answers == 7)
    #expect(r.classReport?.items.count == 4)
  }

  @Test func discriminationComparesTheTopAndBottomThirds() throws {
    let r = Self.klass()
    #expect(try item(r, "single-owner").discrimination == 1)
    #expect(try item(r, "multiple-containers").discrimination == 0.5)
    #expect(try item(r, "text-stack").discrimination == -1)
    #expect(r.classReport?.totals.activeLearners == 6)
    #expect(r.classReport?.totals.profiles == 7)
  }

  @Test func optionCountsShowHowOftenEachAnswerWasChosen() throws {
    let single = try item(Self.klass(), "single-owner")
    #expect(single.options.map(\.option) == ["a", "b", "c", "d"])
    #expect(single.options.map(\.count) == [0, 4, 2, 0])
    #expect(single.options.map(\.correct) == [false, true, false, false])
    let multiple = try item(Self.klass(), "multiple-containers")
    #expect(multiple.options.map(\.count) == [6, 0, 2, 0])
    let text = try item(Self.klass(), "text-stack")
    #expect(text.options.isEmpty)
    #expect(text.responses.map(\.response) == ["ZStack", "VStack"])
    #expect(text.responses.map(\.count) == [4, 2])
  }

  @Test func weakAndBrokenQuestionsStandOut() throws {
    let r = Self.klass()
    #expect(try item(r, "text-stack").flags.contains { $0.hasPrefix("negative discrimination") })
    #expect(try item(r, "tf-declarative").flags.contains("distractor false chosen more often than the answer"))
    #expect(try item(r, "single-owner").flags.isEmpty)
    let md = MarkdownReportRenderer.render(r)
    #expect(md.contains("⚠ negative discrimination"))
    let html = HTMLReportRenderer.render(r)
    #expect(html.contains("<tr class=\"flagged\">"))
    let csv = try #require(parseCSV(CSVReportRenderer.render(r, table: .items)))
    #expect(csv[0] == CSVReportRenderer.itemColumns)
    #expect(csv.count == 5)
    #expect(csv.first { $0[0] == "sample/single-owner" }?[8] == "a=0; b*=4; c=2; d=0")
    let text = DashboardRenderer.render(r, style: .plain, width: 100)
    #expect(text.contains("Class report | 7 profiles"))
    #expect(text.contains("! sample/text-stack: "))
  }

  @Test func fewLearnersGiveNoDiscriminationAndNoFlags() throws {
    var l = ReportLearner()
    l.type("start sample --count 1", "c")
    let r = ReportBuilder.build(
      catalog: ReportLearner.catalog, inputs: [ReportInput(profile: "one", progress: l.progress, history: l.history())],
      now: l.now,
      options: ReportOptions(), classReport: true)
    let single = try item(r, "single-owner")
    #expect(single.discrimination == nil)
    #expect(single.flags.isEmpty)
    #expect(single.facility == 0)
  }

  @Test func classTotalsAddUpTheProfiles() throws {
    let r = Self.klass()
    let t = try #require(r.classReport?.totals)
    #expect(t.answers == r.profiles.reduce(0) { $0 + $1.summary.answers })
    #expect(t.secondsStudied == r.profiles.reduce(0) { $0 + $1.summary.secondsStudied })
    let credit = r.profiles.reduce(0.0) { $0 + ($1.summary.accuracy ?? 0) * Double($1.summary.answers) }
    #expect(t.accuracy == credit / Double(t.answers))
  }
}
