import Testing

@testable import QuizlineCore

/// `Grader.grade` for every question type, with expected scores worked out by hand (never by
/// calling the grader or a helper it uses): credits, partial credit, range and tolerance
/// boundaries, text folding, matching and ordering.
@Suite struct GraderTests {
  static func question(_ body: QuestionBody, id: String = "q") -> Question {
    Question(id: id, prompt: "?", explanation: "because", body: body)
  }

  static func score(_ body: QuestionBody, _ response: Response, id: String = "q") -> Double {
    Grader.grade(response, for: question(body, id: id)).score
  }

  static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

  // MARK: single

  static let single = QuestionBody.single(
    choices: [
      Choice(text: "A", feedback: "not a"), Choice(text: "B"), Choice(text: "C", credit: 0.5),
      Choice(text: "D", credit: -1),
    ],
    answer: 1)

  @Test func singleScoresTheAnswerOneAndAPlainWrongChoiceZero() {
    #expect(Self.score(Self.single, .choice(1)) == 1)
    #expect(Self.score(Self.single, .choice(0)) == 0)
  }

  @Test func singleGivesAWrongChoiceItsOwnPositiveCredit() {
    #expect(Self.score(Self.single, .choice(2)) == 0.5)
  }

  @Test func singleNeverScoresANegativeCreditBelowZero() {
    #expect(Self.score(Self.single, .choice(3)) == 0)
  }

  @Test func singleReturnsThePickedChoicesFeedback() {
    #expect(Grader.grade(.choice(0), for: Self.question(Self.single)).feedback == ["not a"])
    #expect(Grader.grade(.choice(1), for: Self.question(Self.single)).feedback == [])
  }

  // MARK: multiple without credits: (right picks - wrong picks) / right answers, at least 0

  static let multiple = QuestionBody.multiple(
    choices: [
      Choice(text: "A", feedback: "a!"), Choice(text: "B"), Choice(text: "C", feedback: "c!"), Choice(text: "D"),
    ],
    answers: [0, 2])

  @Test(arguments: [
    ([0, 2], 1.0), ([0], 0.5), ([2], 0.5), ([0, 1], 0.0), ([0, 1, 2], 0.5), ([0, 1, 2, 3], 0.0), ([1, 3], 0.0),
    ([1], 0.0),
    ([Int](), 0.0),
  ])
  func multipleCountsRightPicksLessWrongPicksOverTheRightAnswers(picks: [Int], expected: Double) {
    #expect(Self.near(Self.score(Self.multiple, .choices(picks)), expected))
  }

  @Test func multipleReturnsTheFeedbackOfEachPickedChoiceInPickOrder() {
    #expect(Grader.grade(.choices([2, 1, 0]), for: Self.question(Self.multiple)).feedback == ["c!", "a!"])
  }

  // MARK: multiple with credits (imported GIFT weights): the credits of the picks, summed

  static let credited = QuestionBody.multiple(
    choices: [
      Choice(text: "A", credit: 0.5), Choice(text: "B", credit: 0.5), Choice(text: "C", credit: -0.5),
      Choice(text: "D", credit: -0.5),
    ],
    answers: [0, 1])

  @Test func multipleWithCreditsScoresTheRightChoicesFully() {
    #expect(Self.score(Self.credited, .choices([0, 1])) == 1)
    #expect(Self.score(Self.credited, .choices([1])) == 0.5)
  }

  @Test func multipleWithCreditsLetsAWrongPickTakeCreditAway() {
    #expect(Self.score(Self.credited, .choices([0, 2])) == 0)
    #expect(Self.score(Self.credited, .choices([0, 1, 2])) == 0.5)
  }

  @Test func multipleWithCreditsGivesNothingForTickingEveryChoice() {
    #expect(Self.score(Self.credited, .choices([0, 1, 2, 3])) == 0)
  }

  @Test func multipleWithCreditsNeverScoresBelowZero() {
    #expect(Self.score(Self.credited, .choices([2, 3])) == 0)
  }

  @Test func multipleWithCreditOnSomeChoicesGivesTheOthersNone() {
    let body = QuestionBody.multiple(
      choices: [Choice(text: "A", credit: 1), Choice(text: "B"), Choice(text: "C")], answers: [0])
    #expect(Self.score(body, .choices([0, 1])) == 1)
    #expect(Self.score(body, .choices([1, 2])) == 0)
  }

  // MARK: true/false

  static let truefalse = QuestionBody.truefalse(answer: false, feedbackTrue: "it is not", feedbackFalse: "right")

  @Test func trueFalseScoresOnlyTheRightValue() {
    #expect(Self.score(Self.truefalse, .bool(false)) == 1)
    #expect(Self.score(Self.truefalse, .bool(true)) == 0)
  }

  @Test func trueFalseReturnsTheFeedbackForTheValueAnswered() {
    #expect(Grader.grade(.bool(true), for: Self.question(Self.truefalse)).feedback == ["it is not"])
    #expect(Grader.grade(.bool(false), for: Self.question(Self.truefalse)).feedback == ["right"])
  }
}
