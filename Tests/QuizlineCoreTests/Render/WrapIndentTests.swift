import Testing

@testable import QuizlineCore

/// Wrapping with a first-line prefix that differs from the continuation indent (list rows, missed
/// questions, the error label).
@Suite struct WrapIndentTests {
  static let text =
    "declarative UI you describe what the screen shows for a given state and more words"

  @Test(arguments: [
    ("  ", "      "), ("      ", "  "), ("  [x] layout: ", "        "), ("", "    "),
  ])
  func everyLineFitsWhateverTheFirstAndLaterIndents(first: String, indent: String) {
    for width in [24, 30, 40] {
      let lines = TextWrap.lines(Self.text, width: width, indent: indent, firstIndent: first)
      #expect(lines.allSatisfy { TextWrap.displayWidth($0) <= width }, "width \(width): \(lines)")
      #expect(lines.first?.hasPrefix(first) == true)
      #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(indent) })
    }
  }

  @Test func continuationLinesUseTheRoomTheirIndentLeaves() {
    // A long first prefix must not make later lines wrap early.
    let lines = TextWrap.lines(
      "aaaa bbbb cccc dddd eeee", width: 20, indent: "  ", firstIndent: "          ")
    #expect(lines == ["          aaaa bbbb", "  cccc dddd eeee"])
  }

  @Test func missedQuestionsInANarrowSummaryStayWithinTheWidth() {
    var d = StoreDriver()
    d.type(["start sample --count 3", "a", "a", "false"])
    let lines = d.screen(width: 40).text.split(separator: "\n").filter { $0.hasPrefix("    ") }
    #expect(lines.count >= 9)
    #expect(lines.allSatisfy { TextWrap.displayWidth(String($0)) <= 40 }, "\(lines)")
  }
}
