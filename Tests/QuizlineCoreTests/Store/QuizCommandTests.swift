import Testing

@testable import QuizlineCore

/// The commands inside a quiz: skip, hint, flag, back, end, quit, status, help.
@Suite struct QuizCommandTests {
  @Test func skipRecordsASkipAndShowsTheNextQuestion() {
    var d = StoreDriver()
    d.type("start sample")
    #expect(d.type("skip") == [.skipped(run: 1, question: sample("single-owner"))])
    #expect(d.progress.activeRun?.position == 1)
    #expect(d.progress.activeRun?.outcomes[0] == RunOutcome(score: nil, response: nil, seconds: 0))
    #expect(d.progress.questions[sample("single-owner")] == nil, "a skip is not an attempt")
    #expect(d.state.display == [.notice("Skipped."), .currentQuestion])
  }

  @Test func aSkippedQuestionIsOfferedOnceMoreAtTheEndBeforeItCountsAsMissed() {
    var d = StoreDriver()
    d.type(["start sample --count 3", "skip", "b"])
    #expect(
      d.type("skip") == [
        .skipped(run: 1, question: sample("tf-declarative")),
        .requeued(run: 1, questions: [sample("single-owner"), sample("tf-declarative")]),
      ])
    #expect(d.state.quiz != nil)
    #expect(d.state.currentQuestion?.ref == sample("single-owner"))
    #expect(d.screen().prompt == "sample 4/5> ")
    #expect(d.screen().text.contains("Before the quiz ends, the 2 questions you skipped, once more"))
    d.type("b")
    // Skipped a second time, it stays skipped: the run ends.
    #expect(d.type("skip").map(\.typeName) == ["skipped", "runEnded"])
    let run = d.progress.runs.last!
    // single-owner right on its second offer, multiple-containers wrong ("b"), tf-declarative skipped twice.
    #expect(run.finalOutcomes.map(\.outcome?.score) == [1, 0, nil])
    #expect(run.percent == 33, "each question counts once")
    #expect(d.screen().text.contains("Score 1/3 (33%)"))
    #expect(d.replayed == d.progress)
  }

  @Test func hintShowsTheQuestionsHintAndRecordsNothing() {
    var d = StoreDriver()
    d.type("start sample")
    let before = d.state
    #expect(d.type("hint").isEmpty)
    #expect(d.state.display == [.hint("Who owns the value?")])
    #expect(d.state.progress == before.progress && d.state.quiz == before.quiz)
    d.type("skip")
    #expect(d.type("hint").isEmpty)
    #expect(
      d.state.display == [
        .error("this question has no hint", hint: "Type every right letter (a-d), e.g. a,c.")
      ])
  }

  @Test func flagTogglesAndCountsTheFlaggedQuestions() {
    var d = StoreDriver()
    d.type("start sample")
    #expect(d.type("flag") == [.flagged(question: sample("single-owner"), on: true)])
    #expect(d.screen().text == "Flagged sample/single-owner. Flagged: 1 question.\n")
    #expect(d.screen().prompt == "sample 1/10> ")
    #expect(d.progress.activeRun?.position == 0, "flagging does not move on")
    d.type(["b", "flag"])
    #expect(d.screen().text == "Flagged sample/multiple-containers. Flagged: 2 questions.\n")
    #expect(d.type("flag") == [.flagged(question: sample("multiple-containers"), on: false)])
    #expect(d.screen().text == "Unflagged sample/multiple-containers. Flagged: 1 question.\n")
    #expect(d.progress.flaggedQuestions == [sample("single-owner")])
    #expect(
      d.progress.question(sample("single-owner")).attempts == 1, "the flag survives the answer")
  }

  @Test func aFlaggedQuestionShowsTheFlagInItsHeader() {
    var d = StoreDriver()
    d.type(["start sample", "flag", "quit"])
    var again = d.restarted()
    again.type("resume")
    #expect(again.screen().text.contains("---- single [flag]\n"))
    #expect(again.screen(style: .rich).text.contains("\u{1B}[0m single ⚑\n"))
  }

  @Test func backShowsThePreviousFeedbackWithoutRecordingAgain() {
    var d = StoreDriver()
    d.type(["start sample", "d"])
    let before = d.progress
    #expect(d.type("back").isEmpty)
    #expect(d.progress == before)
    let grade = Grade(
      score: 0, feedback: ["The environment is for values shared down a hierarchy."])
    #expect(
      d.state.display == [
        .feedback(
          Feedback(question: sample("single-owner"), typed: "d", grade: grade, recorded: false)),
        .currentQuestion,
      ])
    #expect(d.state.quiz == .asking(shownAt: d.state.quiz!.shownAt))
  }

  @Test func backAfterASkipSaysItWasSkipped() {
    var d = StoreDriver()
    d.type(["start sample", "skip", "back"])
    #expect(
      d.state.display == [
        .notice("You skipped the previous question (sample/single-owner)."), .currentQuestion,
      ])
  }

  @Test func backAfterASelfGradeShowsTheGrade() {
    var d = StoreDriver()
    d.startSample(at: .flashcard)
    d.type(["", "hard", "back"])
    #expect(
      d.state.display == [
        .feedback(
          Feedback(
            question: sample("flash-binding"), typed: "hard", grade: Grade(score: 0.5),
            recorded: false)), .currentQuestion,
      ])
  }

  @Test func endFinishesTheRunEarlyAndShowsTheSummary() {
    var d = StoreDriver()
    d.type(["start sample", "b"])
    #expect(d.type("end") == [.runEnded(run: 1, reason: .ended)])
    #expect(d.state.quiz == nil && d.progress.activeRun == nil)
    #expect(d.progress.runs.last?.endReason == .ended)
    #expect(d.progress.runs.last?.endedAt == d.now)
    #expect(d.state.display == [.runSummary(runID: 1)])
    #expect(d.screen().prompt == "quizline> ")
  }

  @Test func quitInsideAQuizKeepsThePlaceForResume() {
    var d = StoreDriver()
    d.type(["start sample", "b"])
    let run = d.progress.activeRun
    #expect(d.type("quit").isEmpty)
    #expect(d.state.quitRequested)
    #expect(d.progress.activeRun == run)
    #expect(
      d.state.display == [
        .notice("Your place in this quiz is saved: type resume next time."), .goodbye,
      ])
  }

  @Test func statusAndHelpInsideAQuizLeaveTheQuestionWhereItIs() {
    var d = StoreDriver()
    d.type(["start sample", "b"])
    let quiz = d.state.quiz
    #expect(d.type("status").isEmpty)
    #expect(d.state.display == [.status] && d.state.quiz == quiz)
    #expect(d.type("help").isEmpty)
    #expect(d.state.display == [.help(command: nil, context: .quiz)] && d.state.quiz == quiz)
    #expect(d.screen().prompt == "sample 2/10> ")
  }

  @Test func startingAnotherQuizEndsTheUnfinishedOne() {
    var d = StoreDriver()
    d.type(["start sample", "b", "quit"])
    var again = d.restarted()
    let events = again.type("start sample --count 2")
    #expect(events.count == 1)
    #expect(
      again.state.display.first
        == .notice("Your unfinished quiz on sample (1 of 10 done) was ended."))
    #expect(again.progress.runs.map(\.endReason) == [.ended])
    #expect(again.progress.activeRun?.questions.count == 2)
  }
}
