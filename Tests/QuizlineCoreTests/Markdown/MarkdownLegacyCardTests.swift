import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// Cards in the syntaxes learners already have, read as they are: hashcards' `Q:`/`A:` and `C:`
/// with `[gaps]`; Obsidian Spaced Repetition's `::`, `:::` and `?`/`??` cards.
@Suite struct MarkdownLegacyCardTests {
  @Test func hashcardsQuestionAndClozeCardsAreReadWithTheirGaps() throws {
    let (bank, layout, diagnostics) = try MarkdownBankReaderTests.read("hashcards.md")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let questions = try #require(bank?.questions)
    #expect(
      questions.map(\.prompt) == [
        "What is the capital of France?", "Which river flows through\nVienna, Budapest and Belgrade?",
        "Fill in the gaps.", "Largest planet?", "Fill in the gaps.",
      ])
    #expect(questions[0].body == .flashcard(back: "Paris"))
    #expect(questions[1].body == .flashcard(back: "The Danube.\nIt flows into the Black Sea."))
    #expect(
      questions[2].body
        == .cloze(
          text: "The {{1}} rises in the {{2}} and ends in the {{3}}.",
          gaps: [
            ClozeGap(accept: [TextAnswer(text: "Danube")]), ClozeGap(accept: [TextAnswer(text: "Black Forest")]),
            ClozeGap(accept: [TextAnswer(text: "Black Sea")]),
          ]))
    // The card ended by --- without a blank line (CommonMark's heading underline) is still a card.
    #expect(questions[3].id == "largest-planet")
    #expect(questions[3].body == .flashcard(back: "Jupiter"))
    // A link is not a gap.
    #expect(
      questions[4].body
        == .cloze(
          text: "Water boils at {{1}} degrees Celsius at sea level; see [the table](https://example.org).",
          gaps: [ClozeGap(accept: [TextAnswer(text: "100")])]))
    #expect(layout.entries.map(\.line) == [11, 14, 19, 21, 24])
    #expect(layout.entries.map(\.idWasWritten) == [false, false, false, true, false])
    #expect(layout.entries.allSatisfy { $0.style == .comment })
  }

  @Test func obsidianOneLineTwoWayAndMultiLineCardsAreRead() throws {
    let (bank, layout, diagnostics) = try MarkdownBankReaderTests.read("obsidian.md")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let questions = try #require(bank?.questions)
    #expect(questions.map(\.prompt) == ["perro", "gato", "cat", "What does *ser* express?", "hablar", "to speak"])
    #expect(
      questions.map(\.body) == [
        .flashcard(back: "dog"), .flashcard(back: "cat"), .flashcard(back: "gato"),
        .flashcard(back: "Permanent qualities:\nidentity, origin, time."), .flashcard(back: "to speak"),
        .flashcard(back: "hablar"),
      ])
    #expect(questions[1].id == "gato-cat")
    #expect(questions[2].id == "cat-gato")
    #expect(bank?.tags == ["obsidian"])
    #expect(layout.entries[2].pairedWith == "gato-cat")
    #expect(layout.entries[5].pairedWith == layout.entries[4].questionID)
    #expect(layout.entries.map(\.line) == [12, 13, 13, 16, 22, 22])
  }

  @Test func bothWaysOfATwoWayCardShareANoteNamedByTheForwardCardAndOneWayCardsHaveNone() throws {
    let (bank, _, _) = try MarkdownBankReaderTests.read("obsidian.md")
    let questions = try #require(bank?.questions)
    // perro::dog, gato:::cat (two cards), a multi-line ? card, hablar ?? to speak (two cards).
    #expect(questions.map(\.note) == [nil, "gato-cat", "gato-cat", nil, questions[4].id, questions[4].id])
    // Written as `##` questions, the note is a `Note id:` field and reads back the same.
    let written = MarkdownBankWriter.markdown(try #require(bank))
    #expect(written.contains("Note id: gato-cat\n"))
    let (again, _, diagnostics) = MarkdownBankReader.read(bytes: Array(written.utf8), path: "w.md", hashContent: false)
    #expect(diagnostics.diagnostics.isEmpty, "\(diagnostics.diagnostics)")
    #expect(again?.questions == questions)
  }

  @Test func aNoteIdFieldThatIsNoIdIsALocatedError() throws {
    let text = "---\nkind: bank\nid: b\ntitle: B\n---\n\n## Front\n\n---\n\nBack\n\nNote id: Two Words\n"
    let (bank, _, context) = MarkdownBankReader.read(bytes: Array(text.utf8), path: "n.md", hashContent: false)
    #expect(bank == nil)
    #expect(
      context.diagnostics.map(\.description).contains { $0.hasPrefix("n.md:13:10: ") && $0.contains("\"Two Words\"") })
  }

  @Test func aQuestionCardWithoutAnswerIsRefusedAtItsLine() {
    let (bank, _, diagnostics) = MarkdownBankReaderTests.read(
      text: "---\nkind: bank\nid: b\ntitle: B\n---\n\nQ: Where?\n\nNothing here.\n")
    #expect(bank == nil)
    #expect(
      located(diagnostics) == [
        "7:1: error: a Q: card needs an A: line with its answer (Q: question, then A: answer on the next line)"
      ])
  }
}
