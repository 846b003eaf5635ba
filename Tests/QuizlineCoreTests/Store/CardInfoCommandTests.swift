import Testing

@testable import QuizlineCore

/// `info [CARD]`: which card it reads (the runtime then reads its history, ``CardHistoryTests``).
@Suite struct CardInfoCommandTests {
  static func asked(_ d: StoreDriver) -> QuestionRef? {
    guard case .cardHistory(let ref)? = d.store.effects.first else { return nil }
    return ref
  }

  @Test func aCardNamedAsBankSlashQuestionOrByAnIdOnlyOneBankHasIsRead() {
    var d = StoreDriver()
    d.type("info sample/single-owner")
    #expect(Self.asked(d) == sample("single-owner"))
    d.type("info text-stack")
    #expect(Self.asked(d) == sample("text-stack"))
  }

  @Test func withoutACardItIsTheQuestionOnScreenInAQuizAndTheOneAnsweredLastAtHome() {
    var d = StoreDriver()
    d.type("info")
    #expect(Self.asked(d) == nil)
    #expect(d.screen().text.contains("info: which card?"))
    d.type(["start sample", "b", "skip"])
    d.type("info")
    #expect(Self.asked(d) == sample("tf-declarative"), "the question asked now")
    d.type("end")
    d.type("info")
    #expect(Self.asked(d) == sample("single-owner"), "the question answered last")
  }

  @Test func aBankOrAnUnknownQuestionIsRefusedWithWhatToType() {
    var d = StoreDriver()
    d.type("info sample")
    #expect(Self.asked(d) == nil)
    #expect(d.screen().text.contains("info shows one card, and 'sample' is a bank"))
    d.type("info sample/single-ownr")
    #expect(d.screen().text.contains("Did you mean sample/single-owner?"))
    d.type("info nowhere/x")
    #expect(d.screen().text.contains("info: no question 'nowhere/x'"))
  }

  @Test func theHistoryShowsAndAQuizGoesOnWithItsQuestion() {
    var d = StoreDriver()
    d.type(["start sample", "info"])
    let history = CardHistory(question: sample("single-owner"))
    d.send { .effectFinished(.cardHistory(history, devices: [:]), at: $0) }
    let text = d.screen().text
    #expect(text.contains("Card info: sample/single-owner"))
    #expect(text.contains("No reviews yet."))
    #expect(d.state.display.last == .currentQuestion)
  }

  @Test func tabCompletesBanksThenTheirQuestions() {
    let d = StoreDriver()
    #expect(Completion.complete(d.state, line: "info ", wordStart: 5) == .words(["sample/"]))
    #expect(Completion.complete(d.state, line: "info sample/si", wordStart: 5) == .words(["sample/single-owner"]))
  }
}
