extension LearnerProgress {
  /// The newest answer that `override` may overrule: the newest answer still on the undo stack
  /// (the entry that moved a run on), with its run, its place in the run and the outcome recorded.
  /// Nil when there is none (no answer yet, or it was taken back or has fallen off the stack).
  var overridableAnswer: (sequence: Int, run: QuizRun, position: Int, question: QuestionRef)? {
    guard let entry = undoStack.last(where: { $0.previousRun != nil }), let before = entry.previousRun,
      let ref = before.current
    else { return nil }
    let run = activeRun?.id == before.id ? activeRun : runs.last { $0.id == before.id }
    guard let run, before.position < run.position || run.endedAt != nil else { return nil }
    return (entry.sequence, run, before.position, ref)
  }

  /// Applies an `overridden` event: the answer `o.target` counts with the new score in the question's
  /// statistics, its day, its run (and, for an ended run, the bank's scores or the session's best
  /// checkpoint), and its card is scheduled anew from the card before that answer, with the answer's
  /// time and fuzz. Ignored when the answer's undo entry is gone (the reducer never records that).
  /// Undoable: the entry keeps everything it changed.
  mutating func applyOverride(_ o: MarkOverride, sequence: Int) {
    guard let answer = ledger.answerStep(o.target, run: o.run), let before = answer.previousRun,
      let stored = answer.previousQuestions[o.question]
    else { return }
    var entry = UndoEntry(sequence: sequence, summary: "override of the mark of \(o.question)")
    entry.previousQuestions[o.question] = questions[o.question]
    let becameCorrect = o.score >= 0.9999 && o.previousScore < 0.9999
    let becameWrong = o.score < 0.9999 && o.previousScore >= 0.9999
    var q = question(o.question)
    q.correct += becameCorrect ? 1 : becameWrong ? -1 : 0
    q.totalScore = max(0, q.totalScore + o.score - o.previousScore)
    q.lastScore = o.score
    if let rating = o.rating {
      // The overruled answer was the card's latest review: count it again from before it.
      let before = stored ?? QuestionProgress()
      (q.reps, q.lapses, q.firstReviewAt, q.lastRating) = (before.reps, before.lapses, before.firstReviewAt, nil)
      q.countReview(rating, at: o.answeredAt, cardBefore: before.card)
      q.card = schedule(
        stored?.card, rating: rating, at: o.answeredAt, sequence: o.target, question: o.question,
        skippingLearningSteps: o.skipsLearningSteps)
    }
    questions[o.question] = q
    let day = o.answeredAt.dayNumber
    entry.previousDays[day] = days[day]
    if var d = days[day] {
      d.correct += becameCorrect ? 1 : becameWrong ? -1 : 0
      days[day] = d
    }
    if let (old, run) = ledger.rescore(run: o.run, at: before.position, o.score) {
      entry.overriddenRun = old
      if run.isEnded {
        switch run.start.source {
        case .bank(let bank) where run.answeredCount > 0:
          entry.previousBankScores[bank] = .some(bankScores[bank])
          if var stats = bankScores[bank] {
            stats.totalPercent += run.percent - old.percent
            stats.last = run.percent
            stats.best = max(stats.best, run.percent)
            bankScores[bank] = stats
          }
        case .checkpoint(let session):
          entry.previousSessions[session] = .some(sessions[session])
          var s = sessions[session] ?? SessionProgress()
          s.bestCheckpointPercent = max(s.bestCheckpointPercent ?? 0, run.percent)
          sessions[session] = s
        default: break
        }
      }
    }
    ledger.push(entry)
  }
}
