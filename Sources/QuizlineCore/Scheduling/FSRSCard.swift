/// One card's FSRS memory and schedule: what the scheduler reads and returns (py-fsrs's `Card`
/// without its id).
///
/// A value type with no identity: the caller keys it by question. Encoded with the keys `phase`
/// (1 learning, 2 review, 3 relearning), `step`, `stability`, `difficulty`, `due`, `lastReview`;
/// keys whose value is `nil` are left out.
public struct FSRSCard: Sendable, Equatable, Codable {
  /// Learning, review or relearning.
  public internal(set) var phase: CardPhase
  /// Index into the (re)learning steps; `nil` exactly when `phase` is `.review`.
  public var step: Int?
  /// Stability in days (the interval at which recall probability falls to 90%); `nil` before the
  /// first review.
  public var stability: Double?
  /// Difficulty in 1…10; `nil` before the first review.
  public var difficulty: Double?
  /// When the card is next due.
  public var due: Timestamp
  /// When it was last reviewed; `nil` for a new card.
  public var lastReview: Timestamp?

  public init(
    phase: CardPhase, step: Int?, stability: Double?, difficulty: Double?, due: Timestamp,
    lastReview: Timestamp?
  ) {
    self.phase = phase
    self.step = step
    self.stability = stability
    self.difficulty = difficulty
    self.due = due
    self.lastReview = lastReview
  }

  /// A card never reviewed: learning, step 0, no memory state, due at `at`.
  public static func new(at: Timestamp) -> FSRSCard {
    FSRSCard(phase: .learning, step: 0, stability: nil, difficulty: nil, due: at, lastReview: nil)
  }

  /// Whether the card has never been reviewed.
  var isNew: Bool { lastReview == nil && stability == nil }

  /// Whether the card is due at `now` (its due instant has come).
  func isDue(at now: Timestamp) -> Bool { due <= now }

  enum CodingKeys: String, CodingKey {
    case phase, step, stability, difficulty, due, lastReview
  }
}
