import Testing

@testable import QuizlineCore

/// Failed cards come back in the same sitting: a review card left in a learning or relearning step
/// minutes away is asked again before the review ends, a skipped question is offered once more at
/// the end of a quiz, and every self-grade choice shows the interval it would give.
@Suite struct SameSittingTests {
  @Test func aReviewCardRatedAgainIsAskedAgainBeforeTheReviewEnds() throws {
    var d = StoreDriver()
    // One learning step: a wrong answer keeps the card a minute away.
    d.type(["read intro", "config learning-steps 1m"])
    d.type("review --limit 2")
    let first = try #require(d.state.currentQuestion?.ref)
    #expect(first == sample("single-owner"))
    let events = d.type("d")
    #expect(events.map(\.typeName) == ["answered", "requeued"])
    #expect(events.last == .requeued(run: 3, questions: [first]))
    #expect(d.screen().text.contains("This card comes back before the review ends (next step in 1 min)."))
    #expect(d.screen().prompt == "review 2/3> ")
    // Right the first time: it graduates to days away and is not asked again.
    #expect(d.type("a,c").map(\.typeName) == ["answered"])
    #expect(d.state.currentQuestion?.ref == first)
    #expect(d.type("b").map(\.typeName) == ["answered", "runEnded"])
    let run = try #require(d.progress.runs.last)
    #expect(run.questions == [first, sample("multiple-containers"), first])
    #expect(run.finalOutcomes.map(\.outcome?.score) == [1, 1], "the last answer of a card counts")
    #expect(d.progress.question(first).attempts == 2)
    #expect(d.progress.question(first).card?.phase == .review)
    #expect(d.replayed == d.progress)
  }

  @Test func undoingTheAnswerTakesTheCardOffTheEndOfTheReviewAgain() {
    var d = StoreDriver()
    d.type(["read intro", "config learning-steps 1m", "review --limit 2", "d"])
    #expect(d.progress.activeRun?.questions.count == 3)
    d.type("undo")
    #expect(d.progress.activeRun?.questions.count == 2)
    #expect(d.replayed == d.progress)
  }

  @Test func aBankQuizDoesNotRepeatAFailedQuestion() {
    var d = StoreDriver()
    #expect(
      d.type(["start sample --count 2", "d", "a"]).map(\.typeName) == [
        "quizStarted", "answered", "answered", "runEnded",
      ])
  }

  @Test func theGradeChoicesShowTheIntervalEachWouldGive() {
    var d = StoreDriver()
    d.startSample(at: .flashcard)
    d.type("")
    // FSRS-6 defaults on a new card: again the 1 min step, hard halfway between 1 and 10 min (5.5,
    // shown whole as Anki's buttons and the feedback round it), good the 10 min step, easy graduates
    // with the easy initial stability (8.2956 days, shown whole; `~` as fuzz will move it a little).
    #expect(d.screen().text.contains("How well did you recall it? again 1m | hard 6m | good 10m | easy ~8d\n"))
    var rich = d.screen(style: .rich).text
    rich = rich.replacingOccurrences(of: "\u{1B}[2m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
    #expect(rich.contains("again 1m · hard 6m · good 10m · easy ~8d"))
  }

  @Test func aPracticeRunShowsTheGradesWithoutIntervals() {
    var d = StoreDriver()
    d.type("cram sample")
    while let q = d.state.currentQuestion?.question, q.body.kind != .flashcard { d.type("skip") }
    d.type("")
    #expect(d.screen().text.contains("How well did you recall it? again, hard, good or easy\n"))
  }

  @Test func compactIntervalsReadAsAnkisButtons() {
    #expect(Renderer.compactInterval(ReviewInterval(microseconds: 45_000_000)) == "45s")
    #expect(Renderer.compactInterval(ReviewInterval(microseconds: 330_000_000)) == "6m")
    #expect(Renderer.compactInterval(ReviewInterval(microseconds: 7_200_000_000)) == "2h")
    #expect(Renderer.compactInterval(ReviewInterval(microseconds: 86_400_000_000 * 12)) == "12d")
    #expect(Renderer.compactInterval(ReviewInterval(microseconds: 86_400_000_000 * 511)) == "1.4y")
  }
}
