import Testing

@testable import QuizlineCore

/// Typo tolerance (`config typo-tolerance`): a typed answer a letter or two off an accepted answer
/// is accepted with a "Check the spelling" note; short answers, code and numbers stay exact.
/// Distances are worked out by hand.
@Suite struct NearMissTests {
  func text(_ accept: [TextAnswer], ignorePunctuation: Bool = false) -> Question {
    Question(
      id: "q", prompt: "?", explanation: "because",
      body: .text(accept: accept, ignorePunctuation: ignorePunctuation, otherFeedback: "no"))
  }

  func grade(_ typed: String, _ q: Question, tolerant: Bool = true) -> Grade {
    Grader.grade(.text(typed), for: q, typoTolerance: tolerant)
  }

  @Test func theShippedNearMissesOfTheIssueAreAcceptedWithASpellingNote() throws {
    let basics = try #require(Curriculum.catalog.bank("swiftui-basics"))
    let bundle = try #require(basics.questions.first { $0.id == "bundle-id" })
    let account = try #require(basics.questions.first { $0.id == "device-account" })
    let typo = grade("bundle identifer", bundle)
    #expect(typo.isCorrect)
    #expect(typo.spelling == ["bundle identifier"])
    let article = grade("an Apple Acount", account)
    #expect(article.isCorrect)
    #expect(article.spelling == ["Apple Account"])
    let exact = grade("the bundle identifier", bundle)
    #expect(exact.isCorrect)
    #expect(exact.spelling == [], "an exact match needs no spelling note")
  }

  @Test func withToleranceOffANearMissIsWrong() {
    let q = text([TextAnswer(text: "bundle identifier")])
    #expect(grade("bundle identifer", q, tolerant: false).score == 0)
    #expect(grade("bundle identifer", q, tolerant: false).feedback == ["no"])
    #expect(grade("bundle identifer", q).score == 1)
  }

  @Test func theEditsAllowedGrowWithTheAnswersLength() {
    #expect(NearMiss.allowedEdits(forLength: 5) == 0)
    #expect(NearMiss.allowedEdits(forLength: 6) == 1)
    #expect(NearMiss.allowedEdits(forLength: 11) == 1)
    #expect(NearMiss.allowedEdits(forLength: 12) == 2)
    // "spacer" (6): one edit is fine, two are not.
    let q = text([TextAnswer(text: "spacer")])
    #expect(grade("spacr", q).isCorrect)
    #expect(grade("spcr", q).score == 0)
    // "frame" (5) must be exact.
    #expect(grade("fram", text([TextAnswer(text: "frame")])).score == 0)
    // "environment object" (18): two edits, not three.
    let long = text([TextAnswer(text: "environment object")])
    #expect(grade("enviroment objet", long).isCorrect)
    #expect(grade("enviroment obj", long).score == 0)
  }

  @Test func swappingTwoNeighboursIsOneEdit() {
    #expect(NearMiss.distance("hashabel", "hashable") == 1)
    #expect(editDistance("hashabel", "hashable") == 2, "plain Levenshtein counts it twice")
    #expect(grade("Hashabel", text([TextAnswer(text: "Hashable")])).isCorrect)
  }

  @Test func codeAndNumbersAreMatchedExactly() {
    #expect(NearMiss.isExact("VStack"))
    #expect(NearMiss.isExact("onAppear"))
    #expect(NearMiss.isExact("@State"))
    #expect(NearMiss.isExact("iOS 17"))
    #expect(NearMiss.isExact("Color.red"))
    #expect(!NearMiss.isExact("Apple Account"))
    #expect(!NearMiss.isExact("view's body"))
    #expect(grade("HStack", text([TextAnswer(text: "VStack")])).score == 0)
    #expect(grade("onApear", text([TextAnswer(text: "onAppear")])).score == 0)
    #expect(grade("version 18", text([TextAnswer(text: "version 17")])).score == 0)
  }

  @Test func anExactMatchWinsOverANearMissAndAWrongEntryIsNotForgiven() {
    let q = text([
      TextAnswer(text: "observed object", credit: 0, feedback: "That one is owned elsewhere."),
      TextAnswer(text: "observable object", credit: 1),
    ])
    #expect(grade("observed object", q).score == 0)
    #expect(grade("observed object", q).feedback == ["That one is owned elsewhere."])
    // Two edits from "observable object" (17 characters) and none of a wrong entry's credit.
    let near = grade("observabel objct", q)
    #expect(near.isCorrect)
    #expect(near.spelling == ["observable object"])
  }

  @Test func theHighestCreditNearMissCounts() {
    let q = text([TextAnswer(text: "navigation stacks", credit: 0.5), TextAnswer(text: "navigation stack", credit: 1)])
    let g = grade("navigaton stack", q)
    #expect(g.score == 1)
    #expect(g.spelling == ["navigation stack"])
  }

  @Test func clozeGapsForgiveTyposAndNameThem() {
    let q = Question(
      id: "c", prompt: "?", explanation: "because",
      body: .cloze(
        text: "Use {{1}} and {{2}}.",
        gaps: [
          ClozeGap(accept: [TextAnswer(text: "padding")], ignorePunctuation: false),
          ClozeGap(accept: [TextAnswer(text: "frame")], ignorePunctuation: false),
        ]))
    let g = Grader.grade(.gaps(["paddng", "frame"]), for: q, typoTolerance: true)
    #expect(g.score == 1)
    #expect(g.spelling == ["padding"])
    #expect(Grader.grade(.gaps(["paddng", "frame"]), for: q).score == 0.5, "off by default in the grader")
  }
}
