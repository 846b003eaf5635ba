import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineReports

/// Cards changed by hand (`cardsChanged`): what each action does to the progress, that `undo` puts
/// it back, that journal lines and snapshots keep it, and how reviews are counted (reps, lapses).
@Suite struct CardChangeTests {
  static let q1 = QuestionRef(bank: "b", question: "q1")
  static let q2 = QuestionRef(bank: "b", question: "q2")
  /// 2026-12-02 10:00 UTC.
  static let t0 = Timestamp(iso8601: "2026-12-02T10:00:00Z")!

  static func answer(_ ref: QuestionRef, _ rating: Rating) -> EventPayload {
    .answered(
      AnswerRecord(run: 0, question: ref, response: "x", score: rating == .again ? 0 : 1, seconds: 2, rating: rating))
  }

  /// Folds `payloads`, the k-th at `t0` plus `days[k]` days (0 when not given).
  static func fold(_ payloads: [EventPayload], days: [Int64] = []) -> LearnerProgress {
    var p = LearnerProgress()
    for (k, payload) in payloads.enumerated() {
      let d = k < days.count ? days[k] : 0
      p.apply(RecordedEvent(sequence: k + 1, at: t0.adding(seconds: d * 86_400 + Int64(k)), payload: payload))
    }
    return p
  }

  static func state(_ p: LearnerProgress) -> AppState {
    let bank = Bank(
      id: "b", title: "B",
      questions: ["q1", "q2"].map {
        Question(id: $0, prompt: "P \($0)", explanation: "E", body: .flashcard(back: "back"))
      })
    return AppState(catalog: Catalog(banks: [bank]), progress: p)
  }

  @Test func aSuspendedCardIsNeitherDueNorNewUntilUnsuspended() {
    let p = Self.fold([
      Self.answer(Self.q1, .good), .cardsChanged(CardChange(action: .suspend, questions: [Self.q1, Self.q2])),
    ])
    let later = Self.t0.adding(seconds: 400 * 86_400)
    #expect(Self.state(p).dueCards(at: later).now.isEmpty)
    #expect(Self.state(p).newCards(at: later).isEmpty)
    var back = p
    back.apply(
      RecordedEvent(
        sequence: 3, at: Self.t0, payload: .cardsChanged(CardChange(action: .unsuspend, questions: [Self.q1]))))
    #expect(Self.state(back).dueCards(at: later).now == [Self.q1])
    #expect(Self.state(back).newCards(at: later).isEmpty, "q2 stays suspended")
  }

  @Test func aBuriedCardComesBackTheNextUTCDay() {
    let p = Self.fold([.cardsChanged(CardChange(action: .bury, questions: [Self.q2]))])
    #expect(p.question(Self.q2).buriedUntilDay == Self.t0.dayNumber + 1)
    let lateToday = Timestamp(iso8601: "2026-12-02T23:59:59Z")!
    let tomorrow = Timestamp(iso8601: "2026-12-03T00:00:00Z")!
    #expect(Self.state(p).newCards(at: lateToday) == [Self.q1])
    #expect(Self.state(p).newCards(at: tomorrow) == [Self.q1, Self.q2])
  }

  @Test func forgetMakesTheCardNewAgainAndKeepsItsCounts() {
    let p = Self.fold(
      [
        Self.answer(Self.q1, .good), Self.answer(Self.q1, .good),
        .cardsChanged(CardChange(action: .forget, questions: [Self.q1])),
      ],
      days: [0, 3, 3])
    let q = p.question(Self.q1)
    #expect(q.card == nil)
    #expect(q.reps == 2)
    #expect(q.firstReviewAt == Self.t0)
    #expect(Self.state(p).newCards(at: Self.t0) == [Self.q1, Self.q2])
  }

  @Test func rescheduleSetsTheDueDayAndKeepsTheMemoryState() {
    let p = Self.fold(
      [
        Self.answer(Self.q1, .again),
        .cardsChanged(CardChange(action: .reschedule(days: 5), questions: [Self.q1, Self.q2])),
      ])
    let card = p.question(Self.q1).card!
    #expect(card.phase == .review)
    #expect(card.step == nil)
    #expect(card.due == Timestamp(iso8601: "2026-12-07T00:00:00Z")!)
    let learnt = Self.fold([Self.answer(Self.q1, .again)]).question(Self.q1).card!
    #expect(card.stability == learnt.stability && card.difficulty == learnt.difficulty)
    // A new card gets the memory state of a first "good" and the date asked for; no review is counted.
    let fresh = p.question(Self.q2)
    #expect(fresh.card?.stability == SchedulerSettings.defaultWeights[2])
    #expect(fresh.card?.due == Timestamp(iso8601: "2026-12-07T00:00:00Z")!)
    #expect(fresh.reps == 0)
  }

  @Test(arguments: [
    CardAction.suspend, .unsuspend, .bury, .unbury, .forget, .reschedule(days: 0), .reschedule(days: 30),
  ])
  func undoPutsEveryChangedCardBack(_ action: CardAction) {
    let before = Self.fold([
      Self.answer(Self.q1, .good), .cardsChanged(CardChange(action: .bury, questions: [Self.q2])),
    ])
    var p = before
    p.apply(
      RecordedEvent(
        sequence: 3, at: Self.t0, payload: .cardsChanged(CardChange(action: action, questions: [Self.q1, Self.q2]))))
    #expect(p.undoStack.last?.sequence == 3)
    p.apply(RecordedEvent(sequence: 4, at: Self.t0, payload: .undone(target: 3)))
    #expect(p.questions == before.questions)
  }

  @Test func undoNamesWhatItTakesBack() {
    let many = CardChange(action: .suspend, questions: [Self.q1, Self.q2])
    #expect(many.summary == "suspension of 2 cards")
    #expect(CardChange(action: .reschedule(days: 1), questions: [Self.q1]).summary == "rescheduling (in 1 day) of b/q1")
  }

  @Test(arguments: [
    CardAction.suspend, .unsuspend, .bury, .unbury, .forget, .reschedule(days: 12),
  ])
  func aJournalLineReadsBackAsTheSameEvent(_ action: CardAction) throws {
    let event = RecordedEvent(
      sequence: 9, at: Self.t0, payload: .cardsChanged(CardChange(action: action, questions: [Self.q2, Self.q1])))
    let line = EventCoding.encode(event)
    #expect(line.contains("\"type\":\"cardsChanged\",\"action\":\"\(action.name)\""))
    #expect(try EventCoding.decode(Array(line.utf8)) == event)
  }

  @Test func aJournalLineWithAnUnknownActionOrDaysOutOfRangeIsRefused() {
    let bad = [
      (
        #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"cardsChanged","action":"delete","questions":["b/q1"]}"#,
        "unknown card action \"delete\" (allowed: suspend, unsuspend, bury, unbury, forget, reschedule)"
      ),
      (
        #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"cardsChanged","action":"reschedule","questions":["b/q1"],"days":-1}"#,
        "days"
      ),
    ]
    for (line, message) in bad {
      #expect(throws: EventCoding.DecodeError.self) { try EventCoding.decode(Array(line.utf8)) }
      do {
        _ = try EventCoding.decode(Array(line.utf8))
      } catch {
        #expect(error.message.contains(message), "\(error.message)")
      }
    }
  }

  @Test func lapsesCountAgainOnlyForACardInTheReviewPhase() {
    // again on a new card (learning), good x2 (review), again (lapse), again while relearning (no lapse).
    let p = Self.fold(
      [
        Self.answer(Self.q1, .again), Self.answer(Self.q1, .good), Self.answer(Self.q1, .good),
        Self.answer(Self.q1, .again), Self.answer(Self.q1, .again),
      ],
      days: [0, 0, 3, 20, 20])
    let q = p.question(Self.q1)
    #expect(q.reps == 5)
    #expect(q.lapses == 1)
    #expect(q.lastRating == .again)
    #expect(q.firstReviewAt == Self.t0)
  }

  @Test func undoingAnAnswerTakesBackItsReviewCount() {
    var p = Self.fold([Self.answer(Self.q1, .good), Self.answer(Self.q1, .good)], days: [0, 3])
    p.apply(RecordedEvent(sequence: 3, at: Self.t0, payload: .undone(target: 2)))
    #expect(p.question(Self.q1).reps == 1)
    #expect(p.question(Self.q1).lastRating == .good)
  }

  @Test func importedReviewsCountAsReviewsAndLapses() {
    let ms = Self.t0.microseconds / 1000
    let reviews = [(0, Rating.good), (1, .good), (10, .again), (11, .good)].map { day, rating in
      ImportedReview(
        question: Self.q1, at: Timestamp(microseconds: (ms + Int64(day) * 86_400_000) * 1000), rating: rating,
        milliseconds: 1000)
    }
    let p = Self.fold([.historyImported(HistoryImport(source: "anki:x.apkg", reviews: reviews))])
    #expect(p.question(Self.q1).reps == 4)
    #expect(p.question(Self.q1).lapses == 1)
  }

  @Test func aSnapshotKeepsCountsBuryingAndLeechFlag() throws {
    var p = Self.fold(
      [
        Self.answer(Self.q1, .good), Self.answer(Self.q1, .again),
        .cardsChanged(CardChange(action: .bury, questions: [Self.q1])),
      ],
      days: [0, 4, 4])
    p.questions[Self.q1]?.leech = true
    let text = SnapshotCoding.encode(p, writtenAt: Self.t0)
    #expect(text.contains("\"reviewCounts\": true"))
    #expect(text.contains("\"buriedUntil\": \"2026-12-07\""))
    let back = try SnapshotCoding.decode(Array(text.utf8))
    #expect(back.questions == p.questions)
    #expect(back.countsReviews)
    #expect(back.undoStack == p.undoStack)
  }

  @Test func aSnapshotOfAnOlderQuizlineIsMarkedAsNotCountingReviews() throws {
    let text = SnapshotCoding.encode(Self.fold([Self.answer(Self.q1, .good)]), writtenAt: Self.t0)
      .replacingOccurrences(of: "\"reviewCounts\": true,", with: "")
    #expect(try SnapshotCoding.decode(Array(text.utf8)).countsReviews == false)
  }

  @Test func reportsKeepTheSameUndoStackForCardChanges() {
    var progress = LearnerProgress()
    var accumulator = HistoryAccumulator(keepAttempts: true)
    var table = StringTable()
    let payloads: [EventPayload] = [
      Self.answer(Self.q1, .good), .cardsChanged(CardChange(action: .suspend, questions: [Self.q1])),
      .undone(target: 2),
    ]
    for (k, payload) in payloads.enumerated() {
      let e = RecordedEvent(sequence: k + 1, at: Self.t0, payload: payload)
      progress.apply(e)
      accumulator.consume(HistoryEvent(e, table: &table), table: table)
      #expect(accumulator.ledger.steps.map(\.sequence) == progress.undoStack.map(\.sequence))
    }
  }
}
