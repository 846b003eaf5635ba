extension LearnerProgress {
  /// Applies one recorded event: the only way progress changes, used live and on replay.
  ///
  /// Events at or below ``lastSequence`` are ignored, so replaying a journal over a snapshot that
  /// already includes some of its events changes nothing twice.
  public mutating func apply(_ event: RecordedEvent) {
    guard event.sequence > lastSequence else { return }
    lastSequence = event.sequence
    let at = event.at
    switch event.payload {
    case .quizStarted(let start):
      let run = QuizRun(id: event.sequence, start: start, startedAt: at)
      if let old = ledger.begin(run, ending: (at, .ended)) { countEnded(old) }

    case .answered(let answer):
      applyAnswer(answer, sequence: event.sequence, at: at)

    case .skipped(let runID, let ref):
      ledger.skip(run: runID, subject: ref, outcome: RunOutcome(score: nil, response: nil, seconds: 0))

    case .runEnded(let runID, let reason):
      guard let run = ledger.end(run: runID, (at, reason)) else { return }
      if case .checkpoint(let session) = run.start.source {
        let previous = sessions[session]
        var s = previous ?? SessionProgress()
        s.bestCheckpointPercent = max(s.bestCheckpointPercent ?? 0, run.percent)
        sessions[session] = s
        ledger.amendStepThatMoved(runID) { top in
          if top.previousSessions[session] == nil { top.previousSessions[session] = .some(previous) }
        }
      }
      if case .bank(let bank) = run.start.source, run.answeredCount > 0 {
        let previous = bankScores[bank]
        ledger.amendStepThatMoved(runID) { top in
          if top.previousBankScores[bank] == nil { top.previousBankScores[bank] = .some(previous) }
        }
      }
      countEnded(run)

    case .flagged(let ref, let on):
      var q = question(ref)
      q.flagged = on
      questions[ref] = q

    case .sessionCompleted(let id):
      var entry = UndoEntry(sequence: event.sequence, summary: "completion of \(id)")
      entry.previousSessions[id] = .some(sessions[id])
      var s = sessions[id] ?? SessionProgress()
      s.completedAt = at
      sessions[id] = s
      ledger.push(entry)

    case .sessionReopened(let id):
      var entry = UndoEntry(sequence: event.sequence, summary: "reopening of \(id)")
      entry.previousSessions[id] = .some(sessions[id])
      sessions[id]?.completedAt = nil
      ledger.push(entry)

    case .sessionRead(let id):
      // The first reading counts (in a merge of devices, the earliest).
      if sessions[id]?.readAt == nil {
        var s = sessions[id] ?? SessionProgress()
        s.readAt = at
        sessions[id] = s
      }

    case .settingsChanged(let new):
      settings = new

    case .reset(let scope):
      var entry = UndoEntry(sequence: event.sequence, summary: "reset of \(scope.label)")
      let refs: [QuestionRef]
      switch scope {
      case .bank(let id): refs = questions.keys.filter { $0.bank == id }
      case .session(let id, let checkpoint):
        refs = checkpoint
        entry.previousSessions[id] = .some(sessions[id])
        // Reading is not cleared: the session was read, and its questions stay unlocked.
        sessions[id] = sessions[id]?.readAt.map { SessionProgress(readAt: $0) }
      }
      for ref in refs where questions[ref] != nil {
        entry.previousQuestions[ref] = questions[ref]
        let flagged = questions[ref]?.flagged ?? false
        var cleared = QuestionProgress()
        cleared.flagged = flagged
        cleared.suspended = questions[ref]?.suspended ?? false
        questions[ref] = cleared
      }
      if case .bank(let id) = scope {
        entry.previousBankScores[id] = .some(bankScores[id])
        bankScores[id] = nil
      }
      ledger.push(entry)

    case .overridden(let o):
      applyOverride(o, sequence: event.sequence)

    case .requeued(let runID, let refs):
      ledger.requeue(run: runID, refs)

    case .parametersAdopted(let weights, let fit):
      applyAdoption(weights: weights, fit: fit, sequence: event.sequence)

    case .historyImported(let history):
      applyImportedHistory(history)

    case .cardsChanged(let change):
      applyDeclared(change, at: at, sequence: event.sequence)

    case .undone(let target):
      guard let entry = ledger.undo(target) else { return }
      restore(entry)
    }
  }

  /// ``apply(_:)`` of an answer above ``lastSequence``, saying what it did to the question's card:
  /// whether it had none before, and the card after. The review log (``ReviewLogs``) reads both
  /// here instead of looking the question up before and after `apply` (one look-up, not three).
  mutating func applyAnswered(_ answer: AnswerRecord, of event: RecordedEvent) -> (wasNew: Bool, card: FSRSCard?) {
    lastSequence = event.sequence
    return applyAnswer(answer, sequence: event.sequence, at: event.at)
  }

  /// An answer's changes (its question, its day, the run and the undo stack), with what it did to
  /// the question's card.
  @discardableResult
  private mutating func applyAnswer(_ answer: AnswerRecord, sequence: Int, at: Timestamp) -> (
    wasNew: Bool, card: FSRSCard?
  ) {
    let ref = answer.question
    var entry = UndoEntry(sequence: sequence, answerTo: ref)
    // One lookup of the question, its slot written in place below.
    let slot = questions.index(forKey: ref)
    let previous = slot.map { questions.values[$0] }
    entry.previousQuestions[ref] = previous
    let day = at.dayNumber
    let previousDay = days[day]
    entry.previousDays[day] = previousDay
    var q = previous ?? QuestionProgress()
    q.attempts += 1
    if answer.isCorrect { q.correct += 1 }
    q.totalScore += answer.score
    q.lastScore = answer.score
    q.lastAnsweredAt = at
    var d = previousDay ?? DayActivity()
    d.answers += 1
    if answer.isCorrect { d.correct += 1 }
    d.seconds += answer.seconds
    if let rating = answer.rating {
      if let card = q.card {
        if card.phase == .review && card.due <= at { d.reviews += 1 }
      } else {
        d.newCards += 1
      }
      let lapsesBefore = q.lapses
      q.countReview(rating, at: at, cardBefore: q.card)
      q.applyLeechRule(lapsesBefore: lapsesBefore, settings)
      q.card = schedule(
        q.card, rating: rating, at: at, sequence: sequence, question: ref,
        skippingLearningSteps: answer.skipsLearningSteps, chosenDays: answer.scheduledDays)
    }
    if let slot { questions.values[slot] = q } else { questions[ref] = q }
    days[day] = d
    let outcome = RunOutcome(
      score: answer.score, response: answer.response, seconds: answer.seconds, certainty: answer.certainty)
    ledger.answer(consume entry, run: answer.run, subject: ref, outcome: outcome)
    return (previous?.card == nil, q.card)
  }

  /// The card after a review, with fuzz drawn from a generator seeded by the event, so replay agrees.
  /// `skippingLearningSteps`: a card new or in its learning steps is scheduled as without learning
  /// steps (a right answer to an auto-graded question, `config auto-graded-steps skip`); a card in
  /// another phase (in a merge of devices, another answer may have come first) is not affected.
  /// `chosenDays`: the interval the reducer chose by load and easy days (the event's `days`), used
  /// when it lies inside the fuzz bounds of the interval computed here (in a merge where another
  /// device's answer came first it may not), else the seeded fuzz decides.
  mutating func schedule(
    _ card: FSRSCard?, rating: Rating, at: Timestamp, sequence: Int, question: QuestionRef,
    skippingLearningSteps: Bool = false, chosenDays: Int? = nil
  ) -> FSRSCard {
    var random = Self.eventRandom(sequence: sequence, question: question)
    return schedulerCache.review(
      card ?? .new(at: at), rating: rating, at: at, random: &random, settings: settings.scheduler,
      skippingLearningSteps: skippingLearningSteps, chosenDays: chosenDays)
  }

  /// The generator of an answer's fuzz and load-balancer draw, seeded by its event.
  static func eventRandom(sequence: Int, question: QuestionRef) -> SplitMix64 {
    SplitMix64(seed: UInt64(truncatingIfNeeded: sequence) &* 0x9E37_79B9_7F4A_7C15 ^ Presentation.stableHash(question))
  }

  /// Counts an ended run (already in the recent list): for bank quizzes, in the bank's statistics.
  private mutating func countEnded(_ run: QuizRun) {
    if case .bank(let bank) = run.start.source, run.answeredCount > 0 {
      let percent = run.percent
      var stats = bankScores[bank] ?? ScoreStats()
      stats.runs += 1
      stats.best = max(stats.best, percent)
      stats.last = percent
      stats.totalPercent += percent
      bankScores[bank] = stats
    }
  }

  /// Puts back the values an undone step changed (``RunLedger/undo(_:)`` put the runs back).
  private mutating func restore(_ entry: UndoEntry) {
    for (ref, previous) in entry.previousQuestions {
      // Flags are not part of what an answer changes: keep the current one.
      let flagged = questions[ref]?.flagged ?? false
      var restored = previous ?? QuestionProgress()
      restored.flagged = flagged
      questions[ref] = restored
    }
    for (id, previous) in entry.previousSessions {
      // Reading is not a step undo takes back: keep when the session was first read.
      let readAt = sessions[id]?.readAt ?? previous?.readAt
      var restored = previous
      if let readAt {
        if restored == nil { restored = SessionProgress() }
        restored?.readAt = readAt
      }
      sessions[id] = restored
    }
    for (day, previous) in entry.previousDays { days[day] = previous }
    for (bank, previous) in entry.previousBankScores { bankScores[bank] = previous }
    if let parameters = entry.previousParameters { restoreParameters(parameters) }
  }
}
