extension Reducer {
  /// `review [BANK|--all] [--limit N] [--certainty]`: due cards first (most overdue first), then new
  /// ones up to the daily new-card limit, less the siblings `bury-siblings` holds back
  /// (``AppState/reviewQueue(bank:at:)``).
  static func review(
    _ state: inout AppState, bank: String?, all: Bool, limit limitOption: OptionValue<Int>?, certainty: Bool,
    query: String? = nil, _ context: Context
  ) -> Reduction {
    if bank != nil, all {
      return fail(
        &state, "review takes a bank or --all, not both",
        hint: "review --all reviews every bank; review BANK only that one.")
    }
    if let bank, state.catalog.bank(bank) == nil { return unknown(&state, "bank", bank, state.catalog.banks.map(\.id)) }
    var limit = Int.max
    switch limitOption {
    case .invalid(let l)?:
      return fail(
        &state, "--limit must be a whole number of at least 1, not \(quotedArg(l))",
        hint: "For example: review --limit 20")
    case .valid(let n)?: limit = n
    case nil: break
    }
    if let query {
      return customStudy(&state, query, bank: bank, limit: limit, certainty: certainty, context)
    }
    let queue = state.reviewQueue(bank: bank, at: context.now)
    let refs = Array((queue.due + queue.new).prefix(limit))
    guard !refs.isEmpty else {
      state.display = [.nothingDue(bank: bank)]
      return Reduction()
    }
    let held = state.reviewLimitNotice(at: context.now, bank: bank)
    let reduction = begin(
      &state,
      RunStart(
        source: .review, questions: refs, seed: context.entropy, bankHashes: hashes(state, refs), certainty: certainty),
      context)
    if let held { state.display.insert(.notice(held.prefix(1).uppercased() + held.dropFirst() + "."), at: 0) }
    return reduction
  }

  /// `cram BANK|--tags T`: practice that does not move the schedule (answers are recorded as practice).
  static func cram(_ state: inout AppState, _ bank: String?, _ options: RunOptions, _ context: Context) -> Reduction {
    var questions: [QuestionRef] = []
    if let id = bank {
      guard let bank = state.catalog.bank(id) else { return unknown(&state, "bank", id, state.catalog.banks.map(\.id)) }
      questions = bank.questions.map { QuestionRef(bank: id, question: $0.id) }
    } else if options.tags == nil {
      return fail(&state, "cram needs a bank or --tags", hint: "usage: cram BANK, or cram --tags state,layout")
    } else {
      questions = state.catalog.banks.flatMap { b in b.questions.map { QuestionRef(bank: b.id, question: $0.id) } }
    }
    if let tagList = options.tags {
      let wanted = Set(
        tagList.split(separator: ",").map { String($0).trimmingSpaces.lowercased() }.filter { !$0.isEmpty })
      questions = questions.filter { ref in
        let tags = (state.catalog.question(ref)?.tags ?? []) + (state.catalog.bank(ref.bank)?.tags ?? [])
        return !wanted.isDisjoint(with: tags)
      }
      if questions.isEmpty {
        let scope = bank.flatMap { state.catalog.bank($0) }.map { [$0] } ?? state.catalog.banks
        let known = Set(scope.flatMap { $0.tags + $0.questions.flatMap(\.tags) }).sorted()
        return fail(
          &state, "no question has the tags \(tagList)",
          hint: known.isEmpty
            ? "No question has tags; search finds questions by text." : "Tags: \(known.joined(separator: ", ")).")
      }
    }
    questions = Presentation.shuffled(questions, seed: context.entropy)
    switch options.count {
    case .invalid(let c)?:
      return fail(
        &state, "--count must be a whole number of at least 1, not \(quotedArg(c))",
        hint: "For example: cram BANK --count 10")
    case .valid(let n)?: questions = Array(questions.prefix(n))
    case nil: break
    }
    return begin(
      &state,
      RunStart(
        source: .cram, questions: questions, seed: context.entropy, bankHashes: hashes(state, questions), practice: true
      ), context)
  }

  /// `reset BANK|SESSION`: asks for `yes` first; the reset is an event, so `undo` can restore it.
  static func reset(_ state: inout AppState, _ id: String) -> Reduction {
    let scope: ResetScope
    if state.catalog.bank(id) != nil {
      scope = .bank(id)
    } else if let session = state.catalog.session(id) {
      scope = .session(id, questions: session.checkpoint?.questions ?? [])
    } else {
      return unknown(&state, "bank or session", id, state.catalog.banks.map(\.id) + state.catalog.sessions.map(\.id))
    }
    state.pendingReset = scope
    state.display = [.confirmReset(scope)]
    return Reduction()
  }

  /// Handles the line typed after a reset question.
  static func confirmReset(_ state: inout AppState, _ line: String) -> Reduction {
    guard let scope = state.pendingReset else { return Reduction() }
    state.pendingReset = nil
    guard line.lowercased() == "yes" else {
      state.display = [.notice("Reset cancelled; nothing was changed.")]
      return Reduction()
    }
    state.display = [.notice("Reset \(scope.label): its scheduling and scores are cleared. Type undo to restore them.")]
    return Reduction(events: [.reset(scope)])
  }

  static func hashes(_ state: AppState, _ refs: [QuestionRef]) -> [String: String] {
    var out: [String: String] = [:]
    for bank in Set(refs.map(\.bank)) { out[bank] = state.catalog.bank(bank)?.contentHash ?? "" }
    return out
  }

  /// Starts a run (ending an unfinished one, with a notice) and shows its first question.
  static func begin(_ state: inout AppState, _ start: RunStart, _ context: Context) -> Reduction {
    guard !start.questions.isEmpty else {
      return fail(
        &state, "there are no questions to ask in \(start.source.label)",
        hint: "Run quizline check to see what the quizzes folder holds.")
    }
    var blocks: [Block] = []
    if let old = state.progress.activeRun {
      blocks.append(
        .notice(
          "Your unfinished quiz on \(old.start.source.label) (\(old.position) of \(old.questions.count) done) was ended."
        ))
    }
    state.quiz = .asking(shownAt: context.now)
    blocks.append(.currentQuestion)
    state.display = blocks
    return Reduction(events: [.quizStarted(start)])
  }
}
