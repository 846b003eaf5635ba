import QuizlineCore

/// A question's schedule as Anki writes it: its review log rows and its card's columns, derived from
/// the FSRS card before and after each review, the way Anki's scheduler fills them in when a card is
/// answered (rslib `scheduler/answering`):
///
/// - revlog `type` is the card's state *before* the answer: 0 learning (a new card too), 1 review,
///   2 relearning. quizline has no filtered decks, so 3 (filtered) is never written; nor are 4/5
///   (manual, rescheduled: quizline logs no such entries).
/// - `ivl` is the interval the answer gave, `lastIvl` the one the card had: whole days for a review
///   card, minus the seconds of a (re)learning step, and, as Anki's `maybe_as_days`, a step that
///   reaches past the day's end counts in days (`(secs - secsUntilRollover) / 86400 + 1`); 0 for a
///   new card. quizline's day ends at midnight UTC.
/// - revlog `factor`: under FSRS, Anki (26.9) logs the difficulty after the answer,
///   `round(100 + 1000 × (D − 1) / 9)` (100 for D = 1, 1100 for D = 10), learning answers included.
/// - the card's `factor` stays Anki's SM-2 ease, which Anki keeps under FSRS too: 0 until the card
///   graduates, 2500 then, −200 for again, −150 for hard, +150 for easy on a review card (at least
///   1300), unchanged by relearning answers.
/// - the card: `reps` its reviews, `lapses` its review-card agains, `type` 0 new / 1 learning /
///   2 review / 3 relearning, `queue` the same (3 for a step due on a later day), −1 suspended, −3
///   buried (by hand: quizline's `bury`); `due` a day number from the collection's creation for review and interday cards, epoch
///   seconds for a step due today; `ivl` its days (a relearning card's is the interval its stability
///   gives at 90 % retention, as Anki's FSRS lapse interval); `left` the steps still to go.
struct AnkiSchedule {
  /// One review-log row (the columns of Anki's `revlog` other than `cid` and `usn`).
  struct RevlogRow: Equatable {
    var id: Int64
    var ease: Int64
    var ivl: Int64
    var lastIvl: Int64
    var factor: Int64
    var time: Int64
    var type: Int64
  }

  /// A card's scheduling columns.
  struct CardColumns: Equatable {
    var type: Int64 = 0
    var queue: Int64 = 0
    var due: Int64 = 0
    var ivl: Int64 = 0
    var factor: Int64 = 0
    var reps: Int64 = 0
    var lapses: Int64 = 0
    var left: Int64 = 0
    var data = "{}"
  }

  static let dayMicros: Int64 = 86_400_000_000

  static func day(_ t: Timestamp) -> Int64 {
    t.microseconds >= 0 ? t.microseconds / dayMicros : -((-t.microseconds + dayMicros - 1) / dayMicros)
  }

  /// The interval `card` was given, as Anki logs it: days, or minus seconds for a step (in days when
  /// it reaches past the end of the day `at` falls in); 0 for no card.
  static func revlogInterval(_ card: FSRSCard?, at: Timestamp) -> Int64 {
    guard let card, let last = card.lastReview else { return 0 }
    let span = card.due.microseconds - last.microseconds
    if card.phase == .review { return max(0, (span + dayMicros / 2) / dayMicros) }
    let secs = max(0, span / 1_000_000)
    let untilRollover = ((day(at) + 1) * dayMicros - at.microseconds) / 1_000_000
    return secs >= untilRollover ? (secs - untilRollover) / 86_400 + 1 : -secs
  }

  /// Anki's revlog `factor` under FSRS: the difficulty after the answer, shifted to 100…1100.
  static func revlogFactor(_ card: FSRSCard) -> Int64 {
    guard let d = card.difficulty else { return 0 }
    return Int64((100 + 1000 * (d - 1) / 9).rounded())
  }

  /// The review-log rows of one question's reviews (ids as `id` gives them), and its card columns.
  /// `card` is the card progress keeps (nil: new), `crtDay` the collection's creation day.
  static func derive(
    _ log: [LoggedReview], card: FSRSCard?, suspended: Bool, buried: Bool, counts: (reps: Int, lapses: Int)? = nil,
    position: Int64, crtDay: Int64,
    steps: (learning: Int, relearning: Int), id: (Timestamp) -> Int64
  ) -> (rows: [RevlogRow], card: CardColumns) {
    var rows: [RevlogRow] = []
    var ease: Int64?
    var lapses: Int64 = 0
    for entry in log {
      let before = entry.before
      let r = entry.review
      guard let after = entry.after else { continue }
      let type: Int64
      switch before?.phase {
      case nil, .learning?: type = 0
      case .review?: type = 1
      case .relearning?: type = 2
      }
      if before?.phase == .review {
        if r.rating == .again { lapses += 1 }
        let delta: Int64
        switch r.rating {
        case .again: delta = -200
        case .hard: delta = -150
        case .good: delta = 0
        case .easy: delta = 150
        }
        ease = max(1300, (ease ?? 2500) + delta)
      } else if after.phase != .learning, ease == nil {
        ease = 2500
      }
      rows.append(
        RevlogRow(
          id: id(r.at), ease: Int64(r.rating.rawValue), ivl: revlogInterval(after, at: r.at),
          lastIvl: revlogInterval(before, at: r.at), factor: revlogFactor(after),
          time: Int64(min(max(r.milliseconds, 0), 60_000)), type: type))
    }
    var c = CardColumns(
      due: position, reps: Int64(counts?.reps ?? log.count), lapses: Int64(counts?.lapses ?? Int(lapses)))
    if let card, let last = card.lastReview {
      c.factor = ease ?? (card.phase == .learning ? 0 : 2500)
      let dueDay = day(card.due) - crtDay
      switch card.phase {
      case .review:
        (c.type, c.queue, c.due) = (2, 2, dueDay)
        c.ivl = max(1, (card.due.microseconds - last.microseconds + dayMicros / 2) / dayMicros)
      case .learning, .relearning:
        c.type = card.phase == .learning ? 1 : 3
        let interday = day(card.due) > day(last)
        (c.queue, c.due) = interday ? (3, dueDay) : (1, card.due.microseconds / 1_000_000)
        let count = card.phase == .learning ? steps.learning : steps.relearning
        c.left = Int64(max(0, count - (card.step ?? 0)))
        if card.phase == .relearning, let s = card.stability { c.ivl = max(1, Int64(s.rounded())) }
      }
      if let s = card.stability, let d = card.difficulty {
        c.data = "{\"s\":\(s),\"d\":\(d),\"lrt\":\(last.microseconds / 1_000_000)}"
      }
    }
    if suspended {
      c.queue = -1
    } else if buried {
      c.queue = -3
    }
    return (rows, c)
  }
}
