/// Each question's reviews, kept ending at the card `apply` left.
struct ReviewLogs: Sendable {
  struct Entry: Sendable {
    var at: Timestamp
    var seconds: Double
    var card: CardKey
    var rating: Rating
    /// The card was new (no card) before this review.
    var fromNew: Bool
    /// A due date set by hand (`reschedule`), not a review: shown by `info`, left out of the reviews.
    var manual = false
    /// 0, or 1 + the index in ``sources`` of the imported history it came from.
    var source: UInt16 = 0
    /// The device tag of its event (``DeviceSequence``; below 2^20).
    var device: UInt32 = 0
  }
  private var logs: [QuestionRef: [Entry]] = [:]
  /// Logs a reset cleared, kept so that undoing the reset brings them back (and `info` shows them).
  private var cleared: [QuestionRef: [Cleared]] = [:]
  /// Where imported histories came from (`anki:Deck.apkg`), each once.
  private var sources: [String] = []
  /// The question whose whole history is kept (``history``).
  var following: QuestionRef?
  private var firstSeen: Timestamp?

  /// A log a reset (or `forget`) cleared, with its time and device.
  struct Cleared: Sendable {
    var entries: [Entry]
    var at: Timestamp
    var device: UInt32
    var forgot = false
  }
  /// Questions whose card changed without their log ending at it (an imported history, say): looked
  /// at again on the next `undone` or `reset`, as every question's log is followed to its card then.
  private var pending = Set<QuestionRef>()

  /// Applies `event` to `progress` (in a merged fold, the event's device is already the current one)
  /// and follows the cards it changed.
  /// An `undone` or a `reset` changes only the questions its undo step keeps (the step taken back,
  /// or the one the reset pushed): only those, and the ones ``pending`` names, are compared.
  mutating func apply(_ event: RecordedEvent, to progress: inout LearnerProgress) {
    // An answer (most events): `apply` says what it did to the card, so its question is looked up
    // once, and the progress is not copied to be read.
    if case .answered(let a) = event.payload, event.sequence > progress.lastSequence {
      if following != nil { noteSeen(event) }
      let answered = progress.applyAnswered(a, of: event)
      record(
        a, at: event.at, fromNew: answered.wasNew, card: answered.card,
        device: UInt32(truncatingIfNeeded: DeviceSequence.tag(of: event.sequence)))
      return
    }
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
    if following != nil { noteSeen(event) }
    progress.apply(event)
    let device = UInt32(truncatingIfNeeded: DeviceSequence.tag(of: event.sequence))
    switch event.payload {
    case .answered(let a):
      record(a, at: event.at, fromNew: answeredNew, card: progress.questions[a.question]?.card, device: device)
    case .overridden(let o):
      if let rating = o.rating, let card = progress.questions[o.question]?.card.map(CardKey.init),
        card != logs[o.question]?.last?.card
      {
        var log = logs.removeValue(forKey: o.question) ?? []  // out of the dictionary: changed in place
        let replaced = log.last?.at == o.answeredAt ? log.removeLast() : nil
        log.append(
          Entry(
            at: o.answeredAt, seconds: replaced?.seconds ?? 0, card: card, rating: rating,
            fromNew: replaced?.fromNew ?? log.isEmpty, device: device))
        logs[o.question] = log
      }
      note(o.question, progress)
    case .historyImported(let h):
      recordImported(h, before: importedBefore, device: device, progress)
    case .cardsChanged(let change):
      recordChange(change, at: event.at, device: device, progress)
    case .undone, .reset:
      var clearing: Cleared?
      if case .reset = event.payload, let step = progress.ledger.newestStep, step.sequence == event.sequence {
        touched = step.previousQuestions.map { $0.key }
        clearing = Cleared(entries: [], at: event.at, device: device)
      }
      for ref in touched { reconcile(ref, progress, clearing: clearing) }
      for ref in pending { reconcile(ref, progress) }
      pending.removeAll(keepingCapacity: true)
    default: break
    }
  }

  /// Logs an answer whose card `apply` scheduled (`card`: the question's card after it; one lookup
  /// of the log: this runs for every answer of the history); notes the question when its log does
  /// not end at its card.
  private mutating func record(_ a: AnswerRecord, at: Timestamp, fromNew: Bool, card: FSRSCard?, device: UInt32) {
    let key = card.map(CardKey.init)
    var synced = true
    // An empty log may stay in the dictionary: it reads as no log everywhere.
    update(a.question) { log in
      if let rating = a.rating, let card, let key, card.lastReview == at, key != log.last?.card {
        log.append(Entry(at: at, seconds: a.seconds, card: key, rating: rating, fromNew: fromNew, device: device))
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
    _ h: HistoryImport, before: [QuestionRef: FSRSCard?], device: UInt32, _ progress: LearnerProgress
  ) {
    var source = UInt16(0)
    if let k = sources.firstIndex(of: h.source) {
      source = UInt16(truncatingIfNeeded: k + 1)
    } else if sources.count < Int(UInt16.max) {
      sources.append(h.source)
      source = UInt16(sources.count)
    }
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
              rating: r.rating, fromNew: k == 0 && start == nil, source: source, device: device))
        }
      }
    }
  }

  /// Each question's kept reviews in `bank`, oldest first (the reviews an Anki package carries).
  func reviews(inBank bank: String) -> [ImportedReview] {
    var out: [ImportedReview] = []
    for (ref, log) in logs where ref.bank == bank {
      for e in log where !e.manual {
        out.append(
          ImportedReview(
            question: ref, at: e.at, rating: e.rating, milliseconds: Int((min(e.seconds, 86_400) * 1000).rounded())))
      }
    }
    return out.sorted { ($0.at, $0.question) < ($1.at, $1.question) }
  }

  /// Each question's kept reviews in `bank` with the cards before and after each (manual entries,
  /// `reschedule`'s, are no reviews: left out).
  func cardReviews(inBank bank: String) -> [QuestionRef: [LoggedReview]] {
    var out: [QuestionRef: [LoggedReview]] = [:]
    for (ref, log) in logs where ref.bank == bank && !log.isEmpty {
      var previous: FSRSCard?
      var reviews: [LoggedReview] = []
      for e in log {
        let before = e.fromNew ? nil : previous
        previous = e.card.card
        // A due date set by hand is no review, but the next review starts from the card it set.
        guard !e.manual else { continue }
        reviews.append(
          LoggedReview(
            review: ImportedReview(
              question: ref, at: e.at, rating: e.rating, milliseconds: Int((min(e.seconds, 86_400) * 1000).rounded())),
            before: before, after: previous))
      }
      if !reviews.isEmpty { out[ref] = reviews }
    }
    return out
  }

  /// Remembers `ref` when its log does not end at its card.
  private mutating func note(_ ref: QuestionRef, _ progress: LearnerProgress) {
    if progress.questions[ref]?.card.map(CardKey.init) != logs[ref]?.last?.card { pending.insert(ref) }
  }

  /// Makes the log of `ref` end at the card `apply` left. A log whose card is gone is kept aside
  /// when a reset (`clearing`) cleared it, so that undoing the reset brings it back; otherwise (an
  /// undone first answer) it is dropped.
  private mutating func reconcile(_ ref: QuestionRef, _ progress: LearnerProgress, clearing: Cleared? = nil) {
    let card = progress.questions[ref]?.card.map(CardKey.init)
    if logs[ref]?.last?.card == card { return }
    var log = logs.removeValue(forKey: ref) ?? []  // out of the dictionary, so trimming copies nothing
    guard let card else {
      if !log.isEmpty, var clearing {
        clearing.entries = log
        cleared[ref, default: []].append(clearing)
      }
      return
    }
    while let last = log.last, last.card != card { log.removeLast() }
    if log.isEmpty, let stash = cleared[ref]?.last, stash.entries.last?.card == card {
      log = stash.entries
      cleared[ref]?.removeLast()
    }
    logs[ref] = log.isEmpty ? nil : log
  }

  /// `forget` clears a card as a reset does (its log kept aside, undo brings it back); `reschedule`
  /// logs the card it set as a manual entry (Anki's "Manual" row), which no review list takes.
  private mutating func recordChange(_ change: CardChange, at: Timestamp, device: UInt32, _ progress: LearnerProgress) {
    switch change.action {
    case .forget:
      for ref in change.questions {
        reconcile(ref, progress, clearing: Cleared(entries: [], at: at, device: device, forgot: true))
      }
    case .reschedule:
      for ref in change.questions {
        guard let card = progress.questions[ref]?.card else { continue }
        let rating = progress.questions[ref]?.lastRating ?? .good
        update(ref) {
          $0.append(
            Entry(at: at, seconds: 0, card: CardKey(card), rating: rating, fromNew: false, manual: true, device: device)
          )
        }
      }
    case .suspend, .unsuspend, .bury, .unbury: break
    }
  }

  /// Remembers the first time the question followed was answered (or reviewed in another tool).
  private mutating func noteSeen(_ event: RecordedEvent) {
    var at: Timestamp?
    switch event.payload {
    case .answered(let a) where a.question == following: at = event.at
    case .historyImported(let h):
      let ref = following
      at = h.reviews.lazy.filter { $0.question == ref }.map(\.at).min()
    default: return
    }
    if let at, firstSeen.map({ at < $0 }) ?? true { firstSeen = at }
  }

  /// The history of the question followed: each log a reset cleared, then that reset, and the log
  /// kept now; each review with the phase its card was in before it.
  var history: CardHistory {
    guard let ref = following else { return CardHistory(question: QuestionRef(bank: "", question: "")) }
    var rows: [CardHistory.Row] = []
    func add(_ entries: [Entry]) {
      var phase: CardPhase?
      var last: FSRSCard?
      for e in entries {
        // Every card of the question followed is known; a step without one reads as the one before.
        let after = e.card.card ?? last ?? .new(at: e.at)
        last = after
        let source = e.source == 0 ? nil : sources[Int(e.source) - 1]
        rows.append(
          CardHistory.Row(
            at: e.at,
            kind: e.manual
              ? .rescheduled(after: after) : .review(e.rating, phaseBefore: phase, after: after, imported: source),
            device: Int(e.device), seconds: e.seconds))
        phase = after.phase
      }
    }
    for c in cleared[ref] ?? [] {
      add(c.entries)
      rows.append(CardHistory.Row(at: c.at, kind: c.forgot ? .forgotten : .reset, device: Int(c.device)))
    }
    add(logs[ref] ?? [])
    return CardHistory(question: ref, firstSeen: firstSeen, rows: rows)
  }

  var reviews: [ReviewRecord] {
    var logs = self
    return logs.takeReviews(freeing: .max) {}
  }

  /// ``reviews``, taking each question's log out as its reviews are listed (the logs are left
  /// empty): `freed` is called each time about `every` bytes of logs were let go, so that a caller
  /// can give them back to the system and the list and the logs are never held whole at once.
  mutating func takeReviews(freeing every: Int, _ freed: () -> Void) -> [ReviewRecord] {
    var out: [ReviewRecord] = []
    out.reserveCapacity(logs.values.reduce(0) { $0 + $1.count })
    var dropped = 0
    for (id, ref) in logs.keys.filter({ logs[$0]?.contains { !$0.manual } == true }).sorted().enumerated() {
      dropped += take(ref, as: id, into: &out)
      if dropped >= every {
        freed()
        dropped = 0
      }
    }
    logs = [:]
    return out
  }

  /// Appends the reviews of `ref`'s log as card `id` and drops the log; returns the bytes it held.
  private mutating func take(_ ref: QuestionRef, as id: Int, into out: inout [ReviewRecord]) -> Int {
    guard let log = logs.removeValue(forKey: ref) else { return 0 }
    for e in log where !e.manual {
      out.append(ReviewRecord(card: id, at: e.at, rating: e.rating, seconds: e.seconds))
    }
    return log.capacity * MemoryLayout<Entry>.stride
  }
}
