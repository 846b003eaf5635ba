extension Reducer {
  /// `override` (`!`): the learner overrules the mark of the last auto-graded answer ("I was
  /// right"). The answer then counts as right: its score becomes 1 and its card is scheduled with
  /// the rating a right answer gets, recorded as an `overridden` event so replay and reports agree;
  /// `undo` takes it back. Self-graded answers and answers already right are refused.
  static func overrule(_ state: inout AppState) -> Reduction {
    let hint = "override counts your last answer as right when the quiz marked it wrong."
    guard let last = state.progress.overridableAnswer else {
      return fail(&state, "there is no answer to overrule", hint: hint)
    }
    guard let question = state.catalog.question(last.question) else {
      return fail(&state, "\(last.question) is no longer in its bank", hint: hint)
    }
    guard !question.body.kind.isSelfGraded else {
      return fail(
        &state, "you graded your answer to \(last.question) yourself", hint: "Type undo to take the grade back.")
    }
    guard let outcome = last.run.outcomes[last.position], let score = outcome.score else {
      return fail(&state, "there is no answer to overrule", hint: hint)
    }
    guard score < 0.9999 else {
      return fail(&state, "your answer to \(last.question) is already marked right", hint: hint)
    }
    let settings = state.progress.settings
    let rating =
      last.run.start.practice
      ? nil : settings.rating(score: 1, seconds: outcome.seconds, certainty: outcome.certainty)
    let answeredAt = state.progress.questions[last.question]?.lastAnsweredAt ?? last.run.startedAt
    // The card before the overruled answer, as the override schedules it again from there.
    let before = state.progress.undoStack.last { $0.sequence == last.sequence }?.previousQuestions[last.question]
    let card = (before ?? nil)?.card
    let skips = settings.skipsLearningSteps(rating: rating, selfGraded: false, card: card)
    // The day is chosen again, by today's due counts, as the fuzz is drawn again from the answer's seed.
    let days = state.balancedDays(
      question: last.question, card: card, rating: rating, at: answeredAt, sequence: last.sequence,
      skippingLearningSteps: skips)
    let change = MarkOverride(
      run: last.run.id, question: last.question, target: last.sequence, answeredAt: answeredAt,
      previousScore: score, score: 1, rating: rating, skipsLearningSteps: skips, scheduledDays: days)
    state.display = [.markOverridden(last.question, previousScore: score)]
    return Reduction(events: [.overridden(change)], settle: .overrule)
  }
}
