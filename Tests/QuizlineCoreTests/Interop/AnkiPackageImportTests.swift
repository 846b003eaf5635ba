import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop

/// Packages written by the real Anki (`AnkiDecks`, built at test time), read by the importer.
@Suite struct AnkiPackageImportTests {
  static let packages = ["deck.apkg", "deck-legacy.apkg", "deck.colpkg", "deck-legacy.colpkg"]
  /// Deck names to bank ids, written out by hand.
  static let bankIDs = ["Lang::French": "lang-french", "Lang::German": "lang-german", "Typing": "typing"]

  static func read(_ name: String, typed: Bool = false) throws -> AnkiImport {
    let path = try AnkiDecks.path(name)
    return try AnkiImporter(typedCloze: typed).read(
      bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
  }

  static func question(_ imported: AnkiImport, _ card: [String: Any]) -> (bank: String, Question)? {
    let bank = bankIDs[card["deck"] as? String ?? ""] ?? "?"
    let id = AnkiDecks.questionID(guid: card["guid"] as? String ?? "", ord: card["ord"] as? Int ?? -1)
    guard let b = imported.banks.first(where: { $0.bank.id == bank }), let q = b.bank.question(id) else { return nil }
    return (bank, q)
  }

  @Test(arguments: packages)
  func everyCardBecomesAQuestionInItsDecksBankWithTagsAndType(_ package: String) throws {
    let imported = try Self.read(package)
    let cards = try AnkiDecks.manifest()
    #expect(cards.count == 10)
    #expect(imported.banks.reduce(0) { $0 + $1.bank.questions.count } == cards.count)
    #expect(imported.packageVersion == (package.contains("legacy") ? 2 : 3))
    for card in cards {
      let found = Self.question(imported, card)
      #expect(found != nil, "no question for \(card["guid"] ?? "") card \(card["ord"] ?? "")")
      guard let (_, q) = found else { continue }
      let type = card["notetype"] as? String ?? ""
      #expect(q.body.kind == (type == "Basic (type in the answer)" ? .text : .flashcard), "\(type)")
      let deckTags = (card["deck"] as? String ?? "").lowercased().components(separatedBy: "::")
      let noteTags = (card["tags"] as? [String] ?? []).map { $0.lowercased().replacingOccurrences(of: "::", with: "-") }
      #expect(Set(q.tags) == Set(deckTags + noteTags), "\(q.id): \(q.tags)")
    }
    #expect(imported.banks.first { $0.bank.id == "lang-french" }?.bank.title == "Lang::French")
  }

  @Test func basicCardsReversedCardsAndTypedAnswersKeepTheirSides() throws {
    let imported = try Self.read("deck.apkg")
    let all = imported.banks.flatMap(\.bank.questions)
    func q(_ guid: String, _ ord: Int) -> Question? {
      all.first { $0.id == AnkiDecks.questionID(guid: guid, ord: ord) }
    }
    #expect(q("qlBasic001", 0)?.prompt == "bonjour **bold**")
    #expect(q("qlBasic001", 0)?.body == .flashcard(back: "hello"))
    #expect(q("qlRev00001", 0)?.prompt == "chat")
    #expect(q("qlRev00001", 1)?.prompt == "cat")
    #expect(q("qlRev00001", 1)?.body == .flashcard(back: "chat"))
    #expect(q("qlOpt00002", 1) == nil, "an empty Add Reverse makes no second card")
    #expect(
      q("qlType0001", 0)?.body
        == .text(accept: [TextAnswer(text: "Rome")], ignorePunctuation: false, otherFeedback: nil))
    #expect(q("qlType0001", 0)?.prompt == "Capital of Italy?")
  }

  @Test(arguments: ["deck.apkg", "deck-updated.apkg"])
  func theCardsOfOneNoteShareItsNoteAndDistinctNotesHaveDistinctOnes(_ package: String) throws {
    let all = try Self.read(package).banks.flatMap(\.bank.questions)
    func note(_ guid: String, _ ord: Int) -> String?? {
      all.first { $0.id == AnkiDecks.questionID(guid: guid, ord: ord) }.map(\.note)
    }
    // The note id is the 16 hex digits that begin the note's question ids (the GUID's hash).
    let reversed = String(AnkiDecks.questionID(guid: "qlRev00001", ord: 0).prefix(16))
    #expect(note("qlRev00001", 0) == .some(reversed))
    #expect(note("qlRev00001", 1) == .some(reversed), "front/back and back/front: one note")
    let cloze = String(AnkiDecks.questionID(guid: "qlCloze001", ord: 0).prefix(16))
    #expect(note("qlCloze001", 0) == .some(cloze))
    #expect(note("qlCloze001", 1) == .some(cloze), "c1 and c2 of one cloze note: one note")
    #expect(note("qlOpt00001", 0) == note("qlOpt00001", 1))
    var byNote: [String: Set<String>] = [:]
    for q in all {
      #expect(q.note != nil, "\(q.id) has a note")
      byNote[q.note ?? "", default: []].insert(String(q.id.prefix(16)))
    }
    #expect(byNote.values.allSatisfy { $0.count == 1 }, "each note holds the cards of one Anki note only")
    #expect(byNote.count == (package == "deck.apkg" ? 7 : 8), "seven notes (eight once merci is added)")
  }

  @Test func clozeCardsHideTheirOwnGapAndShowTheOthers() throws {
    let all = try Self.read("deck.apkg").banks.flatMap(\.bank.questions)
    let first = all.first { $0.id == AnkiDecks.questionID(guid: "qlCloze001", ord: 0) }
    let second = all.first { $0.id == AnkiDecks.questionID(guid: "qlCloze001", ord: 1) }
    #expect(first?.prompt == "[...] is the capital of France.")
    #expect(second?.prompt == "Paris is the capital of [country].")
    #expect(first?.body == .flashcard(back: "Paris is the capital of France.\n[sound:deck-media/hello.mp3]"))
    let typed = try Self.read("deck.apkg", typed: true).banks.flatMap(\.bank.questions)
    let gap = typed.first { $0.id == AnkiDecks.questionID(guid: "qlCloze001", ord: 1) }
    #expect(
      gap?.body
        == .cloze(text: "Paris is the capital of {{1}}.", gaps: [ClozeGap(accept: [TextAnswer(text: "France")])]))
  }

  @Test func mediaAreCopiedUnderSafeNamesAndNamedInTheCards() throws {
    for package in Self.packages {
      let imported = try Self.read(package)
      #expect(Set(imported.media.map(\.safeName)) == ["diagram_1.png", "hello.mp3"], "\(package)")
      let png = try imported.mediaData("diagram 1.png")
      #expect(png.prefix(4) == [0x89, 0x50, 0x4E, 0x47], "\(package)")
      let katze = imported.banks.flatMap(\.bank.questions).first { $0.prompt == "Katze" }
      // The image by its path beside the bank: the media folder named after the package.
      let folder = AnkiImporter.mediaFolder(for: package)
      #expect(katze?.body == .flashcard(back: "cat ![](\(folder)/diagram_1.png)"), "\(package)")
    }
    #expect(AnkiMedia.safeName("../x/ä b.json") == "_x___b.json.data")
  }

  @Test func otherNoteTypesBecomeFlashcardsFromTheirTemplatesWithALossNote() throws {
    let imported = try Self.read("deck.apkg")
    let id = AnkiDecks.questionID(guid: "qlVocab001", ord: 0)
    let typing = imported.banks.first { $0.bank.id == "typing" }
    #expect(typing?.bank.question(id)?.prompt == "der Baum")
    #expect(typing?.bank.question(id)?.body == .flashcard(back: "the tree\n*Der Baum ist grün.*"))
    #expect(typing?.notes.contains { $0.questionID == id && $0.detail.contains("Vocab") } == true)
  }

  /// Replays the imported history; the oracle is PyPI `fsrs` on the same reviews (fuzz off).
  @Test(arguments: packages)
  func importedFSRSStateEqualsPyFSRSOnTheSameHistory(_ package: String) throws {
    let imported = try Self.read(package)
    var progress = LearnerProgress()
    progress.apply(
      RecordedEvent(
        sequence: 1, at: Timestamp(seconds: 1_800_000_000),
        payload: .historyImported(HistoryImport(source: "anki", reviews: imported.reviews))))
    var compared = 0
    for card in try AnkiDecks.manifest() {
      guard let (bank, q) = Self.question(imported, card) else { continue }
      let state = progress.questions[QuestionRef(bank: bank, question: q.id)]?.card
      guard let expected = card["fsrs"] as? [String: Any] else {
        #expect(state == nil, "\(q.id) has no review in Anki")
        continue
      }
      compared += 1
      #expect(state?.phase.rawValue == expected["state"] as? Int, "\(q.id)")
      #expect(state?.step == expected["step"] as? Int, "\(q.id)")
      #expect(abs((state?.stability ?? 0) - (expected["stability"] as? Double ?? -1)) < 1e-9, "\(q.id)")
      #expect(abs((state?.difficulty ?? 0) - (expected["difficulty"] as? Double ?? -1)) < 1e-9, "\(q.id)")
      #expect(state?.due.microseconds == (expected["due"] as? NSNumber)?.int64Value, "\(q.id)")
      #expect(state?.lastReview?.microseconds == (expected["lastReview"] as? NSNumber)?.int64Value, "\(q.id)")
    }
    #expect(compared == 6)
    #expect(imported.reviews.count == 24)
    // Each reviewed card has a manual and a rescheduling entry, and the first card a rescheduling
    // entry with a button as well: none is a review (the oracle above never sees them).
    #expect(imported.skippedReviews == 13)
  }

  @Test func importingTheSameHistoryAgainChangesNothing() throws {
    let imported = try Self.read("deck.colpkg")
    let history = HistoryImport(source: "anki", reviews: imported.reviews, suspended: imported.suspended)
    var progress = LearnerProgress()
    progress.apply(
      RecordedEvent(sequence: 1, at: Timestamp(seconds: 1_800_000_000), payload: .historyImported(history)))
    let once = progress.questions
    progress.apply(
      RecordedEvent(sequence: 2, at: Timestamp(seconds: 1_800_000_100), payload: .historyImported(history)))
    #expect(progress.questions == once)
  }

  @Test func suspendedAndBuriedCardsAreSuspendedNotFlaggedAndNeverOfferedUntilResumed() throws {
    let imported = try Self.read("deck.colpkg")
    let suspendedGUIDs = try AnkiDecks.manifest().filter { $0["suspended"] as? Bool == true }
    #expect(suspendedGUIDs.count == 2)
    #expect(imported.suspended.count == 2)
    var progress = LearnerProgress()
    progress.apply(
      RecordedEvent(
        sequence: 1, at: Timestamp(seconds: 1_800_000_000),
        payload: .historyImported(HistoryImport(source: "anki", reviews: [], suspended: imported.suspended))))
    let state = AppState(catalog: Catalog(banks: imported.banks.map(\.bank)), progress: progress)
    let fresh = state.newCards(at: Timestamp(microseconds: 0))
    for ref in imported.suspended {
      #expect(progress.questions[ref]?.suspended == true)
      #expect(progress.questions[ref]?.flagged == false, "a flag is the learner's own, not the import's")
      #expect(!fresh.contains(ref))
    }
    #expect(fresh.count == 10 - 2)
    progress.apply(
      RecordedEvent(
        sequence: 2, at: Timestamp(seconds: 1_800_000_000),
        payload: .historyImported(HistoryImport(source: "anki", reviews: [], resumed: imported.suspended))))
    #expect(AppState(catalog: state.catalog, progress: progress).newCards(at: Timestamp(microseconds: 0)).count == 10)
  }

  @Test func aSuspendedCardIsNeverDueAndAResetKeepsTheSuspension() throws {
    let ref = QuestionRef(bank: "b", question: "q")
    var progress = LearnerProgress()
    let review = ImportedReview(question: ref, at: Timestamp(seconds: 1_700_000_000), rating: .good, milliseconds: 1)
    progress.apply(
      RecordedEvent(
        sequence: 1, at: Timestamp(seconds: 1_800_000_000),
        payload: .historyImported(HistoryImport(source: "anki", reviews: [review], suspended: [ref]))))
    #expect(progress.questions[ref]?.card != nil)
    let bank = Bank(
      id: "b", title: "B", questions: [Question(id: "q", prompt: "p", explanation: "", body: .flashcard(back: "a"))])
    let later = Timestamp(seconds: 1_900_000_000)
    #expect(AppState(catalog: Catalog(banks: [bank]), progress: progress).dueCards(at: later).now.isEmpty)
    var resumed = progress
    resumed.apply(
      RecordedEvent(
        sequence: 2, at: Timestamp(seconds: 1_800_000_001),
        payload: .historyImported(HistoryImport(source: "anki", reviews: [], resumed: [ref]))))
    #expect(AppState(catalog: Catalog(banks: [bank]), progress: resumed).dueCards(at: later).now == [ref])
    progress.apply(RecordedEvent(sequence: 2, at: Timestamp(seconds: 1_800_000_001), payload: .reset(.bank("b"))))
    #expect(progress.questions[ref]?.card == nil)
    #expect(progress.questions[ref]?.suspended == true)
    #expect(progress.questions[ref]?.flagged == false)
  }

  @Test func reimportingAnUpdatedDeckKeepsTheProgressOfItsNotes() throws {
    let first = try Self.read("deck.apkg")
    let updated = try Self.read("deck-updated.apkg")
    var progress = LearnerProgress()
    progress.apply(
      RecordedEvent(
        sequence: 1, at: Timestamp(seconds: 1_800_000_000),
        payload: .historyImported(HistoryImport(source: "anki", reviews: first.reviews))))
    let before = progress.questions
    let catalog = Catalog(banks: updated.banks.map(\.bank))
    for (ref, p) in before where p.card != nil {
      #expect(catalog.question(ref) != nil, "\(ref) is still in the updated deck, under the same id")
    }
    let edited = catalog.question(
      QuestionRef(bank: "lang-french", question: AnkiDecks.questionID(guid: "qlBasic001", ord: 0)))
    #expect(edited?.body == .flashcard(back: "hello there"))
    #expect(
      catalog.question(QuestionRef(bank: "lang-french", question: AnkiDecks.questionID(guid: "qlBasic002", ord: 0)))
        != nil)
    progress.apply(
      RecordedEvent(
        sequence: 2, at: Timestamp(seconds: 1_800_000_100),
        payload: .historyImported(HistoryImport(source: "anki", reviews: updated.reviews))))
    #expect(progress.questions == before, "the same reviews again: nothing new")
  }

  @Test func theHistoryEventRoundTripsThroughItsJournalLine() throws {
    let imported = try Self.read("deck.colpkg")
    let event = RecordedEvent(
      sequence: 7, at: Timestamp(seconds: 1_800_000_000),
      payload: .historyImported(
        HistoryImport(source: "anki:deck.colpkg", reviews: imported.reviews, suspended: imported.suspended)))
    let line = EventCoding.encode(event)
    #expect(line.contains("\"type\":\"historyImported\""))
    #expect(try EventCoding.decode(Array(line.utf8)) == event)
  }
}
