/// What a checkpoint quiz means for its study session, said under its summary.
extension Renderer {
  /// The session of a checkpoint run that this run's pass completes (the completion block that
  /// follows then says what comes next), or nil.
  static func sessionCompletedByPass(_ run: QuizRun, _ state: AppState) -> String? {
    guard case .checkpoint(let sid) = run.start.source, run.endReason == .finished,
      let session = state.catalog.session(sid), session.completion == .checkpoint,
      let checkpoint = session.checkpoint, run.percent >= checkpoint.passPercent
    else { return nil }
    return sid
  }

  /// The next step after a checkpoint run that did not complete its session: take it again (not
  /// passed, or ended early), or complete the session by hand (a session whose rule is `manual`).
  static func checkpointNextStep(_ run: QuizRun, _ state: AppState) -> String? {
    guard case .checkpoint(let sid) = run.start.source, let session = state.catalog.session(sid),
      let checkpoint = session.checkpoint
    else { return nil }
    let id = sid
    if run.endReason != .finished {
      return state.progress.isCompleted(sid)
        ? nil : "Ended early, so \(id) stays open: type quiz \(id) to retake it."
    }
    if run.percent < checkpoint.passPercent {
      return state.progress.isCompleted(sid)
        ? nil
        : "Not passed, so \(id) stays open: read it again, then type quiz \(id)."
    }
    if session.completion != .checkpoint, !state.progress.isCompleted(sid) {
      return "This session is completed by hand: type complete \(id) to mark it."
    }
    return nil
  }
}
