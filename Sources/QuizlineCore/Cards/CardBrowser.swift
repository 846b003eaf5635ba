/// The card browser's selection: every question of the catalog as a ``CardRow``, those a
/// ``CardQuery`` matches, in a ``CardSort`` order. One home for `cards`, the bulk card actions and
/// `review --query`.
public enum CardBrowser {
  /// What a query found: the matching rows in order, and how many questions were looked at.
  public struct Selection: Sendable, Equatable {
    public var rows: [CardRow]
    public var total: Int
  }

  /// The rows of the questions that match `query`, sorted by `sort` (ties by question reference).
  public static func select(_ state: AppState, _ query: CardQuery, sort: CardSort, at now: Timestamp) -> Selection {
    let scheduler = FSRSScheduler(settings: state.progress.settings.scheduler)
    let today = now.dayNumber
    var rows: [CardRow] = []
    var order = 0
    for bank in state.catalog.banks {
      for question in bank.questions {
        let ref = QuestionRef(bank: bank.id, question: question.id)
        let row = self.row(ref, order: order, state.progress.questions[ref], scheduler, now: now)
        order += 1
        let subject = CardQueryEvaluator.Subject(row: row, question: question, bankTags: bank.tags, today: today)
        if CardQueryEvaluator.matches(query, subject) { rows.append(row) }
      }
    }
    if sort != .added { rows.sort(by: sort.precedes) }
    return Selection(rows: rows, total: order)
  }

  /// One question's row at `now`.
  static func row(
    _ ref: QuestionRef, order: Int, _ progress: QuestionProgress?, _ scheduler: FSRSScheduler, now: Timestamp
  ) -> CardRow {
    var row = CardRow(ref: ref, order: order, phase: CardPhaseName(progress?.card))
    guard let p = progress else { return row }
    row.suspended = p.suspended
    row.buried = p.isBuried(at: now)
    row.leech = p.leech
    row.flagged = p.flagged
    row.reviews = p.reps
    row.lapses = p.lapses
    row.lastRating = p.lastRating
    row.lastAnsweredAt = p.lastAnsweredAt
    row.firstReviewAt = p.firstReviewAt
    guard let card = p.card, row.phase != .new else { return row }
    row.due = card.due
    row.dueInDays = Int(card.due.dayNumber - now.dayNumber)
    row.isDue = card.due <= now && !row.suspended && !row.buried
    if let last = card.lastReview {
      let micros = Double(card.due.microseconds) - Double(last.microseconds)
      row.intervalDays = max(0, Int(saturating: (micros / 86_400_000_000).rounded()))
    }
    row.difficulty = card.difficulty.map { min(1, max(0, ($0 - 1) / 9)) }
    row.stability = card.stability
    if card.stability != nil { row.retrievability = scheduler.retrievability(of: card, at: now) }
    return row
  }

  /// A question as one line of the browser: its title, else its prompt, with runs of white space
  /// (line breaks too) made one space.
  public static func questionLine(_ question: Question) -> String {
    let text = question.title ?? question.prompt
    var out = ""
    var pendingSpace = false
    for ch in text {
      if ch.isWhitespace {
        pendingSpace = !out.isEmpty
        continue
      }
      if pendingSpace { out.append(" ") }
      pendingSpace = false
      out.append(ch)
    }
    return out
  }
}
