import Testing

@testable import QuizlineCore

/// Hostile formulas: deep nesting, huge input and control characters never trap, never give empty
/// output for non-empty input, and never put a control character on the screen.
@Suite struct MathTextLimitTests {
  static func nested(_ depth: Int) -> String {
    String(repeating: "{", count: depth) + "x" + String(repeating: "}", count: depth)
  }

  @Test func nestingUpToTheLimitIsDrawnAndDeeperIsShownAsWritten() {
    let limit = MathReader.maximumDepth
    #expect(MathText.inline(Self.nested(limit)) == "x")
    #expect(MathText.inline(Self.nested(limit + 1)) == Self.nested(limit + 1))
    let fractions = String(repeating: "\\frac{1}{", count: limit + 1) + "x" + String(repeating: "}", count: limit + 1)
    #expect(MathText.inline(fractions) == fractions)
  }

  @Test func deepNestingWithinTheLengthLimitStopsAtTheDepthLimit() {
    // Nearly maximumLength characters, all nesting: the reader stops at its depth, not the stack's.
    let deep = Self.nested(1_999)
    #expect(MathText.inline(deep) == deep)
    let scripts = String(repeating: "x^{", count: 999) + String(repeating: "}", count: 999)
    #expect(MathText.display(scripts) == [scripts])
    let huge = Self.nested(100_000)
    #expect(MathText.inline(huge) == huge)
  }

  @Test func anAccentChainOverScriptsIsLaidOutOnceALevel() {
    // Laid out twice a level (the code before this test), 30 levels took hours: 2.2 times longer
    // a level, 5.6 s at 20.
    let accents = String(repeating: "\\hat{", count: 30) + "x" + String(repeating: "}_1", count: 30)
    #expect(MathText.inline(accents).hasSuffix("₁"))
  }

  @Test func aFormulaLongerThanTheLimitIsShownAsWritten() {
    let long = String(repeating: "\\alpha+", count: MathText.maximumLength / 7 + 1)
    #expect(MathText.inline(long) == long)
    let fits = String(repeating: "a+", count: 100) + "a"
    #expect(MathText.inline(fits).hasPrefix("a + a + "))
  }

  @Test func aDisplayTallerThanTheScreenIsDrawnOnOneLine() {
    let tall = String(repeating: "\\frac{1}{", count: 25) + "x" + String(repeating: "}", count: 25)
    #expect(MathText.display(tall).count == 1)
    #expect(MathText.display(tall) == [MathText.inline(tall)])
  }

  @Test func controlCharactersNeverReachTheOutput() {
    for input in ["x\u{1B}[31m^2", "\\text{a\u{07}b}", "\u{202E}abc", "\u{9B}2J", "a\u{0}b", "\\ce{\u{1B}]0;t\u{07}}"] {
      let outputs = [MathText.inline(input)] + MathText.display(input)
      for output in outputs {
        #expect(
          !output.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E },
          "\(input.debugDescription) gave \(output.debugDescription)")
      }
    }
    #expect(MathText.inline("x\u{1B}y") == "x\u{FFFD}y")
  }

  @Test func nonEmptyInputNeverGivesEmptyOutput() {
    for input in ["\\,", "\\!", " ", "{}", "\\displaystyle", "\\color{red}", "\\phantom{x}", "^", "\\"] {
      #expect(!MathText.inline(input).isEmpty, "\(input.debugDescription)")
      #expect(!MathText.display(input).isEmpty && MathText.display(input) != [""], "\(input.debugDescription)")
    }
  }
}
