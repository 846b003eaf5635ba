/// An ``FSRSCard`` as the logs keep it: the same fields in 48 bytes instead of 80 (a log holds one
/// per review, a million on a long history), equal exactly when the cards are equal.
struct CardKey: Sendable, Equatable {
  private var stability: Double
  private var difficulty: Double
  private var due: Int64
  private var lastReview: Int64
  private var step: Int
  /// Which of the optional fields are present (1 stability, 2 difficulty, 4 last review, 8 step);
  /// an absent one is stored as 0, so two cards are equal exactly when every field is.
  private var present: UInt8
  private var phase: CardPhase

  /// A step of an imported history whose card state is not kept: equal to no card `apply` leaves.
  static let imported = CardKey()

  private init() {
    stability = 0
    difficulty = 0
    due = 0
    lastReview = 0
    step = 0
    present = 0xFF
    phase = .learning
  }

  /// The card this key was made of (nil for ``imported``).
  var card: FSRSCard? {
    guard self != .imported else { return nil }
    return FSRSCard(
      phase: phase, step: present & 8 == 0 ? nil : step, stability: present & 1 == 0 ? nil : stability,
      difficulty: present & 2 == 0 ? nil : difficulty, due: Timestamp(microseconds: due),
      lastReview: present & 4 == 0 ? nil : Timestamp(microseconds: lastReview))
  }

  init(_ card: FSRSCard) {
    stability = card.stability ?? 0
    difficulty = card.difficulty ?? 0
    due = card.due.microseconds
    lastReview = card.lastReview?.microseconds ?? 0
    step = card.step ?? 0
    present =
      (card.stability == nil ? 0 : 1) | (card.difficulty == nil ? 0 : 2) | (card.lastReview == nil ? 0 : 4)
      | (card.step == nil ? 0 : 8)
    phase = card.phase
  }
}
