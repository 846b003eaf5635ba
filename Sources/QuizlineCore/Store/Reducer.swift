/// The pure heart of quizline: turns an ``Action`` into events to record and a new display.
///
/// The reducer never performs I/O and never changes ``LearnerProgress`` directly: it returns events, which
/// the runtime appends to the journal and then applies with ``LearnerProgress/apply(_:)``. Time and
/// randomness arrive inside the action, so the same state and action always give the same result.
public enum Reducer {
  public static func reduce(_ state: inout AppState, _ action: Action) -> Reduction {
    state.display = []
    switch action {
    case .started:
      state.display = [.welcome]
      return Reduction()
    case .interrupted(_, let lineHadText):
      if let cancelled = cancelAuthoring(&state) { return cancelled }
      if let scope = state.pendingReset {
        state.pendingReset = nil
        state.display = [.notice("Reset of \(scope.label) cancelled; nothing was changed.")]
        return Reduction()
      }
      if case .confirmingCardChange(let change, _) = state.mode {
        state.mode = .home
        state.display = [.notice("\(change.action.name.capitalizedFirst) cancelled; nothing was changed.")]
        return Reduction()
      }
      if case .writing(let shownAt, let lines) = state.quiz, !lines.isEmpty {
        state.quiz = .asking(shownAt: shownAt)
        state.display = [.notice("Draft discarded."), .currentQuestion]
        return Reduction()
      }
      if lineHadText {
        // Like a shell: Ctrl-C on a line being typed drops that line; only at an empty prompt
        // does it warn, and a second one there leaves.
        state.interruptArmed = false
        state.display = []
        return Reduction()
      }
      if state.interruptArmed {
        state.display = leavingBlocks(state)
        state.quitRequested = true
      } else {
        state.interruptArmed = true
        state.display = [.notice("Press Ctrl-C again, or type quit, to leave.")]
      }
      return Reduction()
    case .inputEnded(let now):
      // Ctrl-D after lines of an open answer ends the answer, as an empty line does (the usual
      // meaning of Ctrl-D in multi-line input), instead of leaving and dropping what was written.
      if case .writing(_, let lines) = state.quiz, !lines.isEmpty {
        var context = Context(now: now, entropy: 0)
        return reduceQuizLine(&state, "", &context)
      }
      // No more input: an offer to edit again is declined, a card being written is not added.
      let declined = cancelAuthoring(&state) == nil ? [] : state.display
      state.display = declined.filter { $0 != .currentQuestion } + leavingBlocks(state)
      state.quitRequested = true
      return Reduction()
    case .terminationRequested:
      state.display = [
        .notice(
          state.unsavedSteps > 0
            ? "Leaving: some steps could not be saved (see the errors above)." : "Leaving: your progress is saved.")
      ]
      state.quitRequested = true
      return Reduction()
    case .recordingFailed(let reason, let partly, _):
      // A run whose answer was saved but whose end was not goes back to the prompt, where `resume`
      // (or the next quiz) finishes it properly; a run that ended is left.
      if partly, state.progress.activeRun == nil { state.quiz = nil }
      if state.progress.activeRun?.isAtEnd == true { state.quiz = nil }
      return fail(
        &state, "could not save your progress: \(reason)",
        hint: partly
          ? "Part of this step was recorded; what was saved before is safe."
          : "Nothing of this step was recorded; what was saved before is safe. Free some space or fix the folder, then try again."
      )
    case .effectFinished(let outcome, _):
      if case .optimized(let result, let dryRun) = outcome {
        return optimizationFinished(&state, result, dryRun: dryRun, at: action.at)
      }
      if case .reloaded(let reload, let cause) = outcome {
        return reloaded(&state, reload, cause, at: action.at)
      }
      return effectFinished(&state, outcome)
    case .commandIssued(let command, let now, let entropy):
      state.interruptArmed = false
      var context = Context(now: now, entropy: entropy)
      return perform(&state, command.spec, command, &context)
    case .lineEntered(let typed, let now, let entropy):
      let raw = removingControlCharacters(typed)
      state.interruptArmed = false
      var context = Context(now: now, entropy: entropy)
      if state.quiz != nil {
        return reduceQuizLine(&state, raw, &context)
      }
      let line = raw.trimmingSpaces
      if state.pendingReset != nil { return confirmReset(&state, line) }
      if case .confirmingCardChange(let change, _) = state.mode { return confirmCardChange(&state, change, line) }
      if case .confirmingEdit = state.mode { return confirmEdit(&state, line) }
      if case .addingCard = state.mode { return addCardLine(&state, line) }
      if line.isEmpty { return Reduction() }
      return reduceHomeLine(&state, line, &context)
    }
  }

  /// What leaving shows: inside a quiz, that its place is saved.
  static func leavingBlocks(_ state: AppState) -> [Block] {
    state.quiz == nil ? [.goodbye] : [.notice("Your place in this quiz is saved: type resume next time."), .goodbye]
  }

  /// Per-action inputs that must not come from globals.
  struct Context {
    var now: Timestamp
    var entropy: UInt64
  }

  static func fail(_ state: inout AppState, _ message: String, hint: String? = nil) -> Reduction {
    state.display = [.error(message, hint: hint)]
    var reduction = Reduction()
    reduction.outcome = .refused
    return reduction
  }

  /// Decodes a command line against the commands of `context`: the command (nil for a line without
  /// one), or the refusal that shows why the line is not a command here.
  static func decode(_ state: inout AppState, _ line: String, in context: ReplContext) -> Result<
    (ReplCommandSpec, ReplCommand)?, Refusal
  > {
    do {
      var words = ReplCommands.tokenize(line)
      // Commands are case-insensitive at the prompt (`Skip`, `LIST`); their arguments are not.
      if let first = words.first { words[0] = first.lowercased() }
      return .success(try ReplCommands.decode(words, in: context))
    } catch {
      if context == .home, let word = ReplCommands.tokenize(line).first?.lowercased(),
        ReplCommands.parser(for: .quiz).command(named: word) != nil,
        ReplCommands.parser(for: .home).command(named: word) == nil
      {
        let hint =
          state.progress.activeRun == nil
          ? "Type start BANK or review to begin a quiz." : "Type resume to go back to your quiz."
        return .failure(Refusal(fail(&state, "\(word) can only be used during a quiz", hint: hint)))
      }
      let usage = error.command.flatMap { name in ReplCommands.all.first { $0.name == name } }.map {
        "usage: " + $0.usage
      }
      return .failure(Refusal(fail(&state, error.message, hint: usage ?? "Type help to see the commands.")))
    }
  }

  /// A line that could not be decoded, with the reduction that says why.
  struct Refusal: Error {
    var reduction: Reduction
    init(_ reduction: Reduction) { self.reduction = reduction }
  }

  private static func reduceHomeLine(_ state: inout AppState, _ line: String, _ context: inout Context) -> Reduction {
    switch decode(&state, line, in: .home) {
    case .failure(let refusal): return refusal.reduction
    case .success(nil): return Reduction()
    case .success(let (spec, command)?): return perform(&state, spec, command, &context)
    }
  }

  /// Carries out a command given at the home prompt.
  static func perform(
    _ state: inout AppState, _ spec: ReplCommandSpec, _ command: ReplCommand, _ context: inout Context
  ) -> Reduction {
    if state.readOnly, spec.recordsProgress {
      return fail(
        &state, "\(spec.name) records progress, and this profile is open read-only (--read-only)",
        hint:
          "You can read sessions, list, search, see status and progress, and export. Leave the other quizline, then start without --read-only."
      )
    }
    switch command {
    case .help(let topic):
      if let topic, ReplCommands.parser(for: .home).command(named: topic) == nil,
        ReplCommands.parser(for: .quiz).command(named: topic) == nil
      {
        return fail(&state, "help: there is no command \(quotedArg(topic))", hint: "Type help to see the commands.")
      }
      state.display = [.help(command: topic, context: .home)]
    case .list: state.display = [.catalogList]
    case .search(let query): state.display = [.searchResults(query: query)]
    case .status: state.display = [.status]
    case .progress: state.display = [.progressReport]
    case .export(let format, let path, let force, let since):
      return export(&state, format: format, path: path, force: force, since: since, context)
    case .sync:
      if state.readOnly { return fail(&state, "sync: this profile is open read-only", hint: "Nothing was shared.") }
      return Reduction(effects: [.sync])
    case .read(let session, let section): return read(&state, session, section: section)
    case .next:
      guard let s = state.nextSession else {
        state.display = [
          .notice(
            state.catalog.sessions.isEmpty ? "There are no study sessions." : "Every session is completed. Well done!")
        ]
        return Reduction()
      }
      return read(&state, s.id)
    case .complete(let session): return mark(&state, session, complete: true)
    case .reopenSession(let session): return mark(&state, session, complete: false)
    case .start(let bank, let options): return startBank(&state, bank, options, &context)
    case .quiz(let session, let options): return startCheckpoint(&state, session, options, &context)
    case .retry: return retry(&state, &context)
    case .resume: return resume(&state, context)
    case .review(let bank, let all, let limit, let certainty, let query):
      return review(&state, bank: bank, all: all, limit: limit, certainty: certainty, query: query, context)
    case .cram(let bank, let options): return cram(&state, bank, options, context)
    case .forecast: state.display = [.forecast]
    case .cards(let query, let sort): return cards(&state, query: query, sort: sort, context)
    case .changeCards(let action, let target): return changeCards(&state, action, target: target, context)
    case .reset(let target): return reset(&state, target)
    case .config(let key, let value): return config(&state, key: key, value: value)
    case .undo: return undo(&state, context)
    case .optimize(let dryRun): return optimize(&state, dryRun: dryRun)
    case .override: return overrule(&state)
    case .edit(let target): return edit(&state, target: target)
    case .info(let card): return info(&state, card: card)
    case .play(let card): return media(&state, card: card, open: false)
    case .openMedia(let card): return media(&state, card: card, open: true)
    case .reload: return Reduction(effects: [.reload])
    case .add(let bank): return add(&state, bank: bank)
    case .clear: state.display = [.clearScreen]
    case .again:
      if state.progress.activeRun != nil {
        return fail(&state, "again shows the question of a quiz", hint: "Type resume to go back to your quiz.")
      }
      guard let id = state.reading else {
        return fail(
          &state, "there is nothing to show again", hint: "again shows the current question, or the session read last.")
      }
      return read(&state, id)
    case .quit:
      state.quitRequested = true
      state.display = [.goodbye]
    case .skip, .hint, .flag, .back, .end:
      return fail(&state, "\(quotedArg(spec.name)) cannot be used here", hint: "Type help to see the commands.")
    }
    return Reduction()
  }

  static func read(_ state: inout AppState, _ id: String, section: String? = nil) -> Reduction {
    guard let session = state.catalog.session(id) else {
      return unknown(&state, "session", id, state.catalog.sessions.map(\.id))
    }
    var number: Int?
    if let section {
      let count = session.sections.count
      guard let n = Int(section), n >= 1, n <= count else {
        return fail(
          &state, "\(id) has no section \(quotedArg(section))",
          hint: count == 1 ? "It has one section: type read \(id)." : "Its sections are 1 to \(count).")
      }
      number = n
    }
    state.reading = id
    state.display = [.session(id: id, section: number)]
    // Reading the whole session, or its last section, unlocks its questions (the first time only).
    let whole = number == nil || number == session.sections.count
    guard whole, !state.readOnly, state.progress.sessions[id]?.readAt == nil else { return Reduction() }
    var reduction = Reduction(events: [.sessionRead(session: id)])
    reduction.bestEffort = true
    return reduction
  }

  static func unknown(_ state: inout AppState, _ kind: String, _ id: String, _ known: [String]) -> Reduction {
    var hint = known.isEmpty ? "There are none in the quizzes folder." : "Type list to see them."
    if let m = closestMatch(to: id, in: known) { hint = "Did you mean \(m)?" }
    return fail(&state, "there is no \(kind) \(quotedArg(id))", hint: hint)
  }

  private static func mark(_ state: inout AppState, _ arg: String?, complete: Bool) -> Reduction {
    let verb = complete ? "complete" : "reopen"
    guard let id = arg ?? state.reading else {
      return fail(&state, "\(verb): which session?", hint: "usage: \(verb) SESSION (or read a session first)")
    }
    guard let session = state.catalog.session(id) else {
      return unknown(&state, "session", id, state.catalog.sessions.map(\.id))
    }
    let done = state.progress.isCompleted(id)
    if complete {
      if done {
        state.display = [.notice("\(id) is already completed.")]
        return Reduction()
      }
      if session.completion == .checkpoint, let checkpoint = session.checkpoint {
        let best = state.progress.sessions[id]?.bestCheckpointPercent
        if (best ?? 0) < checkpoint.passPercent {
          let so = best.map { "best so far \($0)%" } ?? "not taken yet"
          return fail(
            &state, "\(id) can be completed once its checkpoint quiz reaches \(checkpoint.passPercent)% (\(so)).",
            hint: "Type quiz \(id) to take it.")
        }
      }
      state.display = [.sessionMarked(id: id, completed: true)]
      return Reduction(events: [.sessionCompleted(session: id)])
    }
    guard done else {
      state.display = [.notice("\(id) is not completed, so there is nothing to reopen.")]
      return Reduction()
    }
    state.display = [.sessionMarked(id: id, completed: false)]
    return Reduction(events: [.sessionReopened(session: id)])
  }

  static func resume(_ state: inout AppState, _ context: Context) -> Reduction {
    guard let run = state.progress.activeRun else {
      return fail(&state, "there is no unfinished quiz to resume", hint: "Type start BANK to begin one.")
    }
    let unloaded = state.unloadedBanks(of: run)
    guard unloaded.isEmpty else {
      // The bank may sit in a quizzes folder not given this time: keep the run, never skip its questions.
      return fail(
        &state,
        "cannot resume the quiz on \(run.start.source.label): \(AppState.bankList(unloaded)) not loaded from the quizzes folders",
        hint:
          "The quiz is kept (\(run.position) of \(run.questions.count) done). Start quizline with the folder that holds it (--quizzes DIR, as many times as needed) and type resume; starting another quiz ends this one."
      )
    }
    var notices: [Block] = []
    for (bank, hash) in run.start.bankHashes.sorted(by: { $0.key < $1.key }) {
      if let b = state.catalog.bank(bank), b.contentHash != hash {
        notices.append(.notice("Bank \(bank) has changed since this quiz began; removed questions will be skipped."))
      }
    }
    state.quiz = .asking(shownAt: context.now)
    state.display = notices
    return Reduction(settle: .resume)
  }
}
