import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop

/// Code in prompts and answers (issue 31, item 5): inline code and code blocks shown as sessions show
/// code, in plain and rich output, and the revealed gap of a cloze's back marked.
@Suite struct CodeInQuestionTests {
  static let esc = "\u{1B}"
  static let cyan = "\u{1B}[36m"
  static let reset = "\u{1B}[0m"
  static let revealed = "\u{1B}[1;4m"

  /// A bank with a single-choice question, a flashcard with a fenced code block on its back, a
  /// question written with one backticked line per line of code, a cloze, and an Anki cloze card.
  static var catalog: Catalog {
    let single = Question(
      id: "wrapper", prompt: "Which wrapper does `Counter` need for `count`?",
      explanation: "A `@Binding` writes through to the owner's `@State`.",
      hint: "Who owns `count`?",
      body: .single(
        choices: [
          Choice(text: "`@State var count`", feedback: "That makes a second `count`."),
          Choice(text: "`@Binding var count`"),
        ],
        answer: 1))
    let back = """
      A view that owns its state:
      ```swift
      struct Counter: View {
        @State private var count = 0
        var body: some View { Button("Count: \\(count)") { count += 1 } }
      }
      ```
      Tap it and `count` grows.
      """
    let flashcard = Question(
      id: "counter", prompt: "Write a `Counter` view.", explanation: "", body: .flashcard(back: back))
    let lines = Question(
      id: "copy",
      prompt: "What does `print(a.text)` show?\n`var a = Note(text: \"draft\")`\n`var b = a`\n`b.text = \"final\"`",
      explanation: "", body: .single(choices: [Choice(text: "draft"), Choice(text: "final")], answer: 0))
    let cloze = Question(
      id: "modifier", prompt: "Fill in the gaps.", explanation: "Order matters.",
      body: .cloze(
        text: "A {{1}} returns a new view; `{{2}}` adds space.",
        gaps: [ClozeGap(accept: [TextAnswer(text: "modifier")]), ClozeGap(accept: [TextAnswer(text: "padding()")])]))
    let ankiCloze = Question(
      id: "anki-cloze", prompt: "SwiftUI code on a Mac needs [...] installed.", explanation: "",
      body: .flashcard(back: "SwiftUI code on a Mac needs Xcode installed.\nIt brings the SDK."))
    return Catalog(banks: [
      Bank(id: "code", title: "Code", questions: [single, flashcard, lines, cloze, ankiCloze])
    ])
  }

  /// A driver at the question `id` of the code bank.
  static func at(_ id: String) -> StoreDriver {
    var d = StoreDriver(catalog: catalog)
    d.type("start code")
    while let q = d.state.currentQuestion?.question, q.id != id { d.type("skip") }
    return d
  }

  /// Lines of a rich screen with every colour code removed.
  static func uncoloured(_ text: String) -> String {
    var out = ""
    var inEscape = false
    for ch in text {
      if inEscape {
        if ch.isLetter { inEscape = false }
      } else if ch == "\u{1B}" {
        inEscape = true
      } else {
        out.append(ch)
      }
    }
    return out
  }

  @Test func inlineCodeInAPromptAndItsChoicesKeepsItsBackticksInPlainOutput() {
    let d = Self.at("wrapper")
    let text = d.screen().text
    #expect(text.contains("\nWhich wrapper does `Counter` need for `count`?\n"), "\(text)")
    #expect(text.contains("  b) `@Binding var count`\n"), "\(text)")
  }

  @Test func inlineCodeInAPromptAndItsChoicesIsPaintedWithoutBackticksInRichOutput() {
    let d = Self.at("wrapper")
    let text = d.screen(style: .rich).text
    let (c, r) = (Self.cyan, Self.reset)
    #expect(text.contains("\nWhich wrapper does \(c)Counter\(r) need for \(c)count\(r)?\n"), "\(text)")
    #expect(text.contains("  b) \(c)@Binding var count\(r)\n"), "\(text)")
    #expect(!Self.uncoloured(text).contains("`"), "no backtick is left in the rich screen")
  }

  @Test func inlineCodeInAnExplanationAHintAndChoiceFeedback() {
    var d = Self.at("wrapper")
    d.type("hint")
    #expect(d.screen().text.contains("Hint: Who owns `count`?"))
    #expect(d.screen(style: .rich).text.contains("Hint: Who owns \(Self.cyan)count\(Self.reset)?"))
    d.type("a")
    let plain = d.screen().text
    #expect(plain.contains("  A `@Binding` writes through to the owner's `@State`.\n"), "\(plain)")
    #expect(plain.contains("  That makes a second `count`.\n"), "\(plain)")
    let rich = d.screen(style: .rich).text
    let (c, r) = (Self.cyan, Self.reset)
    #expect(rich.contains("  A \(c)@Binding\(r) writes through to the owner's \(c)@State\(r).\n"), "\(rich)")
    #expect(rich.contains("  That makes a second \(c)count\(r).\n"), "\(rich)")
    #expect(rich.contains("Right answer: b) \(c)@Binding var count\(r)"), "\(rich)")
  }

  @Test func aCodeBlockOnAFlashcardBackIsShownAsSessionsShowCode() {
    var d = Self.at("counter")
    d.type("")
    let plain = d.screen(width: 60).text
    #expect(
      plain.hasPrefix(
        """
          A view that owns its state:
              struct Counter: View {
                @State private var count = 0
                var body: some View { Button("Count: \\(count)") { c>
              }
          Tap it and `count` grows.

        """), "\(plain)")
    #expect(!plain.contains("```"))
    let rich = d.screen(width: 60, style: .rich).text
    // Swift highlighted as sessions highlight it; never wrapped, cut with … at the width.
    #expect(rich.contains("\n      \(Self.cyan)struct\(Self.reset) Counter: View {\n"), "\(rich)")
    #expect(rich.contains("\n        \u{1B}[33m@State\(Self.reset) \(Self.cyan)private\(Self.reset) "), "\(rich)")
    for line in rich.split(separator: "\n") { #expect(TextWrap.displayWidth(String(line)) <= 60, "\(line)") }
    #expect(rich.contains("\u{1B}[2m…\(Self.reset)\n"), "\(rich)")
  }

  @Test func linesThatAreEachOneCodeSpanFormACodeBlock() {
    let d = Self.at("copy")
    let plain = d.screen().text
    #expect(
      plain.contains(
        """
        What does `print(a.text)` show?
            var a = Note(text: "draft")
            var b = a
            b.text = "final"
          a) draft
        """), "\(plain)")
    let rich = Self.uncoloured(d.screen(style: .rich).text)
    #expect(rich.contains("What does print(a.text) show?\n    var a = Note(text: \"draft\")\n"), "\(rich)")
  }

  @Test func theBackOfAClozeMarksItsRevealedGapsInPlainAndRichOutput() {
    var d = Self.at("modifier")
    d.type("modifier | margin")
    let plain = d.screen().text
    #expect(plain.contains("    A [1: modifier] returns a new view; `[2: padding()]` adds space.\n"), "\(plain)")
    let rich = d.screen(style: .rich).text
    let (c, g, r) = (Self.cyan, Self.revealed, Self.reset)
    #expect(
      rich.contains(
        "    A [1: \(g)modifier\(r)] returns a new view; \(c)[2: \(r)\(c)\(g)padding()\(r)\(c)]\(r) adds space.\n"),
      "\(rich)")
  }

  @Test func theBackOfAnAnkiClozeCardMarksTheGapItsFrontHid() {
    var d = Self.at("anki-cloze")
    d.type("")
    let plain = d.screen().text
    #expect(plain.hasPrefix("  SwiftUI code on a Mac needs [Xcode] installed.\n  It brings the SDK.\n"), "\(plain)")
    let rich = d.screen(style: .rich).text
    #expect(
      rich.hasPrefix("  SwiftUI code on a Mac needs [\(Self.revealed)Xcode\(Self.reset)] installed.\n"), "\(rich)")
  }

  /// A cloze note of a package the real Anki wrote (`AnkiDecks`), imported as cards and with typed gaps.
  static func ankiCloze(typed: Bool, ord: Int) throws -> StoreDriver {
    let path = try AnkiDecks.path("deck.apkg")
    let imported = try AnkiImporter(typedCloze: typed).read(
      bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
    let banks = imported.banks.map(\.bank)
    let id = AnkiDecks.questionID(guid: "qlCloze001", ord: ord)
    let bank = try #require(banks.first { $0.question(id) != nil })
    var d = StoreDriver(catalog: Catalog(banks: banks))
    d.type("start \(bank.id)")
    while let q = d.state.currentQuestion?.question, q.id != id { d.type("skip") }
    return d
  }

  @Test func theBacksOfAClozeNoteAnkiWroteMarkTheirGaps() throws {
    var first = try Self.ankiCloze(typed: false, ord: 0)
    first.type("")
    #expect(first.screen().text.hasPrefix("  [Paris] is the capital of France.\n"), "\(first.screen().text)")
    var second = try Self.ankiCloze(typed: false, ord: 1)
    second.type("")
    #expect(second.screen().text.hasPrefix("  Paris is the capital of [France].\n"), "\(second.screen().text)")
    // With typed gaps, the back is the explanation: marked as the gap's number.
    var typed = try Self.ankiCloze(typed: true, ord: 1)
    typed.type("Spain")
    let text = typed.screen().text
    #expect(text.contains("  Paris is the capital of [1: France].\n"), "\(text)")
    #expect(!text.contains("    Paris is the capital of"), "the text filled in is not shown a second time: \(text)")
  }

  @Test func anOrdinaryFlashcardWithBracketsIsNotTakenForACloze() {
    #expect(ClozeReveal.marked("An array of Int values.", front: "What is [Int]?") == nil)
    #expect(ClozeReveal.marked("Use [Int] here.", front: "Use [Int] here.") == nil)
    #expect(
      ClozeReveal.marked("Declare [Int] with a literal: [1, 2].", front: "Declare [Int] with a literal: [...].")
        == "Declare [Int] with a literal: [" + RichText.revealed("[1, 2]") + "].")
  }

  @Test func aCodeSpanWrappedAcrossLinesIsClosedAtEachLineEnd() {
    let long = Question(
      id: "long", prompt: "Read `let total = items.reduce(0) { $0 + $1.price } * quantity` aloud.", explanation: "",
      body: .truefalse(answer: true, feedbackTrue: nil, feedbackFalse: nil))
    var d = StoreDriver(catalog: Catalog(banks: [Bank(id: "b", title: "B", questions: [long])]))
    d.type("start b")
    let rich = d.screen(width: 40, style: .rich).text
    for line in rich.split(separator: "\n") {
      #expect(TextWrap.displayWidth(String(line)) <= 40, "\(line)")
      // A colour opened on a line is reset on it.
      if let last = line.range(of: Self.cyan, options: .backwards) {
        #expect(line[last.upperBound...].contains(Self.reset), "\(line)")
      }
    }
    #expect(Self.uncoloured(rich).contains("Read let total = items.reduce(0) { $0 +"), "\(rich)")
  }

  @Test func backticksThatDoNotPairUpAreShownAsWritten() {
    let odd = Question(
      id: "odd", prompt: "A lone ` backtick stays.", explanation: "",
      body: .truefalse(answer: true, feedbackTrue: nil, feedbackFalse: nil))
    var d = StoreDriver(catalog: Catalog(banks: [Bank(id: "b", title: "B", questions: [odd])]))
    d.type("start b")
    #expect(d.screen(style: .rich).text.contains("\nA lone ` backtick stays.\n"))
  }
}
