/// Review history brought in from another tool (an Anki review log): one `historyImported` event
/// holds every review of the import, so the journal gains one line however long the log.
public struct HistoryImport: Sendable, Equatable {
  /// Where the history came from (`anki:Deck.apkg`), for people reading the journal.
  public var source: String
  /// The reviews, grouped by question and in time order within each question.
  public var reviews: [ImportedReview]
  /// Questions whose card is suspended or buried in the other tool: suspended (not due, not new);
  /// their flags stay the learner's own.
  public var suspended: [QuestionRef]
  /// Questions suspended by an earlier import that the other tool no longer suspends.
  public var resumed: [QuestionRef]

  public init(
    source: String, reviews: [ImportedReview], suspended: [QuestionRef] = [], resumed: [QuestionRef] = []
  ) {
    self.source = source
    self.reviews = reviews
    self.suspended = suspended
    self.resumed = resumed
  }
}

/// One review of the other tool's log.
public struct ImportedReview: Sendable, Equatable {
  public var question: QuestionRef
  /// When it happened; kept to the millisecond (an Anki review's id is its epoch milliseconds).
  public var at: Timestamp
  public var rating: Rating
  /// Time spent, in milliseconds.
  public var milliseconds: Int

  public init(question: QuestionRef, at: Timestamp, rating: Rating, milliseconds: Int) {
    self.question = question
    self.at = at
    self.rating = rating
    self.milliseconds = milliseconds
  }
}

extension HistoryImport {
  /// Appends the event's members after the line's `seq`, `at` and `type`: `"source":…,"reviews":[…],
  /// "suspended":[…],"resumed":[…]`, each review `[question, epoch ms, rating 1–4, ms spent]`. Written
  /// review by review, as ``JSONText`` would write them: a long log is never built as a tree first
  /// (issue 36; `ProgressBytesTests` holds the tree it was).
  func writeJournalMembers(to out: inout [UInt8]) {
    JSONText.writeString("source", to: &out)
    out.append(0x3A)
    JSONText.writeString(source, to: &out)
    out.append(0x2C)
    JSONText.writeString("reviews", to: &out)
    out.append(contentsOf: [0x3A, 0x5B])
    out.reserveCapacity(out.count + 48 * reviews.count)
    var question: QuestionRef?
    var written: [UInt8] = []
    for (k, r) in reviews.enumerated() {
      if k > 0 { out.append(0x2C) }
      out.append(0x5B)
      // The reviews come grouped by question: each question's text is escaped once.
      if r.question != question {
        question = r.question
        written.removeAll(keepingCapacity: true)
        JSONText.writeString(r.question.description, to: &written)
      }
      out.append(contentsOf: written)
      out.append(0x2C)
      JSONText.writeInt(Self.floorDiv(r.at.microseconds, 1000), to: &out)
      out.append(0x2C)
      JSONText.writeInt(Int64(r.rating.rawValue), to: &out)
      out.append(0x2C)
      JSONText.writeInt(Int64(r.milliseconds), to: &out)
      out.append(0x5D)
    }
    out.append(contentsOf: [0x5D, 0x2C])
    JSONText.writeString("suspended", to: &out)
    out.append(0x3A)
    JSONText.array(suspended.map { .string($0.description) }).write(to: &out, pretty: false, indent: 0)
    out.append(0x2C)
    JSONText.writeString("resumed", to: &out)
    out.append(0x3A)
    JSONText.array(resumed.map { .string($0.description) }).write(to: &out, pretty: false, indent: 0)
  }

  static func decode(_ fields: FieldMap) throws(EventCoding.DecodeError) -> HistoryImport {
    guard let list = fields.value("reviews"), list.kind == .array else {
      throw EventCoding.DecodeError(message: "missing or non-array \"reviews\"")
    }
    var reviews: [ImportedReview] = []
    reviews.reserveCapacity(list.elements.count)
    for item in list.elements {
      let parts = item.elements
      guard item.kind == .array, parts.count == 4, let ref = parts[0].string, let ms = parts[1].int,
        let r = parts[2].int, let rating = Rating(rawValue: r), let spent = parts[3].int,
        ProgressLimits.count.contains(spent), abs(ms) < 1 << 52
      else {
        throw EventCoding.DecodeError(message: "\"reviews\" must hold [question, epoch ms, rating 1-4, ms spent]")
      }
      reviews.append(
        ImportedReview(
          question: try EventCoding.ref(ref), at: Timestamp(microseconds: Int64(ms) * 1000), rating: rating,
          milliseconds: spent))
    }
    let refs = { (key: String) throws(EventCoding.DecodeError) -> [QuestionRef] in
      guard fields.value(key) != nil else { return [] }
      return try fields.strings(key).map { (t: String) throws(EventCoding.DecodeError) -> QuestionRef in
        try EventCoding.ref(t)
      }
    }
    return HistoryImport(
      source: try fields.string("source"), reviews: reviews, suspended: try refs("suspended"),
      resumed: try refs("resumed"))
  }

  /// The card after one imported review taken: replayed unfuzzed from the card before (a new card
  /// when there is none). The one rule `applyImportedHistory` folds with (through
  /// ``LearnerProgress/importedReview(_:_:scheduler:)``, which first skips a review already taken)
  /// and the review history follows.
  static func scheduled(_ card: FSRSCard?, _ review: ImportedReview, _ scheduler: FSRSScheduler) -> FSRSCard {
    scheduler.review(card ?? .new(at: review.at), rating: review.rating, at: review.at)
  }

  static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
}

extension LearnerProgress {
  /// Folds an imported history: each review is replayed through the FSRS-6 scheduler with the
  /// profile's settings, unfuzzed (as Anki computes memory states from a review log), so the card
  /// ends where the other tool's history puts it. A review at or before the card's last review is
  /// skipped, so importing the same log again adds nothing. Imported reviews schedule cards and set
  /// the question's last answer time; they are not quiz answers, so scores, runs, days and reports
  /// leave them out. Suspended questions are kept out of reviews; resumed ones come back. A flag is
  /// the learner's own: an import never sets it (one of an older quizline did; see
  /// `SnapshotCoding.learnerFlagsOnly`), so replaying an old event gives the same schedule and no flag.
  mutating func applyImportedHistory(_ history: HistoryImport) {
    let scheduler = FSRSScheduler(settings: settings.scheduler)
    var current: QuestionRef?
    var q = QuestionProgress()
    for review in history.reviews {
      if review.question != current {
        if let ref = current { questions[ref] = q }
        current = review.question
        q = question(review.question)
      }
      guard let card = Self.importedReview(q.card, review, scheduler: scheduler) else { continue }
      q.countReview(review.rating, at: review.at, cardBefore: q.card)
      q.card = card
      if q.lastAnsweredAt.map({ $0 < review.at }) ?? true { q.lastAnsweredAt = review.at }
    }
    if let ref = current { questions[ref] = q }
    for ref in history.suspended {
      var p = question(ref)
      p.suspended = true
      questions[ref] = p
    }
    for ref in history.resumed where questions[ref]?.suspended == true {
      questions[ref]?.suspended = false
    }
  }

  /// The card after one imported review, or nil when the review is skipped (at or before the card's
  /// last review): the one rule, also followed by `info`'s history (``ReviewHistoryCollector``).
  static func importedReview(_ card: FSRSCard?, _ review: ImportedReview, scheduler: FSRSScheduler) -> FSRSCard? {
    if let last = card?.lastReview, review.at <= last { return nil }
    return HistoryImport.scheduled(card, review, scheduler)
  }
}
