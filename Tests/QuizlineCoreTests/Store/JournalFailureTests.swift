import Testing

@testable import QuizlineCore

/// The store records before it applies: when the journal cannot record, nothing is shown as done.
@Suite struct JournalFailureTests {
  @Test func anAnswerThatCannotBeSavedIsNotCountedAndCanBeGivenAgain() {
    var d = StoreDriver()
    d.type("start sample")
    let before = d.state
    d.journal.failNext = "No space left on device"
    #expect(d.type("b").isEmpty)
    #expect(
      d.state.display == [
        .error(
          "could not save your progress: No space left on device",
          hint:
            "Nothing of this step was recorded; what was saved before is safe. Free some space or fix the folder, then try again."
        )
      ])
    #expect(d.progress == before.progress)
    #expect(d.state.quiz == before.quiz)
    #expect(d.screen().prompt == "sample 1/10> ")
    #expect(d.type("b").count == 1)
    #expect(d.progress.activeRun?.position == 1)
    #expect(d.replayed == d.progress)
  }

  @Test func aSessionReadWhenItsReadingCannotBeSavedIsShownWithANote() {
    var d = StoreDriver()
    d.journal.failNext = "No space left on device"
    #expect(d.type("read intro").isEmpty)
    #expect(d.state.display == [.session(id: "intro"), .note("could not record this step: No space left on device")])
    #expect(d.screen().text.contains("Introduction to state"))
    #expect(d.state.unsavedSteps == 1, "leaving says some steps were not recorded")
    #expect(!d.progress.hasStudied("intro"))
    #expect(d.type("read intro") == [.sessionRead(session: "intro")], "read again once the journal works")
  }

  @Test func aCompletionThatCannotBeSavedLeavesTheSessionNotCompleted() {
    var d = StoreDriver()
    d.journal.failNext = "Input/output error"
    d.type("complete layout")
    #expect(!d.progress.isCompleted("layout"))
    #expect(d.journal.events.isEmpty)
    d.type("list")
    #expect(d.screen().text.contains("  [ ] layout: Layout and modifiers"))
  }

  @Test func theReducerWordsAFailedAppendAndTheStoreReportsItRefused() {
    var d = StoreDriver()
    d.type("start sample")
    d.journal.failNext = "disk full"
    d.type("b")
    #expect(d.store.outcome == .refused)
    var state = d.state
    let reduction = Reducer.reduce(&state, .recordingFailed(reason: "disk full", partly: true, at: d.now))
    #expect(reduction.outcome == .refused)
    #expect(reduction.events.isEmpty)
    #expect(
      state.display == [
        .error(
          "could not save your progress: disk full",
          hint: "Part of this step was recorded; what was saved before is safe.")
      ])
    #expect(state.quiz != nil, "the run is still active, so the learner stays in it")
  }
}
