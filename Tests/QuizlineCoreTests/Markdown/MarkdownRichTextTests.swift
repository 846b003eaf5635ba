import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// Markdown banks and sessions carry the rich text format (docs/markdown-format.md, "Rich text"):
/// images with a relative path, strikethrough, `<u>` underline and formulas are read into the
/// model's strings, and written back so that they read the same.
@Suite struct MarkdownRichTextTests {
  static func session(_ body: String) -> (StudySession?, [String]) {
    let text = "---\nkind: session\nid: s\ntitle: S\nminutes: 5\nobjectives:\n  - o\n---\n\n" + body
    let (session, diagnostics) = MarkdownSessionReader.decode(text: text, path: "s.md")
    return (session, diagnostics.map(\.description))
  }

  @Test func aSessionKeepsImagesStrikeUnderlineAndFormulas() throws {
    let (read, problems) = Self.session(
      """
      ![The heart](s-media/heart.png)

      A ~~wrong~~ <u>right</u> idea, \\\\(x^2\\\\) and [$]y_1[/$] and ![remote](https://example.org/a.png).

      | Sign | Picture |
      |---|---|
      | ~~old~~ | ![a](m/a.png) |
      """)
    #expect(problems.isEmpty, "\(problems)")
    let body = try #require(read).body
    #expect(
      body == [
        .paragraph("![The heart](s-media/heart.png)"),
        .paragraph(
          "A ~~wrong~~ <u>right</u> idea, \\(x^2\\) and \\(y_1\\) and remote (https://example.org/a.png)."),
        .table(header: ["Sign", "Picture"], rows: [["~~old~~", "![a](m/a.png)"]]),
      ])
  }

  @Test func anImageWithAnAddressOrAnAbsolutePathStaysTextWithItsAddress() {
    for url in ["https://x.org/a.png", "/etc/a.png", "data:image/png;base64,AAAA", "C:/a.png"] {
      let (read, _) = Self.session("![pic](\(url))")
      #expect(read?.body == [.paragraph("pic (\(url))")], "\(url)")
    }
  }

  @Test func aSessionWithRichTextComesBackTheSameThroughMarkdown() throws {
    let session = StudySession(
      id: "rich", title: "Rich", objectives: ["o"], estimatedMinutes: 2,
      body: [
        .paragraph("![The heart](rich-media/heart.png)"),
        .paragraph("~~struck~~, <u>under *it*</u>, \\(a*b*_c\\), \\[\\frac{1}{2}\\] and [sound:rich-media/x.mp3]."),
        // As a text is written (``InlineMarkup/serialize(_:)``), the marks of text escaped.
        .paragraph(
          InlineMarkup.serialize([.text("Literal ~~not struck~~, <u>not underlined</u>, ![not](an.png)")])),
        .bullets(["an ![icon](i.png) inline", "\\(x|y\\)"]),
        .table(header: ["\\(a|b\\)", "~~c~~"], rows: [["<u>d</u>", "![e](e.png)"]]),
      ])
    let markdown = MarkdownSessionWriter.write(session)
    let (again, diagnostics) = MarkdownSessionReader.decode(text: markdown, path: "rich.md")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let read = try #require(again, "\(markdown)")
    for (a, b) in zip(read.body, session.body) { #expect(a == b, "\(markdown)") }
    #expect(read.body.count == session.body.count)
  }

  @Test func aMarkdownBankQuestionKeepsItsListsTablesImagesAndFormulas() throws {
    let text = """
      ---
      kind: bank
      id: heart
      title: Heart
      ---

      ## What does the picture show? {#picture}

      ![The heart](heart-media/heart.png)

      | Chamber | Wall |
      |---|---|
      | left | thick |

      - ~~right~~ <u>left</u>
      - \\(CO = SV \\times HR\\)

      ---

      The **left** ventricle.
      \\[\\frac{a}{b}\\]
      """
    let (bank, _, context) = MarkdownBankReader.read(bytes: Array(text.utf8), path: "heart.md", hashContent: false)
    #expect(!context.diagnostics.hasErrors, "\(context.diagnostics)")
    let q = try #require(bank?.questions.first)
    #expect(
      q.prompt
        == "What does the picture show?\n\n![The heart](heart-media/heart.png)\n\n| Chamber | Wall |\n|---|---|\n| left | thick |\n\n- ~~right~~ <u>left</u>\n- \\(CO = SV \\times HR\\)"
    )
    #expect(q.body == .flashcard(back: "The **left** ventricle.\n\\[\\frac{a}{b}\\]"))
    let blocks = RichBlocks.parse(q.prompt)
    #expect(blocks.contains(.image(source: "heart-media/heart.png", alt: "The heart")))
    #expect(blocks.contains(.table(header: ["Chamber", "Wall"], rows: [["left", "thick"]])))
    #expect(blocks.contains(.bullets(["~~right~~ <u>left</u>", "\\(CO = SV \\times HR\\)"])))
  }

  @Test func aBankWithRichTextComesBackTheSameThroughMarkdown() {
    MarkdownRoundTripTests.expectSameBank(
      Bank(
        id: "rich", title: "Rich", description: "", version: "1", tags: [],
        questions: [
          Question(
            id: "card", prompt: "**Front** with ![a picture](rich-media/a.png)\n| a | b |\n|---|---|\n| 1 | 2 |",
            explanation: "1. first\n2. second\n\\[x^2\\]",
            body: .flashcard(back: "- ~~old~~\n- <u>new</u> \\(y\\) [$]z[/$]\n[sound:rich-media/b.mp3]")),
          Question(
            id: "choice", prompt: "Which is \\(\\frac{1}{2}\\)?", explanation: "",
            body: .single(choices: [Choice(text: "\\(0.5\\)"), Choice(text: "~~2~~")], answer: 0)),
        ]))
  }
}
