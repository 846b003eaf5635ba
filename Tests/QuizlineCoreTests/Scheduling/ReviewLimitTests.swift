import Foundation
import Testing

@testable import QuizlineCore

/// The daily review limit (issue 33, item 7): `review` offers at most `reviews-per-day` due review
/// cards a UTC day across banks, says how many it holds back and how to raise it; learning steps are
/// neither counted nor held back.
@Suite struct ReviewLimitTests {
  static let kinds: [QuestionKind] = [.single, .multiple, .truefalse, .text, .numeric]
  static var refs: [QuestionRef] { kinds.map { sample(sampleQuestionIDs[$0]!) } }

  /// Five auto-graded review cards due (the first most overdue), no new card, the limit `limit`.
  static func driver(limit: Int?, relearning: Set<Int> = []) -> StoreDriver {
    var p = LearnerProgress()
    for (k, ref) in refs.enumerated() {
      var q = QuestionProgress()
      let due = scriptStart.adding(seconds: -Int64(10 - k) * 3600)
      q.card = FSRSCard(
        phase: relearning.contains(k) ? .relearning : .review, step: relearning.contains(k) ? 0 : nil, stability: 10,
        difficulty: 5, due: due, lastReview: due.adding(days: -10))
      p.questions[ref] = q
    }
    p.settings.newCardsPerDay = 0
    p.settings.reviewsPerDay = limit
    return StoreDriver(progress: p)
  }

  /// Answers every question of the current run right.
  static func answerAllRight(_ d: inout StoreDriver) {
    while let ref = d.state.currentQuestion?.ref {
      let kind = sampleQuestionIDs.first { $0.value == ref.question }!.key
      d.type(rightAnswers[kind]!)
    }
  }

  @Test func reviewOffersTheRemainingReviewsAndSaysHowManyTheLimitHoldsBack() throws {
    var d = Self.driver(limit: 3)
    let initial = d.progress
    d.type("review")
    #expect(d.progress.activeRun?.questions == Array(Self.refs.prefix(3)), "the three most overdue")
    #expect(
      d.screen(width: 200).text.contains(
        "2 more due cards are held back by reviews-per-day 3; config reviews-per-day 5 to take them today."))
    Self.answerAllRight(&d)
    #expect(d.progress.days[d.now.dayNumber]?.reviews == 3)
    d.type("review")
    #expect(d.progress.activeRun == nil)
    let text = d.screen(width: 200).text
    #expect(
      text.contains(
        "Today's reviews are done: 2 more due cards are held back by reviews-per-day 3; config reviews-per-day 5 to take them today"
      ), "\(text)")
    #expect(!text.contains("Next review"))
    d.type("status")
    #expect(d.screen(width: 200).text.contains("held back by reviews-per-day 3"))
    d.type(["config reviews-per-day 5", "review"])
    #expect(d.progress.activeRun?.questions == Array(Self.refs.suffix(2)))
    var replayed = initial
    for e in d.journal.events { replayed.apply(e) }
    #expect(replayed == d.progress)
  }

  @Test func cardsInTheirStepsAreNeitherHeldBackNorCounted() throws {
    var d = Self.driver(limit: 0, relearning: [1, 3])
    d.type("review")
    #expect(d.progress.activeRun?.questions == [Self.refs[1], Self.refs[3]])
    #expect(d.screen(width: 200).text.contains("3 more due cards are held back by reviews-per-day 0"))
    Self.answerAllRight(&d)
    #expect((d.progress.days[d.now.dayNumber]?.reviews ?? 0) == 0, "relearning steps are not reviews")
  }

  @Test func unlimitedOffersEveryDueCard() throws {
    var d = Self.driver(limit: 1)
    d.type(["config reviews-per-day unlimited", "review"])
    #expect(d.progress.activeRun?.questions == Self.refs)
    #expect(!d.screen(width: 200).text.contains("held back"))
  }

  @Test func aCardReviewedBeforeItIsDueIsNotCounted() throws {
    var p = LearnerProgress()
    var q = QuestionProgress()
    q.card = FSRSCard(
      phase: .review, step: nil, stability: 10, difficulty: 5, due: scriptStart.adding(days: 3),
      lastReview: scriptStart.adding(days: -7))
    p.questions[Self.refs[0]] = q
    var d = StoreDriver(progress: p)
    d.type(["start sample --count 1", "b"])
    #expect((d.progress.days[d.now.dayNumber]?.reviews ?? 0) == 0)
  }

  @Test func configReadsAndRefusesTheDayOptions() throws {
    var d = StoreDriver()
    d.type("config reviews-per-day 100001")
    #expect(
      d.screen(width: 200).text.contains(
        "'100001' is out of range for reviews-per-day: a whole number from 0 to 100000, or unlimited"))
    d.type("config easy-days sun=0 sat=0.5")
    #expect(d.progress.settings.easyDays.weights == [0, 1, 1, 1, 1, 1, 0.5])
    #expect(d.screen(width: 200).text.contains("easy-days = sun=0 sat=0.5. Applies to answers from now on"))
    d.type("config easy-days funday=0")
    #expect(
      d.screen(width: 200).text.contains(
        "'funday=0' names no weekday (sun, mon, tue, wed, thu, fri, sat), in easy-days 'funday=0'"))
    d.type(["config load-balance off", "config easy-days normal"])
    #expect(!d.progress.settings.loadBalance && d.progress.settings.easyDays.isNormal)
    d.type("undo")
    #expect(d.progress.settings.easyDays.text == "sun=0 sat=0.5")
    d.type("config")
    let listing = d.screen(width: 200).text
    #expect(listing.contains("load-balance      off"))
    #expect(listing.contains("reviews-per-day   200"))
    #expect(d.replayed == d.progress)
  }

  @Test func theDayOptionsSurviveTheJournalAndOlderSettingsTakeTheDefaults() throws {
    var s = ProfileSettings()
    s.loadBalance = false
    s.easyDays = try EasyDays.parse("sat=0.5").get()
    s.reviewsPerDay = nil
    let event = RecordedEvent(sequence: 1, at: scriptStart, payload: .settingsChanged(s))
    let line = EventCoding.encode(event)
    #expect(line.contains(#""reviewsPerDay":"unlimited""#))
    #expect(try EventCoding.decode(Array(line.utf8)) == event)
    // A line from before the options: Anki's defaults.
    var older = line.replacingFirst(#","loadBalance":false"#, with: "")
    older = older.replacingFirst(#","easyDays":[1,1,1,1,1,1,0.5]"#, with: "")
    older = older.replacingFirst(#","reviewsPerDay":"unlimited""#, with: "")
    #expect(older.count < line.count - 60, "\(older)")
    guard case .settingsChanged(let read) = try EventCoding.decode(Array(older.utf8)).payload else {
      Issue.record("not settings")
      return
    }
    #expect(read.loadBalance && read.easyDays == .normal && read.reviewsPerDay == 200)
  }
}

extension String {
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let r = range(of: target) else { return self }
    return replacingCharacters(in: r, with: replacement)
  }
}
