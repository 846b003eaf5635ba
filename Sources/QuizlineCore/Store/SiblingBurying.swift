/// Which siblings `review` holds back for the day (`config bury-siblings`), as Anki's three deck
/// options: new siblings, review siblings and interday-learning siblings. Off by default, as Anki.
///
/// Siblings are the questions of one bank that share a ``Question/note``. Burying is derived, never
/// recorded: from the progress (a sibling's `lastAnsweredAt` on today's UTC day) and from the run
/// being built, so no event carries it and a later `config` change frees or holds back at once.
public struct BurySiblings: OptionSet, Sendable, Hashable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let new = BurySiblings(rawValue: 1)
  public static let review = BurySiblings(rawValue: 2)
  /// Learning or relearning cards whose current step is a day or more (Anki's interday learning).
  public static let learning = BurySiblings(rawValue: 4)
  public static let all: BurySiblings = [.new, .review, .learning]

  static let names: [(String, BurySiblings)] = [("new", .new), ("review", .review), ("learning", .learning)]

  /// Reads `off`, `all`, or a comma-separated list of `new`, `review`, `learning`.
  public init?(text: String) {
    if text == "off" || text == "none" {
      self = []
      return
    }
    if text == "all" {
      self = .all
      return
    }
    var set: BurySiblings = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let kind = Self.names.first(where: { $0.0 == part.filter { $0 != " " } })?.1 else { return nil }
      set.insert(kind)
    }
    self = set
  }

  /// `off`, or the kinds in Anki's order (`new,review,learning`).
  public var text: String {
    isEmpty ? "off" : Self.names.filter { contains($0.1) }.map(\.0).joined(separator: ",")
  }
}

/// What `review` would offer now: its due and new cards after sibling burying, and how many cards
/// burying held back (those it would have offered without it).
struct ReviewQueue: Equatable {
  var due: [QuestionRef]
  var new: [QuestionRef]
  var heldBackSiblings = 0
  /// Due review cards the daily limit (`reviews-per-day`) holds back, counted after burying.
  var heldBackByLimit = 0
  /// The new cards `review` may introduce before today's allowance and burying
  /// (`newCards(bank:at:).count`).
  var newCardsWaiting = 0
}

extension AppState {
  /// The cards `review` offers now (of one bank, or all): due cards, most overdue first (review cards
  /// up to `reviews-per-day`, after burying), then new
  /// cards in their order up to today's allowance. With `bury-siblings`, a card of an enabled kind is
  /// left out when a sibling was answered today, or when a sibling gathered before it is in this
  /// run; cards are gathered as Anki does (intraday learning, interday learning, review, new), so
  /// the earlier kind wins. Intraday learning cards are never held back.
  /// `dueNow` is `dueCards(at: now).now`, when the caller has it already.
  func reviewQueue(bank: String?, at now: Timestamp, dueNow: [QuestionRef]? = nil) -> ReviewQueue {
    let due = (dueNow ?? dueCards(at: now).now).filter { bank == nil || $0.bank == bank }
    let left = newCardsLeftToday(at: now)
    let bury = progress.settings.burySiblings
    let waiting = newCards(bank: bank, at: now)
    guard !bury.isEmpty else {
      let limited = limitedByReviewsPerDay(due, at: now)
      return ReviewQueue(
        due: limited.offered, new: Array(waiting.prefix(left)), heldBackByLimit: limited.heldBack,
        newCardsWaiting: waiting.count)
    }
    let today = now.dayNumber
    /// Each note with a card answered today, and which of its cards were (one is no sibling of itself).
    var answeredToday: [QuestionRef: Set<String>] = [:]
    for b in catalog.banks where bank == nil || b.id == bank {
      for q in b.questions {
        guard let note = q.note else { continue }
        let ref = QuestionRef(bank: b.id, question: q.id)
        if let at = progress.questions[ref]?.lastAnsweredAt, at.dayNumber == today {
          answeredToday[QuestionRef(bank: b.id, question: note), default: []].insert(q.id)
        }
      }
    }
    var gathered: Set<QuestionRef> = []
    var heldBack: Set<QuestionRef> = []
    /// Whether the card is held back; else its note counts as gathered for the cards after it.
    func holdsBack(_ ref: QuestionRef, _ kind: SiblingKind) -> Bool {
      guard let note = catalog.question(ref)?.note else { return false }
      let key = QuestionRef(bank: ref.bank, question: note)
      let buryable = kind.option.map { bury.contains($0) } ?? false
      if buryable,
        gathered.contains(key) || answeredToday[key].map({ !$0.subtracting([ref.question]).isEmpty }) ?? false
      {
        heldBack.insert(ref)
        return true
      }
      gathered.insert(key)
      return false
    }
    let kinds = due.map { SiblingKind(progress.questions[$0]?.card) }
    for kind in [SiblingKind.intradayLearning, .interdayLearning, .review] {
      for (ref, k) in zip(due, kinds) where k == kind { _ = holdsBack(ref, kind) }
    }
    var fresh: [QuestionRef] = []
    var heldNew = 0
    for ref in waiting {
      guard fresh.count < left else { break }
      if holdsBack(ref, .new) { heldNew += 1 } else { fresh.append(ref) }
    }
    let kept = due.filter { !heldBack.contains($0) }
    // The daily review limit counts the cards burying leaves, as Anki limits after burying.
    let limited = limitedByReviewsPerDay(kept, at: now)
    return ReviewQueue(
      due: limited.offered, new: fresh, heldBackSiblings: due.count - kept.count + heldNew,
      heldBackByLimit: limited.heldBack, newCardsWaiting: waiting.count)
  }
}

/// The kinds Anki gathers a day's cards in, earliest first.
enum SiblingKind: Equatable {
  case intradayLearning, interdayLearning, review, new

  /// A card's kind: new without a card; learning or relearning is interday when its current step
  /// (from its last review to its due time) is a day or more.
  init(_ card: FSRSCard?) {
    guard let card else {
      self = .new
      return
    }
    if card.phase == .review {
      self = .review
      return
    }
    let step = card.due.microseconds - (card.lastReview ?? card.due).microseconds
    self = step >= 86_400_000_000 ? .interdayLearning : .intradayLearning
  }

  /// The switch that buries this kind (none for intraday learning, which is never buried).
  var option: BurySiblings? {
    switch self {
    case .intradayLearning: nil
    case .interdayLearning: .learning
    case .review: .review
    case .new: .new
    }
  }
}
