/// How well the learner recalled a card, as FSRS grades it (the integer enters the formulas).
public enum Rating: Int, Sendable, Codable, CaseIterable, CustomStringConvertible {
  /// Forgot: the card goes back to a (re)learning step.
  case again = 1
  /// Recalled with serious effort.
  case hard
  /// Recalled after a moment's thought.
  case good
  /// Recalled instantly.
  case easy

  /// Lower-case English name: `again`, `hard`, `good`, `easy` (what the REPL accepts and shows).
  public var name: String {
    switch self {
    case .again: "again"
    case .hard: "hard"
    case .good: "good"
    case .easy: "easy"
    }
  }

  /// The rating with this name (case-insensitive), or `nil`.
  public init?(name: String) {
    guard let r = Rating.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
    self = r
  }

  public var description: String { name }
}

/// Where a card is in its life: FSRS's `State` (Learning = 1, Review = 2, Relearning = 3).
public enum CardPhase: Int, Sendable, Codable, CaseIterable, CustomStringConvertible {
  /// New or still going through the learning steps.
  case learning = 1
  /// Graduated: scheduled in whole days from its stability.
  case review
  /// Lapsed from review and going through the relearning steps.
  case relearning

  /// Lower-case English name: `learning`, `review`, `relearning`.
  public var name: String {
    switch self {
    case .learning: "learning"
    case .review: "review"
    case .relearning: "relearning"
    }
  }

  public var description: String { name }
}
