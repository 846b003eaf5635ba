/// A quiz run as the fold follows it: its questions (subjects), where it is, and what each question's
/// outcome was. ``QuizRun`` is the one `apply` keeps; reports keep a lighter one on interned ids.
protocol LedgerRun {
  associatedtype Subject: Equatable
  associatedtype Outcome
  /// How a run ends: a time and how it ended.
  associatedtype Ending

  /// The sequence number of the event that started it.
  var id: Int { get }
  /// Index of the next question to show.
  var position: Int { get }
  var current: Subject? { get }
  var isEnded: Bool { get }

  /// The question at `position` was answered or skipped: its outcome, and the run moves on.
  mutating func record(_ outcome: Outcome)
  /// Questions asked again in the same run (`requeued`), after the others.
  mutating func append(_ subjects: [Subject])
  /// An answer's mark overruled: the outcome at `position` takes `score` (false: no such place).
  mutating func rescore(at position: Int, _ score: Double) -> Bool
  mutating func end(_ ending: Ending)

  /// What ``record(_:)`` and ``end(_:)`` overwrite: the position, the outcome there and how the
  /// run ended. The ledger keeps one per answer instead of a copy of the run (``RunLedger``).
  associatedtype Mark
  var mark: Mark { get }
  /// Puts back what `mark` holds: the run after `record` (and at most one `end`) with the mark
  /// taken just before becomes the run as it was then.
  mutating func rewind(to mark: Mark)
  /// Whether `subject` is the current question (`current == subject`, which a run may answer
  /// without copying its current question out).
  func isAt(_ subject: Subject) -> Bool
}

extension LedgerRun {
  func isAt(_ subject: Subject) -> Bool { current == subject }

  /// Records `outcome` when `subject` is the current question, and returns the mark taken just
  /// before (nil: the run did not move).
  mutating func advance(at subject: Subject, _ outcome: Outcome) -> Mark? {
    guard isAt(subject) else { return nil }
    let before = mark
    record(outcome)
    return before
  }
}

/// One step that `undo` can take back, as the ledger needs it. The rest of a step (the values it
/// changed) belongs to whoever folds: `apply` keeps progress values, reports keep their counts.
protocol LedgerStep {
  associatedtype Run: LedgerRun
  /// The sequence number of the event; `undone` names it.
  var sequence: Int { get }
  /// The run as it was before this step moved it on (an answer of the run's current question).
  var previousRun: Run? { get set }
  /// A run as it was before an `override` changed one of its outcomes.
  var overriddenRun: Run? { get set }
}

extension LedgerStep {
  /// The run this step moved while it was going on (an answer, or an override during the run):
  /// undoing the step reopens that run if it ended since, so its end's score changes belong here.
  var movedRun: Int? {
    if let run = previousRun { return run.id }
    if let run = overriddenRun, !run.isEnded { return run.id }
    return nil
  }

  /// Whether the step refers to a run at all (those cannot be taken back once another run began).
  var touchesRun: Bool { previousRun != nil || overriddenRun != nil }
}
