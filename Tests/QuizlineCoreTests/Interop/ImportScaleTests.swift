import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop
@testable import QuizlineReports

/// Hostile or just large imports whose cost used to grow with the square of their size (a 100 KB line of
/// `<b x` did not finish in hours; 20,000 questions sharing a title took minutes). The inputs are sized so
/// that the old code never finishes while the linear code takes well under a second; nothing here is
/// timed.
@Suite struct ImportScaleTests {
  func html(_ s: String) -> String { TerminalText.string(s, format: .html) }

  @Test func aTagLeftOpenAtTheEndKeepsItAndEveryLaterAngleBracketAsText() {
    #expect(html("a <b x=\"y <i>z</i>") == "a <b x=\"y <i>z</i>")
    #expect(html("<p>1 < 2</p> <b>bold</b> <!-- open") == "1 < 2\nbold <!-- open")
    let line = String(repeating: "<b x", count: 100_000)
    #expect(html(line) == line)
    let comments = String(repeating: "<!--", count: 100_000)
    #expect(html(comments) == comments)
  }

  /// The markup output finds the last character past style marks in constant time: 100,000 marks
  /// before each of 100,000 paragraph breaks took about 10¹⁰ steps when it looked back over them.
  @Test func styleMarksPilingUpBeforeBreaksDoNotSlowTheMarkupOutput() {
    let n = 100_000
    let marked = String(repeating: "<b>", count: n) + String(repeating: "<p>", count: n) + "x"
    #expect(TerminalText.markup(marked, format: .html).text == "**x**")
    let formulas = String(repeating: "\\( [sound:", count: n)
    #expect(TerminalText.markup(formulas, format: .html).text.count == formulas.count)
  }

  @Test func aLinkInsideALinkEndsTheOuterOneAsInABrowser() {
    #expect(html("<a href=\"u1\">one<a href=\"u2\">two</a></a>") == "one (u1)two (u2)")
    let n = 50_000
    let nested =
      String(repeating: "<a href=\"u\">x", count: n) + String(repeating: "</a>", count: n)
    #expect(html(nested) == String(repeating: "x (u)", count: n))
  }

  @Test func manyQuestionsWithOneTitleGetNumberedIds() {
    let n = 100_000
    var ids = UniqueIDs()
    let claimed = (0..<n).map { _ in ids.claim("q", fallback: "x") }
    #expect(claimed.first == "q" && claimed[1] == "q-2" && claimed.last == "q-\(n)")
    #expect(Set(claimed).count == n)
    #expect(
      ids.claim("q-2", fallback: "x") == "q-2-2", "a claimed suffix is never handed out again")
  }

  @Test func everyHTMLQuestionOfALargeFileGetsOneLossNote() {
    let n = 40_000
    let text = (0..<n).map { "::Q::[html]<b>Question</b> \($0)? {T}" }.joined(separator: "\n\n")
    let r = GIFTImporter().read(text: text, path: "big.gift")
    #expect(r.bank.questions.count == n)
    #expect(r.bank.questions.last?.id == "q-\(n)")
    #expect(r.notes.count == n && r.notes.allSatisfy { $0.kind == .htmlReduced })
    #expect(Set(r.notes.map(\.questionID)).count == n)
  }
}
