import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineReports

/// The class report's HTML page: the question table in one pre-sorted copy per column and
/// direction (no script: `:target` shows the one a header links to), and the chart of facility
/// against discrimination, naming the questions it leaves out (the class of
/// ``ClassStatisticsReportTests/klass(_:)``).
@Suite struct ClassStatisticsHTMLTests {
  @Test func theHTMLQuestionTableIsWrittenSortedByEveryColumnBothWays() throws {
    let html = HTMLReportRenderer.render(ClassStatisticsReportTests.klass())
    #expect(!html.contains("<script"))
    let ids = HTMLStatistics.columns.indices.flatMap { c in
      [false, true].map { HTMLStatistics.anchor(test: 1, column: c, descending: $0) }
    }
    for id in ids { #expect(html.contains("id=\"\(id)\""), "\(id)") }
    // Facility, descending: multiple-containers (0.5·4+2)/6 = 66.67 ties single-owner 66.67 (question
    // order breaks the tie), then text-stack 66.67 … read the order back from the copy.
    func order(_ id: String) throws -> [String] {
      let start = try #require(html.range(of: "id=\"\(id)\""))
      let end = try #require(html.range(of: "</table>", range: start.upperBound..<html.endIndex))
      return html[start.upperBound..<end.lowerBound].components(separatedBy: "<th scope=\"row\"><code>sample/")
        .dropFirst().map { String($0.prefix { $0 != "<" }) }
    }
    #expect(try order("t1-by-qn-asc") == ["single-owner", "multiple-containers", "tf-declarative", "text-stack"])
    #expect(try order("t1-by-qn-desc") == ["text-stack", "tf-declarative", "multiple-containers", "single-owner"])
    // Facility: tf-declarative 2/6, text-stack 4/6, single-owner 4/6, multiple-containers 4/6.
    #expect(try order("t1-by-facility-asc") == ["tf-declarative", "single-owner", "multiple-containers", "text-stack"])
    #expect(
      try order("t1-by-facility-desc") == ["single-owner", "multiple-containers", "text-stack", "tf-declarative"])
    // Random guess score: text-stack 0, single-owner 25, tf-declarative 50; multiple-containers has
    // none (multiple answers): last in both directions.
    #expect(try order("t1-by-guess-asc") == ["text-stack", "single-owner", "tf-declarative", "multiple-containers"])
    #expect(try order("t1-by-guess-desc") == ["tf-declarative", "single-owner", "text-stack", "multiple-containers"])
    // The default copy (question order) comes last, so `:target ~ .default` hides it.
    #expect(
      html.range(of: "class=\"sorted default\" id=\"t1-by-qn-asc\"")!.lowerBound
        > html.range(of: "id=\"t1-by-flags-desc\"")!.lowerBound)
    // A header links to its column ascending, or descending where the copy is already ascending.
    #expect(
      html.contains(
        "<a href=\"#t1-by-facility-desc\" title=\"Sort by facility index, descending\">Facility index ▲</a>"))
    #expect(html.contains(".sorts > .sorted:target ~ .sorted.default { display: none; }"))
  }

  @Test func theChartPlotsEveryQuestionWithADiscriminationAndNamesTheOthers() throws {
    let chart = HTMLStatisticsChart.chart(
      try #require(ClassStatisticsReportTests.klass().classReport?.statistics.tests.first), id: "c")
    #expect(chart.components(separatedBy: "<circle class=\"pt\"").count - 1 == 3)
    #expect(chart.components(separatedBy: "<polygon class=\"pt neg\"").count - 1 == 1)
    #expect(chart.contains("<title>Q4 sample/text-stack: facility 66.67%, discrimination index -"))
    let one = HTMLStatisticsChart.chart(
      try #require(ClassStatisticsReportTests.alone().classReport?.statistics.tests.first), id: "c")
    #expect(!one.contains("<svg") && !one.contains("class=\"pt"))
    #expect(
      one.contains(
        "No question can be plotted yet. Discrimination index: needs two attempts that also answered other questions: Q1 <code>sample/single-owner</code>."
      ), "\(one)")
  }

  /// A chart with questions left out names them under it, grouped by the reason.
  @Test func theChartNamesTheQuestionsItLeavesOut() throws {
    var inputs: [ReportInput] = []
    for (name, typed) in [("a", ["b", "a,c"]), ("b", ["c", "a"]), ("c", ["b", "a", "true"])] {
      var l = ReportLearner(profile: name)
      l.type("start sample --count \(typed.count)")
      for t in typed { l.type(t) }
      inputs.append(ReportInput(profile: name, progress: l.progress, history: l.history()))
    }
    let r = ReportBuilder.build(
      catalog: ReportLearner.catalog, inputs: inputs, now: ReportLearner.t0.adding(days: 1), options: ReportOptions(),
      classReport: true)
    let chart = HTMLStatisticsChart.chart(try #require(r.classReport?.statistics.tests.first), id: "c")
    #expect(chart.components(separatedBy: "<title>Q").count - 1 == 2, "\(chart)")
    #expect(
      chart.contains(
        "<br />Not plotted (discrimination index: needs two attempts that also answered other questions): Q3 <code>sample/tf-declarative</code>."
      ), "\(chart)")
  }
}
