import Testing

@testable import QuizlineCore

/// The inline markup of session and bank texts: code spans, emphasis and strong, paired as
/// CommonMark pairs them, so stars and underscores that mark nothing stay text.
@Suite struct InlineMarkupTests {
  @Test func emphasisStrongAndCodeAreRead() {
    #expect(
      InlineMarkup.parse("Use **only** *one* `@State`, _here_.") == [
        .text("Use "), .strong([.text("only")]), .text(" "), .emphasis([.text("one")]), .text(" "), .code("@State"),
        .text(", "), .emphasis([.text("here")]), .text("."),
      ])
    #expect(InlineMarkup.parse("***both***") == [.emphasis([.strong([.text("both")])])])
  }

  @Test func marksThatPairWithNothingStayText() {
    for text in ["2 * 3 * 4", "a* b*", "snake_case_name", "a ` b", "*open", "close*", "**", "\\* escaped \\*", "_ a _"]
    {
      let spans = InlineMarkup.parse(text)
      #expect(spans.allSatisfy { if case .text = $0 { true } else { false } }, "\(text): \(spans)")
    }
    #expect(InlineMarkup.parse("\\*not\\*") == [.text("*not*")])
  }

  @Test func writingGivesBackTheTextItWasReadFrom() {
    for text in [
      "2 * 3 * 4", "snake_case", "*a* **b** `c`", "``a ` b``", "a*b*c", "\\*x\\*", "C:\\path", "`` `x` ``",
    ] {
      #expect(InlineMarkup.serialize(InlineMarkup.parse(text)) == text, "\(text)")
    }
    #expect(InlineMarkup.serialize([.text("*x*")]) == "\\*x\\*")
    #expect(InlineMarkup.parse(InlineMarkup.serialize([.text("*x*")])) == [.text("*x*")])
  }
}
