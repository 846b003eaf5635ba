import Testing

@testable import QuizlineCore

/// Ctrl-C and Ctrl-D as the runtime reports them: `.interrupted` and `.inputEnded`.
@Suite struct InterruptTests {
  @Test func aFirstCtrlCWarnsAndASecondLeaves() {
    var d = StoreDriver()
    #expect(d.interrupt().isEmpty)
    #expect(d.state.interruptArmed && !d.state.quitRequested)
    #expect(d.state.display == [.notice("Press Ctrl-C again, or type quit, to leave.")])
    #expect(d.interrupt().isEmpty)
    #expect(d.state.quitRequested)
    #expect(d.state.display == [.goodbye])
    #expect(d.screen().text == "Bye. Your progress is saved in Progress/default.\n")
  }

  @Test func ctrlCOnATypedLineCancelsItWithoutArmingLeave() {
    var d = StoreDriver()
    #expect(d.send { .interrupted(at: $0, lineHadText: true) }.isEmpty)
    #expect(!d.state.interruptArmed && !d.state.quitRequested)
    #expect(d.screen().text == "")
    d.interrupt()
    #expect(d.state.interruptArmed)
    d.send { .interrupted(at: $0, lineHadText: true) }
    #expect(!d.state.interruptArmed && !d.state.quitRequested, "typing again disarms, as a line does")
    d.interrupt()
    d.interrupt()
    #expect(d.state.quitRequested)
  }

  @Test func aLineBetweenTwoCtrlCsDisarmsTheFirst() {
    var d = StoreDriver()
    d.interrupt()
    d.type("status")
    #expect(!d.state.interruptArmed)
    d.interrupt()
    #expect(!d.state.quitRequested)
    d.type("")
    d.interrupt()
    #expect(!d.state.quitRequested, "even an empty line counts as going on")
  }

  @Test func ctrlCInsideAQuizKeepsEveryAnswerAndThePlace() {
    var d = StoreDriver()
    d.type(["start sample", "b"])
    let progress = d.progress
    let quiz = d.state.quiz
    #expect(d.interrupt().isEmpty)
    #expect(d.progress == progress && d.state.quiz == quiz)
    #expect(d.screen().prompt == "sample 2/10> ")
    d.interrupt()
    #expect(d.state.quitRequested)
    #expect(d.replayed.activeRun?.position == 1, "the run can be resumed")
  }

  @Test func ctrlCWhileWritingAnOpenAnswerDiscardsTheDraftFirst() {
    var d = StoreDriver()
    d.startSample(at: .open)
    d.type(["a first line", "a second line"])
    #expect(d.interrupt().isEmpty)
    #expect(d.state.quiz == .asking(shownAt: d.state.quiz!.shownAt))
    #expect(d.state.display == [.notice("Draft discarded."), .currentQuestion])
    #expect(!d.state.interruptArmed)
    d.interrupt()
    #expect(d.state.interruptArmed && !d.state.quitRequested)
    d.interrupt()
    #expect(d.state.quitRequested)
  }

  @Test func ctrlDLeavesAtOnceAndKeepsAnUnfinishedQuiz() {
    var d = StoreDriver()
    d.type(["start sample", "b"])
    #expect(d.endInput().isEmpty)
    #expect(d.state.quitRequested)
    #expect(
      d.state.display == [.notice("Your place in this quiz is saved: type resume next time."), .goodbye], "as quit says"
    )
    #expect(d.progress.activeRun?.position == 1)
  }

  @Test func ctrlDAfterLinesOfAnOpenAnswerEndsTheAnswerInsteadOfDroppingIt() {
    var d = StoreDriver()
    d.startSample(at: .open)
    d.type(["a first line", "a second line"])
    #expect(d.endInput().isEmpty)
    #expect(!d.state.quitRequested, "the written answer is shown with the model answer, to grade")
    #expect(d.state.quiz == .openGrading(shownAt: d.state.quiz!.shownAt, written: "a first line\na second line"))
    d.type("good")
    #expect(d.journal.events.contains { if case .answered = $0.payload { true } else { false } })
    // A second Ctrl-D, at the grade prompt, leaves as anywhere else in a quiz.
    d.startSample(at: .open)
    d.type("one line")
    d.endInput()
    d.endInput()
    #expect(d.state.quitRequested)
  }
}
