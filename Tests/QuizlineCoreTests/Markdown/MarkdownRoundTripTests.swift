import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// JSON → Markdown → reader gives the same bank, field by field: every shipped bank, and banks
/// built here with what the shipped ones lack (credits, feedback, ranges, distractors, …).
@Suite struct MarkdownRoundTripTests {
  static let shippedBanks = Fixtures.repositoryRoot + "/Quizzes/banks"

  /// Each question compared on its own, so a failure names the question and the field.
  static func expectSameBank(_ original: Bank, _ path: String = "round-trip.md") {
    let text = MarkdownBankWriter.markdown(original)
    let (read, _, context) = MarkdownBankReader.read(bytes: Array(text.utf8), path: path, hashContent: false)
    let errors = context.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(original.id): \(errors.prefix(3))")
    guard let read else { return }
    #expect(read.id == original.id)
    #expect(read.title == original.title)
    #expect(read.description == original.description)
    #expect(read.version == original.version)
    #expect(read.tags == original.tags)
    #expect(read.questions.count == original.questions.count)
    for (a, b) in zip(original.questions, read.questions) {
      #expect(a.id == b.id)
      #expect(a.prompt == b.prompt, "\(a.id)")
      #expect(a.title == b.title, "\(a.id)")
      #expect(a.explanation == b.explanation, "\(a.id)")
      #expect(a.hint == b.hint, "\(a.id)")
      #expect(a.tags == b.tags, "\(a.id)")
      #expect(a.difficulty == b.difficulty, "\(a.id)")
      #expect(a.source == b.source, "\(a.id)")
      #expect(a.body == b.body, "\(a.id)")
    }
  }

  @Test(
    arguments: try! FileManager.default.contentsOfDirectory(atPath: shippedBanks).filter { $0.hasSuffix(".json") }
      .sorted())
  func everyShippedBankReadsBackTheSame(name: String) throws {
    let path = Self.shippedBanks + "/" + name
    let (item, context) = CatalogFileDecoder.decode(
      bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
    #expect(!context.diagnostics.hasErrors)
    guard case .bank(let bank, _, _) = item else {
      Issue.record("\(name) is not a bank")
      return
    }
    Self.expectSameBank(bank)
  }
}

extension MarkdownRoundTripTests {
  /// What imported banks carry (GIFT credits and feedback, Anki's multi-line fields) and text that
  /// looks like the format's own syntax.
  static let builtBank = Bank(
    id: "built", title: "\"Quoted\" title ", description: "Imported: GIFT", version: "3", tags: ["gift"],
    questions: [
      Question(
        id: "credits", title: "Credits", prompt: "Which?\n\nA second paragraph.\n\n```swift\n- [x] not a choice\n```",
        explanation: "Line one\nHint: not a field\n\n= not an answer", hint: "Think",
        body: .single(
          choices: [
            Choice(text: "right", feedback: "Yes.\n\nTwo paragraphs.", credit: 1),
            Choice(text: "%50% literal percent", credit: -0.3333333),
            Choice(text: "two\nlines"),
          ], answer: 0)),
      Question(
        id: "multi", prompt: "Pick the two.", explanation: "",
        body: .multiple(
          choices: [Choice(text: "a"), Choice(text: "b", credit: 0.5), Choice(text: "c")], answers: [0, 1])),
      Question(
        id: "tf", prompt: "Explanation: this prompt looks like a field.", explanation: "Because.",
        body: .truefalse(answer: false, feedbackTrue: "No.", feedbackFalse: "Right.")),
      Question(
        id: "text-credit", prompt: "Name it", explanation: "x",
        body: .text(
          accept: [
            TextAnswer(text: "full"), TextAnswer(text: "half", credit: 0.5, feedback: "Close."),
            TextAnswer(text: "wrong", credit: 0, feedback: "No."), TextAnswer(text: "%7% odd"),
          ], ignorePunctuation: true, otherFeedback: "Think again.")),
      Question(
        id: "numbers", prompt: "How much?", explanation: "x",
        body: .numeric(
          accept: [
            NumericAnswer(match: .value(3.14159, tolerance: 0.001)),
            NumericAnswer(match: .range(min: -2.5, max: 1e-5), credit: 0.25, feedback: "Roughly."),
            NumericAnswer(match: .value(-7, tolerance: 0)),
          ], unit: "m/s", otherFeedback: nil)),
      Question(
        id: "text-number", prompt: "Which year?", explanation: "A text answer that looks like a number.",
        body: .text(accept: [TextAnswer(text: "1984")], ignorePunctuation: false, otherFeedback: nil)),
      Question(
        id: "pairs", prompt: "Match.", explanation: "x",
        body: .matching(
          pairs: [MatchPair(left: "a", right: "x -> y"), MatchPair(left: "`b`", right: "z")],
          distractors: ["w", "v"])),
      Question(
        id: "order", prompt: "Order these:\n\n1. not an item", explanation: "x",
        body: .ordering(items: (1...11).map { "step \($0)" })),
      Question(
        id: "gaps", prompt: "Fill it\nin two lines.", explanation: "x",
        body: .cloze(
          text: "A {{1}} and {{2}}.",
          gaps: [
            ClozeGap(accept: [TextAnswer(text: "one", credit: 0.5, feedback: "Half."), TextAnswer(text: "uno")]),
            ClozeGap(accept: [TextAnswer(text: "two")], ignorePunctuation: true),
          ])),
      Question(
        id: "braces", prompt: "Braces in a gap.", explanation: "x",
        body: .cloze(
          text: "Close with {{1}}, a path {{2}}.",
          gaps: [ClozeGap(accept: [TextAnswer(text: "}} or \\}")]), ClozeGap(accept: [TextAnswer(text: "C:\\dir\\")])])),
      Question(
        id: "card", prompt: "Front", explanation: "",
        body: .flashcard(back: "- [x] a back that is a task list\n- [ ] second")),
      Question(
        id: "card-2", prompt: "# Front with a hash\n---", explanation: "",
        body: .flashcard(back: "1. a list\n2. that looks like an ordering\n\n---\n\nand a rule")),
      Question(
        id: "open-q", prompt: "Why?", explanation: "Details.", tags: ["a", "b-c"], difficulty: .hard,
        source: SourceReference(file: "f.txt", section: "S"),
        body: .openEnded(modelAnswer: "Because\n\n- it is.", keyPoints: ["one", "two"])),
      Question(
        id: "open-no-points", prompt: "\\Escaped start", explanation: "",
        body: .openEnded(modelAnswer: "Model.", keyPoints: [])),
    ])

  @Test func aBankWithCreditsFeedbackRangesAndLookalikeTextReadsBackTheSame() {
    Self.expectSameBank(Self.builtBank)
  }
}
