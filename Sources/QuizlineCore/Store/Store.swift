/// Owns the one ``AppState`` and runs actions through the reducer, recording each event in the
/// journal *before* applying it, so nothing is shown as done that is not durable.
public struct Store {
  public private(set) var state: AppState
  /// The effects the last action asked for, for the runtime to carry out (see ``Effect``).
  public private(set) var effects: [Effect] = []
  /// Whether the last action was carried out or refused (a failed append refuses it).
  public private(set) var outcome: CommandOutcome = .accepted
  private let journal: any Journal

  public init(state: AppState, journal: any Journal) {
    self.state = state
    self.journal = journal
  }

  /// Runs one step in three phases: the reducer decides (events to record), the store records each
  /// event durably and then applies it, and, when the reducer asked for it, the reducer settles the
  /// step on the applied progress (``Reducer/settle(_:_:after:at:)``), whose events are recorded the
  /// same way, until nothing follows. Returns the events recorded.
  ///
  /// If recording fails, the remaining events are dropped, the state goes back to before the action
  /// (keeping what was recorded), and ``Action/recordingFailed(reason:partly:at:)`` lets the reducer
  /// say so.
  @discardableResult
  public mutating func send(_ action: Action, at now: Timestamp) -> [RecordedEvent] {
    let before = state
    let reduction = Reducer.reduce(&state, action)
    effects = reduction.effects
    outcome = reduction.outcome
    var recorded: [RecordedEvent] = []
    var batch = reduction.events
    while true {
      let start = recorded.count
      for payload in batch {
        let event = RecordedEvent(sequence: state.progress.lastSequence + 1, at: now, payload: payload)
        do {
          try journal.append(event)
        } catch {
          if reduction.bestEffort {
            // A fact worth keeping but not worth refusing the step for (a session read): shown as
            // asked, with a note that it was not recorded.
            state.display.append(.note("could not record this step: \(error.message)"))
            state.unsavedSteps += 1
            return recorded
          }
          // Nothing of this action is shown as saved: back to where the learner was, with what was
          // recorded; the reducer says what happened.
          var failed = before
          failed.progress = state.progress
          _ = Reducer.reduce(&failed, .recordingFailed(reason: error.message, partly: !recorded.isEmpty, at: now))
          state = failed
          state.unsavedSteps += 1
          effects = []
          outcome = .refused
          return recorded
        }
        state.progress.apply(event)
        recorded.append(event)
      }
      guard let request = reduction.settle else { break }
      batch = Reducer.settle(&state, request, after: recorded[start...].map(\.payload), at: now)
      if batch.isEmpty { break }
    }
    if !recorded.isEmpty { state.savedSteps += 1 }
    // Settled: what the step revealed is known, and autoplay plays its sounds.
    effects += Reducer.autoplay(from: before, to: state)
    return recorded
  }
}
