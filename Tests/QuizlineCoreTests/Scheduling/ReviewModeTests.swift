import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// Scheduling inside the store: answers move cards, replay reproduces them, practice leaves them alone.
@Suite struct ReviewModeTests {
  static let t0 = Timestamp(iso8601: "2026-12-02T10:00:00Z")!

  /// A store on the fixture catalog with fuzz off (exact due times), driven line by line.
  struct Session {
    var store: Store
    let journal = MemoryJournal()
    var now = ReviewModeTests.t0

    init(fuzz: Bool = false) throws {
      let catalog = CatalogLoader.load(directory: Fixtures.catalog).catalog
      var progress = LearnerProgress()
      progress.settings.scheduler.enableFuzzing = fuzz
      store = Store(state: AppState(catalog: catalog, progress: progress), journal: journal)
    }

    mutating func type(_ lines: String..., advance seconds: Int64 = 5) {
      for line in lines {
        now = now.adding(seconds: seconds)
        store.send(.lineEntered(line, at: now, entropy: 42), at: now)
      }
    }

    func card(_ id: String) -> FSRSCard? {
      store.state.progress.questions[QuestionRef(bank: "sample", question: id)]?.card
    }
    var errors: [String] { store.state.display.compactMap { if case .error(let m, _) = $0 { m } else { nil } } }
  }

  @Test func rightAnswerRatesGoodAndWrongRatesAgain() throws {
    var s = try Session()
    s.type("start sample --count 2", "b", "b")
    // A right first answer to an auto-graded question graduates as FSRS schedules "good" on a new
    // card without learning steps (`auto-graded-steps skip`, the default); a wrong one takes the steps.
    let withoutSteps = FSRSScheduler(settings: SchedulerSettings(learningSteps: [], enableFuzzing: false))
    let right = s.card("single-owner")
    #expect(right == withoutSteps.review(.new(at: s.now), rating: .good, at: Self.t0.adding(seconds: 10)))
    #expect(right?.phase == .review)
    #expect(right?.due == Self.t0.adding(seconds: 10).adding(days: 2))
    #expect(s.card("multiple-containers")?.due == Self.t0.adding(seconds: 15 + 60))
  }

  @Test func partialCreditRatesHardAndSelfGradesAreTheRating() {
    let settings = ProfileSettings()
    #expect(settings.rating(score: 0.5, seconds: 3, certainty: nil) == .hard)
    #expect(settings.rating(score: 0.4, seconds: 3, certainty: nil) == .again)
    #expect(settings.rating(score: 1, seconds: 3, certainty: nil) == .good)
    var timed = settings
    timed.useAnswerTime = true
    #expect(timed.rating(score: 1, seconds: 3, certainty: nil) == .easy)
    #expect(timed.rating(score: 1, seconds: 90, certainty: nil) == .hard)
    #expect(timed.rating(score: 1, seconds: 20, certainty: nil) == .good)
  }

  @Test(arguments: [
    (3, true, Rating.easy, 3), (2, true, .good, 2), (1, true, .hard, 1), (3, false, .again, -6), (2, false, .again, -2),
    (1, false, .again, 0),
  ])
  func certaintyDecidesRatingAndMarks(certainty: Int, right: Bool, rating: Rating, mark: Int) {
    #expect(ProfileSettings().rating(score: right ? 1 : 0, seconds: 1, certainty: certainty) == rating)
    #expect(Feedback.certaintyMark(correct: right, certainty: certainty) == mark)
  }

  @Test func certaintyRunsAskHowSureBeforeRecording() throws {
    var s = try Session()
    s.type("start sample --count 1 --certainty", "b")
    #expect(s.journal.events.count == 1)
    #expect(Renderer.prompt(s.store.state, RenderContext(now: s.now)) == "sample 1/1 sure 1-3> ")
    s.type("4")
    #expect(s.errors == ["\"4\" is not a certainty"])
    s.type("3")
    guard case .answered(let a) = s.journal.events[1].payload else { throw FixtureError.missing("answer") }
    #expect(a.certainty == 3 && a.rating == .easy)
  }

  @Test func crammingRecordsPracticeWithoutTouchingTheSchedule() throws {
    var s = try Session()
    s.type("cram --tags state", "b", "cram --tags state", "b", "cram sample --tags state", "a")
    #expect(s.store.state.progress.questions.values.allSatisfy { $0.card == nil })
    #expect(s.store.state.progress.questions.values.reduce(0) { $0 + $1.attempts } == 3)
  }

  @Test func reviewTakesMostOverdueFirstThenNewCardsUpToTheDailyLimit() throws {
    var s = try Session()
    s.type("read intro", "read layout", "config new-per-day 3", "start sample --count 3", "b", "a", "true")
    // Three cards introduced today: the daily limit is used up.
    s.now = s.now.adding(days: 3)
    s.type("review")
    guard let run = s.store.state.progress.activeRun else { throw FixtureError.missing("review run") }
    #expect(run.start.source == .review)
    // The wrong answer (due 1 min after it) is the most overdue; the two right ones follow (graduated,
    // due 2 days after); then today's three new cards, in course order.
    #expect(
      run.questions.map(\.question) == [
        "multiple-containers", "single-owner", "tf-declarative", "text-stack", "numeric-steps", "matching-wrappers",
      ])
  }

  @Test func reviewAllIsEveryBankAndCannotBeCombinedWithOne() throws {
    var s = try Session()
    s.type("read intro", "review --all --limit 2")
    #expect(s.errors == [])
    #expect(s.store.state.progress.activeRun?.start.source == .review)
    #expect(s.store.state.progress.activeRun?.questions.count == 2)
    s.type("end")
    s.type("review sample --all")
    #expect(s.errors == ["review takes a bank or --all, not both"])
  }

  @Test func replayReproducesEveryCardExactlyWithFuzz() throws {
    var s = try Session(fuzz: true)
    s.type(
      "start sample", "b", "a,c", "true", "zstack", "2", "1b 2a 3d", "c b a", "modifier | padding", "", "good", "x", "",
      "easy")
    for day in 1...30 {
      s.now = s.now.adding(days: Int64(day % 7 + 1))
      s.type(
        "review", "b", "a,c", "true", "zstack", "2", "1b 2a 3d", "c b a", "modifier | padding", "", "good", "x", "",
        "easy", "end")
    }
    var replayed = LearnerProgress()
    replayed.settings.scheduler.enableFuzzing = true
    for e in s.journal.events { replayed.apply(e) }
    #expect(replayed == s.store.state.progress)
    #expect(s.store.state.progress.questions.values.contains { ($0.card?.stability ?? 0) > 10 })
  }

  @Test func settingsChangesAreEventsThatLaterAnswersUse() throws {
    var s = try Session()
    s.type("config learning-steps 2m,20m", "start sample --count 1", "a")
    #expect(s.card("single-owner")?.due == s.now.adding(seconds: 2 * 60))
    s.type("config retention 1.5")
    #expect(s.errors == ["'1.5' is out of range for retention: a number between 0 and 1, e.g. 0.9"])
    #expect(s.journal.events.filter { if case .settingsChanged = $0.payload { true } else { false } }.count == 1)
  }

  @Test func resetNeedsYesAndUndoRestoresEverything() throws {
    var s = try Session()
    s.type("start sample --count 2", "b", "a,c")
    let before = s.store.state.progress.questions
    s.type("reset sample", "no")
    #expect(s.store.state.progress.questions == before)
    s.type("reset sample", "yes")
    #expect(s.store.state.progress.questions.values.allSatisfy { $0.card == nil && $0.attempts == 0 })
    #expect(s.store.state.progress.bankScores["sample"] == nil)
    s.type("undo")
    #expect(s.store.state.progress.questions == before)
    #expect(s.store.state.progress.bankScores["sample"]?.best == 100)
  }

  @Test func feedbackSaysWhenTheCardComesBack() throws {
    var s = try Session()
    s.type("start sample --count 2", "b")
    let text = Renderer.render(s.store.state, RenderContext(now: s.now)).text
    #expect(text.contains("next review: in 2 days"))
  }

  @Test func nothingDueSaysWhenTheNextReviewIs() throws {
    var s = try Session()
    s.type("read intro", "config new-per-day 1", "start sample --count 1", "a", "review")
    let text = Renderer.render(s.store.state, RenderContext(now: s.now)).text.split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    #expect(text.contains("Nothing is due now, and today's new cards are done"))
    #expect(text.contains(". Next review: in 55 s (sample/single-owner)."))
  }
}
