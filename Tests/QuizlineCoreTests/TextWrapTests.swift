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
