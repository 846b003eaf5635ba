/// One question as the card browser shows it: its schedule, memory and history, as of one moment.
/// Built by ``CardBrowser``; matched by ``CardQueryEvaluator``; one row of `cards` and of
/// `quizline cards --json`.
public struct CardRow: Sendable, Equatable {
  public var ref: QuestionRef
  /// Its place among every question: banks by id, each in its file's order (`--sort added`).
  public var order: Int
  public var phase: CardPhaseName
  public var suspended = false
  public var buried = false
  public var leech = false
  public var flagged = false
  /// When it is next due (nil for a new card).
  public var due: Timestamp?
  /// Days from today to the due day (negative: overdue), UTC days.
  public var dueInDays: Int?
  /// Whether `review` would ask it now: scheduled, due, neither suspended nor buried.
  public var isDue = false
  /// Days from the latest review to the due instant, rounded (0 in the learning steps).
  public var intervalDays: Int?
  /// Difficulty as Anki shows it, 0…1: (D − 1) / 9.
  public var difficulty: Double?
  /// Stability in days.
  public var stability: Double?
  /// The probability of recall now.
  public var retrievability: Double?
  public var reviews = 0
  public var lapses = 0
  public var lastRating: Rating?
  public var lastAnsweredAt: Timestamp?
  public var firstReviewAt: Timestamp?

  public init(ref: QuestionRef, order: Int, phase: CardPhaseName) {
    self.ref = ref
    self.order = order
    self.phase = phase
  }

  /// What the `state` column says: suspended or buried before the phase.
  public var stateName: String { suspended ? "suspended" : buried ? "buried" : phase.rawValue }
}

/// A card's phase as the browser names it: FSRS's three, and new (never scheduled).
public enum CardPhaseName: String, Sendable, Equatable, CaseIterable {
  case new, learning, review, relearning

  init(_ card: FSRSCard?) {
    guard let card else {
      self = .new
      return
    }
    switch card.phase {
    case .learning: self = card.isNew ? .new : .learning
    case .review: self = .review
    case .relearning: self = .relearning
    }
  }
}

/// The orders of `cards --sort`.
public enum CardSort: String, Sendable, Equatable, CaseIterable {
  /// Soonest due first (new cards last).
  case due
  /// Hardest first (new cards last).
  case difficulty
  /// Least likely to be recalled first (new cards last).
  case retrievability
  /// Most lapses first.
  case lapses
  /// The banks' file order (banks by id): quizline keeps no date a card was added.
  case added

  /// Whether `a` comes before `b`; ties go by question reference, so the order is stable.
  func precedes(_ a: CardRow, _ b: CardRow) -> Bool {
    let decided: Bool? =
      switch self {
      case .due: Self.nilLast(a.due, b.due, <)
      case .difficulty: Self.nilLast(a.difficulty, b.difficulty, >)
      case .retrievability: Self.nilLast(a.retrievability, b.retrievability, <)
      case .lapses: a.lapses == b.lapses ? nil : a.lapses > b.lapses
      case .added: a.order == b.order ? nil : a.order < b.order
      }
    return decided ?? (a.ref < b.ref)
  }

  /// `first(x, y)` for two values, a value before none; nil when they tie.
  private static func nilLast<T: Comparable>(_ x: T?, _ y: T?, _ first: (T, T) -> Bool) -> Bool? {
    switch (x, y) {
    case (let x?, let y?): x == y ? nil : first(x, y)
    case (.some, nil): true
    case (nil, .some): false
    case (nil, nil): nil
    }
  }
}
