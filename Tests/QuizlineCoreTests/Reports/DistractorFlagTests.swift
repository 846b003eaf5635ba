import Testing

@testable import QuizlineCore

/// A distractor is flagged "chosen more often than the answer" only when it is: a tie with the answer
/// is not more often (the report's promise; mutant FB57).
@Suite struct DistractorFlagTests {
  static func item(answer: Int, distractor: Int) -> ItemAnalysis {
    ItemAnalysis(
      ref: QuestionRef(bank: "b", question: "q"), title: "Q", type: "single", learners: 10, answers: 10,
      facility: 0.5, discrimination: 0.4,
      options: [
        OptionCount(option: "a", text: "right", correct: true, count: answer),
        OptionCount(option: "b", text: "wrong", correct: false, count: distractor),
        OptionCount(option: "c", text: "other", correct: false, count: 10 - answer - distractor),
      ], responses: [], flags: [])
  }

  static func flagged(answer: Int, distractor: Int) -> Bool {
    ItemAnalysisBuilder.flags(item(answer: answer, distractor: distractor), ReportOptions())
      .contains("distractor b chosen more often than the answer")
  }

  @Test func aDistractorIsFlaggedOnlyWhenChosenMoreOftenThanTheAnswer() {
    #expect(Self.flagged(answer: 4, distractor: 5))
    #expect(!Self.flagged(answer: 5, distractor: 5), "a tie is not more often")
    #expect(!Self.flagged(answer: 5, distractor: 4))
  }
}
