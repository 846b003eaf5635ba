import Testing

@testable import QuizlineCore

/// `Grader.grade` for typed answers: text folding and credits, numeric tolerances and ranges at
/// their exact boundaries.
@Suite struct GraderTextAndNumberTests {
  static func score(_ body: QuestionBody, _ response: Response) -> Double { GraderTests.score(body, response) }

  static func feedback(_ body: QuestionBody, _ response: Response) -> [String] {
    Grader.grade(response, for: GraderTests.question(body)).feedback
  }

  // MARK: text

  static let text = QuestionBody.text(
    accept: [
      TextAnswer(text: "ZStack"), TextAnswer(text: "z stack", credit: 0.5, feedback: "one word"),
      TextAnswer(text: "VStack", credit: 0, feedback: "that stacks vertically"),
    ],
    ignorePunctuation: false, otherFeedback: "no")

  @Test(arguments: ["ZStack", "zstack", "  ZSTACK  ", "zStack\t"])
  func textIgnoresCaseAndSurroundingSpace(typed: String) {
    #expect(Self.score(Self.text, .text(typed)) == 1)
  }

  @Test func textFoldsRepeatedInnerSpaceToOne() {
    #expect(Self.score(Self.text, .text("Z    stack")) == 0.5)
  }

  @Test func textGivesAnAnswersOwnPartialCreditAndFeedback() {
    #expect(Self.score(Self.text, .text("z stack")) == 0.5)
    #expect(Self.feedback(Self.text, .text("z stack")) == ["one word"])
  }

  @Test func textGivesAKnownWrongAnswerZeroWithItsFeedback() {
    #expect(Self.score(Self.text, .text("vstack")) == 0)
    #expect(Self.feedback(Self.text, .text("vstack")) == ["that stacks vertically"])
  }

  @Test func textGivesAnUnknownAnswerZeroWithTheOtherFeedback() {
    #expect(Self.score(Self.text, .text("HStack")) == 0)
    #expect(Self.feedback(Self.text, .text("HStack")) == ["no"])
  }

  @Test func textKeepsPunctuationUnlessTheQuestionIgnoresIt() {
    #expect(Self.score(Self.text, .text("ZStack.")) == 0)
    let lenient = QuestionBody.text(
      accept: [TextAnswer(text: "view modifier")], ignorePunctuation: true, otherFeedback: nil)
    #expect(Self.score(lenient, .text("View-modifier!")) == 1)
    #expect(Self.score(lenient, .text("(view) modifier")) == 1)
  }

  @Test func textFoldsNonASCIIAnswersTheSameWay() {
    let body = QuestionBody.text(accept: [TextAnswer(text: "Élan vital")], ignorePunctuation: false, otherFeedback: nil)
    #expect(Self.score(body, .text("  élan   VITAL ")) == 1)
    #expect(Self.score(body, .text("elan vital")) == 0)
  }

  @Test func textTakesTheBestCreditWhenTwoAcceptedAnswersFoldAlike() {
    let body = QuestionBody.text(
      accept: [
        TextAnswer(text: "Stack", credit: 0.25), TextAnswer(text: "stack", credit: 0.75),
        TextAnswer(text: "STACK", credit: 0.5),
      ],
      ignorePunctuation: false, otherFeedback: nil)
    #expect(Self.score(body, .text("stack")) == 0.75)
  }

  // MARK: numeric with a tolerance

  static let pi = QuestionBody.numeric(
    accept: [NumericAnswer(match: .value(3.14, tolerance: 0.005), feedback: "yes")], unit: nil, otherFeedback: "no")

  @Test(arguments: [3.14, 3.135, 3.145, 3.1375])
  func aValueWithinItsToleranceIncludingBothEdgesIsRight(x: Double) {
    #expect(Self.score(Self.pi, .number(x)) == 1)
  }

  @Test(arguments: [3.134, 3.146, -3.14, 0])
  func aValueOutsideItsToleranceIsWrong(x: Double) {
    #expect(Self.score(Self.pi, .number(x)) == 0)
    #expect(Self.feedback(Self.pi, .number(x)) == ["no"])
  }

  @Test func anExactValueAcceptsOnlyItselfAndItsDecimalSpelling() {
    let body = QuestionBody.numeric(
      accept: [NumericAnswer(match: .value(0.3, tolerance: 0))], unit: nil, otherFeedback: nil)
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point: still the answer 0.3.
    #expect(Self.score(body, .number(0.1 + 0.2)) == 1)
    #expect(Self.score(body, .number(0.3001)) == 0)
    #expect(Self.score(body, .number(0.2999)) == 0)
  }

  @Test func aLargeValuesToleranceScalesWithIt() {
    let body = QuestionBody.numeric(
      accept: [NumericAnswer(match: .value(1e12, tolerance: 0))], unit: nil, otherFeedback: nil)
    #expect(Self.score(body, .number(1e12 + 0.0001)) == 1)
    #expect(Self.score(body, .number(1e12 + 2000)) == 0)
  }

  // MARK: numeric with a range

  static let range = QuestionBody.numeric(
    accept: [NumericAnswer(match: .range(min: 2, max: 4))], unit: nil, otherFeedback: nil)

  @Test(arguments: [2.0, 4.0, 3.0, 2.0000001])
  func aRangeAcceptsBothEndsAndWhatLiesBetween(x: Double) {
    #expect(Self.score(Self.range, .number(x)) == 1)
  }

  @Test(arguments: [1.9999999, 4.0000001, -3.0, 0])
  func aRangeRefusesWhatLiesOutside(x: Double) {
    #expect(Self.score(Self.range, .number(x)) == 0)
  }

  @Test func overlappingNumericAnswersGiveTheBestCreditAndItsFeedback() {
    let body = QuestionBody.numeric(
      accept: [
        NumericAnswer(match: .range(min: 0, max: 10), credit: 0.25, feedback: "roughly"),
        NumericAnswer(match: .value(5, tolerance: 1), credit: 0.5, feedback: "close"),
        NumericAnswer(match: .value(5, tolerance: 0), credit: 1, feedback: "exactly"),
      ], unit: nil, otherFeedback: "no")
    #expect(Self.score(body, .number(5)) == 1)
    #expect(Self.feedback(body, .number(5)) == ["exactly"])
    #expect(Self.score(body, .number(5.5)) == 0.5)
    #expect(Self.feedback(body, .number(5.5)) == ["close"])
    #expect(Self.score(body, .number(9)) == 0.25)
    #expect(Self.score(body, .number(11)) == 0)
  }
}

extension GraderTextAndNumberTests {
  /// After a wrong answer the screen names a fully right answer, not whichever entry is listed
  /// first (a partial-credit spelling, or a known wrong answer with its own feedback). FB9.
  @Test func theRightAnswerShownIsAFullCreditEntryWhereverItIsListed() {
    let q = GraderTests.question(
      .text(
        accept: [
          TextAnswer(text: "z stack", credit: 0.5), TextAnswer(text: "VStack", credit: 0, feedback: "vertical"),
          TextAnswer(text: "ZStack"),
        ], ignorePunctuation: false, otherFeedback: nil))
    #expect(Grader.correctAnswer(for: q) == "ZStack")
  }
}
