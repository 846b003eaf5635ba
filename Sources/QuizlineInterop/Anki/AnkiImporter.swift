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
  /// Warnings about cards that could not be converted.
  public var diagnostics: [Diagnostic]
  let package: AnkiPackage

  /// The bytes of the media file with this original name.
  public func mediaData(_ original: String) throws(PackageError) -> [UInt8] {
    guard let m = package.media.first(where: { $0.name == original }) else {
      throw PackageError("no media file \(quoted(original))")
    }
    return try package.mediaData(m.entry)
  }
}

/// Reads Anki packages (`.apkg`, `.colpkg`). Banks: each deck (`French::Verbs`) becomes a bank
/// (`french-verbs`, prefixed `ID-` with `bankPrefix`), tagged with its levels; Anki tags become tags.
/// Question ids are `<16 hex digits of the note GUID's FNV-1a hash>-<card ordinal + 1>`, so a
/// re-imported deck keeps the ids of its notes and an edited note updates its question.
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
    let package = try AnkiPackage(bytes: bytes, limits: limits)
    let col = package.collection
    let mediaNames = AnkiMedia.safeNames(package.media.map(\.name))
    let converter = AnkiCardConverter(typedCloze: typedCloze, mediaNames: mediaNames)
    let notes = Dictionary(col.notes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var byDeck: [Int64: (bank: Bank, notes: [ConversionNote])] = [:]
    var bankIDs: [Int64: String] = [:]
    var usedBankIDs = UniqueIDs()
    var refs: [Int64: QuestionRef] = [:]
    var suspended: [QuestionRef] = []
    var takenIDs: Set<QuestionRef> = []
    var diagnostics: [Diagnostic] = []
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
        diagnostics.append(
          Diagnostic(.warning, path: path, "card \(card.id): its note or note type is missing; left out"))
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
        diagnostics.append(
          Diagnostic(.warning, path: path, "note \(note.id) card \(card.ord + 1): \(e.message); left out"))
      case .success(let c):
        let deckParts = col.decks[card.deck] ?? []
        var tags = Self.tags(deckParts.map { Slug.make($0) } + note.tags.map { Slug.make($0) })
        if tags.count > 50 { tags = Array(tags.prefix(50)) }
        let question = Question(id: id, prompt: c.prompt, explanation: c.explanation, tags: tags, body: c.body)
        if let problem = StorableCheck.problem(question) {
          diagnostics.append(
            Diagnostic(.warning, path: path, "note \(note.id) card \(card.ord + 1): \(problem); left out"))
          continue
        }
        guard takenIDs.insert(QuestionRef(bank: bankID, question: id)).inserted else { continue }
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
    var reviews: [ImportedReview] = []
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
      banks: banks, media: package.media.map { (mediaNames[$0.name] ?? AnkiMedia.safeName($0.name), $0.name) },
      reviews: reviews, suspended: suspended, skippedReviews: skipped, packageVersion: package.version,
      diagnostics: diagnostics, package: package)
  }

  /// A note's question id: the GUID hashed (FNV-1a, 64 bits, hex) and the card ordinal + 1; a note
  /// quizline exported keeps the id in its GUID.
  public static func questionID(guid: String, ord: Int) -> String {
    // A note quizline exported (`quizline:BANK/QUESTION`) comes back under its own id.
    if ord == 0, guid.hasPrefix("quizline:"), let slash = guid.firstIndex(of: "/") {
      let id = String(guid[guid.index(after: slash)...])
      if Identifier.isValid(id) { return id }
    }
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in guid.utf8 {
      h ^= UInt64(b)
      h = h &* 0x100_0000_01b3
    }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex + "-\(ord + 1)"
  }

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
