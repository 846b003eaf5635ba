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
///
/// An answer's step holds the run as it was before the answer (`previousRun`), but it is not copied
/// per answer: while the run only moves on (answers, skips) and ends, the ledger keeps each
/// answer's ``LedgerRun/mark`` (`pending`) and rebuilds the steps' runs from the run where it now
/// is, newest first, when anything reads the steps or changes the run otherwise (a requeue, an
/// override, an undo, a run or runs set from outside). A new run drops those steps unread.
struct RunLedger<Step: LedgerStep> {
  typealias Run = Step.Run

  /// The run going on, if any.
  var active: Run? {
    get { running }
    set {
      settlePending()
      running = newValue
    }
  }
  /// The most recent runs that ended, oldest first (at most `endedLimit`).
  var ended: [Run] {
    get { endedStart == 0 ? finished : Array(finished[endedStart...]) }
    set {
      settlePending()
      finished = newValue
      endedStart = 0
    }
  }
  let endedLimit: Int
  let stepLimit: Int
  private var running: Run?
  /// The ended runs; those before `endedStart` have fallen off `ended` (dropped in batches, as the
  /// steps are: a run ends every few events).
  private var finished: [Run] = []
  private var endedStart = 0
  /// The steps, newest last; those before `start` have fallen off (dropped in batches, so that the
  /// stack's limit costs nothing per step).
  private var storage: [Step] = []
  private var start = 0
  /// The marks of the answers and skips of run `pendingRun` since its steps' runs were last built,
  /// oldest first, each with its step's index in `storage` (nil: a skip, or a step fallen off).
  /// That run is `running`, or the newest of `finished` once it ended; it changed since the first
  /// mark only by `record` (once per mark, each at the next position) and at most one `end`.
  private var pending: [(step: Int?, mark: Run.Mark)] = []
  private var pendingRun = 0
  /// Run `pendingRun` as it was when this device's part was last put aside, if it had ended then
  /// (another device's runs may have ended after it since).
  private var pendingEnded: Run?

  init(stepLimit: Int, endedLimit: Int) {
    self.stepLimit = stepLimit
    self.endedLimit = endedLimit
  }

  /// The steps `undo` can take back, newest last.
  var steps: ArraySlice<Step> {
    guard !pending.isEmpty else { return storage[start...] }
    var out = Array(storage[start...])
    for (index, run) in pendingRuns() where index >= start { out[index - start].previousRun = run }
    return out[...]
  }

  /// The newest step, if any.
  var newestStep: Step? {
    guard storage.count > start else { return nil }
    let last = storage.count - 1
    var step = storage[last]
    if pending.last(where: { $0.step != nil })?.step == last {
      step.previousRun = pendingRuns().first { $0.step == last }?.run
    }
    return step
  }

  /// Replaces the steps (a snapshot being read); the limit applies as for pushed steps.
  mutating func setSteps(_ steps: [Step]) {
    pending.removeAll()
    pendingEnded = nil
    storage = []
    start = 0
    for step in steps { push(step) }
  }

  /// A run begins. The run still going on ends with `ending` and is returned (the caller counts it).
  mutating func begin(_ run: Run, ending: Run.Ending) -> Run? {
    var old = running
    if old != nil {
      old!.end(ending)
      appendEnded(old!)
    }
    running = run
    // The pending steps are answers of a run: dropped with the others that touched one.
    let dropped = pending.compactMap(\.step)
    pending.removeAll(keepingCapacity: true)
    pendingEnded = nil
    if !dropped.isEmpty || storage[start...].contains(where: { $0.touchesRun }) {
      // In place, keeping the storage's capacity and the kept steps' order (a run begins every few
      // events). The pending steps' indices rise.
      var next = 0
      var kept = 0
      for i in storage.indices {
        while next < dropped.count, dropped[next] < i { next += 1 }
        let drop = i < start || (next < dropped.count && dropped[next] == i) || storage[i].touchesRun
        if drop { continue }
        if kept != i { storage.swapAt(kept, i) }
        kept += 1
      }
      storage.removeSubrange(kept...)
      start = 0
    }
    return old
  }

  /// An answer: `step` goes on the stack, with the run as it was when the answer moved it on (the
  /// run going on is `runID` and `subject` is its current question).
  mutating func answer(_ step: consuming Step, run runID: Int, subject: Run.Subject, outcome: Run.Outcome) {
    guard running?.id == runID else { return push(step) }
    if !pending.isEmpty, pendingRun != runID { settlePending() }
    // Moved on in place (not copied out of `running`), its mark kept for the step.
    guard let mark = running!.advance(at: subject, outcome) else { return push(step) }
    push(consume step)
    pendingRun = runID
    pending.append((storage.count - 1, mark))
  }

  /// A question skipped: the run moves on when it is the run's current question. Not undoable.
  mutating func skip(run runID: Int, subject: Run.Subject, outcome: Run.Outcome) {
    guard running?.id == runID else { return }
    if !pending.isEmpty, pendingRun != runID { settlePending() }
    // A mark only while steps are pending: rebuilding them takes the skip back too.
    guard let mark = running!.advance(at: subject, outcome), !pending.isEmpty else { return }
    pending.append((nil, mark))
  }

  /// Questions asked again at the end of the run going on.
  mutating func requeue(run runID: Int, _ subjects: [Run.Subject]) {
    guard running?.id == runID else { return }
    settlePending()
    running!.append(subjects)
  }

  /// Ends the run going on when it is `runID` and returns it (nil: it is not going on).
  mutating func end(run runID: Int, _ ending: Run.Ending) -> Run? {
    guard var run = running, run.id == runID else { return nil }
    running = nil
    run.end(ending)
    appendEnded(run)
    return run
  }

  /// Changes the newest step when it moved run `runID` (undoing that step reopens the run, so what
  /// the run's end changed must come back with it). `change` must leave the step's runs alone (an
  /// answer's `previousRun` may not be built yet).
  mutating func amendStepThatMoved(_ runID: Int, _ change: (inout Step) -> Void) {
    guard storage.count > start else { return }
    let last = storage.count - 1
    let moved = pending.last(where: { $0.step != nil })?.step == last ? pendingRun : storage[last].movedRun
    guard moved == runID else { return }
    change(&storage[last])
  }

  /// The answer `target` that an `override` overrules: its step, when still on the stack and it
  /// moved run `runID` on.
  mutating func answerStep(_ target: Int, run runID: Int) -> Step? {
    settlePending()
    guard let step = steps.last(where: { $0.sequence == target }), step.previousRun?.id == runID else {
      return nil
    }
    return step
  }

  /// Gives the outcome at `position` of run `runID` the score `score`, where the run now is.
  /// Returns the run before and after (nil: the run is neither going on nor among the ended ones).
  mutating func rescore(run runID: Int, at position: Int, _ score: Double) -> (before: Run, after: Run)? {
    settlePending()
    if var run = running, run.id == runID {
      let before = run
      guard run.rescore(at: position, score) else { return nil }
      running = run
      return (before, run)
    }
    guard let index = finished[endedStart...].lastIndex(where: { $0.id == runID }) else { return nil }
    let before = finished[index]
    guard finished[index].rescore(at: position, score) else { return nil }
    return (before, finished[index])
  }

  /// Puts `step` on the stack.
  mutating func push(_ step: consuming Step) {
    storage.append(consume step)
    keepStepLimit()
    if start >= 256 {
      storage.removeFirst(start)
      for k in pending.indices {
        if let i = pending[k].step { pending[k].step = i >= start ? i - start : nil }
      }
      start = 0
    }
  }

  /// `undone`: takes step `target` off the stack and puts the runs back as they were before it.
  /// Returns the step, for the caller to put back the values it changed (nil: no such step).
  mutating func undo(_ target: Int) -> Step? {
    settlePending()
    guard let index = storage[start...].lastIndex(where: { $0.sequence == target }) else { return nil }
    finished.removeFirst(endedStart)
    endedStart = 0
    let step = storage.remove(at: index)
    if let run = step.overriddenRun {
      if running?.id == run.id {
        running = run
      } else if !run.isEnded, running == nil {
        // Overridden while the run was going on, and it ended since: reopened, as for an answer.
        finished.removeAll { $0.id == run.id }
        running = run
      } else if run.isEnded, let k = finished.lastIndex(where: { $0.id == run.id }) {
        finished[k] = run
      }
    }
    if let run = step.previousRun, running == nil || running?.id == run.id {
      finished.removeAll { $0.id == run.id }
      running = run
    }
    return step
  }

  /// The pending steps' runs, built from the run where it now is by taking back its marks, newest
  /// first: (index in `storage`, the run before that step's answer).
  private func pendingRuns() -> [(step: Int, run: Run)] {
    Self.pendingRuns(pending, of: pendingRun, running: running, ended: pendingEnded ?? finished.last)
  }

  /// The pending steps' runs of run `runID`, which is `running` or else `ended`.
  fileprivate static func pendingRuns(
    _ pending: [(step: Int?, mark: Run.Mark)], of runID: Int, running: Run?, ended: Run?
  ) -> [(step: Int, run: Run)] {
    guard !pending.isEmpty else { return [] }
    var run: Run
    if let r = running, r.id == runID {
      run = r
    } else if let r = ended, r.id == runID {
      run = r
    } else {
      assertionFailure("the run of pending undo steps is gone")
      return []
    }
    var out: [(step: Int, run: Run)] = []
    for (step, mark) in pending.reversed() {
      run.rewind(to: mark)
      if let step { out.append((step, run)) }
    }
    return out
  }

  /// Lets the steps beyond the newest `stepLimit` go (they stay in storage until a compaction).
  private mutating func keepStepLimit() {
    if storage.count - start > stepLimit { start = storage.count - stepLimit }
  }

  /// Writes the pending steps' runs into them (before anything else changes a run or reads a step).
  private mutating func settlePending() {
    guard !pending.isEmpty else { return }
    for (index, run) in pendingRuns() { storage[index].previousRun = run }
    pending.removeAll(keepingCapacity: true)
    pendingEnded = nil
  }

  private mutating func appendEnded(_ run: Run) {
    finished.append(run)
    if finished.count - endedStart > endedLimit { endedStart = finished.count - endedLimit }
    if endedStart >= 256 {
      finished.removeFirst(endedStart)
      endedStart = 0
    }
  }
}

extension RunLedger: Equatable where Step: Equatable, Run: Equatable {
  /// Equal when the runs and the steps that can still be taken back are (fallen-off steps not kept).
  static func == (a: Self, b: Self) -> Bool {
    a.active == b.active && a.ended == b.ended && a.steps.elementsEqual(b.steps)
  }
}

extension RunLedger: Sendable where Step: Sendable, Run: Sendable, Run.Mark: Sendable {}

extension RunLedger {
  /// One device's own part of the ledger: its run going on and its undo steps, answers' marks not
  /// yet built into steps included. The ended runs are the ledger's, shared by all devices. A part
  /// is put aside whole while another device's events are folded (``LearnerProgress/switchDevice(_:)``),
  /// so that switching devices builds no steps; it keeps its pending steps' run when that one ended.
  struct DevicePart {
    fileprivate var running: Run?
    fileprivate var storage: [Step]
    fileprivate var start = 0
    fileprivate var pending: [(step: Int?, mark: Run.Mark)] = []
    fileprivate var pendingRun = 0
    fileprivate var pendingEnded: Run?

    /// A part with run `active` going on and `steps` (newest last; the ledger's step limit applies
    /// when the part is taken in).
    init(active: Run? = nil, steps: [Step] = []) {
      running = active
      storage = steps
    }

    /// The device's run going on, if any.
    var active: Run? { running }

    /// No run going on and no step.
    var isEmpty: Bool { running == nil && storage.count == start }

    /// The steps `undo` can take back, newest last.
    var steps: [Step] {
      var out = Array(storage[start...])
      let runs = RunLedger.pendingRuns(pending, of: pendingRun, running: running, ended: pendingEnded)
      for (index, run) in runs where index >= start { out[index - start].previousRun = run }
      return out
    }
  }

  /// Puts this device's part into `part` and takes the part there as its own (a device switch).
  mutating func exchangeDevicePart(_ part: inout DevicePart) {
    if !pending.isEmpty, running?.id != pendingRun, pendingEnded == nil { pendingEnded = finished.last }
    swap(&running, &part.running)
    swap(&storage, &part.storage)
    swap(&start, &part.start)
    swap(&pending, &part.pending)
    swap(&pendingRun, &part.pendingRun)
    swap(&pendingEnded, &part.pendingEnded)
    keepStepLimit()
  }
}

extension RunLedger.DevicePart: Sendable where Step: Sendable, Step.Run: Sendable, Step.Run.Mark: Sendable {}
