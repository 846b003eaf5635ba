extension Reducer {
  /// `info [CARD]`: which question, then the runtime reads its history through the one fold
  /// (``Effect/cardHistory(_:)``) and ``cardHistoryRead(_:_:devices:)`` shows it. Without a card:
  /// the question on screen in a quiz, else the question answered last.
  static func info(_ state: inout AppState, card: String?) -> Reduction {
    let catalog = state.catalog
    let ref: QuestionRef
    if let card {
      if let given = QuestionRef(card), let bank = catalog.bank(given.bank) {
        guard catalog.question(given) != nil else {
          var hint = "Type info \(bank.id)/ and press TAB to see its questions."
          if let m = closestMatch(to: given.question, in: bank.questions.map(\.id)) {
            hint = "Did you mean \(bank.id)/\(m)?"
          }
          return fail(&state, "bank \(bank.id) has no question \(quotedArg(given.question))", hint: hint)
        }
        ref = given
      } else if let unique = uniqueQuestion(card, in: catalog) {
        ref = unique
      } else if catalog.bank(card) != nil {
        return fail(
          &state, "info shows one card, and \(quotedArg(card)) is a bank",
          hint: "Name a question: info \(card)/QUESTION (TAB completes it).")
      } else {
        return fail(
          &state, "info: no question \(quotedArg(card))",
          hint: "Name it as BANK/QUESTION (TAB completes it); banks: "
            + catalog.banks.prefix(8).map(\.id).joined(separator: ", ") + (catalog.banks.count > 8 ? ", ..." : "")
            + ".")
      }
    } else if let (current, _) = state.currentQuestion {
      ref = current
    } else if let last = lastAnswered(state.progress) {
      ref = last
    } else {
      return fail(
        &state, "info: which card?",
        hint: "usage: info BANK/QUESTION (alone, it shows the question on screen, or the one answered last)")
    }
    return Reduction(effects: [.cardHistory(ref)])
  }

  /// The question answered most recently (the greater reference on a tie, so it is always the same).
  static func lastAnswered(_ progress: LearnerProgress) -> QuestionRef? {
    var best: (at: Timestamp, ref: QuestionRef)?
    for (ref, q) in progress.questions {
      guard let at = q.lastAnsweredAt else { continue }
      if let b = best, (b.at, b.ref) >= (at, ref) { continue }
      best = (at, ref)
    }
    return best?.ref
  }

  /// The history came back: shown with the card's state; in a quiz, the question again below it.
  static func cardHistoryRead(_ state: inout AppState, _ history: CardHistory, devices: [Int: String]) -> Reduction {
    state.display = [.cardInfo(history, devices: devices)]
    if state.quiz != nil { state.display.append(.currentQuestion) }
    return Reduction()
  }
}
