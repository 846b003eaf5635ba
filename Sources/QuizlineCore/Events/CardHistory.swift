/// One card's history as the one fold kept it (``ReviewHistoryCollector`` following the question):
/// what `info` shows under the card's current state. Rows are oldest first.
public struct CardHistory: Sendable, Equatable {
  public var question: QuestionRef
  /// When this profile first met the question: its first answer of any kind (a quiz, practice, a
  /// review, on any device) or its first imported review; nil when never answered.
  public var firstSeen: Timestamp?
  public var rows: [Row]

  public init(question: QuestionRef, firstSeen: Timestamp? = nil, rows: [Row] = []) {
    self.question = question
    self.firstSeen = firstSeen
    self.rows = rows
  }

  /// One line of the log: a review, or the card sent back to new.
  public struct Row: Sendable, Equatable {
    public var at: Timestamp
    public var kind: Kind
    /// The device whose event it was (its tag, ``DeviceSequence``; 0 for a single journal).
    public var device: Int
    /// Time spent answering, in seconds (0 for a reset).
    public var seconds: Double

    public init(at: Timestamp, kind: Kind, device: Int, seconds: Double = 0) {
      self.at = at
      self.kind = kind
      self.device = device
      self.seconds = seconds
    }
  }

  public enum Kind: Sendable, Equatable {
    /// A rated review: the phase the card was in before it (nil: new), and the card `apply` left;
    /// `imported` names the source of another tool's review log (`anki:Deck.apkg`).
    case review(Rating, phaseBefore: CardPhase?, after: FSRSCard, imported: String?)
    /// `reset` (of its bank or session) cleared the card: back to new, its log kept above.
    case reset
    /// `forget`: back to new by hand (Anki's "Reset"), its log and counts kept.
    case forgotten
    /// `reschedule`: a due date set by hand (Anki's "Manual" row), the card as it left it.
    case rescheduled(after: FSRSCard)
  }

  /// The rated reviews.
  public var reviews: [(at: Timestamp, rating: Rating, seconds: Double)] {
    rows.compactMap { row in
      if case .review(let rating, _, _, _) = row.kind { return (row.at, rating, row.seconds) }
      return nil
    }
  }

  /// Reviews rated `again` while the card was in review: lapses, as Anki counts them.
  public var lapses: Int {
    rows.count { row in
      if case .review(.again, .review?, _, _) = row.kind { return true }
      return false
    }
  }
}
