import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineReports

/// The terminal dashboard and the `progress` / `export` commands in the reducer.
@Suite struct DashboardTests {
  @Test(arguments: [20, 40, 60, 80, 132])
  func everyLineFitsTheWidth(_ width: Int) {
    let report = ReportLearner.sample().report()
    for style in [Style.plain, Style(unicode: true, color: false)] {
      for line in DashboardRenderer.lines(report, style: style, width: width) {
        #expect(TextWrap.displayWidth(line) <= width, "\(width): \(line)")
      }
    }
  }

  @Test func plainIsASCIIAndRichUsesBlocks() {
    let report = ReportLearner.sample().report()
    let plain = DashboardRenderer.render(report, style: .plain, width: 80)
    #expect(plain.unicodeScalars.allSatisfy { $0.isASCII })
    #expect(plain.contains("[x] intro"))
    #expect(plain.contains(" |") && plain.contains("#"))
    let rich = DashboardRenderer.render(report, style: Style(unicode: true, color: false), width: 80)
    #expect(rich.contains("✓ intro"))
    #expect(rich.contains("█"))
    #expect(rich.contains("─"))
  }

  @Test func theActivityChartHasOneColumnPerDay() {
    let learner = ReportLearner.sample()
    let lines = DashboardRenderer.lines(learner.report(), style: .plain, width: 80)
    let axis = lines.first { $0.contains(" +---") }!
    #expect(axis.filter { $0 == "-" }.count == 30)
    #expect(lines.contains { $0.contains("Active on 3 of 30 days") })
    // The busiest day reaches the top row; each active day shows at least a mark in the bottom row.
    let axisIndex = lines.firstIndex(of: axis)!
    let bottom = lines[axisIndex - 1]
    #expect(lines[axisIndex - 3].hasPrefix("  10 |"))
    #expect(bottom.suffix(3).allSatisfy { $0 == "#" || $0 == "." }, "\(lines.suffix(8).joined(separator: "\n"))")
  }

  @Test func anEmptyProfileSaysSoPlainly() {
    let text = DashboardRenderer.render(ReportLearner().report(), style: .plain, width: 80)
    #expect(text.contains("no answers yet"))
    #expect(text.contains("Study streak        none yet"))
    #expect(text.contains("No answers in these days."))
  }

  @Test func exportAsksForAnEffectAndShowsItsOutcome() {
    var state = ReportLearner.sample().store.state
    let now = ReportLearner.t0
    var r = Reducer.reduce(&state, .lineEntered("export html out.html --force --since 2026-11-21", at: now, entropy: 0))
    #expect(r.events.isEmpty)
    #expect(
      r.effects == [
        .exportReport(
          ExportRequest(format: .html, path: "out.html", force: true, sinceDay: ReportDates.day("2026-11-21")))
      ])
    r = Reducer.reduce(&state, .lineEntered("export csv", at: now, entropy: 0))
    #expect(r.effects == [.exportReport(ExportRequest(format: .csv))])
    _ = Reducer.reduce(
      &state,
      .effectFinished(.exported(paths: ["Progress/default/reports/2026-12-02-report.html"], bytes: 49_152), at: now))
    #expect(state.display == [.notice("Wrote Progress/default/reports/2026-12-02-report.html (48 KB).")])
    _ = Reducer.reduce(&state, .effectFinished(.failed("'x.md' already exists; pass --force to replace it"), at: now))
    guard case .error(let message, let hint) = state.display.first else {
      Issue.record("no error shown")
      return
    }
    #expect(message == "export: 'x.md' already exists; pass --force to replace it")
    #expect(hint == "Nothing was written.", "--force is named once, by the message")
    _ = Reducer.reduce(
      &state, .effectFinished(.failed("cannot write '/nope/x.md': the folder '/nope' does not exist"), at: now))
    guard case .error(_, let missingFolderHint) = state.display.first else {
      Issue.record("no error shown")
      return
    }
    #expect(missingFolderHint?.contains("--force") == false, "--force cannot create a folder")
  }

  @Test(arguments: ["export pdf", "export text", "export html --since yesterday", "export"])
  func badExportLinesAreErrorsWithoutEffects(_ line: String) {
    var state = ReportLearner().store.state
    let r = Reducer.reduce(&state, .lineEntered(line, at: ReportLearner.t0, entropy: 0))
    #expect(r.effects.isEmpty)
    guard case .error = state.display.first else {
      Issue.record("no error for \(line)")
      return
    }
  }

  @Test func exportCompletesFormatsThenFiles() {
    let state = ReportLearner().store.state
    #expect(Completion.complete(state, line: "export ", wordStart: 7) == .words(["md", "json", "csv", "html"]))
    #expect(Completion.complete(state, line: "export html ", wordStart: 12) == .files)
    #expect(Completion.complete(state, line: "prog", wordStart: 0) == .words(["progress"]))
  }

  @Test func sizesReadAsPeopleSayThem() {
    #expect(ReportFormat.size(512) == "512 bytes")
    #expect(ReportFormat.size(49_152) == "48 KB")
    #expect(ReportFormat.size(5_347_738) == "5.1 MB")
    // Fixed decimals (one home: Renderer.fixed): rounded half away from zero, no "-0.00", no trap.
    #expect(Renderer.fixed(-0.1, 2) == "-0.10" && Renderer.fixed(0.456, 2) == "0.46")
    #expect(Renderer.fixed(-0.001, 2) == "0.00" && Renderer.fixed(0.125, 2) == "0.13")
    // Out of Int's range it saturates instead of trapping (fuzzed journals hold such stabilities).
    #expect(Renderer.fixed(1e300, 2) == "92233720368547758.07")
  }
}
