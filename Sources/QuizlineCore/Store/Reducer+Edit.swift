extension Reducer {
  /// `edit [TARGET]`: which file to open, and where. Without a target: the current question in a
  /// quiz, else the session read last.
  static func edit(_ state: inout AppState, target: String?) -> Reduction {
    let catalog = state.catalog
    let resolved: EditTarget
    if let target {
      if catalog.bank(target) != nil {
        resolved = .bank(target)
      } else if catalog.session(target) != nil {
        resolved = .session(target)
      } else if let ref = QuestionRef(target), let bank = catalog.bank(ref.bank) {
        guard catalog.question(ref) != nil else {
          var hint = "Type edit \(bank.id) to open the whole bank."
          if let m = closestMatch(to: ref.question, in: bank.questions.map(\.id)) {
            hint = "Did you mean \(bank.id)/\(m)?"
          }
          return fail(&state, "bank \(bank.id) has no question \(quotedArg(ref.question))", hint: hint)
        }
        resolved = .question(ref)
      } else if let ref = uniqueQuestion(target, in: catalog) {
        resolved = .question(ref)
      } else {
        return unknown(
          &state, "bank, session or question", target, catalog.banks.map(\.id) + catalog.sessions.map(\.id))
      }
    } else if let (ref, _) = state.currentQuestion {
      resolved = .question(ref)
    } else if let id = state.reading, catalog.session(id) != nil {
      resolved = .session(id)
    } else {
      return fail(
        &state, "edit: which bank, session or question?",
        hint: "usage: edit BANK|SESSION|BANK/QUESTION (inside a quiz, edit alone opens the current question)")
    }
    return Reduction(effects: [.edit(resolved)])
  }

  /// The question with this id when exactly one bank has one.
  static func uniqueQuestion(_ id: String, in catalog: Catalog) -> QuestionRef? {
    guard Identifier.isValid(id) else { return nil }
    let found = catalog.banks.filter { catalog.question(QuestionRef(bank: $0.id, question: id)) != nil }
    return found.count == 1 ? QuestionRef(bank: found[0].id, question: id) : nil
  }

  /// The folders were read again: the new catalog replaces the old one (a changed file that fails
  /// keeps its old version: the reload says so), and a running quiz keeps its place.
  static func reloaded(_ state: inout AppState, _ reload: CatalogReload, _ cause: ReloadCause, at now: Timestamp)
    -> Reduction
  {
    state.catalog = reload.catalog
    state.loadErrorCount = reload.loadErrorCount
    state.markdownBankIDs = reload.markdownBankIDs
    var blocks: [Block] = []
    if case .added(let card, let path, let line, let created) = cause {
      blocks.append(addedNotice(state, card, path: path, line: line, created: created))
    }
    if !reload.changes.isEmpty {
      blocks.append(.notice("Quizzes changed: " + reload.changes.map(\.summary).joined(separator: "; ") + "."))
    } else if cause == .command {
      blocks.append(.notice("Quizzes reloaded: nothing changed (\(Renderer.count(reload.fileCount, "file")) read)."))
    }
    for notice in reload.idNotices { blocks.append(.notice(notice)) }
    for failure in reload.failures {
      let kept = failure.keptOldVersion ? "the version read before stays in use" : "it is not loaded"
      blocks.append(.error("\(failure.name) has errors; \(kept)", hint: nil))
      blocks.append(.fileProblems(failure.problems))
    }
    if case .edited(let target, let path) = cause {
      if let failure = reload.failures.first(where: { $0.path == path }) {
        state.mode = .confirmingEdit(target, path: path, returnTo: state.quiz)
        blocks.append(
          .notice("Edit \(failure.name) again to fix \(failure.problems.count == 1 ? "it" : "them")? (y/n)"))
        state.display = blocks
        return Reduction()
      }
      if reload.changes.isEmpty { blocks.append(.notice("\(path) loads; no change to its content.")) }
    }
    state.display = blocks
    return keepQuizPlace(&state, at: now)
  }

  /// After a reload inside a quiz: the question being answered stays current, shown as it is now;
  /// one that left its bank is skipped (as `resume` skips it) and the quiz moves on.
  private static func keepQuizPlace(_ state: inout AppState, at now: Timestamp) -> Reduction {
    guard let stage = state.quiz, let run = state.progress.activeRun, let ref = run.current else { return Reduction() }
    if state.catalog.question(ref) == nil {
      if state.catalog.bank(ref.bank) != nil {
        state.display.append(.notice("The question you were answering (\(ref)) is no longer in its bank; moving on."))
      }
      state.quiz = .asking(shownAt: now)
      return Reduction(settle: .moveOn)
    }
    if case .writing(_, let lines) = stage, !lines.isEmpty { return Reduction() }
    state.quiz = .asking(shownAt: stage.shownAt)
    state.display.append(.currentQuestion)
    return Reduction()
  }

  /// A line at the offer to edit the file again.
  static func confirmEdit(_ state: inout AppState, _ line: String) -> Reduction {
    guard case .confirmingEdit(let target, let path, let stage) = state.mode else { return Reduction() }
    switch line.lowercased() {
    case "y", "yes":
      state.mode = mode(returningTo: stage, state)
      return Reduction(effects: [.edit(target)])
    case "n", "no":
      state.mode = mode(returningTo: stage, state)
      state.display = [.notice(keptNotice(target, path: path))]
      if state.quiz != nil { state.display.append(.currentQuestion) }
      return Reduction()
    default:
      state.display = [.notice("Type y to edit it again, or n to keep the version read before.")]
      return Reduction()
    }
  }

  /// Ctrl-C (or the end of input) while `edit` offers to edit again, or while `add` asks for a
  /// card: the offer is declined, the card is not added. Nil when neither is waiting.
  static func cancelAuthoring(_ state: inout AppState) -> Reduction? {
    switch state.mode {
    case .confirmingEdit(let target, let path, let stage):
      state.mode = mode(returningTo: stage, state)
      state.display = [.notice(keptNotice(target, path: path))]
      if state.quiz != nil { state.display.append(.currentQuestion) }
      return Reduction()
    case .addingCard:
      state.mode = .home
      state.display = [.notice("Card not added.")]
      return Reduction()
    default:
      return nil
    }
  }

  private static func keptNotice(_ target: EditTarget, path: String) -> String {
    "\(path) keeps its errors; the version read before stays in use until it loads. Type edit \(editArgument(target)) to fix it."
  }

  static func editArgument(_ target: EditTarget) -> String {
    switch target {
    case .bank(let id), .session(let id): id
    case .question(let ref): ref.description
    }
  }

  private static func mode(returningTo stage: QuizStage?, _ state: AppState) -> Mode {
    if let stage, state.progress.activeRun != nil { return .quiz(stage) }
    return .home
  }
}
