extension Reducer {
  /// Tells the learner when the answer just applied made its card a leech, or lapsed it again by
  /// another half threshold (Anki's warning): decided from the progress `apply` produced (its lapses
  /// now and in the answer's undo step), so the screen says what the fold did.
  static func noteLeeches(_ state: inout AppState, after recorded: [EventPayload]) {
    let progress = state.progress
    for case .answered(let answer) in recorded where answer.rating == .again {
      guard let q = progress.questions[answer.question], q.leech,
        let step = progress.ledger.steps.last(where: { $0.previousQuestions[answer.question] != nil }),
        let before = step.previousQuestions[answer.question],
        q.lapses > (before?.lapses ?? 0),
        LeechRule.isLeechLapse(q.lapses, threshold: progress.settings.leechThreshold)
      else { continue }
      state.display.append(.notice(leechNotice(answer.question, q, firstTime: !(before?.leech ?? false), progress)))
    }
  }

  static func leechNotice(_ ref: QuestionRef, _ q: QuestionProgress, firstTime: Bool, _ progress: LearnerProgress)
    -> String
  {
    let settings = progress.settings
    let head =
      (firstTime ? "This card is now a leech" : "This card is still a leech")
      + ": \(ref) has lapsed \(q.lapses) times (leech-threshold \(settings.leechThreshold))."
    let advice =
      "A card that keeps failing is usually worded badly or asks too much at once: rewrite it (edit \(ref)), or split it."
    if q.suspended && settings.leechAction == .suspend {
      return head + " It is suspended: review will not ask it until you type unsuspend \(ref). " + advice
        + " info \(ref) shows its history."
    }
    return head + " " + advice + " To set it aside, type suspend \(ref); info \(ref) shows its history."
  }
}
