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

  @Test func undoingTheAnswerThatFinishedARunTakesItBackAndTheQuizStaysEnded() {
    var d = StoreDriver()
    d.type(["start sample --count 2", "b", "a"])
    #expect(d.state.quiz == nil && d.progress.runs.count == 1)
    #expect(d.progress.bankScores["sample"]?.last == 75)
    #expect(d.type("undo") == [.undone(target: 3), .runEnded(run: 1, reason: .finished)])
    #expect(d.state.quiz == nil, "the learner stays at home")
    #expect(d.progress.activeRun == nil)
    #expect(d.progress.runs.count == 1)
    #expect(d.progress.runs.last?.outcomes[1] == nil, "the answer is taken back")
    #expect(d.progress.runs.last?.percent == 50)
    #expect(d.progress.bankScores["sample"] == ScoreStats(runs: 1, best: 50, last: 50, totalPercent: 50))
    #expect(d.progress.question(sample("multiple-containers")).attempts == 0)
    #expect(
      d.state.display == [
        .undone(summary: "answer to sample/multiple-containers"),
        .notice(
          "That quiz had ended, so it stays ended; its score no longer counts the answer. Type retry to practise what was missed."
        ),
      ])
    #expect(d.screen().prompt == "quizline> ")
    #expect(d.replayed == d.progress, "replay agrees with what was shown")
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
    #expect(d.progress.activeRun == nil, "the checkpoint quiz stays ended")
    #expect(
      d.progress.sessions["intro"]?.bestCheckpointPercent == 80,
      "the best score no longer counts the answer taken back")
    #expect(!d.progress.isCompleted("intro"))
    #expect(d.screen().prompt == "quizline> ")
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

  @Test func undoAtHomeTakesBackAnAnswerOfTheUnfinishedQuizWithoutEnteringIt() {
    var d = StoreDriver()
    d.type(["start sample", "b", "a,c", "quit"])
    var d2 = d.restarted()
    #expect(d2.type("undo") == [.undone(target: 3)])
    #expect(d2.state.quiz == nil)
    #expect(d2.progress.activeRun?.position == 1)
    #expect(
      d2.state.display == [
        .undone(summary: "answer to sample/multiple-containers"), .notice("Type resume to answer it again."),
      ])
    d2.type("resume")
    #expect(d2.screen().prompt == "sample 2/10> ")
  }

  @Test func undoChangesASettingBackWithANewSettingsEvent() {
    var d = StoreDriver()
    let before = d.progress.settings
    d.type("config retention 0.85")
    #expect(d.progress.settings.scheduler.desiredRetention == 0.85)
    #expect(d.type("undo") == [.settingsChanged(before)])
    #expect(d.progress.settings == before)
    #expect(d.state.display == [.undone(summary: "change of retention (back to 0.9)")])
    #expect(d.replayed.settings == before)
    #expect(d.type("undo").isEmpty, "nothing left to undo")
  }

  @Test func undoTakesBackTheNewestStepWhetherASettingOrAnAnswer() {
    var d = StoreDriver()
    d.type(["config fuzz off", "complete layout", "config new-per-day 5"])
    d.type("undo")
    #expect(d.state.display == [.undone(summary: "change of new-per-day (back to 20)")])
    d.type("undo")
    #expect(d.state.display == [.undone(summary: "completion of layout")])
    d.type("undo")
    #expect(d.state.display == [.undone(summary: "change of fuzz (back to on)")])
    #expect(d.progress.settings == LearnerProgress().settings)
  }
}

extension UndoTests {
  /// Undoing an answer puts back what the answer changed, and a flag is not one of those things: a
  /// question flagged after its answer stays flagged when the answer is taken back, and one
  /// unflagged after it stays unflagged. FB23.
  @Test func undoingAnAnswerKeepsTheFlagSetSinceIt() {
    let ref = sample("single-owner")
    let start = RunStart(source: .bank("sample"), questions: [ref, sample("text-stack")], seed: 1)
    for (before, after) in [(false, true), (true, false)] {
      var payloads: [EventPayload] = [.quizStarted(start)]
      if before { payloads.append(.flagged(question: ref, on: true)) }
      payloads.append(
        .answered(AnswerRecord(run: 1, question: ref, response: "b", score: 1, seconds: 3, rating: .good)))
      let answer = payloads.count
      payloads += [.flagged(question: ref, on: after), .undone(target: answer)]
      var p = LearnerProgress()
      for (k, payload) in payloads.enumerated() {
        p.apply(RecordedEvent(sequence: k + 1, at: scriptStart.adding(seconds: Int64(k)), payload: payload))
      }
      #expect(p.question(ref).attempts == 0, "the answer is taken back")
      #expect(p.activeRun?.position == 0)
      #expect(p.question(ref).flagged == after, "flagged \(before), then \(after) after the answer")
    }
  }
}
