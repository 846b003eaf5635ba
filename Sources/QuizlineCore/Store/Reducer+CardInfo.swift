extension Reducer {
  /// `info [CARD]`: which question, then the runtime reads its history through the one fold
  /// (``Effect/cardHistory(_:)``) and ``cardHistoryRead(_:_:devices:)`` shows it. Without a card:
  /// the question on screen in a quiz, else the question answered last.
  static func info(_ state: inout AppState, card: String?) -> Reduction {
    let ref: QuestionRef
    if let card {
      switch namedCard(&state, card, command: "info") {
      case .success(let named): ref = named
      case .failure(let refusal): return refusal.reduction
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

  /// The question `card` names for `command` (`bank/question`, or a question id found in one
  /// bank), or the refusal that says why it names none.
  static func namedCard(_ state: inout AppState, _ card: String, command: String) -> Result<QuestionRef, Refusal> {
    let catalog = state.catalog
    if let given = QuestionRef(card), let bank = catalog.bank(given.bank) {
      guard catalog.question(given) != nil else {
        var hint = "Type \(command) \(bank.id)/ and press TAB to see its questions."
        if let m = closestMatch(to: given.question, in: bank.questions.map(\.id)) {
          hint = "Did you mean \(bank.id)/\(m)?"
        }
        return .failure(
          Refusal(fail(&state, "bank \(bank.id) has no question \(quotedArg(given.question))", hint: hint)))
      }
      return .success(given)
    }
    if let unique = uniqueQuestion(card, in: catalog) { return .success(unique) }
    if catalog.bank(card) != nil {
      return .failure(
        Refusal(
          fail(
            &state, "\(command) \(command == "info" ? "shows" : "takes") one card, and \(quotedArg(card)) is a bank",
            hint: "Name a question: \(command) \(card)/QUESTION (TAB completes it).")))
    }
    if command == "open", catalog.session(card) != nil {
      // `open` used to be another name of `read`.
      return .failure(
        Refusal(
          fail(
            &state, "open shows a card's images and sounds, and \(quotedArg(card)) is a study session",
            hint: "Type read \(card) to read it.")))
    }
    return .failure(
      Refusal(
        fail(
          &state, "\(command): no question \(quotedArg(card))",
          hint: "Name it as BANK/QUESTION (TAB completes it); banks: "
            + catalog.banks.prefix(8).map(\.id).joined(separator: ", ") + (catalog.banks.count > 8 ? ", ..." : "")
            + ".")))
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
