import Testing

@testable import QuizlineCore

/// `undo`: takes back the last answer, grade or completion with an event of its own.
@Suite struct UndoTests {
  @Test func undoingAnAnswerRestoresThePositionAndKeepsBothEventsInTheHistory() {
    var d = StoreDriver()
    d.type(["start sample", "b"])
    let afterFirst = d.progress
    d.type("a,c")
    #expect(d.type("undo") == [.undone(target: 3)])
    #expect(
      d.state.display == [
        .undone(summary: "answer to sample/multiple-containers"), .currentQuestion,
      ])
    #expect(d.progress.activeRun == afterFirst.activeRun)
    // (The undone question keeps an empty entry: compare what every screen reads.)
    for ref in [sample("single-owner"), sample("multiple-containers")] {
      #expect(d.progress.question(ref) == afterFirst.question(ref))
    }
    #expect(d.progress.days == afterFirst.days)
    #expect(d.screen().prompt == "sample 2/10> ")
    #expect(
      d.screen().text.hasPrefix("Undone: answer to sample/multiple-containers.\n\n-- sample 2/10 "))
    let kinds = d.journal.events.map(\.payload.typeName)
    #expect(kinds == ["quizStarted", "answered", "answered", "undone"])
    d.type("a")
    #expect(d.progress.question(sample("multiple-containers")).attempts == 1)
    #expect(d.progress.question(sample("multiple-containers")).lastScore == 0.5)
  }

  @Test func undoingTwiceGoesBackTwoAnswers() {
    var d = StoreDriver()
    d.type(["start sample", "b", "a,c", "undo", "undo"])
    #expect(d.progress.activeRun?.position == 0)
    #expect(d.progress.questions.values.allSatisfy { $0 == QuestionProgress() })
    #expect(d.progress.days.isEmpty)
  }

  @Test func undoingTheAnswerThatFinishedARunReopensTheRun() {
    var d = StoreDriver()
    d.type(["start sample --count 2", "b", "a"])
    #expect(d.state.quiz == nil && d.progress.runs.count == 1)
    d.type("undo")
    #expect(d.progress.runs.isEmpty)
    #expect(d.progress.activeRun?.position == 1)
    #expect(d.state.quiz == .asking(shownAt: d.now))
    #expect(
      d.state.display == [
        .undone(summary: "answer to sample/multiple-containers"), .currentQuestion,
      ])
    d.type("a,c")
    #expect(d.progress.runs.last?.percent == 100)
  }

  @Test func undoingACompletionLeavesTheSessionNotCompleted() {
    var d = StoreDriver()
    d.type("complete layout")
    #expect(d.type("undo") == [.undone(target: 1)])
    #expect(!d.progress.isCompleted("layout"))
    #expect(d.state.display == [.undone(summary: "completion of layout")])
    #expect(
      d.journal.events.map(\.payload) == [.sessionCompleted(session: "layout"), .undone(target: 1)])
    #expect(d.type("undo").isEmpty, "nothing left to undo")
  }

  @Test func undoingAReopeningRestoresTheOriginalCompletionDate() {
    var d = StoreDriver()
    d.type("complete layout")
    let completedAt = d.progress.sessions["layout"]?.completedAt
    d.type(["reopen layout", "undo"])
    #expect(d.progress.sessions["layout"]?.completedAt == completedAt)
    #expect(d.state.display == [.undone(summary: "reopening of layout")])
  }

  @Test func undoAfterACheckpointCompletionTakesBackTheCompletionThenTheLastAnswer() {
    var d = StoreDriver()
    d.type(["quiz intro", "b", "a,c", "true", "ZStack", "2"])
    #expect(d.progress.isCompleted("intro"))
    d.type("undo")
    #expect(!d.progress.isCompleted("intro"))
    #expect(
      d.progress.sessions["intro"]?.bestCheckpointPercent == 100, "the checkpoint was still passed")
    #expect(d.state.quiz == nil)
    d.type("undo")
    #expect(d.progress.activeRun?.position == 4)
    #expect(
      d.progress.sessions["intro"]?.bestCheckpointPercent == nil,
      "the run that set it is open again")
    #expect(d.screen().prompt == "intro 5/5> ")
  }

  @Test func undoInsideAQuizAfterASkipRewindsToTheAnswerBeforeIt() {
    var d = StoreDriver()
    d.type(["start sample", "b", "skip", "undo"])
    #expect(d.state.display.first == .undone(summary: "answer to sample/single-owner"))
    #expect(d.progress.activeRun?.position == 0, "the skip after the answer is rewound too")
  }

  @Test func undoWithNothingToTakeBackSaysSo() {
    var d = StoreDriver()
    #expect(d.type("undo").isEmpty)
    guard case .error(let message, _) = d.state.display.first else {
      Issue.record("no error: \(d.state.display)")
      return
    }
    #expect(message == "there is nothing to undo")
  }
}
