import Testing

@testable import QuizlineCore
@testable import QuizlineReports

/// `apply` and the reports' accumulator keep one undo stack by one set of rules (``RunLedger``):
/// after every event, both stacks hold the same steps, and an event is on them exactly when
/// ``EventPayload/isUndoable`` says so.
@Suite struct UndoStackAgreementTests {
  /// Folds `events` through both and checks the stacks after each one.
  private func checkStacksAgree(_ events: [RecordedEvent]) {
    var progress = LearnerProgress()
    var accumulator = HistoryAccumulator(keepAttempts: true)
    var table = StringTable()
    for event in events {
      let before = progress.undoStack.map(\.sequence)
      progress.apply(event)
      accumulator.consume(HistoryEvent(event, table: &table), table: table)
      let after = progress.undoStack.map(\.sequence)
      #expect(accumulator.ledger.steps.map(\.sequence) == after, "after \(event.sequence) \(event.payload.typeName)")
      if event.payload.isUndoable, case .overridden = event.payload {
        // An override of an answer no longer on the stack is ignored (the reducer never records one).
        #expect(after.last == event.sequence || !before.contains(event.sequence))
      } else if event.payload.isUndoable {
        #expect(after.last == event.sequence, "\(event.payload.typeName) is undoable but not on the stack")
      } else {
        #expect(!after.contains(event.sequence), "\(event.payload.typeName) is on the stack")
      }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomSessionsKeepTheSameStackInBothFolds(seed: UInt64) {
    checkStacksAgree(HistoryAccumulatorTests.randomLearner(seed: seed, lines: 1200).journal.events)
  }

  @Test func anAdoptionOfParametersIsOnBothStacksAndUndoneFromBoth() {
    var events = ParameterAdoptionTests.events
    let t = events.last!.at
    events.append(RecordedEvent(sequence: 8, at: t, payload: .undone(target: 7)))
    events.append(RecordedEvent(sequence: 9, at: t, payload: .undone(target: 5)))
    checkStacksAgree(events)
    var p = LearnerProgress()
    for e in events { p.apply(e) }
    #expect(p.settings.scheduler.weights != ParameterAdoptionTests.fitted)
  }
}
