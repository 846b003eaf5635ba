/// `add [BANK]`: a card asked for a line at a time (bank, type, question, answer, explanation),
/// then written by the runtime into the bank's Markdown file (``Effect/addCard(_:)``).
extension Reducer {
  static func add(_ state: inout AppState, bank: String?) -> Reduction {
    if let bank, let problem = Identifier.problem(bank) {
      return fail(&state, "add: \(quotedArg(bank)) is not a bank id: \(problem)", hint: "For example: add my-cards")
    }
    if let bank, let refusal = jsonBankRefusal(state, bank) { return fail(&state, refusal.message, hint: refusal.hint) }
    let card = NewCard(bank: bank ?? "")
    let step: AddStep = bank == nil ? .bank : .kind
    state.mode = .addingCard(card, step: step)
    let intro = bank.map { "A new card for \($0) (Ctrl-C cancels)." } ?? "A new card (Ctrl-C cancels)."
    state.display = [.notice(intro), .notice(question(for: step, card))]
    return Reduction()
  }

  /// Why `add` cannot write into `bank`, before asking for a card: it is a bank of the catalog
  /// not read from Markdown (a JSON bank: `add` writes Markdown).
  static func jsonBankRefusal(_ state: AppState, _ bank: String) -> (message: String, hint: String)? {
    guard state.catalog.bank(bank) != nil, !state.markdownBankIDs.contains(bank) else { return nil }
    return (
      "add: bank \(bank) is written in JSON, not in Markdown; add writes Markdown banks",
      "Choose a bank id of your own (a new one becomes MyQuizzes/ID.md), or edit \(bank) to add the card there"
    )
  }

  /// What each step asks.
  static func question(for step: AddStep, _ card: NewCard) -> String {
    switch step {
    case .bank:
      return "Which bank? An id of a bank of yours, new or existing (lower-case letters, digits and -), e.g. my-cards."
    case .kind:
      return "Type: " + NewCard.Kind.allCases.map(\.rawValue).joined(separator: ", ") + " (Enter: flashcard)."
    case .prompt:
      return card.kind == .flashcard ? "Front of the card:" : "Question:"
    case .answer:
      switch card.kind {
      case .flashcard: return "Back of the card:"
      case .text: return "Accepted answers, separated by | (for example: Paris | paris, France):"
      case .truefalse: return "The answer: true or false?"
      case .numeric: return "The answer: a number, with a tolerance (42 ± 0.5) or as a range (40..45):"
      case .single: return "Choices, separated by |, the right one marked with * (for example: *Paris | Lyon | Nice):"
      case .multiple:
        return "Choices, separated by |, the right ones marked with * (for example: *red | *blue | round):"
      }
    case .explanation:
      return "Explanation: why the answer is right, shown after answering (Enter to leave it out):"
    }
  }

  /// The line typed at the current step.
  static func addCardLine(_ state: inout AppState, _ line: String) -> Reduction {
    guard case .addingCard(var card, let step) = state.mode else { return Reduction() }
    func ask(_ next: AddStep) -> Reduction {
      state.mode = .addingCard(card, step: next)
      state.display = [.notice(question(for: next, card))]
      return Reduction()
    }
    func again(_ message: String) -> Reduction {
      state.display = [.error(message, hint: question(for: step, card))]
      return Reduction()
    }
    switch step {
    case .bank:
      if let problem = Identifier.problem(line) { return again("\(quotedArg(line)) is not a bank id: \(problem)") }
      if let refusal = jsonBankRefusal(state, line) { return again(refusal.message + ". " + refusal.hint) }
      card.bank = line
      return ask(.kind)
    case .kind:
      guard let kind = line.isEmpty ? .flashcard : NewCard.Kind(rawValue: line.lowercased()) else {
        return again("add writes these types: \(NewCard.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      card.kind = kind
      return ask(.prompt)
    case .prompt:
      if line.isEmpty { return again("a card needs a question") }
      card.prompt = line
      return ask(.answer)
    case .answer:
      if let problem = setAnswer(&card, line) { return again(problem) }
      return ask(.explanation)
    case .explanation:
      card.explanation = line.isEmpty ? nil : line
      state.mode = .home
      return Reduction(effects: [.addCard(card)])
    }
  }

  /// Reads the answer line into the card; what is wrong with it otherwise.
  private static func setAnswer(_ card: inout NewCard, _ line: String) -> String? {
    let parts = line.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
    switch card.kind {
    case .flashcard:
      if line.isEmpty { return "a flashcard needs a back" }
      card.answers = [line]
    case .text:
      let answers = parts.filter { !$0.isEmpty }
      if answers.isEmpty { return "type at least one accepted answer" }
      card.answers = answers
    case .truefalse:
      switch line.lowercased() {
      case "true", "t", "yes", "y": card.answers = ["true"]
      case "false", "f", "no", "n": card.answers = ["false"]
      default: return "\(quotedArg(line)) is neither true nor false"
      }
    case .numeric:
      guard NumericAnswerText.isValid(line) else {
        return "\(quotedArg(line)) is not a number, a number ± a tolerance, or a range such as 40..45"
      }
      card.answers = [line]
    case .single, .multiple:
      if parts.contains(where: { $0.isEmpty || $0 == "*" }) { return "a choice is empty (between two |)" }
      let choices = parts.map { text in
        text.hasPrefix("*")
          ? NewCard.Choice(String(text.dropFirst()).trimmingSpaces, correct: true)
          : NewCard.Choice(text, correct: false)
      }
      if choices.count < 2 { return "give at least two choices, separated by |" }
      let right = choices.filter(\.correct).count
      if card.kind == .single, right != 1 {
        return "mark exactly one choice as right with * (\(right) are marked); several right ones: type multiple"
      }
      if card.kind == .multiple, right == 0 { return "mark the right choices with *" }
      card.choices = choices
    }
    return nil
  }

  /// What `add` says once the card is written.
  static func addedNotice(_ state: AppState, _ card: NewCard, path: String, line: Int, created: Bool) -> Block {
    let article = card.kind == .text ? "a text" : (card.kind == .single ? "a single-choice" : "a \(card.kind.rawValue)")
    var text = "Added \(article) card to \(card.bank): \(path), line \(line)\(created ? " (a new file)" : "")."
    if state.catalog.bank(card.bank) != nil {
      text += " Type start \(card.bank) to study it, or edit \(card.bank) to change it."
    } else {
      text += " It is not loaded yet (see the errors below, or start quizline with the folder that holds it)."
    }
    return .notice(text)
  }
}

/// The numbers an answer line of a numeric card may hold: `42`, `42 ± 0.5`, `42 +- 0.5`, `40..45`.
enum NumericAnswerText {
  static func isValid(_ text: String) -> Bool {
    let t = text.trimmingSpaces
    for separator in ["±", "+-"] {
      if let r = t.firstRange(of: separator) {
        return number(String(t[..<r.lowerBound])) != nil && (number(String(t[r.upperBound...])) ?? -1) >= 0
      }
    }
    if let r = t.firstRange(of: "..") {
      guard let a = number(String(t[..<r.lowerBound])), let b = number(String(t[r.upperBound...])) else { return false }
      return a <= b
    }
    return number(t) != nil
  }

  private static func number(_ text: String) -> Double? {
    let t = text.trimmingSpaces
    guard !t.isEmpty, t.allSatisfy({ $0.isNumber || "+-.eE".contains($0) }) else { return nil }
    return Double(t).flatMap { $0.isFinite ? $0 : nil }
  }
}
