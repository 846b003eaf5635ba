import Testing

@testable import QuizlineCore

/// Where the learner is lives in one ``Mode``: quiz stage, a reset waiting for `yes` and leaving are
/// views of it, and a quiz without its run is not a place the learner can be.
@Suite struct ModeTests {
  @Test func aQuizStageWithoutAnActiveRunIsNoQuiz() {
    var state = StoreDriver().state
    state.mode = .quiz(.asking(shownAt: scriptStart))
    #expect(state.progress.activeRun == nil)
    #expect(state.quiz == nil)
    #expect(state.currentRun == nil)
  }

  @Test func startingAQuizResettingAndLeavingAreOnePlaceEach() {
    var d = StoreDriver()
    d.type("start sample")
    guard case .quiz(.asking) = d.state.mode else {
      Issue.record("not in the quiz: \(d.state.mode)")
      return
    }
    d.type(["end", "reset sample"])
    #expect(d.state.mode == .confirmingReset(.bank("sample")))
    #expect(d.state.quiz == nil)
    d.type("no")
    #expect(d.state.mode == .home)
    d.type("quit")
    #expect(d.state.mode == .leaving && d.state.quitRequested)
  }

  @Test func leavingFromAQuizStillSaysThePlaceIsSaved() {
    var d = StoreDriver()
    d.type("start sample")
    d.interrupt()
    d.interrupt()
    #expect(d.state.mode == .leaving)
    #expect(d.state.display == [.notice("Your place in this quiz is saved: type resume next time."), .goodbye])
  }
}
