extension Reducer {
  /// How soon a review card's next (re)learning step must come for it to be asked again in the
  /// same review (Anki shows learning cards again in the session; steps are minutes long).
  static let sameSittingHorizon: Int64 = 3_600_000_000

  /// Questions the run asks again, decided from the progress `apply` produced: in a `review`, a
  /// card just answered that is still in a learning or relearning step due within the hour goes to
  /// the end of the run; at the end of any run, the questions skipped once (and still in their bank)
  /// are offered again before they count as missed. Nil when nothing is asked again.
  static func requeue(_ state: inout AppState, _ run: QuizRun, after recorded: [EventPayload], at now: Timestamp)
    -> [EventPayload]?
  {
    if run.start.source == .review, !run.start.practice {
      for case .answered(let answer) in recorded where answer.run == run.id && answer.rating != nil {
        // A card the answer suspended (a leech, with `leech-action suspend`) is not asked again.
        guard let q = state.progress.questions[answer.question], !q.suspended, let card = q.card,
          card.phase != .review,
          card.due.microseconds - now.microseconds <= sameSittingHorizon,
          !run.questions[run.position...].contains(answer.question)
        else { continue }
        state.display.append(
          .notice("This card comes back before the review ends (next step \(Renderer.relative(card.due, from: now)))."))
        return [.requeued(run: run.id, questions: [answer.question])]
      }
    }
    guard run.isAtEnd else { return nil }
    var appearances: [QuestionRef: Int] = [:]
    for ref in run.questions { appearances[ref, default: 0] += 1 }
    var seen = Set<QuestionRef>()
    let skipped = zip(run.questions, run.outcomes).compactMap { ref, outcome -> QuestionRef? in
      guard outcome?.isSkipped == true, appearances[ref] == 1, state.catalog.question(ref) != nil,
        seen.insert(ref).inserted
      else { return nil }
      return ref
    }
    guard !skipped.isEmpty else { return nil }
    state.display.append(
      .notice(
        "Before the quiz ends, the \(skipped.count == 1 ? "question" : "\(skipped.count) questions") you skipped, once more (skip again to leave \(skipped.count == 1 ? "it" : "them") missed)."
      ))
    return [.requeued(run: run.id, questions: skipped)]
  }
}
