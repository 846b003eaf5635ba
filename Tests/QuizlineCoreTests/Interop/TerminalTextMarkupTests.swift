import Testing

@testable import QuizlineCore
@testable import QuizlineInterop

/// The markup output of the HTML reduction: each tag's mapping to quizline's rich text.
@Suite struct TerminalTextMarkupTests {
  static let media = TerminalText.MarkupMedia(image: { "deck-media/" + $0 }, sound: { "deck-media/" + $0 })
  func markup(_ s: String) -> String { TerminalText.markup(s, format: .html, media: Self.media).text }
  func losses(_ s: String) -> Set<MarkupLoss> { TerminalText.markup(s, format: .html, media: Self.media).losses }

  @Test func boldItalicUnderlineAndStrikeBecomeTheirMarks() {
    #expect(markup("<b>bold</b> and <strong>strong</strong>") == "**bold** and **strong**")
    #expect(markup("<i>it</i> <em>em</em>") == "*it* *em*")
    #expect(markup("<u>under</u>") == "<u>under</u>")
    #expect(markup("<s>a</s> <strike>b</strike> <del>c</del>") == "~~a~~ ~~b~~ ~~c~~")
    #expect(markup("<b><i>both</i></b>") == "***both***")
  }

  @Test func spacesAtAStylesEdgeMoveOutsideItsMarks() {
    #expect(markup("a<b> b </b>c") == "a **b** c")
    #expect(markup("<b>a</b><b>b</b>") == "**ab**")
    #expect(markup("<b> </b>x") == "x")
  }

  @Test func aStyleOpenOverALineBreakIsClosedAndReopened() {
    #expect(markup("<b>one<br>two</b>") == "**one**\n**two**")
  }

  @Test func literalMarkCharactersInTheTextAreEscaped() {
    #expect(markup("2*3*4 and snake_case_name") == "2\\*3\\*4 and snake\\_case\\_name")
    #expect(markup("a `tick`") == "a \\`tick\\`")
    #expect(markup("<b>*x</b>") == "**\\*x**")
  }

  @Test func codeBecomesACodeSpanAndPreAFencedBlock() {
    #expect(markup("use <code>a*b</code> here") == "use `a*b` here")
    #expect(markup("<code>x `y`</code>") == "`` x `y` ``")
    #expect(
      markup("<p>Run:</p><pre>  let x = 1\n    print(x)</pre>after")
        == "Run:\n```\n  let x = 1\n    print(x)\n```\nafter")
    #expect(markup("<pre>a ``` b</pre>") == "````\na ``` b\n````")
  }

  @Test func listsBecomeBulletAndNumberedLines() {
    #expect(markup("<ul><li>a</li><li><b>b</b></li></ul>") == "- a\n- **b**")
    #expect(markup("<ol><li>one</li><li>two</li></ol>") == "1. one\n2. two")
    #expect(markup("<ol start=4><li>four</li></ol>") == "4. four")
    #expect(markup("<ul><li>a<ul><li>inner</li></ul></li></ul>") == "- a\n  - inner")
  }

  @Test func tablesBecomePipeTablesWithTheirFirstRowAsHeader() {
    #expect(
      markup("<table><tr><th>Drug</th><th>Dose</th></tr><tr><td>aspirin</td><td><b>75</b> mg</td></tr></table>")
        == "| Drug | Dose |\n| --- | --- |\n| aspirin | **75** mg |")
    #expect(
      markup("<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>") == "| a | b |\n| --- | --- |\n| c |  |")
    #expect(markup("<table><tr><td>a|b</td></tr></table>") == "| a\\|b |\n| --- |")
    #expect(markup("x<table><tr><td>a<br>b</td></tr></table>y") == "x\n| a b |\n| --- |\ny")
  }

  @Test func spannedAndNestedTableCellsAreFlattenedAndNoted() {
    let r = TerminalText.markup(
      "<table><tr><td colspan=2>wide</td></tr><tr><td>a</td><td><table><tr><td>in</td><td>ner</td></tr></table></td></tr></table>",
      format: .html)
    #expect(r.text == "| wide |  |\n| --- | --- |\n| a | in ner |")
    #expect(r.losses == [.tableFlattened])
    #expect(losses("<table><tr><td>a</td></tr></table>").isEmpty)
  }

  @Test func breaksDivsAndParagraphsBecomeLines() {
    #expect(markup("<div>one</div><div>two</div>three<br>four<p>five</p>") == "one\ntwo\nthree\nfour\nfive")
  }

  @Test func imagesAndSoundsNameTheirFilesBesideTheBank() {
    #expect(markup("<img src=\"heart.png\" alt=\"The [heart]\">") == "![The heart](deck-media/heart.png)")
    #expect(
      markup("[sound:hello.mp3] and <audio src=\"b.ogg\"></audio>")
        == "[sound:deck-media/hello.mp3] and [sound:deck-media/b.ogg]")
    let r = TerminalText.markup("<img src=\"x.png\">", format: .html)
    #expect(r.text == "[image: x.png]")
    #expect(r.droppedMedia == ["x.png"])
  }

  @Test func formulasKeepTheirSourceWithEntitiesDecoded() {
    #expect(markup("\\(a &lt; b_1\\)") == "\\(a < b_1\\)")
    #expect(markup("see \\[x^2<br>+1\\]") == "see \\[x^2 +1\\]")
    #expect(markup("[$]e^{i\\pi}[/$] and [$$]\\frac{a}{b}[/$$]") == "\\(e^{i\\pi}\\) and \\[\\frac{a}{b}\\]")
    #expect(markup("an open \\( is text") == "an open \\( is text")
  }

  @Test func superAndSubscriptsBecomeUnicodeWhereItHasThem() {
    // The table formulas use (`MathScripts`): 1ˢᵗ raised, a `q`, which Unicode cannot raise, left plain.
    #expect(markup("H<sub>2</sub>O, x<sup>n+1</sup>, 1<sup>st</sup>, x<sup>q</sup>") == "H₂O, xⁿ⁺¹, 1ˢᵗ, xq")
  }

  @Test func coloursAndFontsAreDroppedAndNotedButCSSStylesForEmphasisKept() {
    let r = TerminalText.markup(
      "<font color=red>red</font> <span style=\"color: blue; font-weight: bold\">blue</span>", format: .html)
    #expect(r.text == "red **blue**")
    #expect(r.losses == [.styling])
    #expect(markup("<span style=\"font-style: italic\">it</span>") == "*it*")
    #expect(losses("<span style=\"font-style: italic\">it</span>").isEmpty)
    #expect(losses("<div style=\"color:red\">x</div>") == [.styling])
  }

  @Test func scriptsAndStylesheetsVanishAndAreNoted() {
    let r = TerminalText.markup("a<script>alert(1)</script><style>p{}</style>b", format: .html)
    #expect(r.text == "ab")
    #expect(r.losses == [.script, .stylesheet])
  }

  @Test func headingsAreStrongLines() {
    #expect(markup("<h2>Title</h2>body") == "**Title**\nbody")
  }

  @Test func plainTextIsEscapedAndMarkdownKept() {
    #expect(TerminalText.markup("a*b*c", format: .plain).text == "a\\*b\\*c")
    #expect(TerminalText.markup("**b**", format: .markdown).text == "**b**")
  }

  @Test func thePlainOutputIsUnchangedByTheMarkupOne() {
    #expect(TerminalText.string("<b>x</b> <table><tr><td>a</td><td>b</td></tr></table>", format: .html) == "x\na b")
  }
}
