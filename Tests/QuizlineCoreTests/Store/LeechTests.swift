import Testing

@testable import QuizlineCore

/// Leeches (`config leech-threshold`, `config leech-action`): a card tagged at the lapse that
/// reaches the threshold, the learner told then and every half threshold after, as Anki does.
@Suite struct LeechTests {
  static let card = sample("single-owner")

  /// A quiz on the card alone, answered right (`b`) or wrong (`d`), a day after the last.
  static func quiz(_ d: inout StoreDriver, right: Bool) -> String {
    d.now = d.now.adding(days: 1)
    d.type(["start sample --count 1", right ? "b" : "d"])
    return Self.flat(d)
  }

  /// The screen as one line (wrapping does not matter here).
  static func flat(_ d: StoreDriver) -> String {
    d.screen().text.split(whereSeparator: { $0 == "\n" || $0 == " " }).joined(separator: " ")
  }

  /// Lapses the card `n` times (each time right first, so it is in review when it fails); the
  /// screens after each wrong answer.
  static func lapse(_ d: inout StoreDriver, times n: Int) -> [String] {
    (0..<n).map { _ in
      _ = quiz(&d, right: true)
      return quiz(&d, right: false)
    }
  }

  @Test func aCardFailingEightTimesIsTaggedAtTheEighthLapseAndToldAgainAtTheTwelfthOnly() {
    var d = StoreDriver()
    let screens = Self.lapse(&d, times: 16)
    #expect(d.progress.question(Self.card).lapses == 16)
    let told = screens.enumerated().filter { $0.element.contains("a leech") }.map { $0.offset + 1 }
    #expect(told == [8, 12, 16])
    #expect(
      screens[7].contains("This card is now a leech: sample/single-owner has lapsed 8 times (leech-threshold 8)."))
    #expect(screens[11].contains("This card is still a leech: sample/single-owner has lapsed 12 times"))
    #expect(screens[7].contains("To set it aside, type suspend sample/single-owner"))
    // Tagged only (the default): still asked.
    #expect(d.progress.question(Self.card).leech)
    #expect(!d.progress.question(Self.card).suspended)
    #expect(d.replayed == d.progress, "replay gives the same leech state")
  }

  @Test func notTaggedBeforeTheThreshold() {
    var d = StoreDriver()
    _ = Self.lapse(&d, times: 7)
    #expect(!d.progress.question(Self.card).leech)
    d.type("config leech-threshold 7")
    // A lower threshold tags from the next lapse that reaches it (Anki's rule: 8 - 7 = 1, 1 % 3 ≠ 0).
    _ = Self.lapse(&d, times: 1)
    #expect(!d.progress.question(Self.card).leech)
    _ = Self.lapse(&d, times: 2)
    #expect(d.progress.question(Self.card).leech, "10 = 7 + 3 is a leech lapse")
  }

  @Test func withLeechActionSuspendTheCardIsNeverAskedAgain() throws {
    var d = StoreDriver()
    d.type("config leech-action suspend")
    _ = Self.lapse(&d, times: 7)
    // The 8th lapse comes in a review: the card is due, and a relearning step would bring it back
    // in the same sitting; suspended, it is not asked again.
    _ = Self.quiz(&d, right: true)
    d.now = d.now.adding(days: 400)
    d.type(["read intro", "config relearning-steps 1m", "review --limit 1"])
    #expect(d.state.currentQuestion?.ref == Self.card)
    let events = d.type("d")
    #expect(!events.contains { $0.typeName == "requeued" })
    #expect(Self.flat(d).contains("It is suspended: review will not ask it until you type unsuspend"))
    #expect(d.progress.question(Self.card).suspended)
    #expect(d.progress.question(Self.card).leech)
    d.now = d.now.adding(days: 400)
    d.type("review")
    #expect(!(d.progress.activeRun?.questions.contains(Self.card) ?? false))
    #expect(d.replayed == d.progress)
  }

  @Test func undoingTheLapseTakesTheTagAndTheSuspensionBack() {
    var d = StoreDriver()
    d.type("config leech-action suspend")
    _ = Self.lapse(&d, times: 8)
    #expect(d.progress.question(Self.card).suspended)
    d.type("undo")
    #expect(!d.progress.question(Self.card).leech)
    #expect(!d.progress.question(Self.card).suspended)
  }

  @Test func overrulingTheLapseTakesTheTagBack() {
    var d = StoreDriver()
    _ = Self.lapse(&d, times: 7)
    _ = Self.quiz(&d, right: true)
    d.now = d.now.adding(days: 1)
    d.type(["start sample --count 1", "d"])
    #expect(d.progress.question(Self.card).leech)
    d.type("override")
    #expect(d.progress.question(Self.card).lapses == 7)
    #expect(!d.progress.question(Self.card).leech)
    #expect(d.replayed == d.progress)
  }

  @Test func leechSettingsAreShownChangedUndoneAndKeptInTheJournal() throws {
    var d = StoreDriver()
    d.type("config")
    #expect(d.screen().text.contains("leech-threshold   8"))
    #expect(d.screen().text.contains("leech-action      tag"))
    d.type("config leech-threshold 0")
    #expect(Self.flat(d).contains("'0' is out of range for leech-threshold: a whole number of lapses from 1 to 999"))
    d.type("config leech-action bury")
    #expect(Self.flat(d).contains("'bury' is not a value for leech-action; try e.g. tag or suspend"))
    d.type(["config leech-threshold 12", "config leech-action suspend"])
    #expect(d.progress.settings.leechThreshold == 12)
    #expect(d.progress.settings.leechAction == .suspend)
    // Through the journal's text and back.
    var replayed = LearnerProgress()
    for event in d.journal.events {
      let line = EventCoding.encode(event)
      replayed.apply(try EventCoding.decode(Array(line.utf8)))
    }
    #expect(replayed.settings == d.progress.settings)
    d.type("undo")
    #expect(d.progress.settings.leechAction == .tag)
    #expect(d.progress.settings.leechThreshold == 12)
  }
}
