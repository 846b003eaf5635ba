import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// New cards follow the course (issue 31, item 1): `review` introduces a course's questions in
/// course order and only once their session is read or completed; the welcome screen says to read
/// first; `config new-order bank|random` bring back bank order or a fixed shuffle.
@Suite struct NewCardOrderTests {
  /// The shipped curriculum, loaded once.
  static let shipped: Catalog = CatalogLoader.load(directory: Fixtures.repositoryRoot + "/Quizzes").catalog

  /// Session 1's checkpoint, in the order its file lists it, and the glossary cards of its key terms
  /// (written out by hand, as the course's reader would find them).
  static let sessionOneCards: [QuestionRef] =
    [
      "sign-out-update", "order-still-matters", "ui-from-values", "model-is-an-aid", "new-project-steps",
      "device-account", "simulator-limits", "body-is-description", "where-swiftui-builds",
    ].map { QuestionRef(bank: "swiftui-basics", question: $0) }
    + ["declarative-ui", "imperative-ui", "swiftui", "xcode"].map {
      QuestionRef(bank: "swiftui-glossary", question: $0)
    }

  @Test func onDayOneTheWelcomeSaysToReadAndReviewOffersOnlyWhatSessionOneUnlocked() throws {
    var d = StoreDriver(catalog: Self.shipped)
    d.start()
    let welcome = Self.flat(d.screen().text)
    #expect(
      welcome.contains(" Reviews: nothing due; read session 1 (declarative-ui) to unlock its 13 new cards. Next up:"))
    #expect(!welcome.contains("new cards ready"))
    // Before any reading, review has nothing to offer and says what to do.
    #expect(d.type("review").isEmpty)
    #expect(d.progress.activeRun == nil)
    #expect(
      Self.flat(d.screen().text).hasPrefix(
        "Nothing is due now, and no new card is unlocked yet: read session 1 (declarative-ui) to unlock its 13 new cards. Type forecast"
      ), "\(d.screen().text)")
    // Reading session 1 (`next`) is recorded once; review then offers its cards and nothing of session 2.
    #expect(d.type("next") == [.sessionRead(session: "declarative-ui")])
    #expect(d.type("next").isEmpty, "a session is recorded as read once")
    d.type("review")
    let run = try #require(d.progress.activeRun)
    #expect(run.questions == Self.sessionOneCards)
    #expect(!run.questions.contains { $0.question == "value-vs-reference" || $0.bank == "swiftui-state" })
    #expect(d.replayed == d.progress)
  }

  /// Screen text with its line breaks and indents as single spaces.
  static func flat(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

  @Test func theWelcomeShowsTheDueCountOnceASessionIsRead() {
    var d = StoreDriver(catalog: Self.shipped)
    d.type("read declarative-ui")
    d.start()
    #expect(d.screen().text.contains("Reviews: nothing due; 13 new cards ready. Type review to start.\n"))
  }

  @Test func readingOnlyAnEarlierSectionDoesNotUnlockButTheLastSectionDoes() {
    var d = StoreDriver(catalog: Self.shipped)
    #expect(d.type("read declarative-ui 1").isEmpty)
    #expect(d.state.newCards(at: Timestamp(microseconds: 0)).isEmpty)
    #expect(d.type("read declarative-ui 5") == [.sessionRead(session: "declarative-ui")])
    #expect(d.state.newCards(at: Timestamp(microseconds: 0)) == Self.sessionOneCards)
  }

  @Test func aCompletedSessionUnlocksItsCardsAndAResetOrUndoKeepsTheReading() {
    var d = StoreDriver()
    d.type("complete layout")
    #expect(
      d.state.newCards(at: Timestamp(microseconds: 0)).map(\.question) == [
        "matching-wrappers", "ordering-layout", "cloze-modifier", "flash-binding", "open-ownership",
      ])
    d.type(["read layout", "undo"])
    #expect(d.progress.sessions["layout"]?.completedAt == nil, "undo took the completion back")
    #expect(d.progress.sessions["layout"]?.readAt != nil, "reading is not taken back")
    #expect(d.state.newCards(at: Timestamp(microseconds: 0)).count == 5)
    d.type("read intro")
    d.type(["quiz intro", "b", "end", "reset intro", "yes"])
    #expect(d.progress.hasStudied("intro"), "a reset clears scores and schedules, not the reading")
    #expect(d.state.newCards(at: Timestamp(microseconds: 0)).first == sample("single-owner"))
    #expect(d.replayed == d.progress)
  }

  @Test func aBankReviewOffersOnlyItsUnlockedCardsAndSaysWhichSessionUnlocksMore() throws {
    var d = StoreDriver(catalog: Self.shipped)
    d.type("review swiftui-glossary")
    #expect(d.progress.activeRun == nil)
    let text = Self.flat(d.screen().text)
    #expect(
      text.hasPrefix(
        "Nothing is due now in swiftui-glossary, and no new card is unlocked yet: read session 1 (declarative-ui) to unlock 4 new cards here."
      ), "\(text)")
    d.type(["next", "review swiftui-glossary"])
    let run = try #require(d.progress.activeRun)
    #expect(run.questions == Array(Self.sessionOneCards.suffix(4)))
  }

  @Test func startAndCramStillTakeEveryQuestionOfABank() throws {
    var d = StoreDriver(catalog: Self.shipped)
    d.type("start swiftui-state --count 3")
    #expect(d.progress.activeRun?.questions.count == 3)
    d.type(["end", "cram swiftui-glossary"])
    #expect(d.progress.activeRun?.questions.count == 57)
  }

  @Test func bankOrderIsTheOrderBeforeCourseOrderAndHoldsNothingBack() throws {
    var d = StoreDriver(catalog: Self.shipped)
    #expect(d.type("config new-order bank").map(\.typeName) == ["settingsChanged"])
    #expect(d.screen().text.contains("new-order = bank. Applies to the next review; undo changes it back."))
    d.type("review")
    let run = try #require(d.progress.activeRun)
    let basics = try #require(Self.shipped.bank("swiftui-basics"))
    #expect(run.questions == basics.questions.prefix(20).map { QuestionRef(bank: "swiftui-basics", question: $0.id) })
  }

  @Test func randomOrderIsAShuffleFixedForAProfile() throws {
    func firstReview(profile: String) throws -> [QuestionRef] {
      var d = StoreDriver(catalog: Self.shipped)
      d.store = Store(
        state: AppState(catalog: Self.shipped, progress: d.progress, profile: profile), journal: d.journal)
      d.type(["config new-order random", "review"])
      #expect(d.replayed == d.progress)
      return try #require(d.progress.activeRun).questions
    }
    let alice = try firstReview(profile: "alice")
    #expect(try firstReview(profile: "alice") == alice, "the same profile gets the same order")
    #expect(try firstReview(profile: "bob") != alice)
    #expect(Set(alice).count == 20, "a day's new cards")
    #expect(Set(alice.map(\.bank)).count > 2, "drawn from every bank, nothing held back")
  }

  @Test func aBankOutsideEveryCourseIsNeverLocked() throws {
    let own = """
      {"kind": "bank", "schemaVersion": 1, "id": "own", "title": "My deck", "questions": [
        {"id": "q1", "type": "flashcard", "prompt": "Front", "back": "Back"}]}
      """
    let loaded = try loadCatalog([
      "own.json": own,
      "course.json": try String(contentsOfFile: Fixtures.catalog + "/courses/basics.json", encoding: .utf8),
      "sample.json": try String(contentsOfFile: Fixtures.catalog + "/banks/sample.json", encoding: .utf8),
      "intro.json": try String(contentsOfFile: Fixtures.catalog + "/sessions/intro.json", encoding: .utf8),
      "layout.json": try String(contentsOfFile: Fixtures.catalog + "/sessions/layout.json", encoding: .utf8),
    ])
    #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty)
    let state = AppState(catalog: loaded.catalog)
    #expect(state.newCards(at: Timestamp(microseconds: 0)) == [QuestionRef(bank: "own", question: "q1")])
  }

  /// Questions no checkpoint names are tied by key term, then by tags, else to the last session.
  @Test func aPracticeQuestionWaitsForTheSessionOfItsKeyTermOrItsTags() {
    let plan = Self.shipped.plan
    func session(_ bank: String, _ question: String) -> String? {
      plan.unlockedBy[QuestionRef(bank: bank, question: question)]
    }
    // Key terms: "@State" is a key term of state-and-binding, "Composition" of composition-and-data-flow.
    #expect(session("swiftui-glossary", "at-state") == "state-and-binding")
    #expect(session("swiftui-glossary", "composition") == "composition-and-data-flow")
    // Tags: "VStack" is tagged containers (taught by views-and-containers); "State (the concept)" state.
    #expect(session("swiftui-glossary", "vstack") == "views-and-containers")
    #expect(session("swiftui-glossary", "state-concept") == "state-and-binding")
    // An analysis question waits for the last session that teaches one of its tags.
    #expect(session("swiftui-analysis", "device-test-plan") == "testing")
    #expect(session("swiftui-analysis", "player-disagrees") == "study-screen-case-study")
    // Named by two checkpoints: the first in course order.
    #expect(session("swiftui-quality", "swift-testing-basics") == "swift-essentials")
    // Every question of the course's banks is tied to a session of the course.
    #expect(plan.order.count == Self.shipped.questionCount)
    #expect(Set(plan.order).count == plan.order.count)
  }

  @Test func aQuestionTiedToNoSessionWaitsForTheCoursesLastSession() throws {
    let bank = """
      {"kind": "bank", "schemaVersion": 1, "id": "b", "title": "B", "questions": [
        {"id": "named", "type": "truefalse", "prompt": "Named?", "answer": true, "explanation": "x", "tags": ["t"]},
        {"id": "loose", "type": "flashcard", "prompt": "Untied", "back": "x"}]}
      """
    func session(_ id: String, _ checkpoint: String?) -> String {
      let quiz = checkpoint.map { #", "checkpoint": {"questions": ["b/\#($0)"]}"# } ?? ""
      return
        #"{"kind": "session", "schemaVersion": 1, "id": "\#(id)", "title": "S", "objectives": ["o"], "estimatedMinutes": 1, "body": [{"paragraph": "p"}]\#(quiz)}"#
    }
    let loaded = try loadCatalog([
      "b.json": bank, "s1.json": session("s1", "named"), "s2.json": session("s2", nil),
      "c.json":
        #"{"kind": "course", "schemaVersion": 1, "id": "c", "title": "C", "sessions": ["s1", "s2"], "banks": ["b"]}"#,
    ])
    let plan = loaded.catalog.plan
    #expect(plan.unlockedBy[QuestionRef(bank: "b", question: "named")] == "s1")
    #expect(plan.unlockedBy[QuestionRef(bank: "b", question: "loose")] == "s2")
  }
}

/// Item 4's daily-limit message: when the limit holds back new cards, `review` says so and how to
/// raise it (the command it names works).
@Suite struct DailyLimitMessageTests {
  @Test func nothingDueSaysTheDailyLimitHoldsTheNewCardsAndHowToRaiseIt() throws {
    var d = StoreDriver()
    d.type(["read intro", "config new-per-day 2", "start sample --count 2", "b", "a,c", "review"])
    #expect(d.progress.activeRun == nil)
    let text = NewCardOrderTests.flat(d.screen().text)
    #expect(
      text.hasPrefix(
        "Nothing is due now, and today's new cards are done: the daily limit (new-per-day 2) holds back 3 more. To take 3 more today: config new-per-day 5. Next review: in 2 days"
      ), "\(text)")
    d.type(["config new-per-day 5", "review"])
    #expect(d.progress.activeRun?.questions == ["tf-declarative", "text-stack", "numeric-steps"].map(sample))
  }

  @Test func aBankReviewHeldBackByTheLimitSaysItsOwnCardsAndWhatIsDueElsewhere() throws {
    var d = StoreDriver(catalog: NewCardOrderTests.shipped)
    d.type(["next", "config new-per-day 1", "start swiftui-basics --count 1", "b"])
    d.now = d.now.adding(seconds: 120)
    d.type("review swiftui-glossary")
    let text = NewCardOrderTests.flat(d.screen().text)
    #expect(
      text
        == "Nothing is due now in swiftui-glossary, and today's new cards are done: the daily limit (new-per-day 1) holds back its 4 new cards. To take 4 more today: config new-per-day 5. 1 card is due in other banks: type review. Type forecast for the coming days, or cram swiftui-glossary to practise anyway.",
      "\(text)")
  }
}
