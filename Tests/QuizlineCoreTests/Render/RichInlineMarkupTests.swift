import Testing

@testable import QuizlineCore

/// The inline spans of the rich text format beyond emphasis and code: strike, underline and
/// formulas, how they are told from text that only looks like them, and writing them back.
@Suite struct RichInlineMarkupTests {
  @Test func strikeUnderlineAndFormulasAreRead() {
    #expect(
      InlineMarkup.parse("a ~~gone~~ <u>kept</u> \\(x^2\\) [$]y[/$] \\[\\frac{a}{b}\\] [$$]z[/$$]") == [
        .text("a "), .strike([.text("gone")]), .text(" "), .underline([.text("kept")]), .text(" "),
        .math("x^2", display: false), .text(" "), .math("y", display: false), .text(" "),
        .math("\\frac{a}{b}", display: true), .text(" "), .math("z", display: true),
      ])
    #expect(InlineMarkup.parse("<u>**bold** inside</u>") == [.underline([.strong([.text("bold")]), .text(" inside")])])
  }

  @Test func dollarsAreNotFormulas() {
    #expect(InlineMarkup.parse("costs $5 and $6") == [.text("costs $5 and $6")])
    #expect(InlineMarkup.parse("$x$") == [.text("$x$")])
  }

  @Test func anOpeningMarkWithoutItsCloseIsText() {
    for text in [
      "print(\"\\(name)\")", "\\[ not closed", "[$]open", "<u>open", "~one~ tilde", "~~~three~~~", "\\(\n\\)",
      "\\(   \\)",
    ] {
      let spans = InlineMarkup.parse(text)
      #expect(spans == [.text(text)], "\(text): \(spans)")
    }
  }

  @Test func nothingInsideACodeSpanOrAFormulaIsMarkup() {
    #expect(InlineMarkup.parse("`\\(x\\) ~~y~~ <u>z</u>`") == [.code("\\(x\\) ~~y~~ <u>z</u>")])
    #expect(InlineMarkup.parse("\\(a*b*c \\_ `d`\\)") == [.math("a*b*c \\_ `d`", display: false)])
  }

  @Test func displayedFormulasMaySpanLinesAndInlineOnesMayNot() {
    #expect(InlineMarkup.parse("\\[a\\\\\nb\\]") == [.math("a\\\\\nb", display: true)])
    #expect(InlineMarkup.parse("\\(a\nb\\)") == [.text("\\(a\nb\\)")])
  }

  @Test func deeplyNestedUnderlinesAreReadWithoutExhaustingTheStack() {
    let text = String(repeating: "<u>", count: 5000) + "x" + String(repeating: "</u>", count: 5000)
    let spans = InlineMarkup.parse(text)
    #expect(InlineMarkup.plainText(spans).contains("x"))
  }

  @Test func textThatLooksLikeTheNewMarksIsWrittenBackEscaped() {
    for text in ["~~a~~", "<u>b</u>", "\\(c\\)", "\\[d\\]", "[$]e[/$]", "![f](g.png)"] {
      let spans: [InlineSpan] = [.text(text)]
      #expect(InlineMarkup.parse(InlineMarkup.serialize(spans)) == spans, "\(text) → \(InlineMarkup.serialize(spans))")
    }
  }

  /// Random trees of the new spans with text around them (a seeded generator, so a failure
  /// repeats), written and read back as the same spans.
  @Test func anyTreeOfTheNewSpansIsReadBackAsWritten() {
    var random = SplitMix64(seed: 34)
    let words = ["a", "b c", "*", "_", "~", "~~", "<u>", "</u>", "\\", "\\(", "\\)", "[$]", "$", "!", "[", "(x)", "é"]
    func spans(_ depth: Int) -> [InlineSpan] {
      var out: [InlineSpan] = []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        out.append(.text(" "))
        switch Int.random(in: 0..<(depth > 2 ? 4 : 7), using: &random) {
        case 0, 1: out.append(.text((0..<3).map { _ in words.randomElement(using: &random)! }.joined()))
        case 2: out.append(.code(["x", "a`b", "</u>", "~~"].randomElement(using: &random)!))
        case 3:
          out.append(
            .math(
              ["x^2", "\\frac{a}{b}", "a_1*b_2", "<u>"].randomElement(using: &random)!,
              display: Bool.random(using: &random)))
        case 4: out.append(.strike([.text("x")] + spans(depth + 1) + [.text("y")]))
        case 5: out.append(.underline([.text("x")] + spans(depth + 1) + [.text("y")]))
        default: out.append(.image(source: "m/x.png", alt: "an x"))
        }
      }
      return out
    }
    var failures = 0
    for _ in 0..<3000 where failures < 3 {
      let original = InlineMarkup.merged(spans(0))
      let written = InlineMarkup.serialize(original)
      let read = InlineMarkup.parse(written)
      if read != original {
        failures += 1
        Issue.record("\(original)\n→ \(written)\n→ \(read)")
      }
    }
  }
}
