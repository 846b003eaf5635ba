import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// The provisional ids of cards written without one, and where an id would be written.
@Suite struct MarkdownCardIdentityTests {
  @Test func theIDIsTheFirstWordsAndAFingerprintOfTheWordingTheSameForSpacingAndCase() {
    let q = Question(
      id: "", prompt: "  What is the  Capital of France?", explanation: "", body: .flashcard(back: "Paris"))
    let id = MarkdownCardIdentity.provisionalID(for: q)
    #expect(id.hasPrefix("what-is-the-capital-of-"))
    #expect(id == CardWording.generatedID(for: "what is the capital of france"))
    #expect(Identifier.isValid(id) && CardWording.isGenerated(id))
    // The same wording gives the same id, whatever its spacing and case.
    let again = Question(id: "", prompt: "what is the capital of france?", explanation: "", body: .flashcard(back: "x"))
    #expect(MarkdownCardIdentity.provisionalID(for: again) == id)
    let other = Question(id: "", prompt: "What is the capital of Spain?", explanation: "", body: .flashcard(back: "x"))
    #expect(MarkdownCardIdentity.provisionalID(for: other) != id)
  }

  @Test func aPromptWithoutLettersStillGetsAValidID() {
    let q = Question(id: "", prompt: "¿¡ → ∑", explanation: "", body: .flashcard(back: "x"))
    let id = MarkdownCardIdentity.provisionalID(for: q)
    #expect(id.hasPrefix("card-"))
    #expect(Identifier.isValid(id))
  }

  @Test func twoCardsWithTheSameWordingGetNumberedIDsAndNeverAnExplicitOne() {
    let q = Question(id: "", prompt: "Same", explanation: "", body: .flashcard(back: "x"))
    let base = MarkdownCardIdentity.provisionalID(for: q)
    let text = "---\nkind: bank\nid: b\ntitle: B\n---\n\nSame::x\nSame::y\n\n## Other {#\(base)}\n\n---\n\nback\n"
    let (bank, layout, diagnostics) = MarkdownBankReaderTests.read(text: text)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(bank?.questions.map(\.id) == [base + "-2", base + "-3", base])
    #expect(layout.entries.map(\.idWasWritten) == [false, false, true])
  }

  @Test func anIDInsertedAtTheInsertionPointIsReadAsWritten() throws {
    let text = "---\nkind: bank\nid: b\ntitle: B\n---\n\n## Which one? ##\n\n- [x] a\n- [ ] b\n\nQ: Where?\nA: Here.\n"
    let (bank, layout, _) = MarkdownBankReaderTests.read(text: text)
    let ids = try #require(bank?.questions.map(\.id))
    var bytes = Array(text.utf8)
    for entry in layout.entries.reversed() {
      let marker = entry.style == .heading ? " {#\(entry.questionID)}" : " <!-- id: \(entry.questionID) -->"
      bytes.insert(contentsOf: Array(marker.utf8), at: entry.insertionPoint)
    }
    let (again, layoutAgain, diagnostics) = MarkdownBankReaderTests.read(text: String(decoding: bytes, as: UTF8.self))
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(again?.questions.map(\.id) == ids)
    #expect(layoutAgain.entries.allSatisfy { $0.idWasWritten })
    #expect(again?.questions.first?.prompt == "Which one?")
  }
}
