import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// `info`: one card's history as the one fold keeps it (``ReviewHistoryCollector`` following the
/// question), its screen, and the command that asks for it.
@Suite struct CardHistoryTests: TwoDeviceFixture {
  static let q1 = ref
  static let q2 = QuestionRef(bank: "sample", question: "tf-state")
  static let day: Int64 = 24 * 60

  static func answer(_ ref: QuestionRef, _ rating: Rating?, seconds: Double = 3) -> EventPayload {
    ReviewHistoryTests.answer(ref, rating ?? .good, seconds: seconds).withRating(rating)
  }

  static func events(tag: Int, _ steps: [(minutes: Int64, payload: EventPayload)]) -> [RecordedEvent] {
    ReviewHistoryTests.events(tag: tag, steps)
  }

  /// q1 over two weeks: a quiz answer without a rating (seen, not a review), reviews, an answer
  /// taken back, a lapse, a reset of the bank (kept, as Anki's Reset keeps the log), and reviews after.
  static let history = events(
    tag: 0,
    [
      (0, answer(q1, nil, seconds: 12)), (10, answer(q1, .good, seconds: 8.4)), (day, answer(q1, .good, seconds: 5)),
      (day + 5, answer(q2, .again)), (3 * day, answer(q1, .easy, seconds: 4)), (3 * day + 1, .undone(target: 5)),
      (4 * day, answer(q1, .good, seconds: 6)), (10 * day, answer(q1, .again, seconds: 21)),
      (10 * day + 10, answer(q1, .good, seconds: 9)), (11 * day, .reset(.bank("sample"))),
      (12 * day, answer(q1, .hard, seconds: 15)),
    ])

  static func collected(_ events: [RecordedEvent], following ref: QuestionRef = q1) -> ReviewHistoryCollector {
    var collector = ReviewHistoryCollector(following: ref)
    for event in events { collector.apply(event) }
    return collector
  }

  static func screen(
    _ collector: ReviewHistoryCollector, devices: [Int: String] = [:], width: Int = 80, now: Timestamp? = nil
  ) throws -> String {
    var state = AppState(catalog: Catalog(banks: [try Fixtures.sampleBank()]))
    state.progress = collector.progress
    state.display = [.cardInfo(collector.history, devices: devices)]
    let context = RenderContext(width: width, style: .plain, now: now ?? t0.adding(days: 13))
    return Renderer.render(state, context).text
  }

  @Test func theLogHasEveryReviewKeptWithItsCardAndTheResetButNotTheAnswerTakenBack() {
    let collector = Self.collected(Self.history)
    let history = collector.history
    #expect(history.firstSeen == Self.t0, "the quiz answer without a rating is when the profile met it")
    let kinds = history.rows.map { row -> String in
      switch row.kind {
      case .reset: "reset"
      case .forgotten: "forget"
      case .rescheduled: "manual"
      case .review(let rating, let phase, _, _): "\(rating.name)/\(phase?.name ?? "new")"
      }
    }
    #expect(
      kinds == ["good/new", "good/learning", "good/review", "again/review", "good/relearning", "reset", "hard/new"])
    #expect(history.lapses == 1)
    #expect(history.reviews.map(\.seconds) == [8.4, 5, 6, 21, 9, 15])
    // Each row's card is the card `apply` left at that review: the last one is the card now.
    if case .review(_, _, let after, _) = history.rows.last?.kind {
      #expect(after == collector.progress.questions[Self.q1]?.card)
    } else {
      Issue.record("the last row is not a review")
    }
    // Following a question changes nothing the optimizer reads.
    var plain = ReviewHistoryCollector()
    for event in Self.history { plain.apply(event) }
    #expect(plain.reviews == collector.reviews)
  }

  @Test func undoingTheResetPutsTheLogBackWithoutAResetRow() {
    let events = Array(Self.history.prefix(10))
    var collector = Self.collected(events)
    #expect(collector.history.rows.count == 6)
    collector.apply(
      RecordedEvent(sequence: 11, at: Self.t0.adding(days: 11).adding(seconds: 60), payload: .undone(target: 10)))
    #expect(collector.history.rows.count == 5)
    #expect(!collector.history.rows.contains { $0.kind == .reset })
  }

  @Test func infoScreenShowsTheStateAndTheWholeLog() throws {
    Snapshot.check(try Self.screen(Self.collected(Self.history)), named: "card-info")
  }

  @Test func onANarrowTerminalEachRowTakesTwoLinesAndNoLineIsWider() throws {
    let text = try Self.screen(Self.collected(Self.history), devices: [0: "laptop"], width: 44)
    for line in text.split(separator: "\n") { #expect(line.count <= 44, "\(line)") }
    #expect(text.contains("    ivl "))
  }

  @Test func importedReviewsShowTheirSourceAndTheCardAfterEachAsApplyComputedIt() throws {
    let at = { (d: Int64) in Self.t0.adding(days: d) }
    let reviews = [(1, Rating.good), (3, .good), (9, .again), (10, .good)].map {
      ImportedReview(question: Self.q1, at: at(Int64($0.0)), rating: $0.1, milliseconds: 2500)
    }
    let events = Self.events(
      tag: 0, [(20 * Self.day, .historyImported(HistoryImport(source: "anki:Deck.apkg", reviews: reviews)))])
    let history = Self.collected(events).history
    // The oracle: each review scheduled by hand, one after the other, unfuzzed as an import is.
    let scheduler = FSRSScheduler(settings: ProfileSettings.default.scheduler)
    var card: FSRSCard?
    var expected: [FSRSCard] = []
    for r in reviews {
      card = scheduler.review(card ?? .new(at: r.at), rating: r.rating, at: r.at)
      expected.append(card!)
    }
    let cards = history.rows.compactMap { row -> FSRSCard? in
      if case .review(_, _, let after, "anki:Deck.apkg") = row.kind { return after }
      return nil
    }
    #expect(cards == expected)
    #expect(history.firstSeen == at(1))
    let text = try Self.screen(Self.collected(events), now: at(21))
    #expect(text.contains("  learn    good    10m  2.3d   12%    2.5s  imported\n"))
    #expect(text.contains("Imported reviews come from anki:Deck.apkg."))
  }

  @Test func infoAcrossTwoDevicesNamesBothDevices() throws {
    let dir = try temporaryDirectory() + "/default"
    try ReviewHistoryTests.writeDevice(
      dir, id: Self.laptop, name: "laptop", tag: 0,
      Self.events(tag: 0, [(0, Self.answer(Self.q1, .good)), (2 * Self.day, Self.answer(Self.q1, .again))]))
    try ReviewHistoryTests.writeDevice(
      dir, id: Self.desk, name: "desk", tag: 9,
      Self.events(tag: 9, [(Self.day, Self.answer(Self.q1, .good)), (3 * Self.day, Self.answer(Self.q1, .hard))]))
    let (history, devices) = try ProfileReviewHistory.card(Self.q1, ProfileLayout(directory: dir))
    #expect(devices == [0: "laptop", 9: "desk"])
    #expect(history.rows.map(\.device) == [0, 9, 0, 9], "in the merged order, each from its device")
    let collector = try ProfileReviewHistory.collect(ProfileLayout(directory: dir), following: Self.q1)
    let text = try Self.screen(collector, devices: devices, now: Self.t0.adding(days: 4))
    let log = text.split(separator: "\n").drop { !$0.contains("Review log") }.dropFirst(2).prefix(4).map(String.init)
    #expect(log.map { $0.split(separator: " ").last.map(String.init) } == ["desk", "laptop", "desk", "laptop"])
  }

  @Test func aProfileWithOneDeviceShowsNoDeviceColumn() throws {
    let dir = try temporaryDirectory() + "/default"
    try ReviewHistoryTests.writeDevice(
      dir, id: Self.laptop, name: "laptop", tag: 0,
      Self.events(tag: 0, [(0, Self.answer(Self.q1, .good)), (2 * Self.day, Self.answer(Self.q1, .again))]))
    let (_, devices) = try ProfileReviewHistory.card(Self.q1, ProfileLayout(directory: dir))
    #expect(devices.isEmpty)
    let collector = try ProfileReviewHistory.collect(ProfileLayout(directory: dir), following: Self.q1)
    let text = try Self.screen(collector, devices: devices, now: Self.t0.adding(days: 4))
    #expect(text.contains("Time\n") && !text.contains("From") && !text.contains("laptop"), "\(text)")
  }

  @Test func aSingleJournalShowsNoDeviceColumn() throws {
    let dir = try temporaryDirectory() + "/default"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try ReviewHistoryTests.lines(Self.history).write(to: URL(fileURLWithPath: dir + "/journal.jsonl"))
    let (history, devices) = try ProfileReviewHistory.card(Self.q1, ProfileLayout(directory: dir))
    #expect(devices.isEmpty)
    #expect(history == Self.collected(Self.history).history)
  }
}

extension EventPayload {
  /// The same answer with another rating (nil: a quiz answer, which schedules nothing).
  fileprivate func withRating(_ rating: Rating?) -> EventPayload {
    guard case .answered(var a) = self else { return self }
    a.rating = rating
    return .answered(a)
  }
}
