import Testing

@testable import QuizlineCore

@Suite struct TextWrapTests {
  @Test func wrapsAtWordBoundariesWithIndent() {
    let lines = TextWrap.lines("one two three four five six", width: 12, indent: "  ")
    #expect(lines == ["  one two", "  three four", "  five six"])
  }

  @Test func keepsNewlinesAndBreaksOverlongWords() {
    #expect(TextWrap.lines("ab\n\ncd", width: 10) == ["ab", "", "cd"])
    #expect(TextWrap.lines("abcdefghijkl", width: 8) == ["abcdefgh", "ijkl"])
  }

  @Test func countsWideCharactersAsTwoColumns() {
    #expect(TextWrap.displayWidth("中文ab") == 6)
    #expect(TextWrap.pad("中", to: 4) == "中  ")
  }
}

@Suite struct StyledOutputTests {
  @Test func colourCodesTakeNoColumnsAndAreNeverEscaped() {
    #expect(TextWrap.displayWidth(Style.rich.paint("error:", .bad)) == 6)
    var state = AppState(catalog: .empty)
    state.display = [.error("there is no bank 'x'", hint: "Type list to see them.")]
    let text = Renderer.render(state, RenderContext(style: .rich, now: Timestamp(seconds: 0))).text
    #expect(text == "\u{1B}[31merror:\u{1B}[0m there is no bank 'x'\n  Type list to see them.\n")
  }
}
