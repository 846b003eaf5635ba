extension Reducer {
  /// `start BANK [options]`.
  static func startBank(_ state: inout AppState, _ id: String, _ options: RunOptions, _ context: inout Context)
    -> Reduction
  {
    guard let bank = state.catalog.bank(id) else { return unknown(&state, "bank", id, state.catalog.banks.map(\.id)) }
    var questions = bank.questions
    if let tagList = options.tags {
      let wanted = Set(
        tagList.split(separator: ",").map { String($0).trimmingSpaces.lowercased() }.filter { !$0.isEmpty })
      questions = questions.filter { !wanted.isDisjoint(with: $0.tags + bank.tags) }
      if questions.isEmpty {
        let known = Set(bank.questions.flatMap(\.tags) + bank.tags).sorted()
        return fail(
          &state, "no question of \(id) has the tags \(tagList)",
          hint: known.isEmpty ? "This bank has no tags." : "Tags in \(id): \(known.joined(separator: ", ")).")
      }
    }
    if options.onlyMissed {
      questions = questions.filter {
        let p = state.progress.question(QuestionRef(bank: id, question: $0.id))
        return p.attempts > 0 && (p.lastScore ?? 0) < 0.9999
      }
      if questions.isEmpty {
        return fail(&state, "no question of \(id) was missed last time", hint: "Type start \(id) for the whole bank.")
      }
    }
    if options.onlyFlagged {
      questions = questions.filter { state.progress.question(QuestionRef(bank: id, question: $0.id)).flagged }
      if questions.isEmpty {
        return fail(&state, "no question of \(id) is flagged", hint: "Type flag during a quiz to flag a question.")
      }
    }
    let refs = questions.map { QuestionRef(bank: id, question: $0.id) }
    return startRun(&state, .bank(id), refs, options, &context)
  }

  /// `quiz [SESSION] [--shuffle] [--seed S] [--certainty]`: the checkpoint quiz of a session.
  static func startCheckpoint(
    _ state: inout AppState, _ session: String?, _ options: RunOptions, _ context: inout Context
  ) -> Reduction {
    // Without a session named or read, the quiz is the next session's (the one `next` opens).
    let chosenNext = session == nil && state.reading == nil ? state.nextSession?.id : nil
    guard let sid = session ?? state.reading ?? chosenNext else {
      return fail(&state, "quiz: which session?", hint: "usage: quiz SESSION (every session is completed)")
    }
    guard let session = state.catalog.session(sid) else {
      return unknown(&state, "session", sid, state.catalog.sessions.map(\.id))
    }
    guard let checkpoint = session.checkpoint else {
      return fail(&state, "\(sid) has no checkpoint quiz", hint: "Type complete \(sid) when you have studied it.")
    }
    let refs = checkpoint.questions.filter { state.catalog.question($0) != nil }
    if refs.isEmpty {
      return fail(&state, "none of the checkpoint questions of \(sid) exist any more", hint: "Run quizline check.")
    }
    let reduction = startRun(&state, .checkpoint(session: sid), refs, options, &context)
    if chosenNext != nil, reduction.outcome == .accepted {
      state.display.insert(
        .notice("The checkpoint of the next session, \(sid) (type quiz SESSION for another)."), at: 0)
    }
    return reduction
  }

  /// `retry`: practise the questions missed in the last quiz.
  static func retry(_ state: inout AppState, _ context: inout Context) -> Reduction {
    guard let last = state.progress.runs.last else {
      return fail(&state, "there is no finished quiz to retry", hint: "Type start BANK to begin one.")
    }
    let refs = last.finalOutcomes.filter { ($0.outcome?.score ?? 0) < 0.9999 }.map(\.ref).filter {
      state.catalog.question($0) != nil
    }
    if refs.isEmpty {
      state.display = [.notice("You missed nothing in the last quiz. Nothing to retry.")]
      return Reduction()
    }
    // Practising the missed questions is neither the bank's quiz nor the session's checkpoint.
    return startRun(&state, last.start.source == .cram ? .cram : .retry, refs, RunOptions(), &context)
  }

  /// Orders and cuts the chosen questions as the options say, then begins the run.
  private static func startRun(
    _ state: inout AppState, _ source: RunSource, _ chosen: [QuestionRef], _ options: RunOptions,
    _ context: inout Context
  ) -> Reduction {
    var refs = chosen
    var seed = context.entropy
    switch options.seed {
    case .invalid(let s)?:
      return fail(
        &state, "--seed must be a whole number such as 42, not \(quotedArg(s))",
        hint: "The same seed gives the same order again, e.g. --shuffle --seed 42")
    case .valid(let v)?: seed = v
    case nil: break
    }
    if options.shuffle || options.seed != nil {
      refs = Presentation.shuffled(refs, seed: seed)
    }
    switch options.count {
    case .invalid(let c)?:
      return fail(
        &state, "--count must be a whole number of at least 1, not \(quotedArg(c))",
        hint:
          "For example: --count 10 (\(refs.count == 1 ? "there is 1 question" : "there are \(refs.count) questions") to choose from)"
      )
    case .valid(let n)?: refs = Array(refs.prefix(n))
    case nil: break
    }
    let start = RunStart(
      source: source, questions: refs, seed: seed, bankHashes: hashes(state, refs), practice: source == .cram,
      certainty: options.certainty)
    return begin(&state, start, context)
  }

}
