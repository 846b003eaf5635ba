import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop

/// `config bury-siblings`: cards of one note are not both asked on one day (Anki's three switches:
/// new, review and interday-learning siblings; the kind gathered first wins).
@Suite struct SiblingBuryingTests {
  static let day: Int64 = 86_400
  /// 2026-03-10T09:00:00Z.
  static let now = Timestamp(iso8601: "2026-03-10T09:00:00Z")!

  /// Two notes of two cards (`a1`/`a2`, `b1`/`b2`) and a card of its own (`c`).
  static let bank = Bank(
    id: "vocab", title: "Vocab",
    questions: [
      Question(id: "a1", prompt: "chat", explanation: "", note: "a", body: .flashcard(back: "cat")),
      Question(id: "a2", prompt: "cat", explanation: "", note: "a", body: .flashcard(back: "chat")),
      Question(id: "b1", prompt: "chien", explanation: "", note: "b", body: .flashcard(back: "dog")),
      Question(id: "b2", prompt: "dog", explanation: "", note: "b", body: .flashcard(back: "chien")),
      Question(id: "c", prompt: "oui", explanation: "", body: .flashcard(back: "yes")),
    ])

  static func ref(_ id: String) -> QuestionRef { QuestionRef(bank: "vocab", question: id) }

  enum Kind { case new, intraday, interday, review, answeredToday, practisedToday }

  /// A state whose cards are of the given kinds (others new), with `bury-siblings` set to `bury`.
  static func state(_ kinds: [String: Kind], bury: BurySiblings) -> AppState {
    var progress = LearnerProgress()
    progress.settings.burySiblings = bury
    for (id, kind) in kinds {
      var q = progress.question(ref(id))
      switch kind {
      case .new: continue
      case .practisedToday: q.lastAnsweredAt = now.adding(seconds: -600)
      case .intraday:
        q.card = FSRSCard(
          phase: .learning, step: 1, stability: 1, difficulty: 5, due: now.adding(seconds: -60),
          lastReview: now.adding(seconds: -660))
      case .interday:
        q.card = FSRSCard(
          phase: .relearning, step: 0, stability: 1, difficulty: 5, due: now.adding(seconds: -3600),
          lastReview: now.adding(seconds: -2 * day))
      case .review:
        q.card = FSRSCard(
          phase: .review, step: nil, stability: 10, difficulty: 5, due: now.adding(seconds: -day),
          lastReview: now.adding(seconds: -11 * day))
      case .answeredToday:
        q.lastAnsweredAt = now.adding(seconds: -600)
        q.card = FSRSCard(
          phase: .review, step: nil, stability: 10, difficulty: 5, due: now.adding(seconds: 5 * day),
          lastReview: now.adding(seconds: -600))
      }
      progress.questions[ref(id)] = q
    }
    return AppState(catalog: Catalog(banks: [bank]), progress: progress)
  }

  static func offered(_ state: AppState) -> [String] {
    let q = state.reviewQueue(bank: nil, at: now)
    return (q.due + q.new).map(\.question)
  }

  @Test func offByDefaultEverySiblingIsOffered() {
    #expect(ProfileSettings.default.burySiblings.isEmpty)
    let s = Self.state(["a1": .review, "b1": .answeredToday, "b2": .review], bury: [])
    #expect(Set(Self.offered(s)) == ["a1", "a2", "b2", "c"])
    #expect(s.reviewQueue(bank: nil, at: Self.now).heldBackSiblings == 0)
  }

  @Test(arguments: [Kind.new, .review, .interday])
  func eachSwitchAloneHoldsBackOnlyItsKindOfSiblingOfACardAnsweredToday(_ kind: Kind) {
    let own: BurySiblings = kind == .new ? .new : kind == .review ? .review : .learning
    let kinds: [String: Kind] = ["a1": .answeredToday, "a2": kind]
    let buried = Self.state(kinds, bury: own)
    #expect(!Self.offered(buried).contains("a2"), "\(kind): held back by its own switch")
    // b2, a new sibling of the new b1, is held back too by the new switch.
    #expect(buried.reviewQueue(bank: nil, at: Self.now).heldBackSiblings == (kind == .new ? 2 : 1))
    let others = Self.state(kinds, bury: BurySiblings.all.subtracting(own))
    #expect(Self.offered(others).contains("a2"), "\(kind): the other two switches leave it")
  }

  @Test func aNewSiblingOfANewCardInTheSameRunIsHeldBackAndTheNextNoteStillComes() {
    let s = Self.state([:], bury: .new)
    #expect(Self.offered(s) == ["a1", "b1", "c"])
    #expect(s.reviewQueue(bank: nil, at: Self.now).heldBackSiblings == 2)
  }

  @Test func aCardsOwnAnswerTodayDoesNotHoldItBack() {
    // Practised (cram) today: still new, and no sibling of itself.
    #expect(Self.offered(Self.state(["a1": .practisedToday], bury: .all)) == ["a1", "b1", "c"])
  }

  @Test func siblingsHeldBackDoNotUseTodaysNewCardAllowance() {
    var s = Self.state([:], bury: .new)
    s.progress.settings.newCardsPerDay = 2
    #expect(Self.offered(s) == ["a1", "b1"])
  }

  @Test func theReviewLimitCountsOnlyTheCardsBuryingLeaves() {
    // Three due review cards, two of one note: burying keeps one of a1/a2, and a limit of 1 then
    // holds back one card (not two, as a count over every due card would say).
    var state = Self.state(["a1": .review, "a2": .review, "b1": .review], bury: .review)
    state.progress.settings.reviewsPerDay = 1
    let queue = state.reviewQueue(bank: nil, at: Self.now)
    #expect(queue.due.count == 1)
    #expect(queue.heldBackSiblings == 1)
    #expect(queue.heldBackByLimit == 1)
    #expect(state.reviewLimitNotice(at: Self.now)?.hasPrefix("1 more due card is held back") == true)
  }

  /// The welcome screen and `status` read the waiting new cards off the queue instead of listing
  /// them again: the count is `newCards`', whatever burying, the allowance or the bank.
  @Test func theQueueCountsTheNewCardsWaitingAsNewCardsDoes() {
    let kinds: [Kind] = [.new, .intraday, .interday, .review, .answeredToday, .practisedToday]
    var random = SplitMix64(seed: 44)
    for _ in 0..<400 {
      var chosen: [String: Kind] = [:]
      for id in ["a1", "a2", "b1", "b2", "c"] { chosen[id] = kinds[Int(random.next() % UInt64(kinds.count))] }
      let bury = BurySiblings(rawValue: Int(random.next() % 8))
      var state = Self.state(chosen, bury: bury)
      state.progress.settings.newCardsPerDay = Int(random.next() % 4)
      for bank in [nil, "vocab", "other"] as [String?] {
        let queue = state.reviewQueue(bank: bank, at: Self.now)
        #expect(queue.newCardsWaiting == state.newCards(bank: bank, at: Self.now).count, "\(chosen) \(bury)")
        let due = state.dueCards(at: Self.now).now
        #expect(state.reviewQueue(bank: bank, at: Self.now, dueNow: due) == queue)
      }
    }
  }

  @Test func theKindAnkiGathersFirstWinsWhateverTheDueOrder() {
    // The review card a2 is more overdue than the interday learning a1; a1 is gathered first.
    #expect(Self.offered(Self.state(["a1": .interday, "a2": .review], bury: .all)) == ["a1", "b1", "c"])
    // A review card and a new card of one note: only the review card.
    #expect(Self.offered(Self.state(["a2": .review], bury: .all)) == ["a2", "b1", "c"])
    // Intraday learning is gathered first and buries a review sibling, but is never held back.
    #expect(Self.offered(Self.state(["a1": .review, "a2": .intraday], bury: .review)) == ["a2", "b1", "b2", "c"])
    #expect(Self.offered(Self.state(["a1": .review, "a2": .intraday], bury: .new)) == ["a1", "a2", "b1", "c"])
    #expect(Self.offered(Self.state(["a1": .review, "a2": .intraday], bury: .all)) == ["a2", "b1", "c"])
    #expect(Self.offered(Self.state(["a1": .answeredToday, "a2": .intraday], bury: .all)).first == "a2")
  }

  @Test func settingsReadTheWordsConfigAcceptsAndRoundTripThroughTheJournal() throws {
    #expect(BurySiblings(text: "off") == [])
    #expect(BurySiblings(text: "all") == .all)
    #expect(BurySiblings(text: "review,new") == [.new, .review])
    #expect(BurySiblings(text: "new,,review") == nil)
    #expect(BurySiblings(text: "reviews") == nil)
    #expect(BurySiblings.all.text == "new,review,learning")
    var s = ProfileSettings()
    s.burySiblings = [.review, .learning]
    let event = RecordedEvent(sequence: 1, at: Self.now, payload: .settingsChanged(s))
    let line = EventCoding.encode(event)
    #expect(line.contains("\"burySiblings\":\"review,learning\""))
    guard case .settingsChanged(let decoded) = try EventCoding.decode(Array(line.utf8)).payload else {
      Issue.record("not a settingsChanged event: \(line)")
      return
    }
    #expect(decoded.burySiblings == [.review, .learning])
    let plain = EventCoding.encode(
      RecordedEvent(sequence: 1, at: Self.now, payload: .settingsChanged(ProfileSettings())))
    #expect(!plain.contains("burySiblings"), "the default is not written")
    let bad = line.replacingOccurrences(of: "review,learning", with: "sometimes")
    #expect(throws: (any Error).self) { try EventCoding.decode(Array(bad.utf8)) }
  }

  @Test func configSetsItAndRefusesAnUnknownKindNamingTheAllowedWords() {
    var d = StoreDriver(catalog: Catalog(banks: [Self.bank]))
    d.start()
    let events = d.type("config bury-siblings new,review")
    #expect(d.progress.settings.burySiblings == [.new, .review])
    #expect(events.count == 1)
    #expect(d.screen().text.contains("bury-siblings = new,review. Applies to the next review"))
    #expect(d.type("config bury-siblings newcards").isEmpty)
    #expect(d.screen().text.contains("'newcards' is not a value for bury-siblings"))
    #expect(d.progress.settings.burySiblings == [.new, .review])
    d.type("undo")
    #expect(d.progress.settings.burySiblings == [])
    #expect(d.replayed.settings.burySiblings == [])
  }

  @Test func statusCountsTheSiblingsHeldBack() {
    var d = StoreDriver(catalog: Catalog(banks: [Self.bank]))
    d.start()
    d.type("config bury-siblings all")
    d.type("status")
    let text = d.screen(width: 200).text
    #expect(
      text.contains(
        "Reviews             nothing due; 3 new cards ready; 2 siblings held back until tomorrow (bury-siblings)"),
      "\(text)")
  }

  // MARK: - days of review runs through the reducer, on a package built by the real Anki

  /// The French deck of `deck.apkg`: a Basic note, a Basic (and reversed card) note (two cards) and
  /// a Cloze note with c1 and c2 (two cards).
  static func frenchDeck() throws -> Catalog {
    let path = try AnkiDecks.path("deck.apkg")
    let imported = try AnkiImporter().read(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
    return Catalog(banks: imported.banks.map(\.bank).filter { $0.id == "lang-french" })
  }

  /// `review` once a day for `days` days, every card answered (`again` now and then, else `good`);
  /// the questions answered each day.
  static func simulate(_ catalog: Catalog, bury: String, days: Int) -> [[QuestionRef]] {
    var d = StoreDriver(catalog: catalog, at: scriptStart)
    d.start()
    d.type("config bury-siblings \(bury)")
    var out: [[QuestionRef]] = []
    var n = 0
    for day in 0..<days {
      d.now = Timestamp(seconds: (scriptStart.dayNumber + Int64(day)) * Self.day + 9 * 3600)
      var answered: [QuestionRef] = []
      for _ in 0..<3 {  // three sittings a day: the later ones see what the first answered
        d.type("review")
        var guardCount = 0
        while d.state.currentQuestion != nil, guardCount < 100 {
          guardCount += 1
          n += 1
          d.type("")
          for case .answered(let a) in d.type(n % 5 == 0 ? "again" : "good") { answered.append(a.question) }
        }
        d.now = d.now.adding(seconds: 3600)
      }
      out.append(answered)
    }
    return out
  }

  @Test func anImportedNotesCardsAreNeverBothAskedOnOneDayWhileBuryingIsOn() throws {
    let catalog = try Self.frenchDeck()
    let notes = Dictionary(
      grouping: catalog.banks[0].questions.filter { $0.note != nil }, by: { $0.note ?? "" }
    ).filter { $0.value.count == 2 }
    #expect(notes.count == 2, "the reversed note and the cloze note")
    let days = Self.simulate(catalog, bury: "all", days: 30)
    for (k, answered) in days.enumerated() {
      for (note, cards) in notes {
        let asked = Set(answered.map(\.question)).intersection(cards.map(\.id))
        #expect(asked.count <= 1, "day \(k): note \(note) had \(asked.sorted()) both asked")
      }
    }
    let everAsked = Set(days.flatMap { $0 }.map(\.question))
    #expect(everAsked == Set(catalog.banks[0].questions.map(\.id)), "every card still comes, a day later")
    let off = Self.simulate(catalog, bury: "off", days: 1)[0].map(\.question)
    for (_, cards) in notes { #expect(Set(off).isSuperset(of: cards.map(\.id)), "off: both asked on the first day") }
  }
}
