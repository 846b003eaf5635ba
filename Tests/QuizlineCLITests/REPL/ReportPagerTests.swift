import Foundation
import Testing

@testable import QuizlineCLI

/// `quizline report` on a terminal pages what is longer than the screen, as the REPL does: a class
/// report (a screen or more per test) stops at `-- more --`, q ends it with what was left out
/// counted; on a pipe nothing pages.
@Suite(.serialized) struct ReportPagerTests {
  @Test func theClassReportPagesOnATerminalAndQStops() throws {
    let progress = try ClassReportStreamTests.classFolder(devices: false)
    let world = try TerminalWorld()
    let t = try PseudoTerminal(
      [
        "--quizzes", Fixtures.catalog, "--progress", progress, "--now", ClassReportStreamTests.now, "report",
        "--all-profiles",
      ], environment: world.environment())
    try t.expect("Class report")
    try t.expect(Pager.prompt)
    try t.send("q")
    try t.expect("more lines not shown)")
    #expect(try t.waitForExit() == 0)
  }

  @Test func theClassReportOnAPipeIsWrittenWhole() throws {
    let progress = try ClassReportStreamTests.classFolder(devices: false)
    let r = ClassReportStreamTests.streamed(progress, [])
    #expect(r.status == 0)
    #expect(r.stdout.contains("Response analysis") && !r.stdout.contains("-- more --"))
  }
}
