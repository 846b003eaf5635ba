import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineReports

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The class report shows Moodle's quiz statistics in every format: per test the "Quiz
/// information" figures and one row per question (facility, SD, random guess score, DI, DE),
/// rounded to two decimals for people and unrounded in JSON and CSV; a figure that cannot be
/// computed as `–` with its reason, never 0 or NaN; which attempts were counted; negative
/// discrimination and flagged distractors marked with `!` and words.
@Suite struct ClassStatisticsReportTests {
  /// Six learners on the first four sample questions: two strong (but they all miss the text
  /// question), two middling, two weak (who all get the text question right), so that question
  /// discriminates the wrong way; and one learner who never answered.
  static func klass(_ choice: AttemptChoice = .first) -> Report {
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
      if name == "s1" { l.type("start sample --count 1", "c") }  // a second attempt, counted by --attempts last
      inputs.append(ReportInput(profile: name, progress: l.progress, history: l.history()))
      now = max(now, l.now)
    }
    inputs.append(ReportInput(profile: "idle", progress: LearnerProgress(), history: .empty))
    return ReportBuilder.build(
      catalog: ReportLearner.catalog, inputs: inputs, now: now, options: ReportOptions(attemptChoice: choice),
      classReport: true)
  }

  /// One learner, one answer: nothing with a spread can be computed.
  static func alone() -> Report {
    var l = ReportLearner()
    l.type("start sample --count 1", "c")
    return ReportBuilder.build(
      catalog: ReportLearner.catalog, inputs: [ReportInput(profile: "one", progress: l.progress, history: l.history())],
      now: l.now, options: ReportOptions(), classReport: true)
  }

  @Test func markdownShowsMoodlesTablesWithTwoDecimals() throws {
    let md = MarkdownReportRenderer.render(Self.klass())
    #expect(md.contains("## Test statistics"))
    #expect(md.contains("### Bank: Sample bank with every question type (`sample`)"))
    #expect(md.contains("| Attempts counted | 7 (first attempts) |") == false, "the idle learner has no attempt")
    #expect(md.contains("| Attempts counted | 6 (first attempts) |"), "\(md)")
    #expect(md.contains("| Partial attempts (asked only part of the test) | 6 |"), "each took 4 of 10 questions")
    // Facility of single-owner: 4 of 6 right → 66.67 %; its random guess score: 1 of 4 choices.
    #expect(md.contains("| 1 | `sample/single-owner` "))
    let row = try #require(md.split(separator: "\n").first { $0.hasPrefix("| 1 | `sample/single-owner`") })
    #expect(row.contains("| single | 6 | 66.67% | "), "\(row)")
    #expect(row.contains("| 25.00% |"), "\(row)")
    #expect(!md.contains("NaN"))
  }

  @Test func anUndefinedFigureIsADashWithItsReasonInEveryFormat() throws {
    let r = Self.alone()
    let md = MarkdownReportRenderer.render(r)
    #expect(md.contains("| Standard deviation | – (needs two attempts or more) |"), "\(md)")
    let row = try #require(md.split(separator: "\n").first { $0.hasPrefix("| 1 | `sample/single-owner`") })
    #expect(row.contains("| 0.00% | – (1) | 25.00% | – (2) | – (2) |"), "\(row)")
    #expect(md.contains("1. needs two attempts or more\n2. needs two attempts that also answered other questions"))
    let text = DashboardRenderer.render(r, style: .plain, width: 100)
    #expect(text.contains("Standard deviation                    - (needs two attempts or more)"), "\(text)")
    #expect(text.contains("(2) needs two attempts that also answered other questions"), "\(text)")
    let html = HTMLReportRenderer.render(r)
    #expect(html.contains("<span class=\"undef\" title=\"needs two attempts or more\">– (1)</span>"))
    #expect(html.contains("<li>needs two attempts that also answered other questions</li>"))
    let json = JSONReportRenderer.render(r)
    #expect(json.contains("\"discriminationIndex\": null,"))
    #expect(json.contains("\"discriminationIndex\": \"needs two attempts that also answered other questions\""))
    let csv = try #require(parseCSV(CSVReportRenderer.render(r, table: .items)))
    let di = try #require(csv[0].firstIndex(of: "discrimination_index"))
    #expect(csv[1][di] == "")
    #expect(csv[1][di + 1] == "needs two attempts that also answered other questions")
    for figure in ["facility", "standard_deviation", "random_guess_score", "discriminative_efficiency"] {
      let k = try #require(csv[0].firstIndex(of: figure))
      #expect(csv[0][k + 1] == figure + "_note")
      #expect(csv[1][k].isEmpty != csv[1][k + 1].isEmpty, "a value or a reason: \(figure)")
    }
  }

  @Test func jsonAndCSVKeepTheFiguresUnrounded() throws {
    let r = Self.klass()
    let json = JSONReportRenderer.render(r)
    #expect(json.contains("\"facility\": 66.66666666666666,"), "\(json)")
    // A null figure has its reason under `undefined`; a question whose figures all have a value has none.
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let test = try #require(((root["class"] as? [String: Any])?["tests"] as? [[String: Any]])?.first)
    let questions = try #require(test["questions"] as? [[String: Any]])
    let multiple = try #require(questions.first { $0["question"] as? String == "sample/multiple-containers" })
    #expect(multiple["randomGuessScore"] is NSNull)
    #expect(
      (multiple["undefined"] as? [String: String]) == [
        "randomGuessScore": "not defined for multiple-answer questions (nor in Moodle)"
      ])
    #expect(questions.first { $0["question"] as? String == "sample/single-owner" }?["undefined"] == nil)
    let csv = try #require(parseCSV(CSVReportRenderer.render(r, table: .items)))
    #expect(csv[0] == CSVStatistics.columns)
    #expect(csv.count == 1 + 4, "one row per question of the test that was answered")
    let row = try #require(csv.first { $0[5] == "sample/single-owner" })
    #expect(row[csv[0].firstIndex(of: "facility")!] == "66.66666666666666")
    #expect(row[csv[0].firstIndex(of: "responses")!] == "a=0 (0/0/0); b*=4 (2/2/0); c=2 (0/0/2); d=0 (0/0/0)")
  }

  /// The CSV `tests` table: one row per test with Moodle's quiz information, unrounded, and the
  /// reason of each figure that cannot be computed in its `_note`.
  @Test func theCSVTestsTableHasTheQuizInformation() throws {
    let csv = try #require(parseCSV(CSVReportRenderer.render(Self.klass(), table: .tests)))
    #expect(csv[0] == CSVStatistics.testColumns)
    #expect(csv.count == 2)
    let row = Dictionary(uniqueKeysWithValues: zip(csv[0], csv[1]))
    #expect(row["test"] == "sample" && row["attempts_counted"] == "first")
    #expect(row["attempts"] == "6" && row["partial_attempts"] == "6" && row["questions"] == "4")
    // Totals 75, 75, 62.5, 62.5, 37.5, 37.5 (% of each attempt's four questions).
    #expect(row["mean"] == JSONText.format(350.0 / 6) && row["median"] == "62.5")
    #expect(row["mean_note"] == "")
    #expect(row["internal_consistency"] == "")
    #expect(row["internal_consistency_note"]?.hasPrefix("6 of 6 attempts were asked only part of the test") == true)
  }

  @Test func theAttemptsCountedAreNamedInEveryFormat() throws {
    let r = Self.klass(.last)
    #expect(MarkdownReportRenderer.render(r).contains("Attempts counted: the last attempt of each learner;"))
    #expect(DashboardRenderer.render(r, style: .plain, width: 100).contains("the last attempt of each learner"))
    #expect(HTMLReportRenderer.render(r).contains("<code>--attempts last</code>"))
    #expect(JSONReportRenderer.render(r).contains("\"attempts\": \"last\",\n    \"tests\": ["))
    let csv = try #require(parseCSV(CSVReportRenderer.render(r, table: .items)))
    #expect(csv.dropFirst().allSatisfy { $0[3] == "last" })
    // s1's last attempt answered single-owner only, wrongly: 3 of 6 right.
    #expect(csv.first { $0[5] == "sample/single-owner" }?[10] == "50")
  }

  @Test func aNegativeDiscriminationIsMarkedWithAnExclamationAndWords() throws {
    let r = Self.klass()
    let md = MarkdownReportRenderer.render(r)
    let row = try #require(md.split(separator: "\n").first { $0.hasPrefix("| 4 | `sample/text-stack`") })
    #expect(row.contains("| **! -"), "\(row)")
    #expect(row.contains("⚠ negative discrimination index"), "\(row)")
    #expect(md.contains("**!** marks a negative discrimination index"))
    let zero = try #require(md.split(separator: "\n").first { $0.hasPrefix("| 3 | `sample/tf-declarative`") })
    #expect(!zero.contains("!"), "a discrimination index of 0 is not negative: \(zero)")
    let text = DashboardRenderer.render(r, style: .plain, width: 100)
    #expect(text.contains("\n!   4     6 "), "\(text)")
    #expect(text.contains("! Q4 sample/text-stack: negative discrimination index"), "\(text)")
    let html = HTMLReportRenderer.render(r)
    #expect(html.contains("<tr class=\"negative\">"))
    #expect(html.contains("<strong class=\"neg\">! -"))
  }

  @Test func theResponseAnalysisCountsEachOptionByGroupAndFlagsDistractors() throws {
    let r = Self.klass()
    let md = MarkdownReportRenderer.render(r)
    // Totals: s1, s2 3 of 4; m1, m2 2.5 of 4; w1, w2 1.5 of 4 → upper 2, middle 2, lower 2.
    #expect(md.contains("Groups: upper group 2, middle 2, lower 2 attempts"))
    #expect(md.contains("| b | @Binding var count | ✓ | 4 | 2 | 2 | 0 |  |"), "\(md)")
    #expect(md.contains("| **! false** | False |  | 4 | 0 | 2 | 2 | ! chosen more often than the answer |"), "\(md)")
    #expect(md.contains("| ZStack | 4 | 100.00% |\n| VStack | 2 | 0.00% |"), "\(md)")
    let text = DashboardRenderer.render(r, style: .plain, width: 100)
    #expect(
      text.contains("! false            4      0      2      2  False; chosen more often than the answer"), "\(text)")
    let html = HTMLReportRenderer.render(r)
    #expect(html.contains("<strong class=\"neg\">! false</strong>"))
  }

  /// The terminal form fits its width: the question table where it fits, else one block per
  /// question with its figures named; the options table likewise.
  @Test(arguments: [36, 50, 64, 80, 120]) func theTerminalFormFitsItsWidth(width: Int) {
    let text = DashboardRenderer.render(Self.klass(), style: .plain, width: width)
    for line in text.split(separator: "\n") {
      #expect(TextWrap.displayWidth(String(line)) <= width, "\(line)")
    }
    let table = text.contains("   Q#  Att. Facility")
    #expect(table == (width >= 71), "\(text)")
    #expect(text.contains(table ? "  text-stack" : "Q4 sample/text-stack"), "\(text)")
    #expect(text.contains("66.67%"))
  }

  /// Bank text and typed answers in the statistics are escaped in every format: HTML stays
  /// well-formed, Markdown punctuation is escaped, no control character reaches the terminal, no
  /// CSV cell runs as a formula.
  @Test func bankTextAndAnswersAreEscapedInEveryFormat() throws {
    let evil = "<script>alert(1)</script> & \"x\" | pipe \u{1B}[2J"
    var bank = try #require(ReportLearner.catalog.bank("sample"))
    bank.title = evil
    let catalog = Catalog(
      banks: [bank], sessions: ReportLearner.catalog.sessions, courses: ReportLearner.catalog.courses)
    var inputs: [ReportInput] = []
    for (k, typed) in ["@SUM(1)", "@SUM(1)", "<b>&amp;</b> | x", "ZStack"].enumerated() {
      var l = ReportLearner(profile: "p\(k)")
      l.type("start sample --count 4", "b", "a", "true", typed)
      inputs.append(ReportInput(profile: "p\(k)", progress: l.progress, history: l.history()))
    }
    let r = ReportBuilder.build(
      catalog: catalog, inputs: inputs, now: ReportLearner.t0.adding(days: 1), options: ReportOptions(),
      classReport: true)
    let html = HTMLReportRenderer.render(r)
    let parser = XMLParser(data: Data(html.replacingOccurrences(of: "<!DOCTYPE html>", with: "").utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(!html.contains("<script") && !html.contains("<b>"))
    #expect(html.contains("&lt;b&gt;&amp;amp;&lt;/b&gt; | x"))
    let md = MarkdownReportRenderer.render(r)
    #expect(md.contains("### Bank: \\<script\\>alert(1)\\</script\\> \\& \"x\" \\| pipe"), "\(md)")
    #expect(md.contains("| \\<b\\>\\&amp;\\</b\\> \\| x | 1 | 0.00% |"), "\(md)")
    for text in [md, DashboardRenderer.render(r, style: .plain, width: 100)] {
      #expect(!text.contains("\u{1B}"))
    }
    let csv = try #require(parseCSV(CSVReportRenderer.render(r, table: .items)))
    let responses = try #require(csv.first { $0[5] == "sample/text-stack" }?[23])
    #expect(responses.hasPrefix("'@SUM(1)=2 (mark 0); "), "\(responses)")
    #expect(csv[1][2].hasPrefix("<script>"), "a title that is no formula stays as it is")
  }

  /// tf-declarative's mark and the rest of the test do not covary (exactly 0); the rounding noise of
  /// the computation (about -2e-14) must not make it a "negative discrimination".
  @Test func aDiscriminationThatIsZeroButForRoundingIsZero() throws {
    let tests = try #require(Self.klass().classReport?.statistics.tests)
    let tf = try #require(tests.first?.questions.first { $0.ref.question == "tf-declarative" })
    #expect(tf.discriminationIndex == .value(0))
    #expect(tf.discriminativeEfficiency == .value(0))
    #expect(!tf.flags.contains { $0.hasPrefix("negative") })
    #expect(tf.flags.contains("weak discrimination index (under 20)"))
  }

  /// `--all-profiles --since DAY`: the header says "from DAY on", so the profile rows and the class
  /// totals count the period's answers, like the active learners do.
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

  @Test func classTotalsAddUpTheProfiles() throws {
    let r = Self.klass()
    let t = try #require(r.classReport?.totals)
    #expect(t.answers == r.profiles.reduce(0) { $0 + $1.summary.answers })
    #expect(t.secondsStudied == r.profiles.reduce(0) { $0 + $1.summary.secondsStudied })
    let credit = r.profiles.reduce(0.0) { $0 + ($1.summary.accuracy ?? 0) * Double($1.summary.answers) }
    #expect(t.accuracy == credit / Double(t.answers))
    #expect(t.activeLearners == 6)
    #expect(t.profiles == 7)
  }
}
