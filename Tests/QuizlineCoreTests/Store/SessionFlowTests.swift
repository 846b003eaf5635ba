import Testing

@testable import QuizlineCore

/// Reading, completing, reopening and `next`, with the checkpoint completion rule.
@Suite struct SessionFlowTests {
  @Test func completeIsRefusedUntilTheCheckpointReachesItsPassMark() {
    var d = StoreDriver()
    #expect(d.type("complete intro").isEmpty)
    #expect(
      d.state.display == [
        .error(
          "intro can be completed once its checkpoint quiz reaches 60% (not taken yet).",
          hint: "Type quiz intro to take it.")
      ])
    d.type(["quiz intro", "b", "a", "f", "nope", "5"])
    #expect(d.progress.sessions["intro"]?.bestCheckpointPercent == 30)
    #expect(!d.progress.isCompleted("intro"))
    #expect(d.type("complete intro").isEmpty)
    #expect(
      d.state.display.first
        == .error(
          "intro can be completed once its checkpoint quiz reaches 60% (best so far 30%).",
          hint: "Type quiz intro to take it."))
  }

  @Test func reachingExactlyThePassMarkCompletesTheSession() {
    var d = StoreDriver()
    let events = d.type(["quiz intro", "b", "a,c", "true", "nope", "5"])
    #expect(
      events.suffix(2) == [
        .runEnded(run: 1, reason: .finished), .sessionCompleted(session: "intro"),
      ])
    #expect(
      d.progress.sessions["intro"] == SessionProgress(completedAt: d.now, bestCheckpointPercent: 60)
    )
    #expect(
      d.state.display.suffix(2) == [
        .runSummary(runID: 1), .sessionMarked(id: "intro", completed: true),
      ])
    #expect(d.type("complete intro").isEmpty)
    #expect(d.state.display == [.notice("intro is already completed.")])
  }

  @Test func aManualSessionCompletesOnRequestAndItsCheckpointDoesNotCompleteIt() {
    var d = StoreDriver()
    d.type(["quiz layout", "1b 2a 3d", "c b a", "modifier | padding", "", "easy", "ok", "", "easy"])
    #expect(d.progress.sessions["layout"]?.bestCheckpointPercent == 100)
    #expect(!d.progress.isCompleted("layout"))
    #expect(d.type("complete layout") == [.sessionCompleted(session: "layout")])
    #expect(d.progress.sessions["layout"]?.completedAt == d.now)
    #expect(d.state.display == [.sessionMarked(id: "layout", completed: true)])
  }

  @Test func completeAndQuizWithoutAnArgumentUseTheSessionJustRead() {
    var d = StoreDriver()
    #expect(d.type("complete").isEmpty)
    #expect(
      d.state.display == [
        .error(
          "complete: which session?", hint: "usage: complete SESSION (or read a session first)")
      ])
    d.type("read layout")
    #expect(d.type("complete") == [.sessionCompleted(session: "layout")])
    d.type("read intro")
    guard case .quizStarted(let start) = d.type("quiz").first else {
      Issue.record("no quiz started")
      return
    }
    #expect(start.source == .checkpoint(session: "intro"))
    #expect(start.questions == fixtureCatalog.session("intro")?.checkpoint?.questions)
  }

  @Test func reopenMarksACompletedSessionNotCompletedAndKeepsItsBestScore() {
    var d = StoreDriver()
    d.type(["quiz intro", "b", "a,c", "true", "ZStack", "2"])
    #expect(d.type("reopen intro") == [.sessionReopened(session: "intro")])
    #expect(
      d.progress.sessions["intro"] == SessionProgress(completedAt: nil, bestCheckpointPercent: 100))
    #expect(d.state.display == [.sessionMarked(id: "intro", completed: false)])
    #expect(d.type("reopen intro").isEmpty)
    #expect(d.state.display == [.notice("intro is not completed, so there is nothing to reopen.")])
    #expect(
      d.type("complete intro") == [.sessionCompleted(session: "intro")],
      "the pass mark was reached before")
  }

  @Test func nextReadsTheFirstSessionNotCompletedInCourseOrder() {
    var d = StoreDriver()
    d.type("next")
    #expect(d.state.display == [.session(id: "intro")] && d.state.reading == "intro")
    d.type(["complete layout", "next"])
    #expect(d.state.display == [.session(id: "intro")])
    d.type(["quiz intro", "b", "a,c", "true", "ZStack", "2", "reopen layout", "next"])
    #expect(d.state.display == [.session(id: "layout")])
    d.type(["complete", "next"])
    #expect(d.state.display == [.notice("Every session is completed. Well done!")])
    var empty = StoreDriver(catalog: .empty)
    empty.type("next")
    #expect(empty.state.display == [.notice("There are no study sessions.")])
  }

  @Test func aSessionWithoutACheckpointHasNoQuiz() {
    let session = StudySession(
      id: "plain", title: "Plain", objectives: ["o"], estimatedMinutes: 1, body: [.paragraph("p")])
    var d = StoreDriver(catalog: Catalog(sessions: [session]))
    #expect(d.type("quiz plain").isEmpty)
    #expect(
      d.state.display == [
        .error(
          "plain has no checkpoint quiz", hint: "Type complete plain when you have studied it.")
      ])
    #expect(d.type("complete plain") == [.sessionCompleted(session: "plain")])
  }
}
