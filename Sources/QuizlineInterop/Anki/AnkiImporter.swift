import Foundation
import QuizlineCore
import QuizlineFormats

/// What an Anki package became: one bank per deck, the media to copy, and the review history.
public struct AnkiImport {
  /// One result per deck that has cards, in deck-name order.
  public var banks: [ImportResult]
  /// Media files: the safe name to write and the original name in the package.
  public var media: [(safeName: String, original: String)]
  /// The review log as quizline reviews (manual and rescheduling entries left out).
  public var reviews: [ImportedReview]
  /// Questions whose card is suspended or buried.
  public var suspended: [QuestionRef]
  /// Review-log rows left out: manual or rescheduling entries, or reviews of cards not imported.
  public var skippedReviews: Int
  /// 1 (`collection.anki2`), 2 (`collection.anki21`), 3 (`collection.anki21b`).
  public var packageVersion: Int
  /// One error for each card left out and each note without a card, naming it and why.
  public var diagnostics: [Diagnostic]
  /// How much the errors left out.
  public var leftOut: AnkiLeftOut
  /// The package's media files (the collection is not kept once the import is made).
  let packageMedia: AnkiPackageMedia

  /// The bytes of the media file with this original name, read from the package now.
  public func mediaData(_ original: String) throws(PackageError) -> [UInt8] {
    guard let m = packageMedia.byName[original].map({ packageMedia.files[$0] }) else {
      throw PackageError("no media file \(quoted(original))")
    }
    return try packageMedia.data(m.entry)
  }
}

/// What an Anki import left out: every card that became no question and every note without a card,
/// each also an error in ``AnkiImport/diagnostics``.
public struct AnkiLeftOut: Sendable, Equatable {
  /// Cards that became no question (their note or note type missing, no template, an empty front,
  /// text quizline cannot store, or a question id another note's card took).
  public var cards = 0
  /// The notes those cards belong to, each counted once.
  public var notes = 0
  /// Notes without any card (Anki shows them nowhere either).
  public var notesWithoutCards = 0

  public var isEmpty: Bool { cards == 0 && notesWithoutCards == 0 }
}

/// Reads Anki packages (`.apkg`, `.colpkg`). Banks: each deck (`French::Verbs`) becomes a bank
/// (`french-verbs`, prefixed `ID-` with `bankPrefix`), tagged with its levels; Anki tags become tags.
/// Question ids are `<16 hex digits of the note GUID's FNV-1a hash>-<card ordinal + 1>`, so a
/// re-imported deck keeps the ids of its notes and an edited note updates its question. Every card
/// that cannot become a question is an error (located at its note and card) and counted in
/// ``AnkiImport/leftOut``; nothing is left out silently.
public struct AnkiImporter {
  public var typedCloze: Bool
  public var bankPrefix: String?
  public var limits: ZipLimits

  public init(typedCloze: Bool = false, bankPrefix: String? = nil, limits: ZipLimits = .default) {
    self.typedCloze = typedCloze
    self.bankPrefix = bankPrefix
    self.limits = limits
  }

  public func read(bytes: [UInt8], path: String) throws(PackageError) -> AnkiImport {
    try read(source: bytes, path: path)
  }

  /// The package in `source` (a file read at offsets: its media are read when asked for).
  public func read(source: any ZipSource, path: String) throws(PackageError) -> AnkiImport {
    try read(source: source, path: path, checkingEachQuestion: false)
  }

  /// With `checkingEachQuestion` false, the converted questions are checked by decks
  /// (``StorableCheck/allPass(_:batch:)``) instead of one by one; when a deck's check fails, the whole
  /// package is read again checking each question alone, so the result is the same either way (a card
  /// whose question id is taken is still checked alone first, as its error says why it cannot be stored
  /// before saying its id is taken). `AnkiFastPathTests` compares the two.
  func read(source: any ZipSource, path: String, checkingEachQuestion: Bool) throws(PackageError) -> AnkiImport {
    let package = try AnkiPackage(source: source, limits: limits)
    let col = package.collection
    let mediaNames = AnkiMedia.safeNames(package.media.files.map(\.name))
    let converter = AnkiCardConverter(
      typedCloze: typedCloze, mediaNames: mediaNames, mediaFolder: Self.mediaFolder(for: path))
    var notetypeNotes: [Int64: [(ConversionNote.Kind, String)]] = [:]
    let notes = Dictionary(col.notes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var byDeck: [Int64: (bank: Bank, notes: [ConversionNote])] = [:]
    var bankIDs: [Int64: String] = [:]
    var usedBankIDs = UniqueIDs()
    var refs: [Int64: QuestionRef] = [:]
    var suspended: [QuestionRef] = []
    /// Each question id taken, and the note whose card took it.
    var takenIDs: [QuestionRef: AnkiCollection.Note] = [:]
    var diagnostics: [Diagnostic] = []
    var leftOut = AnkiLeftOut()
    var notesLeftOut: Set<Int64> = []
    func leaveOut(_ card: AnkiCollection.Card, note: AnkiCollection.Note?, _ why: String) {
      let which = note.map { "note \($0.id) card \(card.ord + 1)" } ?? "card \(card.id)"
      diagnostics.append(Diagnostic(.error, path: path, "\(which): \(why); left out"))
      leftOut.cards += 1
      if let note { notesLeftOut.insert(note.id) }
    }
    for deck in col.decks.keys.sorted(by: {
      (col.decks[$0] ?? []).joined(separator: "\u{1F}") < (col.decks[$1] ?? []).joined(separator: "\u{1F}")
    }) {
      let parts = col.decks[deck] ?? []
      var base = Slug.make(parts.joined(separator: " "))
      if let prefix = bankPrefix { base = Slug.withSuffix(prefix, base.isEmpty ? "deck" : base) }
      bankIDs[deck] = usedBankIDs.claim(base, fallback: "anki-deck")
    }
    for card in col.cards {
      guard let note = notes[card.note], let nt = col.notetypes[note.notetype] else {
        leaveOut(card, note: nil, "its note or note type is missing")
        continue
      }
      let deckID = bankIDs[card.deck] != nil ? card.deck : Int64.min
      if bankIDs[deckID] == nil {
        bankIDs[deckID] = usedBankIDs.claim(bankPrefix ?? "anki-deck", fallback: "anki-deck")
      }
      let bankID = bankIDs[deckID]!
      let id = Self.questionID(guid: note.guid, ord: card.ord)
      switch converter.convert(note: note, type: nt, ord: card.ord) {
      case .failure(let e):
        leaveOut(card, note: note, e.message)
      case .success(var c):
        if notetypeNotes[nt.id] == nil { notetypeNotes[nt.id] = AnkiNotetypeReport.notes(nt) }
        c.notes += notetypeNotes[nt.id] ?? []
        let deckParts = col.decks[card.deck] ?? []
        var tags = Self.tags(deckParts.map { Slug.make($0) } + note.tags.map { Slug.make($0) })
        if tags.count > Self.maxTags {
          c.notes.append((.tagsDropped, "only the first \(Self.maxTags) of its \(tags.count) tags kept"))
          tags = Array(tags.prefix(Self.maxTags))
        }
        let question = Question(
          id: id, prompt: c.prompt, explanation: c.explanation, hint: c.hint, tags: tags,
          note: Self.noteID(guid: note.guid),
          body: c.body)
        let taken = takenIDs[QuestionRef(bank: bankID, question: id)] != nil
        if checkingEachQuestion || taken, let problem = StorableCheck.problem(question) {
          leaveOut(card, note: note, problem)
          continue
        }
        if let other = takenIDs[QuestionRef(bank: bankID, question: id)] {
          let same =
            other.guid == note.guid
            ? "its note has the same GUID (\(quoted(note.guid))) as note \(other.id)"
            : "its question id \(quoted(id)) is the one note \(other.id)'s card has"
          leaveOut(card, note: note, same)
          continue
        }
        takenIDs[QuestionRef(bank: bankID, question: id)] = note
        if byDeck[deckID] == nil {
          byDeck[deckID] = (
            Bank(
              id: bankID, title: Self.title(deckParts),
              description: "Imported from \(ImportNaming.fileName(path)) (Anki).",
              tags: Self.tags(deckParts.map { Slug.make($0) }), questions: []), []
          )
        }
        // Appended in place: copying the deck's questions for each card would be quadratic.
        byDeck[deckID]!.bank.questions.append(question)
        var seen: Set<String> = []
        for (kind, detail) in c.notes where seen.insert(detail).inserted {
          byDeck[deckID]!.notes.append(ConversionNote(kind, line: 0, questionID: id, detail))
        }
        let ref = QuestionRef(bank: bankID, question: id)
        refs[card.id] = ref
        if card.queue < 0 { suspended.append(ref) }
      }
    }
    if !checkingEachQuestion, !byDeck.values.allSatisfy({ StorableCheck.allPass($0.bank.questions) }) {
      return try read(source: source, path: path, checkingEachQuestion: true)
    }
    leftOut.notes = notesLeftOut.count
    let withCards = Set(col.cards.map(\.note))
    for note in col.notes where !withCards.contains(note.id) {
      diagnostics.append(Diagnostic(.error, path: path, "note \(note.id) has no card; left out"))
      leftOut.notesWithoutCards += 1
    }
    var reviews: [ImportedReview] = []
    // Sized once: grown by doubling, 500,000 reviews held up to twice their size while copied (issue 36).
    reviews.reserveCapacity(try col.reviewCount())
    var skipped = 0
    try col.forEachReview { r in
      guard let ref = refs[r.card], (1...4).contains(r.ease), r.type != 4, r.type != 5,
        let rating = Rating(rawValue: r.ease)
      else {
        skipped += 1
        return
      }
      reviews.append(
        ImportedReview(
          question: ref, at: Timestamp(microseconds: r.id.multipliedReportingOverflow(by: 1000).partialValue),
          rating: rating, milliseconds: Int(clamping: max(0, min(r.time, 86_400_000)))))
    }
    let banks = byDeck.values.sorted { $0.bank.id < $1.bank.id }.map {
      ImportResult(bank: $0.bank, notes: $0.notes)
    }
    return AnkiImport(
      banks: banks, media: package.media.files.map { (mediaNames[$0.name] ?? AnkiMedia.safeName($0.name), $0.name) },
      reviews: reviews, suspended: suspended, skippedReviews: skipped, packageVersion: package.version,
      diagnostics: diagnostics, leftOut: leftOut, packageMedia: package.media)
  }

  /// A note's id, shared by all its cards (siblings): the 16 hex digits of the GUID's hash that
  /// begin its questions' ids; a note quizline exported (`quizline:BANK/NOTE/…`, see ``quizlineGUID(_:)``)
  /// keeps its own.
  public static func noteID(guid: String) -> String {
    quizlineGUID(guid)?.first ?? guidHash(guid)
  }

  /// The ids a GUID quizline's export wrote holds: `quizline:BANK/QUESTION` (a question that is its
  /// own note) gives `[QUESTION]`, `quizline:BANK/NOTE/ID1/ID2…` gives `[NOTE, ID1, ID2, …]` (the
  /// question of each card ordinal after the note); nil for any other GUID.
  static func quizlineGUID(_ guid: String) -> [String]? {
    guard guid.hasPrefix("quizline:"), let slash = guid.firstIndex(of: "/") else { return nil }
    let ids = guid[guid.index(after: slash)...].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard ids.allSatisfy(Identifier.isValid) else { return nil }
    return ids
  }

  /// The GUID hashed (FNV-1a, 64 bits), as 16 hex digits.
  static func guidHash(_ guid: String) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in guid.utf8 {
      h ^= UInt64(b)
      h = h &* 0x100_0000_01b3
    }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// A note's question id: the GUID hashed (FNV-1a, 64 bits, hex) and the card ordinal + 1; a note
  /// quizline exported keeps the ids in its GUID (``quizlineGUID(_:)``).
  public static func questionID(guid: String, ord: Int) -> String {
    if let ids = quizlineGUID(guid) {
      if ids.count == 1, ord == 0 { return ids[0] }
      if ids.count > 1, ord >= 0, ord + 1 < ids.count { return ids[ord + 1] }
    }
    return guidHash(guid) + "-\(ord + 1)"
  }

  /// The most tags a question gets (its deck's levels first, then the note's tags).
  static let maxTags = 50

  /// The folder beside the banks that receives a package's media: `deck-media` for `path/Deck.apkg`.
  public static func mediaFolder(for path: String) -> String {
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let slug = Slug.make(name)
    return (slug.isEmpty ? "anki" : slug) + "-media"
  }

  /// `A::B`, without control characters; "Anki deck" when nothing is left.
  static func title(_ parts: [String]) -> String {
    let t = removingControlCharacters(parts.joined(separator: "::")).trimmingCharacters(in: .whitespaces)
    return t.isEmpty ? "Anki deck" : t
  }

  private static func tags(_ list: [String]) -> [String] {
    var seen: Set<String> = []
    return list.filter { !$0.isEmpty && seen.insert($0).inserted }
  }
}
