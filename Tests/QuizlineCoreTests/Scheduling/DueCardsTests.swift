import Testing

@testable import QuizlineCore

/// Which cards review offers: due now (also exactly now), most overdue first; later today counted
/// apart; new cards limited per day by those already introduced.
@Suite struct DueCardsTests {
  static let now = Timestamp(iso8601: "2026-06-01T12:00:00Z")!

  static func card(due: Timestamp) -> FSRSCard {
    FSRSCard(
      phase: .review, step: nil, stability: 10, difficulty: 5, due: due, lastReview: due.adding(seconds: -10 * 86_400))
  }

  /// The fixture catalog with cards for `sample/<id>` due at the given times.
  static func state(_ dues: [(String, Timestamp)]) -> AppState {
    var p = LearnerProgress()
    for (id, due) in dues {
      var q = QuestionProgress()
      q.card = card(due: due)
      p.questions[sample(id)] = q
    }
    return AppState(catalog: fixtureCatalog, progress: p)
  }

  @Test func aCardDueExactlyNowIsDue() {
    #expect(Self.state([("single-owner", Self.now)]).dueCards(at: Self.now).now == [sample("single-owner")])
  }

  @Test func aCardDueASecondFromNowIsDueLaterToday() {
    let due = Self.state([("single-owner", Self.now.adding(seconds: 1))]).dueCards(at: Self.now)
    #expect(due.now.isEmpty)
    #expect(due.laterToday == 1)
  }

  @Test func theMostOverdueCardComesFirst() {
    let state = Self.state([
      ("single-owner", Self.now.adding(seconds: -60)), ("text-stack", Self.now.adding(seconds: -86_400)),
      ("tf-declarative", Self.now.adding(seconds: -3600)),
    ])
    #expect(
      state.dueCards(at: Self.now).now == [sample("text-stack"), sample("tf-declarative"), sample("single-owner")])
  }

  @Test func newCardsIntroducedTodayCountAgainstTheDailyLimit() {
    var state = Self.state([])
    state.progress.settings.newCardsPerDay = 5
    #expect(state.newCardsLeftToday(at: Self.now) == 5)
    state.progress.days[Self.now.dayNumber] = DayActivity(answers: 3, correct: 3, seconds: 9, newCards: 3)
    #expect(state.newCardsLeftToday(at: Self.now) == 2)
    state.progress.days[Self.now.dayNumber] = DayActivity(answers: 9, correct: 9, seconds: 9, newCards: 9)
    #expect(state.newCardsLeftToday(at: Self.now) == 0)
  }

  @Test func answeringAQuestionAgainTheSameDayIsNotASecondNewCard() {
    var d = StoreDriver()
    d.type(["start sample --count 1", "b"])
    d.type(["start sample --count 1", "c"])
    #expect(d.progress.days[d.now.dayNumber]?.answers == 2)
    #expect(d.progress.days[d.now.dayNumber]?.newCards == 1)
  }
}
