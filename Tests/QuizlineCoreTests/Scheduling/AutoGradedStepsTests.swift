import Testing

@testable import QuizlineCore

/// A right answer to a new auto-graded question leaves the learning steps (issue 31, item 3): a
/// review of new cards answered right is as long as its cards, not twice as long. Flashcards and open
/// questions keep Anki's steps, `config auto-graded-steps anki` brings them back for every card, and
/// the card, replay and the optimizer's history are what FSRS gives without steps.
@Suite struct AutoGradedStepsTests {
  /// Answers that are right for each question of the fixture course, in course order; the flashcard
  /// and the open question graded good.
  static let rightInCourseOrder: [QuestionRef: [String]] = [
    sample("single-owner"): ["b"], sample("multiple-containers"): ["a,c"], sample("tf-declarative"): ["true"],
    sample("text-stack"): ["ZStack"], sample("numeric-steps"): ["2"], sample("matching-wrappers"): ["1b 2a 3d"],
    sample("ordering-layout"): ["c b a"], sample("cloze-modifier"): ["modifier | padding"],
    sample("flash-binding"): ["", "good"], sample("open-ownership"): ["one owner", "", "good"],
  ]

  /// Reads both sessions, optionally sets the steps, reviews every new card and answers each one
  /// right whenever it is asked; the run when it ended.
  static func reviewEverythingRight(_ setting: String? = nil) throws -> (run: QuizRun, driver: StoreDriver) {
    var d = StoreDriver()
    d.type(["read intro", "read layout"])
    if let setting { d.type("config auto-graded-steps \(setting)") }
    d.type("review")
    let id = try #require(d.progress.activeRun?.id)
    var asked = 0
    while let ref = d.state.currentQuestion?.ref, asked < 50 {
      d.type(try #require(rightInCourseOrder[ref]))
      asked += 1
    }
    let run = try #require(d.progress.runs.last { $0.id == id })
    return (run, d)
  }

  @Test func eightRightAnswersToNewAutoGradedCardsMakeEightItemsWhileSelfGradedCardsTakeTheirSteps() throws {
    let (run, d) = try Self.reviewEverythingRight()
    let autoGraded = run.questions.filter { $0 != sample("flash-binding") && $0 != sample("open-ownership") }
    #expect(autoGraded.count == 8, "each auto-graded card asked once")
    // The flashcard and the open question, graded good, come back at their 10 min step once.
    #expect(run.questions.count == 12)
    #expect(run.questions.suffix(2) == [sample("flash-binding"), sample("open-ownership")])
    #expect(d.progress.questions.values.allSatisfy { $0.card?.phase == .review })
    #expect(d.replayed == d.progress)
  }

  @Test func ankiStepsAskEveryNewCardAgain() throws {
    let (run, d) = try Self.reviewEverythingRight("anki")
    #expect(run.questions.count == 20, "every card asked twice: good on a new card is the 10 min step")
    #expect(d.replayed == d.progress)
  }

  @Test func aGraduatedCardIsWhatFSRSGivesGoodWithoutLearningStepsAndReplayAgrees() throws {
    var d = StoreDriver()
    let recorded = d.type(["start sample --count 1", "b"])
    let answer = try #require(
      recorded.compactMap { if case .answered(let a) = $0 { a } else { nil } }.first)
    #expect(answer.skipsLearningSteps && answer.rating == .good)
    let card = try #require(d.progress.question(sample("single-owner")).card)
    let answeredAt = scriptStart.adding(seconds: 10)
    var noSteps = SchedulerSettings.default
    noSteps.learningSteps = []
    #expect(card == FSRSScheduler(settings: noSteps).review(.new(at: answeredAt), rating: .good, at: answeredAt))
    #expect(card.phase == .review && card.stability == SchedulerSettings.defaultWeights[2])
    #expect(card.due == answeredAt.adding(days: 2))
    #expect(d.replayed == d.progress)
  }

  @Test func aMissedCardComesBackOnceAndGraduatesWhenAnsweredRight() throws {
    var d = StoreDriver()
    d.type(["read intro", "review --limit 1", "a"])
    #expect(d.progress.activeRun?.questions == [sample("single-owner"), sample("single-owner")])
    let events = d.type("b")
    #expect(events.map(\.typeName) == ["answered", "runEnded"], "right the second time: no third asking")
    #expect(d.progress.question(sample("single-owner")).card?.phase == .review)
  }

  @Test func aSlowOrUnsureRightAnswerKeepsTheSteps() throws {
    var d = StoreDriver()
    d.type(["read intro", "review --limit 1 --certainty", "b", "1"])
    #expect(d.progress.activeRun?.questions.count == 2, "certainty 1 rates hard: the card takes its steps")
  }

  @Test func theSettingIsAnEventAndAnOldAnswerReplaysAsItWasRecorded() throws {
    var d = StoreDriver()
    d.type(["config auto-graded-steps anki", "start sample --count 1", "b", "end", "config auto-graded-steps skip"])
    // The answer given under `anki` keeps its 10 min step, also when replayed under `skip`.
    #expect(d.progress.question(sample("single-owner")).card?.phase == .learning)
    #expect(d.replayed == d.progress)
    #expect(d.progress.settings.autoGradedSteps == .skip)
    d.type("config auto-graded-steps sometimes")
    #expect(
      d.state.display.first
        == .error(
          "'sometimes' is not a value for auto-graded-steps; try e.g. skip or anki",
          hint: "skip: a right answer graduates the card; anki: every new card takes every learning step."))
  }

  @Test func anOlderJournalReadsAsItDidBeforeTheSettingExisted() throws {
    // Written by an earlier quizline: settings without the two new keys, an answer without skipSteps.
    var settings = ProfileSettings()
    settings.newCardsPerDay = 7
    let written = EventCoding.encode(RecordedEvent(sequence: 1, at: scriptStart, payload: .settingsChanged(settings)))
    let older = written.replacingOccurrences(of: #","newCardOrder":"course","autoGradedSteps":"skip""#, with: "")
    #expect(older != written)
    let decoded = try EventCoding.decode(Array(older.utf8))
    #expect(decoded.payload == .settingsChanged(settings), "missing keys read as the defaults: course, skip")
    let answer =
      #"{"seq":2,"at":"2026-03-01T09:00:10Z","type":"answered","run":1,"question":"sample/single-owner","response":"b","score":1,"seconds":3,"rating":"good"}"#
    var progress = LearnerProgress()
    progress.apply(decoded)
    progress.apply(try EventCoding.decode(Array(answer.utf8)))
    let card = try #require(progress.question(sample("single-owner")).card)
    #expect(card.phase == .learning && card.step == 1, "an answer recorded without skipSteps keeps its 10 min step")
  }

  @Test func theOptimizersHistoryIsTheSameWhateverTheSteps() {
    func reviews(_ setting: String) -> [ReviewRecord] {
      var d = StoreDriver()
      d.type(["config auto-graded-steps \(setting)", "start sample --count 3", "b", "a,c", "false"])
      var collector = ReviewHistoryCollector()
      for e in d.journal.events { collector.apply(e) }
      return collector.reviews
    }
    let skip = reviews("skip")
    #expect(skip.map(\.rating) == [.good, .good, .again])
    #expect(skip == reviews("anki"))
  }
}
