import Testing

@testable import QuizlineCore

/// Typed answers are matched without a leading article: "the Hashable protocol" is "Hashable
/// protocol", "a Spacer" is "Spacer", on either side; an accepted entry that matches as typed wins.
@Suite struct LeadingArticleTests {
  func text(_ accept: [TextAnswer]) -> Question {
    Question(
      id: "q", prompt: "?", explanation: "because",
      body: .text(accept: accept, ignorePunctuation: false, otherFeedback: nil))
  }

  func score(_ typed: String, _ question: Question) -> Double {
    Grader.grade(.text(typed), for: question).score
  }

  @Test func aLeadingArticleTypedIsIgnored() {
    let q = text([TextAnswer(text: "Hashable protocol")])
    #expect(score("the Hashable protocol", q) == 1)
    #expect(score("a hashable protocol", q) == 1)
    #expect(score("An  Hashable protocol", q) == 1)
    #expect(score("Hashable protocol", q) == 1)
  }

  @Test func aLeadingArticleAcceptedIsIgnoredToo() {
    let q = text([TextAnswer(text: "the bundle identifier")])
    #expect(score("bundle identifier", q) == 1)
    #expect(score("a bundle identifier", q) == 1)
  }

  @Test func onlyALeadingWholeWordArticleIsIgnored() {
    let q = text([TextAnswer(text: "Spacer")])
    #expect(score("theSpacer", q) == 0)
    #expect(score("Spacer the", q) == 0)
    #expect(score("another Spacer", q) == 0)
    #expect(withoutLeadingArticle("the") == "the", "an article alone is the answer itself")
    #expect(withoutLeadingArticle("a b") == "b")
  }

  @Test func anEntryMatchingAsTypedWinsOverOneMatchingWithoutTheArticle() {
    let q = text([
      TextAnswer(text: "the view", credit: 0, feedback: "Not the view: its model."),
      TextAnswer(text: "view", credit: 1),
    ])
    #expect(score("the view", q) == 0)
    #expect(Grader.grade(.text("the view"), for: q).feedback == ["Not the view: its model."])
    #expect(score("a view", q) == 1)
  }

  @Test func clozeGapsIgnoreALeadingArticle() {
    let q = Question(
      id: "c", prompt: "?", explanation: "because",
      body: .cloze(text: "Use {{1}}.", gaps: [ClozeGap(accept: [TextAnswer(text: "Spacer")], ignorePunctuation: false)])
    )
    #expect(Grader.grade(.gaps(["the Spacer"]), for: q).score == 1)
  }
}
