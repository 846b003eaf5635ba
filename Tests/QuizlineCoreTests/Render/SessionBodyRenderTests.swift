import QuizlineTestSupport
import Testing

@testable import QuizlineCore

/// What Markdown sessions carry, on the terminal: emphasis, inline code, numbered lists, tables
/// (columns that fit, cells wrapped, a list when too narrow) and block quotes behind a bar.
@Suite struct SessionBodyRenderTests {
  static let body: [BodyBlock] = [
    .heading("Reading *a* `session`"),
    .paragraph("Use **one** source of truth, *not* three; `@State` owns it. 2 * 3 stays as written."),
    .numbered(["The user taps", "The binding is written, and the view that reads it is evaluated again"], start: 9),
    .table(
      header: ["Wrapper", "Who owns the value", "Use it for"],
      rows: [
        ["`@State`", "the view", "*private* values that the view itself changes"],
        ["`@Binding`", "a parent", "a value the view reads and writes but does not own"],
      ]),
    .quote([.paragraph("A preview is **not** a test."), .bullets(["Use tests too"]), .code("let x = 1", language: nil)]
    ),
  ]

  static func render(_ body: [BodyBlock], width: Int, style: Style = .plain) -> String {
    var out = Output(RenderContext(width: width, style: style, now: Timestamp(seconds: 0)))
    Renderer.renderBody(body, &out)
    return out.text
  }

  @Test func everyBlockAtWidth80() {
    Snapshot.check(Self.render(Self.body, width: 80), named: "session-body-80")
  }

  @Test func everyBlockAtWidth44WrapsTableCellsInTheirColumns() {
    let text = Self.render(Self.body, width: 44)
    Snapshot.check(text, named: "session-body-44")
    #expect(text.split(separator: "\n").allSatisfy { TextWrap.displayWidth(String($0)) <= 44 })
  }

  @Test func aTableTooWideForItsColumnsBecomesAList() {
    let text = Self.render(Self.body, width: 24)
    Snapshot.check(text, named: "session-body-24")
    #expect(text.contains("  - Wrapper: `@State`\n    Who owns the value:\n      the view\n"))
  }

  @Test func withColourMarksBecomeStylesAndWithoutThePlainMarks() {
    let rich = Self.render([Self.body[1]], width: 200, style: Style(unicode: true, color: true))
    let esc = "\u{1B}["
    #expect(rich.contains("Use " + esc + "1mone" + esc + "0m source"), "\(rich)")
    #expect(rich.contains(esc + "3mnot" + esc + "0m three"), "\(rich)")
    #expect(rich.contains(esc + "36m@State" + esc + "0m owns"), "\(rich)")
    #expect(rich.contains("2 * 3 stays"), "\(rich)")
    let plain = Self.render([Self.body[1]], width: 200)
    #expect(plain == "Use *one* source of truth, _not_ three; `@State` owns it. 2 * 3 stays as written.\n\n")
  }

  @Test func controlCharactersInCellsAndQuotesAreShownEscaped() {
    let nasty = "bell\u{7}end"
    let text = Self.render([.table(header: [nasty], rows: [[nasty]]), .quote([.paragraph(nasty)])], width: 80)
    #expect(!text.unicodeScalars.contains("\u{7}"))
    #expect(text.contains("bell\\u{7}end") || text.contains("bell^Gend") || text.contains("bell\\aend"), "\(text)")
  }
}
