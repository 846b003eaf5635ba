import Testing

@testable import QuizlineCore

/// When the journal takes the first events of a step and refuses a later one, the live state keeps
/// exactly what was recorded: it equals a replay of the journal, and the display says so.
@Suite struct PartialRecordingTests {
  /// A journal that refuses the events `refuse` picks, keeping the others in memory.
  final class RefusingJournal: Journal {
    var events: [RecordedEvent] = []
    let refuse: (EventPayload) -> Bool

    init(refusing refuse: @escaping (EventPayload) -> Bool) { self.refuse = refuse }

    func append(_ event: RecordedEvent) throws(JournalError) {
      if refuse(event.payload) { throw JournalError("the disk is full") }
      events.append(event)
    }
  }

  @Test func aLastAnswerRecordedWhoseRunEndIsRefusedStaysInTheLiveProgress() {
    let journal = RefusingJournal { if case .runEnded = $0 { true } else { false } }
    var store = Store(state: AppState(catalog: fixtureCatalog), journal: journal)
    store.send(.lineEntered("start sample --count 1", at: scriptStart, entropy: 7), at: scriptStart)
    let later = scriptStart.adding(seconds: 5)
    let recorded = store.send(.lineEntered("b", at: later, entropy: 7), at: later)
    #expect(recorded.count == 1)
    var replayed = LearnerProgress()
    for e in journal.events { replayed.apply(e) }
    #expect(store.state.progress == replayed)
    #expect(store.state.progress.question(sample("single-owner")).attempts == 1)
    #expect(
      store.state.display == [
        .error(
          "could not save your progress: the disk is full",
          hint: "Part of this step was recorded; what was saved before is safe.")
      ])
  }
}
