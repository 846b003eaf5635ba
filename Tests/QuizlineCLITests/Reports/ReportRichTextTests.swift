import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineReports

/// The HTML report shows a question's rich text as the terminal does: its marks as elements,
/// formulas as ``MathText`` draws them, images embedded (the page is one standalone file).
@Suite struct ReportRichTextTests {
  /// An imported card's picture is on a line below its question: the report shows it after the
  /// title, embedded when it is found, its placeholder when not.
  @Test func aQuestionsPictureBelowItsTitleIsShownAfterTheTitle() {
    let catalog = Catalog(banks: [
      Bank(
        id: "heart", title: "Heart",
        questions: [
          Question(
            id: "q", prompt: "Which chamber?\n![](heart-media/heart.png)", explanation: "", body: .flashcard(back: "LV")
          )
        ])
    ])
    let label = ReportBuilder.label(QuestionRef(bank: "heart", question: "q"), catalog)
    #expect(HTMLWriter().inline(label) == "Which chamber? [image: heart.png]")
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]
    let found = HTMLWriter(
      media: ReportMedia(image: { bank, source, _ in
        bank == "heart" && source == "heart-media/heart.png" ? png : nil
      })
    ).inline(label)
    #expect(found.hasPrefix("Which chamber? <img class=\"media\""), "\(found)")
    #expect(found.contains("src=\"data:image/png;base64,"))
  }

  /// A red 8×4 PNG, written by an encoder independent of quizline.
  static func redPNG(_ path: String, width: Int = 8, height: Int = 4) throws -> [UInt8] {
    let (status, output) = AnkiDecks.run(
      "/usr/bin/env",
      [
        "python3", TestPaths.repositoryRoot + "/scripts/reports/png-pixels.py", "solid", path, "\(width)", "\(height)",
        "ff0000",
      ])
    try #require(status == 0, "\(output)")
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func marksBecomeElementsAndTextStaysEscaped() {
    #expect(
      HTMLRichText.render("**a** *b* `e<f>` <script>")
        == "<strong>a</strong> <em>b</em> <code class=\"inline\">e&lt;f&gt;</code> &lt;script&gt;")
    #expect(
      HTMLRichText.render([.underline([.text("c")]), .strike([.text("d&")])], bank: nil, media: nil)
        == "<u>c</u><s>d&amp;</s>")
  }

  @Test func formulasAreDrawnByMathTextInsideAMathSpan() {
    #expect(
      HTMLRichText.render([.math("\\alpha < 1", display: false)], bank: nil, media: nil)
        == "<span class=\"math\">\(html(MathText.inline("\\alpha < 1")))</span>")
    #expect(
      HTMLRichText.render([.math("x", display: true)], bank: nil, media: nil)
        == "<span class=\"math display\">\(MathText.display("x").map(html).joined(separator: "<br />"))</span>")
  }

  @Test func anImageIsEmbeddedWhenFoundAndSmallEnoughElseItsPlaceholderStays() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let png = try Self.redPNG(dir + "/red.png")
    let found = ReportMedia { bank, source, limit in
      bank == "b" && source == "m/red.png" && png.count <= limit ? png : nil
    }
    // The oracle for the data URI: Foundation's base64.
    #expect(
      HTMLRichText.render("![a \"red\" dot](m/red.png)", bank: "b", media: found)
        == "<img class=\"media\" alt=\"a &quot;red&quot; dot\" src=\"data:image/png;base64,\(Data(png).base64EncodedString())\" />"
    )
    #expect(HTMLRichText.render("![](m/other.png)", bank: "b", media: found) == "[image: other.png]")
    #expect(HTMLRichText.render("![dot](m/red.png)") == "[image: dot]", "without a reader: the placeholder")
    let notImage = ReportMedia { _, _, _ in Array("<svg onload=x>".utf8) }
    #expect(HTMLRichText.render("![](x.svg)", bank: "b", media: notImage) == "[image: x.svg]")
    let huge = ReportMedia { _, _, _ in png + [UInt8](repeating: 0, count: HTMLRichText.maxImageBytes) }
    #expect(HTMLRichText.render("![](x.png)", bank: "b", media: huge) == "[image: x.png]")
    #expect(HTMLRichText.render("[sound:m/a.mp3]") == "[sound: a.mp3]")
    for n in 0...5 {
      let bytes = [UInt8](repeating: 0xA5, count: n)
      #expect(HTMLRichText.base64(bytes) == Data(bytes).base64EncodedString())
    }
  }

  /// A flagged question whose first line holds an image beside its bank and a formula: the page
  /// Chromium draws shows the image's red pixels, and its DOM holds the formula's span (which needs
  /// `InlineMarkup.parse` to read `\(..\)`, issue 34's rich-text reading).
  @Test func theHTMLReportShowsTheImageAndFormulaInAHeadlessBrowser() throws {
    try requireChromium()
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/Q/banks/heart-media", withIntermediateDirectories: true)
    _ = try Self.redPNG(dir + "/Q/banks/heart-media/red.png", width: 40, height: 40)
    let bank = """
      {"kind": "bank", "schemaVersion": 1, "id": "heart", "title": "Heart", "questions": [
        {"id": "q1", "type": "flashcard", "prompt": "![a red dot](heart-media/red.png) Which valve? \\\\(\\\\alpha\\\\)", "back": "mitral"}]}
      """
    try bank.write(toFile: dir + "/Q/banks/heart.json", atomically: true, encoding: .utf8)
    let now = "2026-12-02T10:00:00Z"
    let quiz = try runBinary(
      ["--quizzes", dir + "/Q", "--progress", dir + "/P", "--now", now], input: "start heart\nflag\nquit\n")
    #expect(quiz.status == 0, "\(quiz.stderr)")
    let r = runInProcess(
      [
        "--quizzes", dir + "/Q", "--progress", dir + "/P", "--now", now, "report", "--format", "html", "--out",
        dir + "/r.html",
      ])
    #expect(r.status == 0, "\(r.stderr)")
    let page = try String(contentsOfFile: dir + "/r.html", encoding: .utf8)
    #expect(page.contains("<img class=\"media\" alt=\"a red dot\" src=\"data:image/png;base64,"), "\(page)")
    let browser = try #require(
      ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.fileExists))
    let (status, dom) = AnkiDecks.run(
      browser,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(dir)/chrome", "--dump-dom",
        "file://\(dir)/r.html",
      ])
    #expect(status == 0)
    #expect(dom.contains("<span class=\"math\">\(html(MathText.inline("\\alpha")))</span>"), "\(dom)")
    let shot = Process()
    shot.executableURL = URL(fileURLWithPath: TestPaths.repositoryRoot + "/scripts/reports/screenshot.sh")
    shot.arguments = [dir + "/r.html", dir + "/r.png", "1000x1400"]
    shot.standardOutput = FileHandle.nullDevice
    try shot.run()
    shot.waitUntilExit()
    #expect(shot.terminationStatus == 0)
    let (countStatus, count) = AnkiDecks.run(
      "/usr/bin/env",
      ["python3", TestPaths.repositoryRoot + "/scripts/reports/png-pixels.py", "count", dir + "/r.png", "ff0000"])
    #expect(countStatus == 0, "\(count)")
    // 40×40 CSS pixels of pure red (at least; more at a higher device scale): nothing else on the page is pure red.
    #expect((Int(count.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) >= 1600, "\(count)")
  }
}
