import Testing

@testable import QuizlineCore

/// The rich style's exact codes and marks, one source of truth for completion, escaping of bank text,
/// and wrapping: properties every screen must keep.
@Suite struct StyleAndConsistencyTests {
  static let esc = "\u{1B}"

  @Test func richStyleMarksFeedbackWithUnicodeAndANSIColour() {
    var d = StoreDriver()
    d.type(["start sample", "b"])
    let text = d.screen(style: .rich).text
    let e = Self.esc
    #expect(
      text.hasPrefix(
        "\(e)[32m✓ Correct.\(e)[0m\(e)[2m recorded\(e)[0m\n  Right: a binding writes through to the owner.\n"
      ))
    #expect(text.contains("\n\(e)[1m── sample 2/10 ───"))
    #expect(text.contains("─\(e)[0m multiple\n"))
    #expect(text.contains("\n\(e)[2m  Type every right letter (a-d), e.g. a,c.\(e)[0m\n"))
    d.type("a")
    #expect(
      d.screen(style: .rich).text.hasPrefix(
        "\(e)[33m◐ Partly right (50%).\(e)[0m\(e)[2m recorded\(e)[0m\n"))
    d.type("false")
    #expect(
      d.screen(style: .rich).text.hasPrefix("\(e)[31m✗ Incorrect.\(e)[0m\(e)[2m recorded\(e)[0m\n"))
  }

  @Test func richStyleErrorsAreRedAndTheirHintsPlain() {
    var d = StoreDriver()
    d.type("start nope")
    let e = Self.esc
    #expect(
      d.screen(style: .rich).text
        == "\(e)[31merror:\(e)[0m there is no bank 'nope'\n  Type list to see them.\n")
  }

  @Test func richStyleListUsesTicksBarsAndDots() {
    var d = StoreDriver()
    d.type(["complete layout", "list"])
    let e = Self.esc
    #expect(
      d.screen(style: .rich).text == """
        \(e)[1mCourse “Basics”\(e)[0m  ███████░░░░░░░  1/2 sessions
          ○ intro: Introduction to state · ~8 min · checkpoint 5
          \(e)[32m✓\(e)[0m layout: Layout and modifiers · completed 2026-03-01
        \(e)[1mBanks\(e)[0m
          sample  Sample bank with every question type: 10 questions · not taken yet

        """)
  }

  @Test func plainStyleHasNoEscapeCodesAnywhere() {
    var d = StoreDriver()
    var t = Transcript()
    t.start(&d)
    t.type(
      ["list", "read intro", "status", "start sample", "b", "z", "end", "complete layout", "help"],
      &d)
    #expect(!t.text.contains(Self.esc))
    #expect(t.text.unicodeScalars.allSatisfy { $0.isASCII }, "plain style is ASCII only")
  }

  @Test func colourWithoutUnicodeKeepsASCIIMarks() {
    var d = StoreDriver()
    d.type(["start sample", "d"])
    let text = d.screen(style: Style(unicode: false, color: true)).text
    #expect(text.hasPrefix("\(Self.esc)[31m[wrong] Incorrect.\(Self.esc)[0m"))
  }

  /// The list row, the session header, the status screen and the welcome line for one session.
  static func completionViews(_ d: StoreDriver, style: Style) -> (
    row: String, header: String, status: String, welcome: String
  ) {
    var d = d
    func lines(_ line: String?, _ match: String) -> String {
      if let line { d.type(line) } else { d.start() }
      return d.screen(style: style).text.split(separator: "\n").first { $0.contains(match) }.map(
        String.init) ?? "<missing>"
    }
    return (
      lines("list", "layout:"), lines("read layout", "session 2/2"),
      lines("status", "Sessions completed"), lines(nil, "completed")
    )
  }

  @Test(arguments: [Style.plain, Style.rich])
  func completionShowsTheSameInListSessionHeaderStatusAndWelcome(style: Style) {
    var d = StoreDriver()
    let done = style.paint(style.doneMark, .good)
    let before = Self.completionViews(d, style: style)
    #expect(before.row.hasPrefix("  \(style.todoMark) layout: "))
    #expect(!before.row.contains("completed"))
    #expect(before.header.hasSuffix("\(style.todoMark) not completed"))
    #expect(before.status.hasSuffix(" 0/2"))
    #expect(before.welcome.hasSuffix("0/2 completed"))

    d.type("complete layout")
    let after = Self.completionViews(d, style: style)
    #expect(after.row.hasPrefix("  \(done) layout: "))
    #expect(after.row.hasSuffix("completed 2026-03-01"))
    #expect(after.header.hasSuffix(style.paint("\(style.doneMark) completed on 2026-03-01", .good)))
    #expect(after.status.hasSuffix(" 1/2"))
    #expect(after.welcome.hasSuffix("1/2 completed"))

    d.type("reopen layout")
    let reopened = Self.completionViews(d, style: style)
    #expect(reopened.row == before.row)
    #expect(reopened.header == before.header)
    #expect(reopened.status == before.status)
    #expect(reopened.welcome == before.welcome)
  }

  @Test func completionByPassingACheckpointAppearsEverywhereToo() {
    var d = StoreDriver()
    d.type(["quiz intro", "b", "a,c", "true", "ZStack", "2", "list"])
    #expect(
      d.screen().text.contains(
        "  [x] intro: Introduction to state | completed 2026-03-01 | best 100%\n"))
    d.type("read intro")
    #expect(d.screen().text.contains(" | [x] completed on 2026-03-01\n"))
    #expect(d.screen().text.contains("Checkpoint: 5 questions, pass mark 60%, best so far 100%."))
    d.type("status")
    #expect(
      d.screen().text.contains("  Sessions completed  [#######.......] 1/2\n    Basics: 1/2\n"))
  }
}
