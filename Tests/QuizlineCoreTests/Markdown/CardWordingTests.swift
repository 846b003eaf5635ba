import Testing

@testable import QuizlineFormats

/// A card written without an id: the id it gets, and which edits of its wording keep it.
@Suite struct CardWordingTests {
  let prompt = "Which container draws its children on top of each other?"

  @Test func theGeneratedIDIsTheFirstWordsAndAFingerprintTheSameOnEveryRun() {
    let id = CardWording.generatedID(for: prompt)
    #expect(id.hasPrefix("which-container-draws-its-"))
    #expect(id == CardWording.generatedID(for: prompt))
    #expect(id == CardWording.generatedID(for: "which container draws its children, on top of each other"))
    #expect(id != CardWording.generatedID(for: "Which container draws its children side by side?"))
    #expect(id.count <= 64 && id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" })
    #expect(CardWording.isGenerated(id))
  }

  @Test func wordingWithoutASCIILettersStillGetsAValidID() {
    let id = CardWording.generatedID(for: "¿Qué? — 日本語")
    #expect(id.hasPrefix("qu-") || id.hasPrefix("card-"))
    #expect(CardWording.isGenerated(id))
    #expect(CardWording.generatedID(for: "???").hasPrefix("card-"))
  }

  @Test func idsTheAuthorChoseAreNotTakenForGeneratedOnes() {
    for id in ["zstack-purpose", "swiftui-previews", "q1", "state-12345678", "what-is-abcdefgh"] {
      #expect(!CardWording.isGenerated(id), "\(id)")
    }
  }

  @Test func typosACaseChangeAndAChangedWordAreRecognisable() {
    let edits = [
      "Which container draws its childern on top of each other?",
      "which container draws its children on top of each other",
      "Which container view draws its children on top of one another?",
      "On top of each other: which container draws its children?",
    ]
    for edit in edits { #expect(CardWording.isRecognisable(edit, as: prompt), "\(edit)") }
  }

  @Test func aRewriteIsNotRecognisable() {
    let rewrites = [
      "What does the padding modifier add around a view?",
      "Name the property wrapper for state a view owns.",
      "Declarative UI",
    ]
    for rewrite in rewrites { #expect(!CardWording.isRecognisable(rewrite, as: prompt), "\(rewrite)") }
  }

  @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
    #expect(CardWording.editDistance(Array("kitten"), Array("sitting")) == 3)
    #expect(CardWording.editDistance(Array(""), Array("abc")) == 3)
    #expect(CardWording.editDistance(Array("same"), Array("same")) == 0)
  }
}
