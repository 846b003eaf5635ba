/// Owns the one ``AppState`` and runs actions through the reducer, recording each event in the
/// journal *before* applying it, so nothing is shown as done that is not durable.
public struct Store {
  public private(set) var state: AppState
  /// The effects the last action asked for, for the runtime to carry out (see ``Effect``).
  public private(set) var effects: [Effect] = []
  private let journal: any Journal

  public init(state: AppState, journal: any Journal) {
    self.state = state
    self.journal = journal
  }

  /// Reduces `action`, records and applies its events in order, and returns the events recorded.
  /// If recording fails, the remaining events are dropped and the display says so.
  @discardableResult
  public mutating func send(_ action: Action, at now: Timestamp) -> [RecordedEvent] {
    let before = state
    let reduction = Reducer.reduce(&state, action)
    effects = reduction.effects
    var recorded: [RecordedEvent] = []
    for payload in reduction.events {
      let event = RecordedEvent(sequence: state.progress.lastSequence + 1, at: now, payload: payload)
      do {
        try journal.append(event)
      } catch {
        // Nothing of this action is shown as saved: go back to where the learner was.
        var failed = before
        failed.progress = state.progress
        failed.display = [
          .error(
            "could not save your progress: \(error.message)",
            hint: recorded.isEmpty
              ? "Nothing of this step was recorded; what was saved before is safe. Free some space or fix the folder, then try again."
              : "Part of this step was recorded; what was saved before is safe.")
        ]
        if !recorded.isEmpty { failed.quiz = state.progress.activeRun == nil ? nil : before.quiz }
        // A run whose last answer was saved but whose end was not: back to the prompt, where
        // `resume` (or the next quiz) finishes it properly.
        if state.progress.activeRun?.isAtEnd == true { failed.quiz = nil }
        state = failed
        state.unsavedSteps += 1
        effects = []
        return recorded
      }
      state.progress.apply(event)
      recorded.append(event)
    }
    if !recorded.isEmpty { state.savedSteps += 1 }
    return recorded
  }
}
