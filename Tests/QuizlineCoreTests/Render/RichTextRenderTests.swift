import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// How bank and session texts are drawn (``RichText``, ``Output/paragraph(_:indent:firstIndent:)``):
/// SGR attributes with colour, plain marks without, lists, tables, formulas, images and sounds.
@Suite struct RichTextRenderTests {
  static let esc = "\u{1B}["
  static let terminal = Style(unicode: true, color: true)

  static func render(
    _ text: String, width: Int = 80, style: Style = .plain, indent: String = "", inlineImages: Bool = false,
    base: String? = nil
  ) -> String {
    var context = RenderContext(width: width, style: style, now: Timestamp(seconds: 0))
    context.inlineImages = inlineImages
    var out = Output(context)
    out.mediaBase = base
    out.paragraph(text, indent: indent)
    return out.text
  }

  @Test func withColourEachSpanIsItsAttributeWithoutItsMarks() {
    let text = Self.render("**b** *i* <u>u</u> ~~s~~ `c`", style: Self.terminal)
    let e = Self.esc
    #expect(
      text == "\(e)1mb\(e)0m \(e)3mi\(e)0m \(e)4mu\(e)0m \(e)9ms\(e)0m \(e)36mc\(e)0m\n", "\(text.debugDescription)")
  }

  @Test func withoutColourEachSpanHasItsPlainMark() {
    #expect(Self.render("**b** *i* __B__ _I_ <u>u</u> ~~s~~ `c`") == "*b* _i_ *B* _I_ _u_ ~s~ `c`\n")
  }

  @Test func attributesAreClosedAtTheLineEndAndOpenedAgainOnTheNext() {
    let words = Array(repeating: "struck word", count: 6).joined(separator: " ")
    let text = Self.render("~~" + words + "~~", width: 30, style: Self.terminal)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count > 1)
    for line in lines {
      #expect(line.hasPrefix(Self.esc + "9m") && line.hasSuffix(Self.esc + "0m"), "\(line.debugDescription)")
    }
  }

  @Test func listsGetTheirMarksAndAHangingIndent() {
    let text = Self.render(
      "Steps:\n- first item that is long enough to wrap past the width\n* second\n3. three\n4. four", width: 30,
      indent: "  ")
    #expect(
      text == """
          Steps:
          - first item that is long
            enough to wrap past the
            width
          - second
          3. three
          4. four

        """)
    let unicode = Self.render("- a", style: Style(unicode: true, color: false))
    #expect(unicode == "• a\n")
  }

  @Test func numberedItemsAreNumberedFromTheFirstAndAligned() {
    let items = (1...10).map { _ in "1. item" }.joined(separator: "\n")
    let lines = Self.render(items).split(separator: "\n")
    #expect(lines.first == " 1. item")
    #expect(lines.last == "10. item")
  }

  static let table =
    "| Quantity | Normal | Unit |\n|---|:-:|--:|\n| Stroke volume | 70 | ml |\n| Heart \\| rate | 60–100 | /min |"

  @Test func aTableIsABoxTableWithUnicodeAndAlignedColumnsWithout() {
    #expect(
      Self.render(Self.table, style: Style(unicode: true, color: false)) == """
        ┌───────────────┬────────┬──────┐
        │ Quantity      │ Normal │ Unit │
        ├───────────────┼────────┼──────┤
        │ Stroke volume │ 70     │ ml   │
        │ Heart | rate  │ 60–100 │ /min │
        └───────────────┴────────┴──────┘

        """)
    #expect(
      Self.render(Self.table) == """
        Quantity      | Normal | Unit
        --------------+--------+-----
        Stroke volume | 70     | ml
        Heart | rate  | 60–100 | /min

        """)
  }

  @Test func aTableFitsTheWidthByWrappingItsCells() {
    let wide = "| a | b |\n|---|---|\n| " + String(repeating: "word ", count: 12) + "| short |"
    for style in [Style.plain, Style(unicode: true, color: true)] {
      let lines = Self.render(wide, width: 40, style: style).split(separator: "\n")
      #expect(lines.filter { $0.contains("word") }.count >= 2, "the long cell wraps: \(lines)")
      #expect(lines.allSatisfy { TextWrap.displayWidth(String($0)) <= 40 }, "\(lines)")
    }
  }

  @Test func aDisplayedFormulaGoesOnItsOwnIndentedLines() {
    let text = Self.render("Before \\(x\\) inline.\n\\[\\frac{a}{b}\\]\nAfter.", indent: "  ")
    #expect(
      text == "  Before " + MathText.inline("x") + " inline.\n"
        + MathText.display("\\frac{a}{b}").map { "      " + $0 + "\n" }.joined() + "  After.\n")
    let anki = Self.render("[$$]x^2[/$$]")
    #expect(anki == MathText.display("x^2").map { "    " + $0 + "\n" }.joined())
  }

  /// A `\[..\]` amid prose cannot take lines of its own: it is drawn as an inline formula, not as
  /// a stacked fraction's three lines joined on one (`1 x + ─ 2` read as other numbers).
  @Test func aDisplayedFormulaAmidProseIsDrawnInline() {
    let text = Self.render("So \\[x + \\frac{1}{2}\\] holds.")
    #expect(text == "So " + MathText.inline("x + \\frac{1}{2}") + " holds.\n", "\(text)")
    #expect(!text.contains("─"))
  }

  @Test func anImageLineIsItsPlaceholderOrAMarkerLineForTheTerminal() throws {
    let text = "See:\n![The heart](deck-media/heart.png)\nand ![inline](x.png) here."
    #expect(Self.render(text, indent: "  ") == "  See:\n  [image: The heart]\n  and [image: inline] here.\n")
    let drawn = Self.render(text, indent: "  ", inlineImages: true, base: "bank/cardiology")
    let lines = drawn.split(separator: "\n")
    let image = try #require(MediaMarker.parse(lines[1]))
    #expect(image.base == "bank/cardiology")
    #expect(image.source == "deck-media/heart.png")
    #expect(image.placeholder == "  [image: The heart]")
    // Without a known folder (our own text), the placeholder.
    #expect(Self.render(text, indent: "  ", inlineImages: true) == Self.render(text, indent: "  "))
  }

  @Test func anImageMarkerLineIsNeverWrapped() {
    let long = "![" + String(repeating: "very long description ", count: 10) + "](a.png)"
    let lines = Self.render(long, width: 30, inlineImages: true, base: "bank/b").split(separator: "\n")
    #expect(lines.count == 1)
    #expect(MediaMarker.parse(lines[0]) != nil)
  }

  @Test func aSoundIsItsPlaceholder() {
    #expect(Self.render("Listen: [sound:media/lub dub.mp3]") == "Listen: [sound: lub dub.mp3]\n")
  }

  @Test func theImagesOfAQuestionAreRelativeToItsBank() throws {
    let catalog = CatalogLoader.load(directory: Fixtures.root + "/rich").catalog
    var d = StoreDriver(catalog: catalog)
    d.type("start cardiology")
    var context = RenderContext(width: 80, style: .plain, now: d.now)
    context.inlineImages = true
    let frame = Renderer.render(d.state, context)
    let marker = try #require(frame.text.split(separator: "\n").compactMap { MediaMarker.parse($0) }.first)
    #expect(marker.base == "bank/cardiology")
    #expect(marker.source == "cardiology-media/heart.png")
  }

  @Test func anyTextRendersInPlainStyleWithoutControlCharacters() {
    var random = SplitMix64(seed: 3434)
    let pieces = [
      "a", " ", "\n", "- ", "1. ", "| x |", "|---|", "**", "*", "_", "~~", "<u>", "</u>", "\\(", "\\)", "\\[",
      "\\]", "[$]", "[/$]", "![a](b.png)", "[sound:c]", "`", "```", "\u{1B}[31m", "\u{7}",
      String(Character(Unicode.Scalar(0xFDD1 as UInt32)!)), String(Character(Unicode.Scalar(0xFDDA as UInt32)!)),
      "é", "漢", "\t", "\r",
    ]
    for _ in 0..<1500 {
      let text = (0..<Int.random(in: 0...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        .joined()
      for width in [20, 47] {
        let shown = Self.render(text, width: width)
        let control = shown.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x7F }
        #expect(!control, "\(text.debugDescription) → \(shown.debugDescription)")
        let marks = shown.unicodeScalars.contains { (0xFDD0...0xFDEF).contains($0.value) }
        #expect(!marks, "\(text.debugDescription)")
      }
    }
  }
}
