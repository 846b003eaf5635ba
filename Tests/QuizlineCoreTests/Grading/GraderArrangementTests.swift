import Testing

@testable import QuizlineCore

/// `Grader.grade` for matching, ordering, cloze and self-graded questions, and for a response of
/// the wrong shape. Matching and ordering answers point into the shuffled display order, so each
/// test finds the displayed position of the items it means.
@Suite struct GraderArrangementTests {
  static func score(_ body: QuestionBody, _ response: Response, id: String = "q") -> Double {
    GraderTests.score(body, response, id: id)
  }

  // MARK: matching

  static let pairs = [
    MatchPair(left: "@State", right: "owns"), MatchPair(left: "@Binding", right: "borrows"),
    MatchPair(left: "let", right: "constant"),
  ]
  static let matching = QuestionBody.matching(pairs: pairs, distractors: ["observes"])
  static let shown = Presentation.matchingRightItems(questionID: "q", pairs: pairs, distractors: ["observes"])

  static func position(_ right: String) -> Int { shown.firstIndex(of: right)! }

  @Test func theDisplayShowsEveryRightItemAndTheDistractor() {
    #expect(Set(Self.shown) == ["owns", "borrows", "constant", "observes"])
  }

  @Test func matchingEveryPairScoresOne() {
    let picks = ["owns", "borrows", "constant"].map(Self.position)
    #expect(Self.score(Self.matching, .matching(picks)) == 1)
  }

  @Test func matchingScoresTheShareOfRightPairs() {
    let swapped = ["borrows", "owns", "constant"].map(Self.position)
    #expect(GraderTests.near(Self.score(Self.matching, .matching(swapped)), 1.0 / 3))
    let distractor = ["owns", "observes", "constant"].map(Self.position)
    #expect(GraderTests.near(Self.score(Self.matching, .matching(distractor)), 2.0 / 3))
  }

  @Test func matchingCountsAPickOutsideTheDisplayAsWrong() {
    let picks = [Self.position("owns"), 9, Self.position("constant")]
    #expect(GraderTests.near(Self.score(Self.matching, .matching(picks)), 2.0 / 3))
  }

  @Test func matchingLeavesUnansweredPairsWrong() {
    #expect(GraderTests.near(Self.score(Self.matching, .matching([Self.position("owns")])), 1.0 / 3))
  }

  // MARK: ordering

  static let items = ["declare", "initialise", "use", "release"]
  static let ordering = QuestionBody.ordering(items: items)
  static let displayed = Presentation.orderingItems(questionID: "q", items: items)

  static func order(_ wanted: [String]) -> [Int] { wanted.map { displayed.firstIndex(of: $0)! } }

  @Test func theOrderingIsNeverDisplayedAlreadySolved() {
    #expect(Self.displayed != Self.items)
    #expect(Set(Self.displayed) == Set(Self.items))
  }

  @Test func orderingTheItemsRightScoresOne() {
    #expect(Self.score(Self.ordering, .ordering(Self.order(Self.items))) == 1)
  }

  @Test func orderingScoresTheShareOfItemsInTheirRightPlace() {
    let twoSwapped = Self.order(["initialise", "declare", "use", "release"])
    #expect(Self.score(Self.ordering, .ordering(twoSwapped)) == 0.5)
    let reversed = Self.order(["release", "use", "initialise", "declare"])
    #expect(Self.score(Self.ordering, .ordering(reversed)) == 0)
    let oneRight = Self.order(["use", "initialise", "release", "declare"])
    #expect(Self.score(Self.ordering, .ordering(oneRight)) == 0.25)
  }

  // MARK: cloze

  static let cloze = QuestionBody.cloze(
    text: "A {{1}} returns a {{2}}.",
    gaps: [
      ClozeGap(accept: [
        TextAnswer(text: "view modifier"), TextAnswer(text: "modifier", credit: 0.5, feedback: "which kind?"),
      ]),
      ClozeGap(accept: [TextAnswer(text: "new view")], ignorePunctuation: true),
    ])

  @Test func clozeScoresTheMeanOfItsGaps() {
    #expect(Self.score(Self.cloze, .gaps(["View  Modifier", "new view"])) == 1)
    #expect(Self.score(Self.cloze, .gaps(["view modifier", "old view"])) == 0.5)
    #expect(Self.score(Self.cloze, .gaps(["modifier", "new view"])) == 0.75)
    #expect(Self.score(Self.cloze, .gaps(["x", "y"])) == 0)
  }

  @Test func clozeFoldsPunctuationOnlyInTheGapsThatAskForIt() {
    #expect(Self.score(Self.cloze, .gaps(["view modifier", "new-view!"])) == 1)
    #expect(Self.score(Self.cloze, .gaps(["view-modifier", "new view"])) == 0.5)
  }

  @Test func clozeCollectsTheFeedbackOfEachGap() {
    let grade = Grader.grade(.gaps(["modifier", "new view"]), for: GraderTests.question(Self.cloze))
    #expect(grade.feedback == ["which kind?"])
  }

  @Test func clozeCountsAMissingGapAsWrong() {
    #expect(Self.score(Self.cloze, .gaps(["view modifier"])) == 0.5)
  }

  // MARK: self-graded and mismatched

  @Test(arguments: [(SelfGrade.again, 0.0), (.hard, 0.5), (.good, 1.0), (.easy, 1.0)])
  func selfGradedQuestionsScoreTheLearnersGrade(grade: SelfGrade, expected: Double) {
    #expect(Self.score(.flashcard(back: "b"), .selfGraded(grade, written: nil)) == expected)
    #expect(Self.score(.openEnded(modelAnswer: "m", keyPoints: []), .selfGraded(grade, written: "mine")) == expected)
  }

  @Test func aResponseOfTheWrongShapeScoresZeroAndSaysSo() {
    let grade = Grader.grade(.bool(true), for: GraderTests.question(GraderTests.single))
    #expect(grade.score == 0)
    #expect(grade.feedback == ["This answer does not fit a single question."])
  }

  @Test func onlyAFullScoreIsCorrectAndAnyOtherPositiveScoreIsPartial() {
    #expect(Grade(score: 1).isCorrect && !Grade(score: 1).isPartial)
    #expect(!Grade(score: 0.99).isCorrect && Grade(score: 0.99).isPartial)
    #expect(!Grade(score: 0).isCorrect && !Grade(score: 0).isPartial)
    #expect(Grade(score: 1.5).score == 1 && Grade(score: -0.5).score == 0)
  }
}
