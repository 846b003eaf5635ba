/// The profile's review history as the one fold sees it: replays events through
/// ``LearnerProgress/apply(_:)`` (or, for several devices' logs, through ``DeviceMerge/fold(_:into:local:watch:)``)
/// and reads, after each one, what `apply` did to the cards it could have touched. A review is an
/// answer with a rating whose card `apply` scheduled; an answer taken back (`undone`), a card cleared
/// (`reset`) or an overruled mark (`overridden`) shows as the card going back to (or being scheduled
/// again from) an earlier state, and the log follows the card.
/// No rule of runs or undo is restated here: whatever `apply` keeps is the history.
public struct ReviewHistoryCollector: Sendable {
  /// The progress after the events applied so far.
  public private(set) var progress = LearnerProgress()
  private var logs = ReviewLogs()

  public init() {}

  /// Applies the next event of a single journal.
  public mutating func apply(_ event: RecordedEvent) {
    logs.apply(event, to: &progress)
  }

  /// Folds several devices' logs in the merged order (time, device, sequence; undo across another
  /// device's events void), with tag 0 the current device at the end, as ``DeviceMerge`` folds them.
  public mutating func fold(_ deviceLogs: [DeviceLog]) {
    var watcher = logs
    DeviceMerge.fold(deviceLogs, into: &progress, local: 0) { progress, event in
      watcher.apply(event, to: &progress)
    }
    logs = watcher
  }

  /// Folds the next event of a profile's only log (``SingleLogFold``: the same as ``fold(_:)`` of that
  /// one log, without holding it); `finish` the fold after its last event.
  public mutating func fold(_ event: RecordedEvent, _ single: inout SingleLogFold) {
    guard single.next(event, &progress) else { return }
    logs.apply(event, to: &progress)
  }

  /// Ends a fold of one log event by event (tag 0 the current device, as ``fold(_:)`` leaves it).
  public mutating func finish(_ single: SingleLogFold) {
    single.finish(&progress, local: 0)
  }

  /// Every review kept, one card id per question (questions in sorted order), ordered by card and time.
  public var reviews: [ReviewRecord] { logs.reviews }

  /// Each question's kept reviews in `bank`, oldest first, with the time spent in milliseconds.
  public func reviews(inBank bank: String) -> [ImportedReview] { logs.reviews(inBank: bank) }

  /// Each question's kept reviews in `bank`, oldest first, each with the card before and after it
  /// (what an Anki review log and card need: type, intervals, reps and lapses).
  public func cardReviews(inBank bank: String) -> [QuestionRef: [LoggedReview]] { logs.cardReviews(inBank: bank) }
}

/// One kept review with the cards around it: `before` is nil for a card's first review (or its
/// first after a reset), `after` is the card the review left (nil only when it cannot be known).
public struct LoggedReview: Sendable, Equatable {
  public var review: ImportedReview
  public var before: FSRSCard?
  public var after: FSRSCard?
  public init(review: ImportedReview, before: FSRSCard?, after: FSRSCard?) {
    self.review = review
    self.before = before
    self.after = after
  }
}

/// Each question's reviews, kept ending at the card `apply` left.
struct ReviewLogs: Sendable {
  struct Entry: Sendable {
    var at: Timestamp
    var seconds: Double
    var card: CardKey
    var rating: Rating
    /// The card was new (no card) before this review.
    var fromNew: Bool
  }
  private var logs: [QuestionRef: [Entry]] = [:]
  /// Logs a reset cleared, kept so that undoing the reset brings them back.
  private var cleared: [QuestionRef: [[Entry]]] = [:]
  /// Questions whose card changed without their log ending at it (an imported history, say): looked
  /// at again on the next `undone` or `reset`, as every question's log is followed to its card then.
  private var pending = Set<QuestionRef>()

  /// Applies `event` to `progress` (in a merged fold, the event's device is already the current one)
  /// and follows the cards it changed.
  /// An `undone` or a `reset` changes only the questions its undo step keeps (the step taken back,
  /// or the one the reset pushed): only those, and the ones ``pending`` names, are compared.
  mutating func apply(_ event: RecordedEvent, to progress: inout LearnerProgress) {
    var touched: [QuestionRef] = []
    if case .undone(let target) = event.payload, let step = progress.ledger.steps.last(where: { $0.sequence == target })
    {
      touched = step.previousQuestions.map { $0.key }
    }
    var importedBefore: [QuestionRef: FSRSCard?] = [:]
    var answeredNew = false
    switch event.payload {
    case .historyImported(let h):
      for review in h.reviews where importedBefore[review.question] == nil {
        importedBefore[review.question] = .some(progress.questions[review.question]?.card)
      }
    case .answered(let a): answeredNew = progress.questions[a.question]?.card == nil
    default: break
    }
    progress.apply(event)
    switch event.payload {
    case .answered(let a):
      record(a, at: event.at, fromNew: answeredNew, progress)
    case .overridden(let o):
      if let rating = o.rating, let card = progress.questions[o.question]?.card.map(CardKey.init),
        card != logs[o.question]?.last?.card
      {
        var log = logs.removeValue(forKey: o.question) ?? []  // out of the dictionary: changed in place
        let replaced = log.last?.at == o.answeredAt ? log.removeLast() : nil
        log.append(
          Entry(
            at: o.answeredAt, seconds: replaced?.seconds ?? 0, card: card, rating: rating,
            fromNew: replaced?.fromNew ?? log.isEmpty))
        logs[o.question] = log
      }
      note(o.question, progress)
    case .historyImported(let h):
      recordImported(h, before: importedBefore, progress)
    case .undone, .reset:
      if case .reset = event.payload, let step = progress.ledger.newestStep, step.sequence == event.sequence {
        touched = step.previousQuestions.map { $0.key }
      }
      for ref in touched { reconcile(ref, progress) }
      for ref in pending { reconcile(ref, progress) }
      pending.removeAll(keepingCapacity: true)
    default: break
    }
  }

  /// Logs an answer whose card `apply` scheduled (one lookup of the card, one of the log: this runs
  /// for every answer of the history); notes the question when its log does not end at its card.
  private mutating func record(_ a: AnswerRecord, at: Timestamp, fromNew: Bool, _ progress: LearnerProgress) {
    let card = progress.questions[a.question]?.card
    let key = card.map(CardKey.init)
    var synced = true
    // An empty log may stay in the dictionary: it reads as no log everywhere.
    update(a.question) { log in
      if let rating = a.rating, let card, let key, card.lastReview == at, key != log.last?.card {
        log.append(Entry(at: at, seconds: a.seconds, card: key, rating: rating, fromNew: fromNew))
      }
      synced = key == log.last?.card
    }
    if !synced { pending.insert(a.question) }
  }

  private mutating func update(_ ref: QuestionRef, _ body: (inout [Entry]) -> Void) { body(&logs[ref, default: []]) }

  /// Logs the reviews of an imported history that `apply` scheduled: for each question, those after
  /// its card's last review before the import and up to the one its card now ends at (time order,
  /// each once, as `apply` takes them). Each carries the card it left, replayed by the rule `apply`
  /// folds with (``HistoryImport/scheduled(_:_:_:)``); should the replay not end at the card `apply`
  /// left, the ones before the last carry ``CardKey/imported``, which equals no card, so an undo of
  /// the import trims them all.
  private mutating func recordImported(
    _ h: HistoryImport, before: [QuestionRef: FSRSCard?], _ progress: LearnerProgress
  ) {
    // Each question's reviews in their order (an import lists them question by question, but
    // `apply` takes a question met again later as well).
    var order: [QuestionRef] = []
    var byQuestion: [QuestionRef: [ImportedReview]] = [:]
    for review in h.reviews {
      if byQuestion[review.question] == nil { order.append(review.question) }
      byQuestion[review.question, default: []].append(review)
    }
    let scheduler = FSRSScheduler(settings: progress.settings.scheduler)
    for ref in order {
      guard let card = progress.questions[ref]?.card, let last = card.lastReview else { continue }
      let start = before[ref] ?? nil
      var after = start?.lastReview ?? Timestamp(microseconds: Int64.min)
      var taken: [ImportedReview] = []
      for review in byQuestion[ref] ?? [] where review.at > after && review.at <= last {
        taken.append(review)
        after = review.at
      }
      guard taken.last?.at == last else {
        note(ref, progress)
        continue
      }
      var replayed: [CardKey] = []
      var running = start
      for r in taken {
        running = HistoryImport.scheduled(running, r, scheduler)
        replayed.append(CardKey(running!))
      }
      let ends = replayed.last == CardKey(card)
      update(ref) { log in
        for (k, r) in taken.enumerated() {
          log.append(
            Entry(
              at: r.at, seconds: Double(r.milliseconds) / 1000,
              card: k == taken.count - 1 ? CardKey(card) : ends ? replayed[k] : .imported,
              rating: r.rating, fromNew: k == 0 && start == nil))
        }
      }
    }
  }

  /// Each question's kept reviews in `bank`, oldest first (the reviews an Anki package carries).
  func reviews(inBank bank: String) -> [ImportedReview] {
    var out: [ImportedReview] = []
    for (ref, log) in logs where ref.bank == bank {
      for e in log {
        out.append(
          ImportedReview(
            question: ref, at: e.at, rating: e.rating, milliseconds: Int((min(e.seconds, 86_400) * 1000).rounded())))
      }
    }
    return out.sorted { ($0.at, $0.question) < ($1.at, $1.question) }
  }

  /// Each question's kept reviews in `bank` with the cards before and after each.
  func cardReviews(inBank bank: String) -> [QuestionRef: [LoggedReview]] {
    var out: [QuestionRef: [LoggedReview]] = [:]
    for (ref, log) in logs where ref.bank == bank && !log.isEmpty {
      var previous: FSRSCard?
      out[ref] = log.map { e in
        let before = e.fromNew ? nil : previous
        previous = e.card.card
        return LoggedReview(
          review: ImportedReview(
            question: ref, at: e.at, rating: e.rating, milliseconds: Int((min(e.seconds, 86_400) * 1000).rounded())),
          before: before, after: previous)
      }
    }
    return out
  }

  /// Remembers `ref` when its log does not end at its card.
  private mutating func note(_ ref: QuestionRef, _ progress: LearnerProgress) {
    if progress.questions[ref]?.card.map(CardKey.init) != logs[ref]?.last?.card { pending.insert(ref) }
  }

  /// Makes the log of `ref` end at the card `apply` left.
  private mutating func reconcile(_ ref: QuestionRef, _ progress: LearnerProgress) {
    let card = progress.questions[ref]?.card.map(CardKey.init)
    if logs[ref]?.last?.card == card { return }
    var log = logs.removeValue(forKey: ref) ?? []  // out of the dictionary, so trimming copies nothing
    guard let card else {
      if !log.isEmpty { cleared[ref, default: []].append(log) }
      return
    }
    while let last = log.last, last.card != card { log.removeLast() }
    if log.isEmpty, let stash = cleared[ref]?.last, stash.last?.card == card {
      log = stash
      cleared[ref]?.removeLast()
    }
    logs[ref] = log.isEmpty ? nil : log
  }

  var reviews: [ReviewRecord] {
    var out: [ReviewRecord] = []
    out.reserveCapacity(logs.values.reduce(0) { $0 + $1.count })
    for (id, ref) in logs.keys.filter({ logs[$0]?.isEmpty == false }).sorted().enumerated() {
      for e in logs[ref]! { out.append(ReviewRecord(card: id, at: e.at, rating: e.rating, seconds: e.seconds)) }
    }
    return out
  }
}
