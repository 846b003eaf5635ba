import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineReports

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Each format checked structurally: JSON against its schema, CSV parsed back, HTML as XML,
/// Markdown tables; text from banks escaped everywhere.
@Suite struct ReportFormatsTests {
  static let schemaPath = Fixtures.repositoryRoot + "/schemas/report.schema.json"

  @Test func jsonValidatesAgainstTheSchemaWithKeysInSchemaOrder() throws {
    let validator = try MiniSchemaValidator(schemaPath: Self.schemaPath)
    let learner = ReportLearner.sample()
    for report in [
      learner.report(), learner.report(since: learner.now.dayNumber),
      ReportBuilder.build(
        catalog: ReportLearner.catalog, inputs: [], now: learner.now, options: ReportOptions(), classReport: true),
      ClassStatisticsReportTests.klass(), ClassStatisticsReportTests.alone(),
    ] {
      let json = JSONReportRenderer.render(report)
      let problems = try validator.validate(json)
      #expect(problems == [], "\(problems)")
    }
  }

  @Test func longScoreHistoriesAreWrittenExactlyAsTheValueTreeWouldBe() throws {
    var l = ReportLearner()
    for k in 0..<40 { l.type("start sample --count 2", k % 3 == 0 ? "a" : "b", "a,c") }
    let report = l.report()
    #expect(report.profiles[0].banks[0].scoreHistory.count == 40)
    let direct = JSONReportRenderer.render(report)
    #expect(direct == JSONReportRenderer.json(report).rendered(pretty: true) + "\n")
    #expect(try MiniSchemaValidator(schemaPath: Self.schemaPath).validate(direct) == [])
  }

  @Test func theValidatorCatchesWhatTheSchemaForbids() throws {
    let validator = try MiniSchemaValidator(schemaPath: Self.schemaPath)
    let json = JSONReportRenderer.render(ReportLearner.sample().report())
    #expect(
      try !validator.validate(json.replacingOccurrences(of: "\"kind\": \"report\"", with: "\"kind\": \"bank\"")).isEmpty
    )
    #expect(try !validator.validate(json.replacingOccurrences(of: "\"streakDays\"", with: "\"streak\"")).isEmpty)
    #expect(
      try !validator.validate(json.replacingOccurrences(of: "\"schemaVersion\": 2", with: "\"schemaVersion\": \"2\""))
        .isEmpty)
  }

  /// The same check with the reference implementation (PyPI `jsonschema`, Draft 2020-12, installed
  /// into .build/py-venv by scripts/schemas/validate.sh on first use): its verdict, not only its
  /// exit status, and a broken report is refused by it too.
  @Test func jsonValidatesWithTheReferenceJsonschemaImplementation() throws {
    let dir = try temporaryDirectory()
    let learner = ReportLearner.sample()
    let texts = [
      learner.report(), learner.report(since: learner.now.dayNumber), ClassStatisticsReportTests.klass(.best),
      ClassStatisticsReportTests.alone(),
    ].map(JSONReportRenderer.render)
    let files = texts.enumerated().map { k, text in
      let path = dir + "/r\(k).json"
      #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
      return path
    }
    let good = try Self.referenceValidate(files)
    #expect(good.status == 0, "\(good.output)")
    #expect(
      good.output.hasSuffix("validated 4 document(s) against \(Self.schemaPath): 0 problem(s)\n"), "\(good.output)")

    let broken = dir + "/broken.json"
    #expect(
      FileManager.default.createFile(
        atPath: broken, contents: Data(texts[0].replacingOccurrences(of: "\"streakDays\"", with: "\"streak\"").utf8)))
    let bad = try Self.referenceValidate([broken])
    #expect(bad.status == 1, "\(bad.output)")
    #expect(bad.output.contains("\(broken): profiles/0/summary: "), "\(bad.output)")
    #expect(!bad.output.hasSuffix(": 0 problem(s)\n"), "\(bad.output)")
  }

  /// Runs scripts/schemas/validate.sh on report JSON files: its exit status and everything it printed.
  static func referenceValidate(_ files: [String]) throws -> (status: Int32, output: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Fixtures.repositoryRoot + "/scripts/schemas/validate.sh")
    p.arguments = [schemaPath] + files
    let out = Pipe()
    p.standardOutput = out
    p.standardError = out
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func csvParsesBackWithOneRowPerAnswerAndPerSession() throws {
    let learner = ReportLearner.sample()
    let report = learner.report()
    let attempts = try #require(parseCSV(CSVReportRenderer.render(report, table: .attempts)))
    #expect(attempts[0] == CSVReportRenderer.attemptColumns)
    #expect(attempts.count - 1 == report.profiles[0].summary.answers)
    #expect(attempts.dropFirst().allSatisfy { $0.count == CSVReportRenderer.attemptColumns.count })
    #expect(attempts.contains { $0[8] == "\"quoted\", odd; answer" })
    let sessions = try #require(parseCSV(CSVReportRenderer.render(report, table: .sessions)))
    #expect(sessions.count - 1 == ReportLearner.catalog.sessions.count)
    #expect(sessions.first { $0[3] == "layout" }?[5] == "true")
  }

  @Test func csvRowsFromTheCompactWriterEqualRowsFromTheLog() throws {
    let report = ReportLearner.sample().report()
    let log = try #require(report.profiles[0].attempts)
    let rows = try #require(parseCSV(CSVReportRenderer.render(report, table: .attempts))).dropFirst()
    #expect(rows.count == log.count)
    for (k, row) in rows.enumerated() {
      let a = log[k]
      let expected = [
        "default", String(a.sequence), a.at.iso8601, String(a.run), a.source, a.bank, a.question, a.type ?? "",
        a.response,
        JSONText.format(a.score), a.isCorrect ? "true" : "false", JSONText.format(a.seconds),
        a.certainty.map(String.init) ?? "",
        a.rating ?? "", a.practice ? "true" : "false",
      ]
      #expect(Array(row) == expected)
    }
  }

  @Test(arguments: [
    ("=SUM(A1)", "'=SUM(A1)"), ("+1", "'+1"), ("@x", "'@x"), ("-x", "'-x"), ("-2.5", "-2.5"), ("b", "b"), ("", ""),
  ])
  func csvTextCellsCannotRunAsFormulas(_ input: String, _ output: String) {
    #expect(CSVReportRenderer.text(input) == output)
  }

  @Test(arguments: [
    ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"), ("-1+1", "'-1+1"), ("-.5*A1", "'-.5*A1"), ("-", "'-"),
    ("-1.2.3", "'-1.2.3"),
    ("\rx", "'\rx"), ("\tx", "'\tx"), ("-.5", "-.5"), ("-12", "-12"), ("-0.25", "-0.25"),
  ])
  func csvCellsStartingWithAMinusArePrefixedUnlessTheWholeCellIsANumber(_ input: String, _ output: String) {
    #expect(CSVReportRenderer.text(input) == output)
  }

  @Test func csvQuotesCommasQuotesAndLineBreaks() {
    #expect(CSVReportRenderer.field("a,b") == "\"a,b\"")
    #expect(CSVReportRenderer.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(CSVReportRenderer.field("two\nlines") == "\"two\nlines\"")
    #expect(CSVReportRenderer.field("plain") == "plain")
  }

  @Test func htmlIsWellFormedSelfContainedAndAccessible() throws {
    let learner = ReportLearner.sample()
    for html in [HTMLReportRenderer.render(learner.report()), HTMLReportRenderer.render(hostileReport())] {
      let parser = XMLParser(data: Data(html.replacingOccurrences(of: "<!DOCTYPE html>", with: "").utf8))
      #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
      #expect(!html.contains("<script"))
      #expect(!html.contains("<link"))
      #expect(!html.contains("src="))
      #expect(
        html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").range(
          of: "https?://", options: .regularExpression) == nil)
      #expect(html.contains("<h1>") && html.contains("<h2 id="))
      #expect(html.components(separatedBy: "<table>").count == html.components(separatedBy: "<caption").count)
      #expect(html.contains("<th scope=\"col\""))
      #expect(html.contains("@media print"))
    }
    let page = HTMLReportRenderer.render(learner.report())
    // Every chart has a role, a title and a description in words.
    let charts = page.components(separatedBy: "<svg ").count - 1
    #expect(charts >= 2)
    #expect(page.components(separatedBy: "role=\"img\" aria-labelledby=").count - 1 == charts)
    #expect(page.components(separatedBy: "<desc id=").count - 1 == charts)
    // Completion is said in words and marks, not only in colour.
    #expect(page.contains("✓ Completed"))
    #expect(HTMLReportRenderer.render(ReportLearner().report()).contains("○ Not completed"))
  }

  @Test func bankTextIsEscapedInEveryFormat() throws {
    let report = hostileReport()
    let html = HTMLReportRenderer.render(report)
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;"))
    #expect(!html.contains("\u{1B}"))
    let md = MarkdownReportRenderer.render(report)
    #expect(md.contains("\\<script\\>alert(1)\\</script\\> \\& \"x\" \\| pipe"))
    #expect(!md.contains("\u{1B}"))
    let text = DashboardRenderer.render(report, style: .rich, width: 80)
    #expect(text.contains("\\u{1B}[2J"))
    #expect(!DashboardRenderer.render(report, style: .plain, width: 80).contains("\u{1B}"))
    let json = JSONReportRenderer.render(report)
    #expect(json.lowercased().contains("\\u001b[2j"))
  }

  @Test func markdownHasHeadingsAndWellFormedTables() {
    let md = MarkdownReportRenderer.render(ReportLearner.sample().report())
    #expect(md.hasPrefix("# Progress report for default: Basics\n"), "the learner and the course")
    for heading in ["## Summary", "## Study sessions", "## Banks", "## Weakest tags", "## Activity, last 30 days"] {
      #expect(md.contains("\n" + heading + "\n"), "\(heading)")
    }
    var columns: Int?
    for line in md.split(separator: "\n") {
      guard line.hasPrefix("|") else {
        columns = nil
        continue
      }
      // Unescaped pipes separate cells; every row of a table has the header's cell count.
      let cells = line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
      if let columns { #expect(cells == columns, "\(line)") } else { columns = cells }
    }
  }

  @Test func markdownScoreHistoryShowsBankIdsAsCodeLikeTheOtherTables() throws {
    let md = MarkdownReportRenderer.render(ReportLearner.sample().report())
    let history = try #require(md.components(separatedBy: "### Score history").last)
    let rows = history.split(separator: "\n").prefix { !$0.hasPrefix("#") }.filter {
      $0.hasPrefix("| ") && !$0.hasPrefix("| Bank") && !$0.hasPrefix("| ---")
    }
    #expect(!rows.isEmpty)
    for row in rows { #expect(row.hasPrefix("| `sample` | "), "\(row)") }
  }

  /// A catalog whose bank and session titles try to break out of every format.
  func hostileReport() -> Report {
    let evil = "<script>alert(1)</script> & \"x\" | pipe \u{1B}[2J"
    var bank = ReportLearner.catalog.bank("sample")!
    bank.title = evil
    var session = ReportLearner.catalog.session("intro")!
    session.title = evil
    let catalog = Catalog(
      banks: [bank], sessions: [session] + ReportLearner.catalog.sessions.filter { $0.id != "intro" },
      courses: ReportLearner.catalog.courses)
    let learner = ReportLearner.sample()
    return ReportBuilder.build(
      catalog: catalog,
      inputs: [ReportInput(profile: "default", progress: learner.progress, history: learner.history())],
      now: learner.now,
      options: ReportOptions(includeAttempts: true))
  }
}
