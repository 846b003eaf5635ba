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

/// The rules for quiz runs and `undo`, once, for every fold: the live and replayed progress
/// (``LearnerProgress/apply(_:)``) and the reports' accumulator (``HistoryAccumulator``). It keeps
/// the run going, the recent runs that ended and the undo stack; the folds keep what the steps mean.
///
/// The rules: a new run ends the one going on, and steps that touched a run can no longer be taken
/// back. An answer or skip moves a run on only when it is for the run's current question. `requeued`
/// adds questions to the run going on. `override` finds its answer on the stack and changes the
/// outcome in the run where it now is. Undoing a step puts the runs back as they were before it: an
/// overridden run where it is (reopened when it was overridden while going on and nothing runs
/// now), a moved run reopened when nothing else runs. The stack keeps the newest `stepLimit` steps.
struct RunLedger<Step: LedgerStep> {
  typealias Run = Step.Run

  /// The run going on, if any.
  var active: Run?
  /// The most recent runs that ended, oldest first (at most `endedLimit`).
  var ended: [Run] = []
  let endedLimit: Int
  let stepLimit: Int
  /// The steps, newest last; those before `start` have fallen off (dropped in batches, so that the
  /// stack's limit costs nothing per step).
  private var storage: [Step] = []
  private var start = 0

  init(stepLimit: Int, endedLimit: Int) {
    self.stepLimit = stepLimit
    self.endedLimit = endedLimit
  }

  /// The steps `undo` can take back, newest last.
  var steps: ArraySlice<Step> { storage[start...] }

  /// The newest step, if any.
  var newestStep: Step? { storage.count > start ? storage[storage.count - 1] : nil }

  /// Replaces the steps (a snapshot being read); the limit applies as for pushed steps.
  mutating func setSteps(_ steps: [Step]) {
    storage = []
    start = 0
    for step in steps { push(step) }
  }

  /// A run begins. The run still going on ends with `ending` and is returned (the caller counts it).
  mutating func begin(_ run: Run, ending: Run.Ending) -> Run? {
    var old = active
    if old != nil {
      old!.end(ending)
      appendEnded(old!)
    }
    active = run
    if storage[start...].contains(where: { $0.touchesRun }) {
      // In place, keeping the storage's capacity (a run begins every few events).
      storage.removeSubrange(..<start)
      start = 0
      storage.removeAll { $0.touchesRun }
    }
    return old
  }

  /// An answer: `step` goes on the stack, with the run as it was when the answer moved it on (the
  /// run going on is `runID` and `subject` is its current question).
  mutating func answer(_ step: consuming Step, run runID: Int, subject: Run.Subject, outcome: Run.Outcome) {
    if var run = active, run.id == runID, run.current == subject {
      step.previousRun = run
      run.record(outcome)
      active = run
    }
    push(step)
  }

  /// A question skipped: the run moves on when it is the run's current question. Not undoable.
  mutating func skip(run runID: Int, subject: Run.Subject, outcome: Run.Outcome) {
    if var run = active, run.id == runID, run.current == subject {
      run.record(outcome)
      active = run
    }
  }

  /// Questions asked again at the end of the run going on.
  mutating func requeue(run runID: Int, _ subjects: [Run.Subject]) {
    if var run = active, run.id == runID {
      run.append(subjects)
      active = run
    }
  }

  /// Ends the run going on when it is `runID` and returns it (nil: it is not going on).
  mutating func end(run runID: Int, _ ending: Run.Ending) -> Run? {
    guard var run = active, run.id == runID else { return nil }
    run.end(ending)
    appendEnded(run)
    active = nil
    return run
  }

  /// Changes the newest step when it moved run `runID` (undoing that step reopens the run, so what
  /// the run's end changed must come back with it).
  mutating func amendStepThatMoved(_ runID: Int, _ change: (inout Step) -> Void) {
    guard storage.count > start, storage[storage.count - 1].movedRun == runID else { return }
    change(&storage[storage.count - 1])
  }

  /// The answer `target` that an `override` overrules: its step, when still on the stack and it
  /// moved run `runID` on.
  func answerStep(_ target: Int, run runID: Int) -> Step? {
    guard let step = steps.last(where: { $0.sequence == target }), step.previousRun?.id == runID else {
      return nil
    }
    return step
  }

  /// Gives the outcome at `position` of run `runID` the score `score`, where the run now is.
  /// Returns the run before and after (nil: the run is neither going on nor among the ended ones).
  mutating func rescore(run runID: Int, at position: Int, _ score: Double) -> (before: Run, after: Run)? {
    if var run = active, run.id == runID {
      let before = run
      guard run.rescore(at: position, score) else { return nil }
      active = run
      return (before, run)
    }
    guard let index = ended.lastIndex(where: { $0.id == runID }) else { return nil }
    let before = ended[index]
    guard ended[index].rescore(at: position, score) else { return nil }
    return (before, ended[index])
  }

  /// Puts `step` on the stack.
  mutating func push(_ step: consuming Step) {
    storage.append(step)
    if storage.count - start > stepLimit { start = storage.count - stepLimit }
    if start >= 256 {
      storage.removeFirst(start)
      start = 0
    }
  }

  /// `undone`: takes step `target` off the stack and puts the runs back as they were before it.
  /// Returns the step, for the caller to put back the values it changed (nil: no such step).
  mutating func undo(_ target: Int) -> Step? {
    guard let index = steps.lastIndex(where: { $0.sequence == target }) else { return nil }
    let step = storage.remove(at: index)
    if let run = step.overriddenRun {
      if active?.id == run.id {
        active = run
      } else if !run.isEnded, active == nil {
        // Overridden while the run was going on, and it ended since: reopened, as for an answer.
        ended.removeAll { $0.id == run.id }
        active = run
      } else if run.isEnded, let k = ended.lastIndex(where: { $0.id == run.id }) {
        ended[k] = run
      }
    }
    if let run = step.previousRun, active == nil || active?.id == run.id {
      ended.removeAll { $0.id == run.id }
      active = run
    }
    return step
  }

  private mutating func appendEnded(_ run: Run) {
    ended.append(run)
    if ended.count > endedLimit { ended.removeFirst(ended.count - endedLimit) }
  }
}

extension RunLedger: Equatable where Step: Equatable, Run: Equatable {
  /// Equal when the runs and the steps that can still be taken back are (fallen-off steps not kept).
  static func == (a: Self, b: Self) -> Bool {
    a.active == b.active && a.ended == b.ended && a.steps.elementsEqual(b.steps)
  }
}

extension RunLedger: Sendable where Step: Sendable, Run: Sendable {}
