import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop
@testable import QuizlineReports

@Suite struct TerminalTextTests {
  func html(_ s: String) -> String { TerminalText.string(s, format: .html) }

  @Test func paragraphsAndBreaksBecomeLinesAndWhitespaceCollapses() {
    #expect(
      html("<p>One   two\nthree</p>\n<p>Four<br>five<br/>six</p>")
        == "One two three\nFour\nfive\nsix")
    #expect(html("  <div><b>bold</b> and <i>italic</i></div>  ") == "bold and italic")
  }

  @Test func listsBecomeBulletsAndTableCellsStaySeparated() {
    #expect(html("<ul><li>a</li><li>b <em>c</em></li></ul>") == "- a\n- b c")
    #expect(html("<table><tr><td>x</td><td>y</td></tr><tr><td>z</td></tr></table>") == "x y\nz")
  }

  @Test func preKeepsItsTextAndCodeBecomesBackticks() {
    #expect(
      html("<p>Run:</p><pre>  let x = 1\n    print(x)</pre><p>Use <code>x</code>.</p>")
        == "Run:\n  let x = 1\n    print(x)\nUse `x`.")
  }

  @Test func entitiesAreDecodedAndStrayMarkupCharactersKept() {
    #expect(
      html("caf&eacute; &amp; cr&#232;me &#x263A; &lt;tag&gt; &nbsp;x&nbsp;y &bogus; a & b")
        == "café & crème ☺ <tag>  x y &bogus; a & b")
    #expect(html("1 < 2 and 3 > 2") == "1 < 2 and 3 > 2")
    #expect(html("&#7;bell") == "bell")
  }

  @Test func linksKeepTheirTargetImagesTheirAltTextAndScriptsVanish() {
    let r = TerminalText.reduce(
      "<a href=\"http://x.org/a\">the docs</a>, <a href=\"http://y.org\">http://y.org</a> <img src=\"p.png\" alt=\"A cat\"><script>alert(1)</script><style>p{}</style><!-- note -->",
      format: .html)
    #expect(r.text == "the docs (http://x.org/a), http://y.org [image: A cat]")
    #expect(r.removedMarkup)
    #expect(r.droppedMedia == ["p.png"])
  }

  @Test func moodleFormatKeepsLineBreaksPlainAndMarkdownAreUntouched() {
    #expect(
      TerminalText.string("line one\nline <b>two</b>", format: .moodle) == "line one\nline two")
    #expect(TerminalText.string("<b>x</b> &amp;", format: .plain) == "<b>x</b> &amp;")
    #expect(TerminalText.string("**bold** `code`", format: .markdown) == "**bold** `code`")
    #expect(!TerminalText.reduce("no tags &amp; here", format: .html).removedMarkup)
  }
}

@Suite struct SlugTests {
  @Test func slugsAreLowerCaseAsciiWithSingleHyphens() {
    #expect(Slug.make("Jesus' hometown (Short answer ex.)") == "jesus-hometown-short-answer-ex")
    #expect(Slug.make("Numeric\u{3A} 1") == "numeric-1")
    #expect(Slug.make("Crème Brûlée — Ünïcode") == "creme-brulee-unicode")
    #expect(Slug.make("  --  ") == "")
    #expect(Slug.make("漢字") == "")
  }

  @Test func longTextIsCutAtAWordBoundaryAndStaysValid() {
    let s = Slug.make(String(repeating: "word ", count: 30))
    #expect(s.count <= 64 && Slug.isValid(s) && !s.hasSuffix("-"))
    #expect(
      Slug.fromPrompt("What is the value of pi (to 3 decimal places)?")
        == "what-is-the-value-of-pi-to-3-decimal")
  }

  @Test func uniqueIDsNumberRepeatsAndFallBackWhenEmpty() {
    var ids = UniqueIDs()
    #expect(ids.claim("q", fallback: "x") == "q")
    #expect(ids.claim("q", fallback: "x") == "q-2")
    #expect(ids.claim("q", fallback: "x") == "q-3")
    #expect(ids.claim("", fallback: "q7") == "q7")
    let long = String(repeating: "a", count: 64)
    #expect(ids.claim(long, fallback: "x") == long)
    #expect(ids.claim(long, fallback: "x") == String(repeating: "a", count: 62) + "-2")
  }
}
