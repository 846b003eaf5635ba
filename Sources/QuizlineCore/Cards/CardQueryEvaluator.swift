/// Whether a card matches a ``CardQuery``: a pure function of the query, the card's row, its
/// question and today's UTC day.
public enum CardQueryEvaluator {
  /// What a query looks at for one card.
  public struct Subject {
    public var row: CardRow
    public var question: Question
    /// The tags of the question's bank (a bank's tags are its questions' tags too, as in `cram --tags`).
    public var bankTags: [String]
    /// Today's UTC day number.
    public var today: Int64

    public init(row: CardRow, question: Question, bankTags: [String], today: Int64) {
      self.row = row
      self.question = question
      self.bankTags = bankTags
      self.today = today
    }
  }

  public static func matches(_ query: CardQuery, _ s: Subject) -> Bool {
    switch query {
    case .all: true
    case .not(let q): !matches(q, s)
    case .and(let qs): qs.allSatisfy { matches($0, s) }
    case .or(let qs): qs.contains { matches($0, s) }
    case .text(let pattern): textFields(s.question).contains { pattern.occurs(in: $0.lowercased()) }
    case .bank(let pattern): pattern.matchesWhole(s.row.ref.bank.lowercased())
    case .tag(let pattern):
      (s.question.tags + s.bankTags).contains { tag in
        let t = tag.lowercased()
        return pattern.matchesWhole(t) || isParentMatch(pattern, t)
      }
    case .state(let filter): state(filter, s.row)
    case .property(let field, let op, let value):
      property(field, s.row).map { op.holds($0, value) } ?? false
    case .rated(let days, let rating):
      within(days, s.row.lastAnsweredAt, today: s.today) && (rating == nil || s.row.lastRating == rating)
    case .introduced(let days): within(days, s.row.firstReviewAt, today: s.today)
    }
  }

  /// `tag:a` finds `a::b` (Anki's child tags): the pattern, then `::`, then anything.
  private static func isParentMatch(_ pattern: TextPattern, _ tag: String) -> Bool {
    var pieces = pattern.pieces
    pieces[pieces.count - 1] += "::"
    return TextPattern(pieces: pieces + [""]).matchesWhole(tag)
  }

  /// The texts free text is looked for in: the prompt and title, the choices and the answers
  /// (``SearchFields`` without the explanation, hint and feedback).
  static func textFields(_ q: Question) -> [String] {
    SearchFields.of(q).compactMap { field, text in
      field == "prompt" || field == "choices" || field == "answers" ? text : nil
    }
  }

  static func state(_ filter: CardStateFilter, _ row: CardRow) -> Bool {
    switch filter {
    case .new: row.phase == .new
    case .learn: row.phase == .learning || row.phase == .relearning
    case .review: row.phase == .review || row.phase == .relearning
    case .due: row.isDue
    case .suspended: row.suspended
    case .buried: row.buried
    case .leech: row.leech
    case .flagged: row.flagged
    }
  }

  /// The value of a `prop:` field, nil when the card has none (a new card has no due day or
  /// memory; no card with a missing value matches, and `-prop:…` finds them).
  static func property(_ field: CardProperty, _ row: CardRow) -> Double? {
    switch field {
    case .due: row.dueInDays.map(Double.init)
    case .ivl: row.intervalDays.map(Double.init)
    case .reps: Double(row.reviews)
    case .lapses: Double(row.lapses)
    case .d: row.difficulty
    case .s: row.stability
    case .r: row.retrievability
    }
  }

  /// Whether `time` fell within the last `days` UTC days (today is day 1).
  static func within(_ days: Int, _ time: Timestamp?, today: Int64) -> Bool {
    guard let day = time?.dayNumber else { return false }
    let (first, overflow) = today.subtractingReportingOverflow(Int64(days) - 1)
    return overflow || day >= first
  }
}
