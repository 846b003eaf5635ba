import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// The review history (`ProfileReviewHistory`, the optimizer's, the simulator's and the report's
/// scheduler section's input) of per-device profiles, and the collector's cheap undo against the
/// reading that followed every question's card on each `undone` and `reset`.
@Suite struct ReviewHistoryTests: TwoDeviceFixture {
  static let q1 = ref
  static let q2 = QuestionRef(bank: "sample", question: "tf-state")

  static func answer(_ ref: QuestionRef, _ rating: Rating, seconds: Double = 3) -> EventPayload {
    .answered(
      AnswerRecord(
        run: 0, question: ref, response: "b", score: rating == .again ? 0 : 1, seconds: seconds, rating: rating))
  }

  /// Events of the device with `tag` (sequence numbers from its base), each at `t0` plus its minutes.
  static func events(tag: Int, _ steps: [(minutes: Int64, payload: EventPayload)]) -> [RecordedEvent] {
    steps.enumerated().map { k, step in
      RecordedEvent(
        sequence: DeviceSequence.base(of: tag) + k + 1, at: t0.adding(seconds: 60 * step.minutes),
        payload: step.payload)
    }
  }

  static func lines(_ events: [RecordedEvent]) -> Data {
    Data(events.map { EventCoding.encode($0) + "\n" }.joined().utf8)
  }

  /// A device folder as that device leaves it: `device.json` and a journal.
  static func writeDevice(_ dir: String, id: String, name: String, tag: Int, _ events: [RecordedEvent]) throws {
    let folder = dir + "/devices/" + id
    try FileManager.default.createDirectory(atPath: folder + "/archive", withIntermediateDirectories: true)
    let record = DeviceRecord(id: id, name: name, tag: tag, createdAt: t0)
    try Data(record.json.utf8).write(to: URL(fileURLWithPath: folder + "/device.json"))
    try lines(events).write(to: URL(fileURLWithPath: folder + "/journal.jsonl"))
  }

  static let day: Int64 = 24 * 60

  /// Two questions over a week: reviews a day or more apart, an answer taken back, a reset of the
  /// bank taken back.
  static let history = events(
    tag: 0,
    [
      (0, answer(q1, .good)), (1, answer(q2, .again)), (day, answer(q1, .good)), (day + 1, answer(q2, .good)),
      (day + 2, .undone(target: 4)), (3 * day, answer(q1, .again)), (3 * day + 1, .reset(.bank("sample"))),
      (3 * day + 2, .undone(target: 7)), (6 * day, answer(q2, .hard)), (6 * day + 1, answer(q1, .good)),
    ])

  @Test func aPerDeviceProfileGivesTheSameReviewsAsItsSingleJournalTwin() throws {
    let single = try temporaryDirectory() + "/default"
    try FileManager.default.createDirectory(atPath: single, withIntermediateDirectories: true)
    try Self.lines(Self.history).write(to: URL(fileURLWithPath: single + "/journal.jsonl"))
    let twin = try temporaryDirectory() + "/default"
    try FileManager.default.copyItem(atPath: single, toPath: twin)
    // The twin becomes a per-device profile: its journal moves into the first device's folder.
    _ = try DeviceProfileOpener.open(
      ProfileLayout(directory: twin, device: Self.laptop), name: "laptop", profile: "default", now: Self.t0)
    #expect(!FileManager.default.fileExists(atPath: twin + "/journal.jsonl"))

    let expected = try ProfileReviewHistory.collect(ProfileLayout(directory: single)).reviews
    #expect(expected.count == 6)
    #expect(expected.map(\.rating) == [.good, .good, .again, .good, .again, .hard])
    for device in [nil, Self.laptop] {
      let reviews = try ProfileReviewHistory.collect(ProfileLayout(directory: twin, device: device)).reviews
      #expect(reviews == expected, "seen as device \(device ?? "none")")
    }
  }

  @Test func twoDevicesReviewsAreAllThereInTimeOrderAndAVoidUndoLeavesItsAnswerOut() throws {
    let dir = try temporaryDirectory() + "/default"
    let laptopEvents = Self.events(
      tag: 0,
      [
        (Self.day, Self.answer(Self.q1, .good)), (3 * Self.day, Self.answer(Self.q1, .again)),
        (4 * Self.day + 1, Self.answer(Self.q2, .good)),
      ])
    // The desk takes back its answer to q2 after the laptop answered in between: both are void.
    let deskEvents = Self.events(
      tag: 9,
      [
        (2 * Self.day, Self.answer(Self.q1, .hard)), (4 * Self.day, Self.answer(Self.q2, .again)),
        (4 * Self.day + 2, .undone(target: DeviceSequence.base(of: 9) + 2)),
        (5 * Self.day, Self.answer(Self.q1, .easy)),
      ])
    try Self.writeDevice(dir, id: Self.laptop, name: "laptop", tag: 0, laptopEvents)
    try Self.writeDevice(dir, id: Self.desk, name: "desk", tag: 9, deskEvents)

    let collected = try ProfileReviewHistory.collect(ProfileLayout(directory: dir))
    let reviews = collected.reviews
    let minutes = reviews.map { ($0.at.microseconds - Self.t0.microseconds) / 60_000_000 }
    // Cards in question order (single-owner, tf-state), each card's reviews in time order.
    #expect(reviews.map(\.card) == [0, 0, 0, 0, 1])
    #expect(minutes == [Self.day, 2 * Self.day, 3 * Self.day, 5 * Self.day, 4 * Self.day + 1])
    #expect(reviews.map(\.rating) == [.good, .hard, .again, .easy, .good])
    // The fold that read them is the one opening the profile runs.
    let opened = try DeviceProfileOpener.view(ProfileLayout(directory: dir), now: Self.t0.adding(days: 9))
    #expect(collected.progress == opened.progress)
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func randomSessionsGiveTheReviewsOfFollowingEveryCard(seed: UInt64) {
    let events = HistoryAccumulatorTests.randomLearner(seed: seed, lines: 1500).journal.events
    var collector = ReviewHistoryCollector()
    var oracle = FullReconcileCollector()
    var compared = 0
    for event in events {
      collector.apply(event)
      oracle.apply(event)
      switch event.payload {
      case .undone, .reset, .overridden:
        #expect(collector.reviews == oracle.reviews, "after event \(event.sequence)")
        compared += 1
      default: break
      }
    }
    #expect(compared > 20)
    #expect(collector.progress == oracle.progress)
    #expect(collector.reviews == oracle.reviews)
    #expect(collector.reviews.count > 5)
    // The same events as one device's log through the merged fold.
    var merged = ReviewHistoryCollector()
    merged.fold([DeviceLog(device: Self.laptop, events: events)])
    #expect(merged.reviews == oracle.reviews)
  }

  @Test func anImportedHistoryThenAnUndoElsewhereFollowsTheImportedCard() {
    let imported = HistoryImport(
      source: "anki:test.apkg",
      reviews: [ImportedReview(question: Self.q1, at: Self.t0.adding(days: 2), rating: .good, milliseconds: 4000)])
    let events = Self.events(
      tag: 0,
      [
        (0, Self.answer(Self.q1, .good)), (Self.day, Self.answer(Self.q2, .good)),
        (3 * Self.day, .historyImported(imported)),
        (3 * Self.day + 1, Self.answer(Self.q2, .again)), (3 * Self.day + 2, .undone(target: 4)),
      ])
    var collector = ReviewHistoryCollector()
    for event in events { collector.apply(event) }
    // The imported review counts as q1's second review (the optimizer and an Anki export see it);
    // the undo of q2's later answer leaves both questions' logs at their cards.
    #expect(
      collector.reviews.map { [$0.card, Int(($0.at.seconds - Self.t0.seconds) / 86_400)] } == [
        [0, 0], [0, 2], [1, 1],
      ])
    #expect(collector.reviews.map(\.rating) == [.good, .good, .good])
    #expect(collector.reviews[1].seconds == 4)
    #expect(
      collector.reviews(inBank: Self.q1.bank).map(\.at) == [Self.t0, Self.t0.adding(days: 1), Self.t0.adding(days: 2)])
  }

  @Test func importedReviewsKeepTheirMillisecondsAndAQuestionListedTwiceIsTakenWhole() {
    let at = { (hours: Int64) in Self.t0.adding(seconds: hours * 3600) }
    let reviews = [
      ImportedReview(question: Self.q1, at: at(1), rating: .good, milliseconds: 1001),
      ImportedReview(question: Self.q2, at: at(1), rating: .hard, milliseconds: 1999),
      ImportedReview(question: Self.q1, at: at(30), rating: .easy, milliseconds: 123_457),
    ]
    let events = Self.events(tag: 0, [(2000, .historyImported(HistoryImport(source: "anki:x.apkg", reviews: reviews)))])
    var collector = ReviewHistoryCollector()
    for event in events { collector.apply(event) }
    let exported = collector.reviews(inBank: "sample")
    #expect(exported.map(\.question) == [Self.q1, Self.q2, Self.q1])
    #expect(exported.map(\.milliseconds) == [1001, 1999, 123_457], "Anki's review times come back unchanged")
    #expect(collector.progress.questions[Self.q1]?.card?.lastReview == at(30))
  }

  @Test func importedReviewsAreTheOnesApplyTookAndFollowAResetAndItsUndo() {
    // Two reviews before q1's own answer on day 3 (left out, as apply leaves them), a duplicate
    // instant (taken once), then two later ones.
    let at = { (days: Int64, hours: Int64) in Self.t0.adding(seconds: days * 86_400 + hours * 3600) }
    let reviews = [at(1, 0), at(2, 0), at(4, 0), at(4, 0), at(5, 0), at(9, 0)].map {
      ImportedReview(question: Self.q1, at: $0, rating: .good, milliseconds: 2500)
    }
    let events = Self.events(
      tag: 0,
      [
        (3 * Self.day, Self.answer(Self.q1, .hard)),
        (10 * Self.day, .historyImported(HistoryImport(source: "anki:test.apkg", reviews: reviews))),
      ])
    var collector = ReviewHistoryCollector()
    for event in events { collector.apply(event) }
    let days = collector.reviews.map { Int(($0.at.seconds - Self.t0.seconds) / 86_400) }
    #expect(days == [3, 4, 5, 9])
    #expect(collector.reviews.map(\.rating) == [.hard, .good, .good, .good])
    #expect(collector.progress.questions[Self.q1]?.card?.lastReview == at(9, 0))
    // A reset clears them with the card; undoing the reset brings the whole log back.
    collector.apply(RecordedEvent(sequence: events.count + 1, at: at(11, 0), payload: .reset(.bank("sample"))))
    #expect(collector.reviews.isEmpty)
    collector.apply(
      RecordedEvent(sequence: events.count + 2, at: at(11, 1), payload: .undone(target: events.count + 1)))
    #expect(collector.reviews.map(\.rating) == [.hard, .good, .good, .good])
  }

  @Test func undoingAnAnswerAfterAResetAndThenTheResetBringsTheReviewsBeforeTheResetBack() {
    // Before, the undone answer's one-review log was kept aside over the log the reset cleared, so
    // undoing the reset found the wrong log on top and the card's first two reviews were lost.
    let events = Self.events(
      tag: 0,
      [
        (0, Self.answer(Self.q1, .good)), (Self.day, Self.answer(Self.q1, .good)),
        (2 * Self.day, .reset(.bank("sample"))), (2 * Self.day + 1, Self.answer(Self.q1, .again)),
        (2 * Self.day + 2, .undone(target: 4)), (2 * Self.day + 3, .undone(target: 3)),
      ])
    var collector = ReviewHistoryCollector()
    for event in events { collector.apply(event) }
    #expect(collector.progress.questions[Self.q1]?.card?.lastReview == Self.t0.adding(days: 1))
    #expect(collector.reviews.map(\.rating) == [.good, .good])
  }
}

/// The collector as it was first written: on every `undone` and `reset`, every question's log is
/// followed to its card. The oracle for the collector that looks only at the questions the step kept.
/// A log whose card is gone is kept aside only when a reset cleared it (an undone first answer's
/// log is dropped: kept, it hid the log a reset cleared when that reset was undone next).
struct FullReconcileCollector {
  var progress = LearnerProgress()
  private struct Entry {
    var at: Timestamp
    var rating: Rating
    var seconds: Double
    var card: FSRSCard
  }
  private var logs: [QuestionRef: [Entry]] = [:]
  private var cleared: [QuestionRef: [[Entry]]] = [:]

  mutating func apply(_ event: RecordedEvent) {
    progress.apply(event)
    switch event.payload {
    case .answered(let a):
      guard let rating = a.rating, let card = progress.questions[a.question]?.card,
        card != logs[a.question]?.last?.card, card.lastReview == event.at
      else { break }
      logs[a.question, default: []].append(Entry(at: event.at, rating: rating, seconds: a.seconds, card: card))
    case .overridden(let o):
      if let rating = o.rating, let card = progress.questions[o.question]?.card, card != logs[o.question]?.last?.card {
        var log = logs[o.question] ?? []
        let seconds = log.last?.at == o.answeredAt ? log.removeLast().seconds : 0
        log.append(Entry(at: o.answeredAt, rating: rating, seconds: seconds, card: card))
        logs[o.question] = log
      }
    case .undone:
      for ref in Array(logs.keys) + Array(cleared.keys) { reconcile(ref, clearing: false) }
    case .reset:
      for ref in Array(logs.keys) + Array(cleared.keys) { reconcile(ref, clearing: true) }
    default: break
    }
  }

  private mutating func reconcile(_ ref: QuestionRef, clearing: Bool) {
    let card = progress.questions[ref]?.card
    var log = logs[ref] ?? []
    if log.last?.card == card { return }
    guard let card else {
      if !log.isEmpty, clearing { cleared[ref, default: []].append(log) }
      logs[ref] = nil
      return
    }
    while let last = log.last, last.card != card { log.removeLast() }
    if log.isEmpty, let stash = cleared[ref]?.last, stash.last?.card == card {
      log = stash
      cleared[ref]?.removeLast()
    }
    logs[ref] = log.isEmpty ? nil : log
  }

  var reviews: [ReviewRecord] {
    var out: [ReviewRecord] = []
    for (id, ref) in logs.keys.sorted().enumerated() {
      for e in logs[ref]! { out.append(ReviewRecord(card: id, at: e.at, rating: e.rating, seconds: e.seconds)) }
    }
    return out
  }
}
