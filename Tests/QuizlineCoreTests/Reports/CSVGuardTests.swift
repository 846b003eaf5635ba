import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineReports

/// Spreadsheet formula guards: a text cell starting with any character a spreadsheet reads as the
/// start of a formula gets a leading `'`; numbers (also negative ones) stay as they are.
@Suite struct CSVGuardTests {
  @Test(arguments: [
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("@SUM(A1)", "'@SUM(A1)"), ("\t=1", "'\t=1"), ("\r=1", "'\r=1"), ("-x", "'-x"),
    ("-", "'-"), ("--1", "'--1"), ("-+1", "'-+1"),
  ])
  func aCellStartingAFormulaIsGuarded(cell: String, written: String) {
    #expect(CSVReportRenderer.text(cell) == written)
  }

  @Test(arguments: ["-2.5", "-0", "-.5", "-9", "2", "b", "a=b", " =1", "'=1", ""])
  func aNumberOrPlainTextIsLeftAlone(cell: String) {
    #expect(CSVReportRenderer.text(cell) == cell)
  }

  @Test(arguments: ["a\rb", "a\nb", "a,b", "say \"hi\""])
  func aFieldWithALineBreakACommaOrAQuoteIsQuoted(field: String) {
    #expect(CSVReportRenderer.field(field) == "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
  }

  @Test func aGuardedResponseReachesTheAttemptsTableGuarded() throws {
    var l = ReportLearner()
    l.type("start sample --count 4", "skip", "skip", "skip", "@SUM(A1)")
    let rows = try #require(parseCSV(CSVReportRenderer.render(l.report(), table: .attempts)))
    let response = try #require(CSVReportRenderer.attemptColumns.firstIndex(of: "response"))
    #expect(rows.dropFirst().map { $0[response] } == ["'@SUM(A1)"])
  }
}
