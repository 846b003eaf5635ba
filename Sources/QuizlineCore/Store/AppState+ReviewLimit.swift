/// The daily review limit (`config reviews-per-day`, Anki's "Maximum reviews/day", 200 by default):
/// how many due cards in the review phase `review` offers per UTC day, across banks. Answers to due
/// review cards count (``DayActivity/reviews``), whatever started the quiz; learning and relearning
/// steps are neither counted nor held back, as in Anki, and new cards have their own limit.
extension AppState {
  /// Due review cards `review` may still offer today (`Int.max` when unlimited).
  func reviewsLeftToday(at now: Timestamp) -> Int {
    guard let limit = progress.settings.reviewsPerDay else { return Int.max }
    return max(0, limit - (progress.days[now.dayNumber]?.reviews ?? 0))
  }

  /// The cards due now (of `bank`, or of every bank) that `review` offers, most overdue first: every
  /// card in its learning or relearning steps, and review cards up to today's remaining limit; and
  /// how many review cards the limit holds back.
  func offeredDueCards(at now: Timestamp, bank: String? = nil) -> (offered: [QuestionRef], heldBack: Int) {
    limitedByReviewsPerDay(dueCards(at: now).now.filter { bank == nil || $0.bank == bank }, at: now)
  }

  /// `due` (most overdue first) with review cards past today's remaining limit left out, and how many.
  func limitedByReviewsPerDay(_ due: [QuestionRef], at now: Timestamp) -> (offered: [QuestionRef], heldBack: Int) {
    var left = reviewsLeftToday(at: now)
    var offered: [QuestionRef] = []
    var heldBack = 0
    for ref in due {
      if progress.questions[ref]?.card?.phase == .review {
        guard left > 0 else {
          heldBack += 1
          continue
        }
        left -= 1
      }
      offered.append(ref)
    }
    return (offered, heldBack)
  }

  /// `N more due cards are held back by reviews-per-day L; config reviews-per-day M to take them
  /// today` (M: today's reviews plus every card held back), or nil when the limit holds none back.
  /// `queue` is `reviewQueue(bank:at:)`'s, when the caller has it already.
  func reviewLimitNotice(at now: Timestamp, bank: String? = nil, queue: ReviewQueue? = nil) -> String? {
    // The count `review` holds back: after sibling burying, as `reviewQueue` limits.
    let held = (queue ?? reviewQueue(bank: bank, at: now)).heldBackByLimit
    guard held > 0, let limit = progress.settings.reviewsPerDay else { return nil }
    let done = progress.days[now.dayNumber]?.reviews ?? 0
    let raised = min(100_000, max(limit, done) + held)
    let cards = held == 1 ? "1 more due card is" : "\(held) more due cards are"
    return "\(cards) held back by reviews-per-day \(limit); config reviews-per-day \(raised) to take them today"
  }
}
