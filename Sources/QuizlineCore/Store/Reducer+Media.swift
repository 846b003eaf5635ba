extension Reducer {
  /// `play [CARD]` and `open [CARD]`: the card's media on the sides the learner has seen, handed to
  /// the runtime (``Effect/playMedia(_:automatic:)``, ``Effect/openMedia(_:)``). Without a card:
  /// the question on screen in a quiz (its back once revealed), else the one answered last (both
  /// sides: it was answered).
  static func media(_ state: inout AppState, card: String?, open: Bool) -> Reduction {
    let command = open ? "open" : "play"
    let ref: QuestionRef
    var sides: [CardSide] = [.front, .back]
    if let card {
      switch namedCard(&state, card, command: command) {
      case .success(let named): ref = named
      case .failure(let refusal): return refusal.reduction
      }
    } else if let (current, _) = state.currentQuestion, let stage = state.quiz {
      ref = current
      sides = stage.showsBack ? [.front, .back] : [.front]
    } else if let last = lastAnswered(state.progress) {
      ref = last
    } else {
      return fail(
        &state, "\(command): which card?",
        hint:
          "usage: \(command) BANK/QUESTION (alone, it takes the question on screen in a quiz, or the one answered last)"
      )
    }
    guard let question = state.catalog.question(ref) else {
      return fail(&state, "\(command): \(ref) is no longer in its bank", hint: "Type reload if its file changed.")
    }
    let wanted = question.media(on: sides, bank: ref.bank).filter { open || $0.kind == .sound }
    guard !wanted.isEmpty else {
      let what = open ? "image or sound" : "sound"
      let hidden = question.media(on: [.back], bank: ref.bank).filter { open || $0.kind == .sound }
      if sides == [.front], !hidden.isEmpty {
        return fail(
          &state, "\(command): the front of \(ref) has no \(what)",
          hint:
            "Its back has \(Renderer.count(hidden.count, open ? "file" : "sound")): type \(command) once the back is shown."
        )
      }
      return fail(
        &state, "\(command): \(ref) has no \(what)",
        hint: open
          ? "Images are written ![alt](FILE) and sounds [sound:FILE] in a card's text, FILE beside the bank's file."
          : "Sounds are written `[sound:FILE]` in a card's text, FILE beside the bank's file.")
    }
    return Reduction(effects: [open ? .openMedia(wanted) : .playMedia(wanted, automatic: false)])
  }

  /// Autoplay (`config autoplay on`): the sounds of what this step revealed, in order: the back of
  /// an answer just graded (its explanation, shown with the feedback), a flashcard's back or an open
  /// question's model answer just shown, then the front of a question just asked (a new question,
  /// or one asked anew: never `again`, `clear` or a command's output shown above the same one).
  /// Called by the store once the step is settled, so the next question is known.
  static func autoplay(from before: AppState, to after: AppState) -> [Effect] {
    guard after.progress.settings.autoplay, after.quiz != nil || before.quiz != nil else { return [] }
    var files: [MediaFile] = []
    func add(_ ref: QuestionRef, _ side: CardSide) {
      guard let question = after.catalog.question(ref) else { return }
      for file in question.media(on: [side], bank: ref.bank) where file.kind == .sound && !files.contains(file) {
        files.append(file)
      }
    }
    for block in after.display {
      switch block {
      case .feedback(let feedback) where feedback.recorded:
        // A self-graded card's back played when it was turned.
        if after.catalog.question(feedback.question)?.body.kind.isSelfGraded == false { add(feedback.question, .back) }
      case .flashcardBack(let ref, _), .modelAnswer(let ref, _): add(ref, .back)
      case .currentQuestion:
        guard case .asking(let shownAt) = after.quiz, let (ref, _) = after.currentQuestion else { continue }
        if before.quiz?.shownAt != shownAt || before.currentQuestion?.ref != ref { add(ref, .front) }
      default: continue
      }
    }
    return files.isEmpty ? [] : [.playMedia(files, automatic: true)]
  }

  /// The screen after playing or opening: what started, each file that could not be used, and
  /// what to install when nothing can play or open them. Autoplay shows only what went wrong, and
  /// a missing player once a sitting.
  static func mediaHandled(_ state: inout AppState, _ outcome: MediaOutcome) -> Reduction {
    var blocks: [Block] = []
    if let started = outcome.started, !outcome.automatic { blocks.append(.notice(started)) }
    for problem in outcome.problems { blocks.append(.error(outcome.command + ": " + problem, hint: nil)) }
    if let missing = outcome.missingTool, !(outcome.automatic && state.autoplayToolMissingShown) {
      blocks.append(.error(outcome.command + ": " + missing, hint: outcome.hint))
      if outcome.automatic { state.autoplayToolMissingShown = true }
    }
    if !outcome.paths.isEmpty { blocks.append(.fileProblems(outcome.paths)) }
    state.display = blocks
    return Reduction()
  }
}

extension QuizStage {
  /// Whether the card's back (or explanation) is on screen: a flashcard turned, a model answer shown.
  var showsBack: Bool {
    switch self {
    case .flashcardBack, .openGrading: true
    case .asking, .certainty, .writing: false
    }
  }
}
