/// What the reducer decides once the events of a step are recorded and applied: the run's next
/// place comes from the progress `apply` produced, never from a prediction of it.
public enum SettleRequest: Sendable, Equatable {
  /// An answer or a skip moved the run on: skip questions that left their bank, end the run at its
  /// end, or show the next question.
  case moveOn
  /// `resume`: the same, and say where the learner resumes.
  case resume
  /// `override`: a finished checkpoint run whose mark rose to a pass completes its session;
  /// nothing else moves.
  case overrule
}

extension Reducer {
  /// The events that follow from what was just recorded (nothing when the step is settled): a skip
  /// of a question that left its bank, the end of a run with no question left, the completion of a
  /// session whose checkpoint run just ended with a pass. Called by the store after each recorded
  /// batch until it returns nothing; sets the stage and adds to the display.
  static func settle(
    _ state: inout AppState, _ request: SettleRequest, after recorded: [EventPayload], at now: Timestamp
  ) -> [EventPayload] {
    noteLeeches(&state, after: recorded)
    for case .runEnded(let id, .finished) in recorded {
      if let events = completeOnPass(&state, runID: id) { return events }
    }
    if request == .overrule {
      for case .overridden(let o) in recorded
      where state.progress.runs.last(where: { $0.id == o.run })?.endReason == .finished {
        if let events = completeOnPass(&state, runID: o.run) { return events }
      }
      return []
    }
    guard state.quiz != nil, let run = state.progress.activeRun else { return [] }
    if let ref = run.current, state.catalog.question(ref) == nil {
      // A bank that is not loaded may be in a folder not given this time: keep the run as it is.
      guard state.catalog.bank(ref.bank) != nil else {
        state.quiz = nil
        state.display.append(
          .notice(
            "The quiz on \(run.start.source.label) is kept: \(AppState.bankList([ref.bank])) not loaded. Start quizline with the folder that holds it (--quizzes DIR) to resume it."
          ))
        return []
      }
      return [.skipped(run: run.id, question: ref)]
    }
    if request == .moveOn, let events = requeue(&state, run, after: recorded, at: now) { return events }
    if run.isAtEnd {
      state.quiz = nil
      state.display.append(.runSummary(runID: run.id))
      return [.runEnded(run: run.id, reason: .finished)]
    }
    state.quiz = .asking(shownAt: now)
    if request == .resume {
      state.display.append(
        .notice("Resuming \(run.start.source.label) at question \(run.position + 1) of \(run.questions.count)."))
    }
    state.display.append(.currentQuestion)
    return []
  }

  /// The session's completion when run `runID`, a checkpoint quiz of a session completed by its
  /// checkpoint, ended at or above the pass mark (the run's percent as `apply` recorded it).
  private static func completeOnPass(_ state: inout AppState, runID: Int) -> [EventPayload]? {
    guard let run = state.progress.runs.last(where: { $0.id == runID }),
      case .checkpoint(let sid) = run.start.source, let session = state.catalog.session(sid),
      session.completion == .checkpoint, let checkpoint = session.checkpoint, !state.progress.isCompleted(sid),
      run.percent >= checkpoint.passPercent
    else { return nil }
    state.display.append(.sessionMarked(id: sid, completed: true))
    return [.sessionCompleted(session: sid)]
  }
}
