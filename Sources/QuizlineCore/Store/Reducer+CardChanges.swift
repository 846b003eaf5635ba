/// `suspend`, `unsuspend`, `bury`, `unbury`, `forget` and `reschedule`: one recorded
/// ``CardChange`` naming every card a query (or one `bank/question`) finds.
extension Reducer {
  /// More cards than this are changed only after the learner types `yes`.
  static let cardChangeConfirmationThreshold = 20

  static func changeCards(
    _ state: inout AppState, _ request: OptionValue<CardAction>, target: String, _ context: Context
  ) -> Reduction {
    let action: CardAction
    switch request {
    case .valid(let a): action = a
    case .invalid(let days):
      return fail(
        &state,
        "reschedule: DAYS must be a whole number of days from today, \(CardAction.rescheduleDays.lowerBound) to \(CardAction.rescheduleDays.upperBound), not \(quotedArg(days))",
        hint: "For example: reschedule tag:hard 7 (due in a week), or reschedule french/chat 0 (due today).")
    }
    let name = action.name
    let found: [QuestionRef]
    let described: String
    if target.isEmpty {
      guard let last = lastQuestion(state) else {
        return fail(
          &state, "\(name): which cards?",
          hint: "usage: \(name) QUERY or BANK/QUESTION; with nothing, the last question answered (none yet).")
      }
      found = [last]
      described = last.description
    } else if let ref = cardReference(state, target) {
      found = [ref]
      described = ref.description
    } else {
      guard let query = readQuery(&state, name, target) else { return refused() }
      let selection = CardBrowser.select(state, query, sort: .added, at: context.now)
      guard !selection.rows.isEmpty else {
        return fail(
          &state, "\(name): no card matches \(quotedArg(target)) (\(selection.total) cards in all)",
          hint: "Nothing was changed. Type cards \(target) to see what a search finds.")
      }
      found = selection.rows.map(\.ref)
      described = quotedArg(target)
    }
    let changing = found.filter { changes(action, state.progress.question($0), at: context.now) }
    guard !changing.isEmpty else {
      state.display = [.notice(unchangedText(action, found.count))]
      return Reduction()
    }
    let change = CardChange(action: action, questions: changing)
    if changing.count > cardChangeConfirmationThreshold {
      state.mode = .confirmingCardChange(change, described: described)
      state.display = [.confirmCardChange(change, described: described)]
      return Reduction()
    }
    state.display = [.cardsChanged(change, skipped: found.count - changing.count)]
    return Reduction(events: [.cardsChanged(change)])
  }

  /// Handles the line typed after a bulk change's question.
  static func confirmCardChange(_ state: inout AppState, _ change: CardChange, _ line: String) -> Reduction {
    state.mode = .home
    guard line.lowercased() == "yes" else {
      state.display = [.notice("\(change.action.name.capitalizedFirst) cancelled; nothing was changed.")]
      return Reduction()
    }
    state.display = [.cardsChanged(change, skipped: 0)]
    return Reduction(events: [.cardsChanged(change)])
  }

  /// Whether `action` changes a card in this state (suspending a suspended card does not).
  static func changes(_ action: CardAction, _ p: QuestionProgress, at now: Timestamp) -> Bool {
    switch action {
    case .suspend: !p.suspended
    case .unsuspend: p.suspended
    case .bury: !p.isBuried(at: now)
    case .unbury: p.isBuried(at: now)
    case .forget: p.card != nil
    case .reschedule: true
    }
  }

  private static func unchangedText(_ action: CardAction, _ n: Int) -> String {
    let all = n == 1 ? "The card is" : "All \(n) cards are"
    let state =
      switch action {
      case .suspend: "already suspended"
      case .unsuspend: "not suspended"
      case .bury: "already buried"
      case .unbury: "not buried"
      case .forget: "new already"
      case .reschedule: "as asked"
      }
    return "\(all) \(state); nothing was changed."
  }

  /// `bank/question` naming a question of the catalog, or nil (the target is then a query).
  static func cardReference(_ state: AppState, _ target: String) -> QuestionRef? {
    guard !target.contains(" "), let slash = target.firstIndex(of: "/") else { return nil }
    let ref = QuestionRef(bank: String(target[..<slash]), question: String(target[target.index(after: slash)...]))
    return state.catalog.question(ref) == nil ? nil : ref
  }

  /// The question answered last (latest first, the smallest reference on a tie), if it still exists.
  static func lastQuestion(_ state: AppState) -> QuestionRef? {
    var best: (Timestamp, QuestionRef)?
    for (ref, p) in state.progress.questions {
      guard let at = p.lastAnsweredAt, state.catalog.question(ref) != nil else { continue }
      if let b = best, at < b.0 || (at == b.0 && b.1 < ref) { continue }
      best = (at, ref)
    }
    return best?.1
  }
}

extension String {
  /// The text with its first letter upper case (`suspend` → `Suspend`).
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
