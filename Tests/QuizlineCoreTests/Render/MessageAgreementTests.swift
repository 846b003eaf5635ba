import Foundation
import Testing

@testable import QuizlineCore

/// Messages that agree with each other and with the state (issue 31, item 4): each test reproduces
/// a situation in which quizline said something misleading and pins the true text.
@Suite struct MessageAgreementTests {
  /// A bank of `count` flashcards `card-1`, `card-2`, … (fronts `Front n`, backs `Back n`).
  static func cards(_ count: Int) -> Catalog {
    let questions = (1...count).map {
      Question(id: "card-\($0)", prompt: "Front \($0)", explanation: "", body: .flashcard(back: "Back \($0)"))
    }
    return Catalog(banks: [Bank(id: "cards", title: "Cards", questions: questions)])
  }

  /// `Mon 14 Dec`: the UTC day of `t` as people read it, by Foundation (not the code under test).
  static func dayName(_ t: Timestamp) -> String {
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "UTC")
    f.dateFormat = "EEE d MMM"
    return f.string(from: Date(timeIntervalSince1970: Double(t.microseconds) / 1e6))
  }

  /// Calendar days (UTC) from `a` to `b`, by Foundation.
  static func calendarDays(from a: Timestamp, to b: Timestamp) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let day = { (t: Timestamp) in calendar.startOfDay(for: Date(timeIntervalSince1970: Double(t.microseconds) / 1e6)) }
    return calendar.dateComponents([.day], from: day(a), to: day(b)).day!
  }

  @Test func eachAnswerNamesItsOwnCardsFuzzedDueDay() throws {
    var d = StoreDriver(catalog: Self.cards(6))
    d.type("review")
    var shown: [QuestionRef: String] = [:]
    for _ in 0..<6 {
      let ref = try #require(d.state.currentQuestion?.ref)
      d.type("")
      // The preview is the scheduler's, unfuzzed: it says it is approximate.
      #expect(d.screen().text.contains("| easy ~8d\n"), "\(d.screen().text)")
      d.type("easy")
      shown[ref] = d.screen().text
    }
    var dueDays = Set<Int64>()
    for (ref, text) in shown {
      let card = try #require(d.progress.questions[ref]?.card)
      let answeredAt = try #require(card.lastReview)
      let days = Self.calendarDays(from: answeredAt, to: card.due)
      #expect(text.contains("  next review: in \(days) days, \(Self.dayName(card.due))\n"), "\(ref): \(text)")
      dueDays.insert(card.due.dayNumber)
    }
    // Fuzz spread the cards over several days: each answer named its own.
    #expect(dueDays.count > 1)
    // The summary of several cards names the earliest, with its day; drawn late in the evening, it
    // counts calendar days (the due day's date), not 24-hour periods.
    d.type("review")
    let earliest = try #require(d.progress.questions.min { $0.value.card!.due < $1.value.card!.due })
    let due = earliest.value.card!.due
    let evening = Timestamp(microseconds: d.now.dayNumber * 86_400_000_000).adding(seconds: 22 * 3600)
    let text = Renderer.render(d.state, RenderContext(width: 100, style: .plain, now: evening)).text
    let days = Self.calendarDays(from: evening, to: due)
    #expect(text.contains("Next review: in \(days) days, \(Self.dayName(due)) (\(earliest.key))."), "\(text)")
  }

  @Test func theAnswerAndTheReviewNoticeSayTheSameStepWhenTheScreenIsDrawnLater() {
    var d = StoreDriver(catalog: Self.cards(2))
    d.type(["review", ""])
    #expect(d.screen().text.contains("again 1m | hard 6m | good 10m"))
    d.type("hard")
    // The runtime draws the screen a moment after the answer was recorded (here 2 s): hard's step
    // is 5.5 min, and both lines round that same interval the same way.
    let later = RenderContext(width: 80, style: .plain, now: d.now.adding(seconds: 2))
    let text = Renderer.render(d.state, later).text
    #expect(text.contains("  next review: in 6 min\n"), "\(text)")
    #expect(text.contains("This card comes back before the review ends (next step in 6 min)."), "\(text)")
  }

  @Test func aBankAnsweredInACheckpointSaysSoInsteadOfNoQuizYet() {
    var d = StoreDriver()
    d.type(["quiz intro", "b", "a,c", "true", "ZStack", "2"])
    d.type("progress")
    let dashboard = d.screen(width: 120).text
    #expect(!dashboard.contains("no quiz yet"), "\(dashboard)")
    #expect(
      dashboard.contains(
        "sample  no bank quiz yet | checkpoint quizzes 1 (best 100%, last 100%) | accuracy 100% over 5 answers"),
      "\(dashboard)")
    d.type("list")
    let list = d.screen(width: 200).text
    #expect(!list.contains("not taken yet"), "\(list)")
    #expect(list.contains("10 questions | no bank quiz yet | checkpoint quizzes 1 (best 100%, last 100%)"), "\(list)")
  }

  @Test func aBankAnsweredOnlyInReviewsIsNotCalledUntaken() {
    var d = StoreDriver(catalog: Self.cards(1))
    d.type(["review", "", "good", "end", "list"])
    #expect(d.screen().text.contains("1 question | no bank quiz yet\n"), "\(d.screen().text)")
  }

  @Test func aReviewWithACardGradedAgainIsNotEverythingRight() {
    var d = StoreDriver(catalog: Self.cards(2))
    d.type(["review", "", "good", "", "again"])
    #expect(d.screen().text.contains("comes back before the review ends"))
    d.type(["", "good"])
    // card-1 came back too (good on a new card is a 10 min step): right the first time.
    while d.state.currentRun != nil { d.type(["", "good"]) }
    let text = d.screen().text
    #expect(!text.contains("Everything right"), "\(text)")
    #expect(
      text.contains("  Right in the end, not at the first answer:\n    card-2 (first: again): Front 2\n"), "\(text)")
    #expect(!text.contains("card-1 (first"), "\(text)")
  }

  @Test func aQuizAllRightFirstTimeIsStillEverythingRight() {
    var d = StoreDriver(catalog: Self.cards(2))
    d.type(["start cards", "", "good", "", "easy"])
    #expect(d.screen().text.contains("  Everything right.\n"), "\(d.screen().text)")
    #expect(!d.screen().text.contains("Right in the end"))
  }

  /// One review of `ref` and an Anki import that suspends it, as an import records them.
  static func suspendingImport(_ ref: QuestionRef, suspended: Bool) -> RecordedEvent {
    let review = ImportedReview(question: ref, at: Timestamp(seconds: 1_770_000_000), rating: .good, milliseconds: 4000)
    return RecordedEvent(
      sequence: 1, at: Timestamp(seconds: 1_772_000_000),
      payload: .historyImported(
        HistoryImport(source: "anki:deck.apkg", reviews: [review], suspended: suspended ? [ref] : [])))
  }

  @Test func aSuspendedAnkiCardIsShownAsSuspendedNotFlagged() {
    let ref = QuestionRef(bank: "cards", question: "card-1")
    var progress = LearnerProgress()
    progress.apply(Self.suspendingImport(ref, suspended: true))
    var d = StoreDriver(catalog: Self.cards(2), progress: progress)
    d.type("status")
    let status = d.screen().text
    #expect(status.contains("  Flagged             0 questions\n"), "\(status)")
    #expect(
      status.contains("  Suspended           1 question (not reviewed until `unsuspend`)\n"),
      "\(status)")
    d.type("progress")
    let dashboard = d.screen().text
    #expect(dashboard.contains("  Flagged             0 questions\n"), "\(dashboard)")
    #expect(dashboard.contains("  Suspended           1 question (not reviewed until `unsuspend`)"), "\(dashboard)")
    #expect(!dashboard.contains("Flagged questions"), "\(dashboard)")
  }

  @Test func replayingAnOldImportGivesTheSameScheduleAndNoFlag() throws {
    let ref = QuestionRef(bank: "cards", question: "card-1")
    // The journal line an earlier quizline wrote for an import that suspended the card.
    let line =
      #"{"seq":1,"at":"2026-02-25T06:13:20Z","type":"historyImported","source":"anki:deck.apkg","reviews":[["cards/card-1",1770000000000,3,4000]],"suspended":["cards/card-1"],"resumed":[]}"#
    let event = try EventCoding.decode(Array(line.utf8))
    var replayed = LearnerProgress()
    replayed.apply(event)
    var unsuspended = LearnerProgress()
    unsuspended.apply(Self.suspendingImport(ref, suspended: false))
    #expect(replayed.questions[ref]?.card != nil)
    #expect(replayed.questions[ref]?.card == unsuspended.questions[ref]?.card)
    #expect(replayed.questions[ref]?.suspended == true)
    #expect(replayed.questions[ref]?.flagged == false)
  }

  @Test func anOlderSnapshotDropsTheFlagItsImportPutOnASuspendedCard() throws {
    let suspended = QuestionRef(bank: "cards", question: "card-1")
    let flaggedByHand = QuestionRef(bank: "cards", question: "card-2")
    var progress = LearnerProgress()
    progress.apply(Self.suspendingImport(suspended, suspended: true))
    progress.questions[suspended]?.flagged = true
    progress.questions[flaggedByHand, default: LearnerProgress().question(flaggedByHand)].flagged = true
    let written = SnapshotCoding.encode(progress, writtenAt: Timestamp(seconds: 1_772_000_100))
    // Written now, both flags are the learner's: kept.
    let current = try SnapshotCoding.decode(Array(written.utf8))
    #expect(current.questions[suspended]?.flagged == true)
    #expect(current.questions[flaggedByHand]?.flagged == true)
    // The same file as an older quizline wrote it (no learnerFlagsOnly): the suspended card's flag
    // came from its import and is dropped; the other flag stays.
    let older = written.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("\"learnerFlagsOnly\"") }.joined(separator: "\n")
    #expect(older != written)
    let read = try SnapshotCoding.decode(Array(older.utf8))
    #expect(read.questions[suspended]?.flagged == false)
    #expect(read.questions[suspended]?.suspended == true)
    #expect(read.questions[flaggedByHand]?.flagged == true)
  }
}
