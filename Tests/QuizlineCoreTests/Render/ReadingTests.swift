import Testing

@testable import QuizlineCore

/// Reading long text in a terminal (issue 15, item 3): a session section by section, and code
/// blocks kept whole, cut with a marker, and highlighted as Swift when colour is on.
@Suite struct ReadingTests {
  static let rich = Style(unicode: true, color: true)

  @Test func aLongCodeLineIsCutWithAMarkerNeverWrapped() {
    let code = "let greeting = \"a very long string literal that does not fit on a narrow screen\"\nlet x = 1"
    let lines = CodeLines.render(code, indent: "    ", width: 40, style: .plain, swift: true)
    #expect(lines == ["    let greeting = \"a very long string >", "    let x = 1"])
    #expect(lines.allSatisfy { TextWrap.displayWidth($0) <= 40 })
    let unicode = CodeLines.render(
      code, indent: "    ", width: 40, style: Style(unicode: true, color: false), swift: true)
    #expect(unicode[0].hasSuffix("string …") && TextWrap.displayWidth(unicode[0]) == 40)
  }

  @Test func swiftCodeIsHighlightedByKindWhenColourIsOn() {
    let line = "@State private var count = 42 // taps"
    var inComment = false
    let painted = CodeLines.highlight(line, Self.rich, &inComment)
    let esc = "\u{1B}["
    #expect(painted.contains(esc + "33m@State" + esc + "0m"), "attribute")
    #expect(painted.contains(esc + "36mprivate" + esc + "0m"), "keyword")
    #expect(painted.contains(esc + "36mvar" + esc + "0m"), "keyword")
    #expect(painted.contains(" count = "), "identifiers stay plain")
    #expect(painted.contains(esc + "31m42" + esc + "0m"), "number")
    #expect(painted.contains(esc + "2m// taps" + esc + "0m"), "comment")
    var quoteState = false
    let string = CodeLines.highlight("Text(\"let it be\")", Self.rich, &quoteState)
    #expect(string == "Text(" + esc + "32m\"let it be\"" + esc + "0m)", "a keyword inside a string is string")
  }

  @Test func aBlockCommentIsHighlightedAcrossLines() {
    let lines = CodeLines.render("/* one\ntwo */ let", indent: "", width: 80, style: Self.rich, swift: true)
    #expect(lines[1].hasPrefix("\u{1B}[2mtwo */\u{1B}[0m"))
    #expect(lines[1].hasSuffix("\u{1B}[36mlet\u{1B}[0m"))
  }

  @Test func withoutColourCodeIsPlainText() {
    let lines = CodeLines.render("@State var x = 1", indent: "  ", width: 80, style: .plain, swift: true)
    #expect(lines == ["  @State var x = 1"])
  }

  @Test func aSessionIsReadSectionBySection() {
    var d = StoreDriver()
    d.type("read intro 1")
    #expect(d.state.display == [.session(id: "intro", section: 1)])
    #expect(d.state.reading == "intro")
    let text = d.screen().text
    #expect(text.contains("section 1/1"))
    #expect(text.contains("Objectives"))
    d.type("read intro 2")
    #expect(
      d.state.display == [.error("intro has no section '2'", hint: "It has one section: type read intro.")])
  }

  @Test func eachSectionEndsWithTheWayToTheNextAndTheLastWithTheCheckpoint() throws {
    let session = try #require(fixtureCatalog.session("intro"))
    var body = session.body
    body.append(.heading("Second part"))
    body.append(.paragraph("More to read."))
    var two = session
    two.body = body
    let catalog = Catalog(banks: fixtureCatalog.banks, sessions: [two], courses: [])
    var d = StoreDriver(catalog: catalog)
    #expect(two.sections.count == 2)
    d.type("read intro 1")
    #expect(d.screen().text.contains("Next section: \"Second part\". Type read intro 2.\n"))
    #expect(!d.screen().text.contains("More to read."))
    d.type("read intro 2")
    let last = d.screen().text
    #expect(last.contains("section 2/2"))
    #expect(last.contains("More to read."))
    #expect(last.contains("Checkpoint: "))
    d.type("read intro")
    #expect(d.screen().text.contains("2 sections; to read one at a time, type read intro 1 (up to 2)."))
  }
}
