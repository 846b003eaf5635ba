import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// Golden renderings of a rich card (bold, italic, strike, underline, a list, a table, formulas, an
/// image and a sound, from `Tests/Fixtures/rich`): its front and its back, in the plain and the
/// terminal styles at 80 and 40 columns; compared with `Tests/Fixtures/snapshots/rich-card-*.txt`.
@Suite struct RichCardPreviewTests {
  static let catalog = CatalogLoader.load(directory: Fixtures.root + "/rich").catalog

  static func screens(width: Int, style: Style) -> String {
    var d = StoreDriver(catalog: catalog)
    d.type("start cardiology")
    let front = d.screen(width: width, style: style).text
    d.type("")
    return front + d.screen(width: width, style: style).text
  }

  /// A guess typed at the front: the back follows its `Answer:` label, and a back that opens with a
  /// displayed formula keeps the formula's lines (the label has a line of its own).
  @Test func aGuessedBackOpeningWithAFormulaKeepsTheFormulasLines() throws {
    let bank = Bank(
      id: "bp", title: "BP",
      questions: [
        Question(
          id: "map", prompt: "Mean arterial pressure?", explanation: "",
          body: .flashcard(back: "\\[MAP \\approx DBP + \\frac{1}{3}(SBP - DBP)\\]\n- normal: 70–100 mmHg"))
      ])
    var d = StoreDriver(catalog: Catalog(banks: [bank]))
    d.type(["start bp", "about ninety"])
    let text = d.screen().text
    let formula = MathText.display("MAP \\approx DBP + \\frac{1}{3}(SBP - DBP)")
    #expect(formula.count == 3)
    #expect(text.contains("  Answer:\n" + formula.map { "        " + $0 + "\n" }.joined()), "\(text)")
  }

  @Test(arguments: [80, 40])
  func aRichCardInThePlainStyle(width: Int) {
    let text = Self.screens(width: width, style: .plain)
    Snapshot.check(text, named: "rich-card-plain-\(width)")
    #expect(text.split(separator: "\n").allSatisfy { TextWrap.displayWidth(String($0)) <= width })
    #expect(!text.contains("\u{1B}"))
  }

  @Test(arguments: [80, 40])
  func aRichCardInTheTerminalStyle(width: Int) {
    let text = Self.screens(width: width, style: Style(unicode: true, color: true))
    Snapshot.check(text, named: "rich-card-terminal-\(width)")
    #expect(text.split(separator: "\n").allSatisfy { TextWrap.displayWidth(String($0)) <= width })
  }
}
