import QuizlineCore
import Testing

@testable import QuizlineInterop

/// How `export-anki --apkg` makes notes of a bank's questions, and how the importer reads their
/// GUIDs back (the round trip through the real Anki is `AnkiScheduleRoundTripTests`).
@Suite struct AnkiNotesTests {
  static func card(_ id: String, _ front: String, _ back: String, note: String? = nil) -> Question {
    Question(id: id, prompt: front, explanation: "", note: note, body: .flashcard(back: back))
  }

  static func bank(_ questions: [Question]) -> Bank {
    Bank(id: "b", title: "B", description: "", tags: [], questions: questions)
  }

  @Test func aReversedPairIsOneNoteWithTwoCardsAndItsGUIDGivesBackBothIds() throws {
    let notes = AnkiNotes.notes(
      Self.bank([Self.card("n-1", "chat", "cat", note: "n"), Self.card("n-2", "cat", "chat", note: "n")]))
    try #require(notes.count == 1)
    #expect(notes[0].kind == .reversed)
    #expect(notes[0].guid == "quizline:b/n/n-1/n-2")
    #expect(notes[0].fields == ["chat", "cat"])
    #expect(AnkiImporter.noteID(guid: notes[0].guid) == "n")
    #expect(AnkiImporter.questionID(guid: notes[0].guid, ord: 0) == "n-1")
    #expect(AnkiImporter.questionID(guid: notes[0].guid, ord: 1) == "n-2")
  }

  @Test func twoCardsOfANoteThatAreNoReversePairStayTwoBasicNotesThatKeepTheirNote() {
    let notes = AnkiNotes.notes(
      Self.bank([Self.card("a", "chat", "cat", note: "n"), Self.card("b", "dog", "chien", note: "n")]))
    #expect(notes.map(\.kind) == [.basic, .basic])
    #expect(notes.map(\.guid) == ["quizline:b/n/a", "quizline:b/n/b"])
    #expect(notes.map { AnkiImporter.noteID(guid: $0.guid) } == ["n", "n"])
    #expect(notes.map { AnkiImporter.questionID(guid: $0.guid, ord: 0) } == ["a", "b"])
  }

  @Test func theGapsOfOneClozeTextAreOneClozeNoteWithTheirHints() throws {
    let back = "Paris is  the capital of France."
    let notes = AnkiNotes.notes(
      Self.bank([
        Self.card("c-1", "[...] is  the capital of France.", back, note: "c"),
        Self.card("c-2", "Paris is  the capital of [country].", back, note: "c"),
      ]))
    try #require(notes.count == 1)
    #expect(notes[0].kind == .cloze)
    #expect(notes[0].fields == ["{{c1::Paris}} is &nbsp;the capital of {{c2::France::country}}.", ""])
    #expect(AnkiImporter.questionID(guid: notes[0].guid, ord: 1) == "c-2")
  }

  @Test func flashcardsWithOverlappingHiddenStretchesAreNoClozeNote() {
    let back = "Paris is in France."
    let notes = AnkiNotes.notes(
      Self.bank([
        Self.card("c-1", "[...] is in France.", back, note: "c"),
        Self.card("c-2", "[...] in France.", back, note: "c"),
      ]))
    #expect(notes.map(\.kind) == [.basic, .basic])
  }

  @Test func aOneAnswerTextQuestionIsATypeInNoteAndOneWithAnExplanationStaysBasic() {
    let typed = Question(
      id: "t", prompt: "Capital of Italy?", explanation: "The answer is Rome.",
      body: .text(accept: [TextAnswer(text: "Rome")], ignorePunctuation: false, otherFeedback: nil))
    var explained = typed
    explained.id = "e"
    explained.explanation = "Rome, since 1871."
    let notes = AnkiNotes.notes(Self.bank([typed, explained]))
    #expect(notes.map(\.kind) == [.typed, .basic])
    #expect(notes[0].fields == ["Capital of Italy?", "Rome"])
    #expect(notes.map(\.guid) == ["quizline:b/t", "quizline:b/e"])
  }

  @Test func guidsOfOtherToolsAndOfOlderExportsReadAsBefore() {
    #expect(AnkiImporter.questionID(guid: "quizline:b/q1", ord: 0) == "q1")
    #expect(AnkiImporter.noteID(guid: "quizline:b/q1") == "q1")
    // A card ordinal the GUID does not list, and a GUID with an invalid id: the hash.
    #expect(AnkiImporter.questionID(guid: "quizline:b/n/n-1", ord: 1).hasSuffix("-2"))
    #expect(AnkiImporter.questionID(guid: "quizline:b/n/N-1", ord: 0).hasSuffix("-1"))
    #expect(AnkiImporter.questionID(guid: "qlBasic001", ord: 0).count == 18)
  }
}
