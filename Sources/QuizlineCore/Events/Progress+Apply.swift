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
      if var old = activeRun {
        old.endedAt = at
        old.endReason = .ended
        appendEnded(old)
      }
      activeRun = QuizRun(id: event.sequence, start: start, startedAt: at)
      // Answers of earlier runs can no longer be taken back: their runs are over and a new one began.
      undoStack.removeAll { $0.previousRun != nil || $0.overriddenRun != nil }

    case .answered(let answer):
      var entry = UndoEntry(sequence: event.sequence, summary: "answer to \(answer.question)")
      entry.previousQuestions[answer.question] = questions[answer.question]
      let day = at.dayNumber
      entry.previousDays[day] = days[day]
      var q = question(answer.question)
      q.attempts += 1
      if answer.isCorrect { q.correct += 1 }
      q.totalScore += answer.score
      q.lastScore = answer.score
      q.lastAnsweredAt = at
      questions[answer.question] = q
      var d = days[day] ?? DayActivity()
      d.answers += 1
      if answer.isCorrect { d.correct += 1 }
      d.seconds += answer.seconds
      if let rating = answer.rating {
        if q.card == nil { d.newCards += 1 }
        q.card = schedule(q.card, rating: rating, at: at, sequence: event.sequence, question: answer.question)
        questions[answer.question] = q
      }
      days[day] = d
      if var run = activeRun, run.id == answer.run, run.current == answer.question {
        entry.previousRun = run
        run.outcomes[run.position] = RunOutcome(
          score: answer.score, response: answer.response, seconds: answer.seconds, certainty: answer.certainty)
        run.position += 1
        activeRun = run
      }
      pushUndo(entry)

    case .skipped(let runID, let ref):
      if var run = activeRun, run.id == runID, run.current == ref {
        run.outcomes[run.position] = RunOutcome(score: nil, response: nil, seconds: 0)
        run.position += 1
        activeRun = run
      }

    case .runEnded(let runID, let reason):
      guard var run = activeRun, run.id == runID else { return }
      run.endedAt = at
      run.endReason = reason
      if case .checkpoint(let session) = run.start.source {
        let previous = sessions[session]
        var s = previous ?? SessionProgress()
        s.bestCheckpointPercent = max(s.bestCheckpointPercent ?? 0, run.percent)
        sessions[session] = s
        if var top = undoStack.last, top.movedRun == runID, top.previousSessions[session] == nil {
          top.previousSessions[session] = .some(previous)
          undoStack[undoStack.count - 1] = top
        }
      }
      if case .bank(let bank) = run.start.source, run.answeredCount > 0,
        var top = undoStack.last, top.movedRun == runID, top.previousBankScores[bank] == nil
      {
        top.previousBankScores[bank] = .some(bankScores[bank])
        undoStack[undoStack.count - 1] = top
      }
      appendEnded(run)
      activeRun = nil

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
      pushUndo(entry)

    case .sessionReopened(let id):
      var entry = UndoEntry(sequence: event.sequence, summary: "reopening of \(id)")
      entry.previousSessions[id] = .some(sessions[id])
      sessions[id]?.completedAt = nil
      pushUndo(entry)

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
        sessions[id] = nil
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
      pushUndo(entry)

    case .overridden(let o):
      applyOverride(o, sequence: event.sequence)

    case .requeued(let runID, let refs):
      if var run = activeRun, run.id == runID {
        run.start.questions += refs
        run.outcomes += Array(repeating: nil, count: refs.count)
        activeRun = run
      }

    case .historyImported(let history):
      applyImportedHistory(history)

    case .undone(let target):
      guard let index = undoStack.lastIndex(where: { $0.sequence == target }) else { return }
      let entry = undoStack.remove(at: index)
      restore(entry)
    }
  }

  /// The card after a review, with fuzz drawn from a generator seeded by the event, so replay agrees.
  func schedule(_ card: FSRSCard?, rating: Rating, at: Timestamp, sequence: Int, question: QuestionRef)
    -> FSRSCard
  {
    let scheduler = FSRSScheduler(settings: settings.scheduler)
    var random = SplitMix64(
      seed: UInt64(sequence) &* 0x9E37_79B9_7F4A_7C15 ^ Presentation.stableHash(question.description))
    return scheduler.review(card ?? .new(at: at), rating: rating, at: at, random: &random)
  }

  /// Records an ended run: in the recent list and, for bank quizzes, in the bank's score statistics.
  private mutating func appendEnded(_ run: QuizRun) {
    runs.append(run)
    if runs.count > LearnerProgress.recentRunLimit { runs.removeFirst(runs.count - LearnerProgress.recentRunLimit) }
    if case .bank(let bank) = run.start.source, run.answeredCount > 0 {
      var stats = bankScores[bank] ?? ScoreStats()
      stats.runs += 1
      stats.best = max(stats.best, run.percent)
      stats.last = run.percent
      stats.totalPercent += run.percent
      bankScores[bank] = stats
    }
  }

  mutating func pushUndo(_ entry: UndoEntry) {
    undoStack.append(entry)
    if undoStack.count > LearnerProgress.undoLimit {
      undoStack.removeFirst(undoStack.count - LearnerProgress.undoLimit)
    }
  }

  private mutating func restore(_ entry: UndoEntry) {
    for (ref, previous) in entry.previousQuestions {
      // Flags are not part of what an answer changes: keep the current one.
      let flagged = questions[ref]?.flagged ?? false
      var restored = previous ?? QuestionProgress()
      restored.flagged = flagged
      questions[ref] = restored
    }
    for (id, previous) in entry.previousSessions { sessions[id] = previous }
    for (day, previous) in entry.previousDays { days[day] = previous }
    for (bank, previous) in entry.previousBankScores { bankScores[bank] = previous }
    if let run = entry.overriddenRun {
      if activeRun?.id == run.id {
        activeRun = run
      } else if run.endedAt == nil, activeRun == nil {
        // Overruled while the run was going on, and it ended since: reopened, as for an answer.
        runs.removeAll { $0.id == run.id }
        activeRun = run
      } else if run.endedAt != nil, let index = runs.lastIndex(where: { $0.id == run.id }) {
        runs[index] = run
      }
    }
    if let run = entry.previousRun, activeRun == nil || activeRun?.id == run.id {
      runs.removeAll { $0.id == run.id }
      activeRun = run
    }
  }
}
