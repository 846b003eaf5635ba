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

  /// The column count character by character, as `displayWidth` counts any text not all printable ASCII.
  static func heldWidth(_ s: String) -> Int {
    var w = 0
    var inEscape = false
    for ch in s {
      if inEscape {
        if ch.isLetter { inEscape = false }
        continue
      }
      if ch == "\u{1B}" {
        inEscape = true
        continue
      }
      w += TextWrap.characterWidth(ch)
    }
    return w
  }

  @Test func printableASCIICountsAsCharacterByCharacter() {
    let pieces = [
      "a", " ", "~", "\u{7F}", "\r", "\n", "\r\n", "\u{1B}[1m", "\t", "é", "e\u{301}", "中", "🙂",
      String(RichText.codeOpen),
    ]
    var random = SplitMix64(seed: 80)
    for _ in 0..<20_000 {
      let text = (0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      #expect(TextWrap.displayWidth(text) == Self.heldWidth(text), "\(text.debugDescription)")
    }
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
