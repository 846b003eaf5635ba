import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// Markdown banks as docs/markdown-format.md describes them: a file of every type becomes the
/// bank it means, written out here as a value.
@Suite struct MarkdownBankReaderTests {
  static let folder = Fixtures.root + "/markdown"

  static func read(_ name: String) throws -> (Bank?, MarkdownBankLayout, [Diagnostic]) {
    let path = folder + "/" + name
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let (bank, layout, context) = MarkdownBankReader.read(bytes: bytes, path: name, hashContent: false)
    return (bank, layout, context.diagnostics)
  }

  static func read(text: String) -> (Bank?, MarkdownBankLayout, [Diagnostic]) {
    let (bank, layout, context) = MarkdownBankReader.read(bytes: Array(text.utf8), path: "t.md", hashContent: false)
    return (bank, layout, context.diagnostics)
  }

  static let everyType = Bank(
    id: "md-every-type", title: "Every type in Markdown", description: "One question of each of the ten types.",
    version: "2", tags: ["swiftui", "markdown"],
    questions: [
      Question(
        id: "zstack-purpose", prompt: "Which container draws its children on top of each other?",
        explanation: "A ZStack overlays its children, back to front.", hint: "Think of depth.",
        tags: ["layout", "stacks"],
        difficulty: .easy,
        source: SourceReference(file: "001_51d8ce5bb881dd3b.txt", section: "Stacks", title: "SwiftUI Framework Guide"),
        body: .single(
          choices: [
            Choice(text: "VStack", feedback: "It stacks them vertically."), Choice(text: "HStack"),
            Choice(text: "ZStack"),
          ],
          answer: 2)),
      Question(
        id: "containers", prompt: "Which of these are container views?", explanation: "padding is a modifier.",
        body: .multiple(
          choices: [Choice(text: "VStack"), Choice(text: "List"), Choice(text: "padding", credit: -0.5)],
          answers: [0, 1])),
      Question(
        id: "state-owner", prompt: "`@State` storage belongs to the view that declares it.", explanation: "",
        body: .truefalse(answer: true, feedbackTrue: nil, feedbackFalse: "Who owns storage declared with @State?")),
      Question(
        id: "data-flow-name", prompt: "What is the name of the design where data flows down and actions up?",
        explanation: "",
        body: .text(
          accept: [
            TextAnswer(text: "unidirectional data flow"), TextAnswer(text: "one-way data flow"),
            TextAnswer(text: "data flow", credit: 0.5, feedback: "Which direction?"),
          ], ignorePunctuation: true, otherFeedback: "Think of the direction.")),
      Question(
        id: "default-padding", prompt: "How many points is the default padding on iOS?", explanation: "",
        body: .numeric(
          accept: [
            NumericAnswer(match: .value(16, tolerance: 1)),
            NumericAnswer(match: .range(min: 10, max: 20), feedback: "Close."),
          ], unit: "pt", otherFeedback: nil)),
      Question(
        id: "view-match", prompt: "Match each view with what it shows.", explanation: "",
        body: .matching(
          pairs: [MatchPair(left: "Text", right: "a string"), MatchPair(left: "Image", right: "a picture")],
          distractors: ["a sound"])),
      Question(
        id: "state-steps", prompt: "Order the steps of a state change.", explanation: "",
        body: .ordering(items: ["The user taps", "The binding is written", "The view is evaluated again"])),
      Question(
        id: "down-up", prompt: "Complete the rule.", explanation: "",
        body: .cloze(
          text: "Pass data {{1}} the hierarchy and send actions {{2}}.",
          gaps: [
            ClozeGap(accept: [TextAnswer(text: "down"), TextAnswer(text: "downward")]),
            ClozeGap(accept: [TextAnswer(text: "up"), TextAnswer(text: "upward")], ignorePunctuation: true),
          ])),
      Question(
        id: "declarative", prompt: "Declarative UI", explanation: "",
        body: .flashcard(
          back: "Describing what the interface should contain, and letting the framework apply the changes.")),
      Question(
        id: "pause-symbol",
        prompt:
          "Why did the player show a pause symbol while the label said \"Paused\"?\n\nLook at this code:\n\n```swift\nvar isPlaying = false\n```",
        explanation: "First paragraph.\n\nSecond paragraph with `code`.",
        body: .openEnded(
          modelAnswer: "One fact was stored in three places, updated separately.",
          keyPoints: ["Several copies of one fact", "One source of truth"])),
    ])

  @Test func aFileOfEveryTypeIsTheBankItMeans() throws {
    let (bank, layout, diagnostics) = try Self.read("every-type.md")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(bank?.id == Self.everyType.id)
    #expect(bank?.title == Self.everyType.title)
    #expect(bank?.description == Self.everyType.description)
    #expect(bank?.version == Self.everyType.version)
    #expect(bank?.tags == Self.everyType.tags)
    #expect(bank?.questions.count == Self.everyType.questions.count)
    for (read, expected) in zip(bank?.questions ?? [], Self.everyType.questions) {
      #expect(read == expected, "\(expected.id)")
    }
    #expect(layout.entries.map(\.line) == [14, 27, 35, 41, 51, 59, 65, 71, 80, 86])
    #expect(layout.entries.allSatisfy { $0.idWasWritten })
    #expect(layout.questionLine("down-up") == 71)
  }

  @Test func theLoaderGivesAMarkdownBankItsContentHashAndPositions() throws {
    let result = CatalogLoader().load(paths: [Self.folder + "/every-type.md"])
    #expect(result.diagnostics.isEmpty)
    let bank = try #require(result.catalog.bank("md-every-type"))
    #expect(bank.contentHash.count == 16)
  }

  @Test func aQuestionWrittenPlainlyIsAFlashcardAndATypeFieldOverridesTheShape() {
    let (bank, _, diagnostics) = Self.read(
      text:
        "---\nkind: bank\nid: b\ntitle: B\n---\n\n## Front {#f}\n\nThe back.\n\n## Year? {#y}\n\n= 1984\n\nType: text\n"
    )
    #expect(diagnostics.isEmpty)
    #expect(
      bank?.questions.map(\.body) == [
        .flashcard(back: "The back."),
        .text(accept: [TextAnswer(text: "1984")], ignorePunctuation: false, otherFeedback: nil),
      ])
  }

  @Test func answerLinesWrittenRightAfterThePromptWithoutABlankLineAreStillTheAnswer() {
    let (bank, _, diagnostics) = Self.read(
      text: "---\nkind: bank\nid: b\ntitle: B\n---\n\n## Capital? {#c}\n\nOf France.\n= Paris\n> Yes.\n= paris city\n")
    #expect(diagnostics.isEmpty)
    #expect(bank?.questions.first?.prompt == "Capital?\n\nOf France.")
    #expect(
      bank?.questions.first?.body
        == .text(
          accept: [TextAnswer(text: "Paris", feedback: "Yes."), TextAnswer(text: "paris city")],
          ignorePunctuation: false,
          otherFeedback: nil))
  }
}
