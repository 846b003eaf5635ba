import Testing

@testable import QuizlineCore

/// The balanced day is decided when answered and recorded in the event (`days`), so replay
/// reproduces every due date from the event and the card alone; an older journal replays as before.
@Suite struct DayBalanceReplayTests {
  static let ref = sample("single-owner")
  /// The fixture's other questions, to put on days of the fuzz range.
  static let others = [
    "multiple-containers", "tf-declarative", "text-stack", "numeric-steps",
    "matching-wrappers", "ordering-layout", "cloze-modifier", "flash-binding", "open-ownership",
  ].map(sample)

  /// A card in review, stability 8 days, last reviewed 8 days before `at` and due then.
  static func mature(at: Timestamp) -> FSRSCard {
    FSRSCard(phase: .review, step: nil, stability: 8, difficulty: 5, due: at, lastReview: at.adding(days: -8))
  }

  /// A driver whose `sample/single-owner` is due now, the other questions' cards due on the days
  /// `dueIn` gives (days from today), and `settings` changed by `change`.
  static func driver(dueIn: (Int) -> Int?, _ change: (inout ProfileSettings) -> Void = { _ in }) -> StoreDriver {
    var p = LearnerProgress()
    var q = QuestionProgress()
    q.card = mature(at: scriptStart)
    p.questions[ref] = q
    for (k, other) in others.enumerated() {
      guard let days = dueIn(k) else { continue }
      var o = QuestionProgress()
      o.card = mature(at: scriptStart.adding(days: Int64(days)))
      p.questions[other] = o
    }
    change(&p.settings)
    return StoreDriver(progress: p)
  }

  /// The progress rebuilt from `initial` and what `d` recorded, as a restart would.
  static func replayed(_ d: StoreDriver, from initial: LearnerProgress) -> LearnerProgress {
    var p = initial
    for e in d.journal.events { p.apply(e) }
    return p
  }

  static func answered(_ payloads: [EventPayload]) -> AnswerRecord? {
    payloads.lazy.compactMap { if case .answered(let a) = $0 { a } else { nil } }.first
  }

  @Test func theAnswerRecordsTheDayChosenFromTheDueCountsAndReplayReproducesIt() throws {
    let scheduler = FSRSScheduler(settings: .default)
    let at = scriptStart.adding(seconds: 10)  // the answer's time: two driver steps
    let bounds = try #require(scheduler.fuzzBounds(after: Self.mature(at: scriptStart), rating: .good, at: at))
    #expect(bounds.count >= 3)
    // Every other card on the range's first day but one on its second: the load is known by hand.
    var d = Self.driver(dueIn: { $0 == 0 ? bounds.lowerBound + 1 : bounds.lowerBound })
    let initial = d.progress
    let events = d.type(["start sample --count 1", "b"])
    #expect(d.now == at)
    let answer = try #require(Self.answered(events))
    let days = try #require(answer.scheduledDays)
    var counts = bounds.map { _ in 0 }
    counts[0] = 8
    counts[1] = 1
    let sequence = try #require(d.journal.events.first { $0.payload.typeName == "answered" }).sequence
    var random = SplitMix64(seed: UInt64(sequence) &* 0x9E37_79B9_7F4A_7C15 ^ Presentation.stableHash(Self.ref))
    let expected = DayBalancer.choose(
      in: bounds, today: at.dayNumber, dueCounts: counts, balanceLoad: true, easyDays: .normal,
      uniform: random.nextUniform())
    #expect(days == expected)
    #expect(days != bounds.lowerBound, "the day holding 8 cards is not chosen")
    #expect(d.progress.question(Self.ref).card?.due == at.adding(days: Int64(days)))
    #expect(Self.replayed(d, from: initial) == d.progress)
  }

  @Test func withBothOptionsOffNoDayIsRecordedAndTheSeededFuzzDecides() throws {
    var d = Self.driver(dueIn: { _ in nil }, { $0.loadBalance = false })
    let initial = d.progress
    let answer = try #require(Self.answered(d.type(["start sample --count 1", "b"])))
    #expect(answer.scheduledDays == nil)
    #expect(Self.replayed(d, from: initial) == d.progress)
  }

  @Test func easyDaysAloneStillChooseTheDay() throws {
    let saturdaysOnly = try EasyDays.parse("sun=0 mon=0 tue=0 wed=0 thu=0 fri=0").get()
    var d = Self.driver(
      dueIn: { _ in nil },
      {
        $0.loadBalance = false
        $0.easyDays = saturdaysOnly
      })
    let answer = try #require(Self.answered(d.type(["start sample --count 1", "b"])))
    let days = try #require(answer.scheduledDays)
    #expect(EasyDays.weekday(of: d.now.dayNumber + Int64(days)) == 6, "only Saturdays are open")
  }

  /// The `answered` event of a good review of the mature card as event `sequence`, with `days`.
  static func due(afterRecording days: Int?, sequence: Int = 40) -> Timestamp? {
    var p = LearnerProgress()
    var q = QuestionProgress()
    q.card = mature(at: scriptStart)
    p.questions[ref] = q
    let answer = AnswerRecord(
      run: 1, question: ref, response: "b", score: 1, seconds: 3, rating: .good, scheduledDays: days)
    p.apply(RecordedEvent(sequence: sequence, at: scriptStart, payload: .answered(answer)))
    return p.questions[ref]?.card?.due
  }

  @Test func aRecordedDayOutsideTheFuzzRangeFallsBackToTheSeededFuzzAsAnOlderJournalDoes() throws {
    let scheduler = FSRSScheduler(settings: .default)
    let bounds = try #require(scheduler.fuzzBounds(after: Self.mature(at: scriptStart), rating: .good, at: scriptStart))
    // An older journal (no days): the fuzz seeded by the event, as before the field existed.
    var random = SplitMix64(seed: UInt64(40) &* 0x9E37_79B9_7F4A_7C15 ^ Presentation.stableHash(Self.ref))
    let seeded = scheduler.review(Self.mature(at: scriptStart), rating: .good, at: scriptStart, random: &random).due
    #expect(Self.due(afterRecording: nil) == seeded)
    #expect(Self.due(afterRecording: bounds.upperBound + 1) == seeded, "a day past the range is ignored")
    #expect(Self.due(afterRecording: bounds.lowerBound - 1) == seeded)
    for days in bounds {
      #expect(Self.due(afterRecording: days) == scriptStart.adding(days: Int64(days)))
    }
  }

  @Test func anOverrideChoosesTheDayAgainAndRecordsIt() throws {
    var d = Self.driver(dueIn: { _ in nil })
    let initial = d.progress
    d.type(["start sample --count 1", "a"])  // wrong: again, no fuzzed interval
    let events = d.type("override")
    let change = try #require(
      events.lazy.compactMap { if case .overridden(let o) = $0 { o } else { nil } }.first)
    let days = try #require(change.scheduledDays)
    #expect(d.progress.question(Self.ref).card?.due == change.answeredAt.adding(days: Int64(days)))
    #expect(Self.replayed(d, from: initial) == d.progress)
  }
}
