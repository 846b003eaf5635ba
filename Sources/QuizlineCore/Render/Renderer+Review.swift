extension Renderer {
  /// `N due now, M more today`, or nil when no card is scheduled yet.
  static func dueLine(_ state: AppState, _ now: Timestamp, _ outlook: ReviewOutlook) -> String? {
    let (due, queue) = (outlook.due, outlook.queue)
    let fresh = queue.new.count
    let limit = state.reviewLimitNotice(at: now, queue: queue)
    let held =
      (queue.heldBackSiblings > 0 ? "; " + siblingsHeldBack(queue.heldBackSiblings) : "")
      + (limit.map { "; " + $0 } ?? "")
    if queue.due.isEmpty && due.laterToday == 0 && fresh == 0 {
      return held.isEmpty ? nil : "nothing due" + held
    }
    if queue.due.isEmpty && due.laterToday == 0 {
      return "nothing due; \(fresh) new card\(fresh == 1 ? "" : "s") ready" + held
    }
    var text = "\(queue.due.count) due now, \(queue.due.count + due.laterToday) due today"
    if fresh > 0 { text += " (+\(fresh) new)" }
    return text + held
  }

  static func renderForecast(_ state: AppState, _ out: inout Output) {
    let s = out.context.style
    let now = out.context.now
    var counts = [Int](repeating: 0, count: 14)
    var scheduled = 0
    for (ref, p) in state.progress.questions {
      guard let card = p.card, state.catalog.question(ref) != nil else { continue }
      scheduled += 1
      let day = max(0, Int(card.due.dayNumber - now.dayNumber))
      if day < 14 { counts[day] += 1 }
    }
    guard scheduled > 0 else {
      out.paragraph("No card is scheduled yet. Answer some questions (review, start BANK) and they will appear here.")
      return
    }
    out.line(s.paint("Due in the next 14 days (UTC days; today includes overdue cards)", .bold))
    let peak = max(1, counts.max() ?? 1)
    let barWidth = max(10, min(40, out.context.width - 24))
    for (k, n) in counts.enumerated() {
      let day = Timestamp(microseconds: (now.dayNumber + Int64(k)) * 86_400_000_000)
      let label = k == 0 ? "today" : k == 1 ? "tomorrow" : day.isoDate
      let cells = n == 0 ? 0 : max(1, Int(saturating: (Double(n) / Double(peak) * Double(barWidth)).rounded()))
      let bar = String(repeating: s.unicode ? "█" : "#", count: cells)
      out.line("  " + TextWrap.pad(label, to: 11) + " " + TextWrap.pad(String(n), to: 4) + " " + bar)
    }
    let later = scheduled - counts.reduce(0, +)
    let locked = state.lockedNewCards().count
    out.line(
      "  \(later) more later. New cards not yet scheduled: \(state.newCards(at: now).count)"
        + (locked > 0 ? " (and \(locked) waiting for their session to be read)." : "."))
  }

  static func renderSettings(_ state: AppState, _ out: inout Output) {
    let settings = state.progress.settings
    out.line(out.context.style.paint("Study settings (profile \(safe(state.profile, out.context)))", .bold))
    let explanations: [SettingKey: String] = [
      .retention: "recall probability review intervals aim for",
      .learningSteps: "steps for new cards",
      .autoGradedSteps: "skip: right answers leave the learning steps",
      .relearningSteps: "steps after a lapse",
      .maxInterval: "longest interval, in days",
      .fuzz: "spread review days a little",
      .newPerDay: "new cards review introduces per day",
      .newOrder: "course: unlocked as you read; bank; random",
      .answerTime: "fast right answers count easy, slow ones hard",
      .easySeconds: "at most this many seconds counts as fast",
      .hardSeconds: "at least this many seconds counts as slow",
      .typoTolerance: "accept typed answers a letter or two off",
      .burySiblings: "hold a note's other cards back for the day",
      .loadBalance: "put reviews on the days of fewer cards",
      .easyDays: "fewer reviews on these weekdays (0-1)",
      .reviewsPerDay: "due cards review offers per day",
      .leechThreshold: "lapses that make a card a leech",
      .leechAction: "tag: only tagged; suspend: also set aside",
    ]
    for key in SettingKey.allCases {
      out.line(
        "  " + TextWrap.pad(key.rawValue, to: 18) + TextWrap.pad(key.value(in: settings), to: 10)
          + (explanations[key] ?? ""))
    }
    out.line("  " + TextWrap.pad("parameters", to: 18) + parameterSummary(settings, arrow: out.context.style.arrow))
    out.line("Change one with config KEY VALUE, e.g. config retention 0.85.")
  }

  static func renderConfirmReset(_ scope: ResetScope, _ state: AppState, _ out: inout Output) {
    let affected: Int
    switch scope {
    case .bank(let id): affected = state.progress.questions.keys.filter { $0.bank == id }.count
    case .session(_, let refs): affected = refs.filter { state.progress.questions[$0] != nil }.count
    }
    var text = "This clears the schedule and scores of \(count(affected, "question")) (\(scope.label))"
    if case .session(let id, _) = scope, state.progress.isCompleted(id) {
      text += " and marks the session not completed"
    }
    out.paragraph(
      text + ". The history stays in the journal and undo can restore it. Type yes to reset, anything else to cancel.")
  }

  /// The card of a loaded, unsuspended question (of `bank`, or of every bank) due first, and when
  /// (a buried card not before its burying ends; nil when no card is scheduled).
  static func nextReview(_ state: AppState, bank: String? = nil) -> (ref: QuestionRef, due: Timestamp)? {
    state.progress.questions.compactMap { ref, p -> (QuestionRef, Timestamp)? in
      guard bank == nil || ref.bank == bank, let card = p.card, !p.suspended, state.catalog.question(ref) != nil else {
        return nil
      }
      // A buried card comes back at the start of the day its burying ends.
      let back = p.buriedUntilDay.map { Timestamp(microseconds: $0 * 86_400_000_000) }
      return (ref, max(card.due, back ?? card.due))
    }.min { $0.1 < $1.1 }
  }

  /// Whether new cards are waiting but today's allowance of them is used up.
  static func newCardsDoneToday(_ state: AppState, _ now: Timestamp) -> Bool {
    state.newCardsLeftToday(at: now) == 0 && !state.newCards(at: now).isEmpty
  }

  /// What `status` says of reviews: ``dueLine(_:_:)``, else what to read to unlock new cards, else
  /// (nothing due) when the next review is, in `review`'s words; "nothing scheduled yet" only when
  /// no card is scheduled.
  static func reviewsLine(_ state: AppState, _ now: Timestamp) -> String {
    let outlook = ReviewOutlook(state, now)
    return dueLine(state, now, outlook) ?? readFirstLine(state, now, outlook)
      ?? nothingDueText(newCardsDone: newCardsDoneToday(state, now), next: nextReview(state)?.due, now: now)
  }

  /// What `status` and the reports say of reviews when none is due today and no new card is ready:
  /// whether today's new cards are done and when the next review is (as `review` says it), or
  /// "nothing scheduled yet" when no card is scheduled.
  public static func nothingDueText(newCardsDone: Bool, next: Timestamp?, now: Timestamp) -> String {
    guard next != nil || newCardsDone else { return "nothing scheduled yet" }
    var text = "nothing due now"
    if newCardsDone { text += ", and today's new cards are done" }
    if let next { text += "; next review \(relative(next, from: now))" }
    return text
  }

  static func renderNothingDue(_ state: AppState, bank: String?, _ out: inout Output) {
    let now = out.context.now
    // The daily review limit holds back cards already due: no "next review" then.
    let held = state.reviewLimitNotice(at: now, bank: bank)
    var text = held.map { "Today's reviews are done: " + $0 } ?? "Nothing is due now" + (bank.map { " in \($0)" } ?? "")
    text += newCardsHeldBack(state, bank: bank, now)
    let siblings = state.reviewQueue(bank: bank, at: now).heldBackSiblings
    if siblings > 0 { text += " (\(siblingsHeldBack(siblings)): a card of their note was answered today)" }
    if held == nil, let (ref, due) = nextReview(state, bank: bank) {
      text += ". Next review: \(relative(due, from: now)) (\(ref))"
    }
    let elsewhere = bank == nil ? 0 : state.offeredDueCards(at: now).offered.count
    if elsewhere > 0 {
      text += ". \(count(elsewhere, "card")) \(elsewhere == 1 ? "is" : "are") due in other banks: type review"
    }
    out.paragraph(text + ". Type forecast for the coming days, or cram \(bank ?? "BANK") to practise anyway.")
  }

  /// `N cards held back until tomorrow by bury-siblings`.
  static func siblingsHeldBack(_ n: Int) -> String {
    "\(count(n, "sibling")) held back until tomorrow (bury-siblings)"
  }
}

/// What the welcome screen and `status` say about reviews is read from the due cards and the
/// review queue: computed once for both of their lines.
struct ReviewOutlook {
  let due: (now: [QuestionRef], laterToday: Int)
  let queue: ReviewQueue

  init(_ state: AppState, _ now: Timestamp) {
    due = state.dueCards(at: now)
    queue = state.reviewQueue(bank: nil, at: now, dueNow: due.now)
  }
}
