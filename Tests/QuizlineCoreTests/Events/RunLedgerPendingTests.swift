import Testing

@testable import QuizlineCore

/// A run of letters with a skip told apart from an answer and an ending that can differ.
struct TapeRun: LedgerRun, Equatable {
  var id: Int
  var subjects: [String]
  var position = 0
  var outcomes: [Double??]
  var ending: Int?

  init(id: Int, _ subjects: [String]) {
    self.id = id
    self.subjects = subjects
    outcomes = Array(repeating: nil, count: subjects.count)
  }

  var isEnded: Bool { ending != nil }
  var current: String? { position < subjects.count ? subjects[position] : nil }
  mutating func record(_ outcome: Double?) {
    outcomes[position] = .some(outcome)
    position += 1
  }
  mutating func append(_ more: [String]) {
    subjects += more
    outcomes += Array(repeating: nil, count: more.count)
  }
  mutating func rescore(at position: Int, _ score: Double) -> Bool {
    guard position < outcomes.count else { return false }
    if outcomes[position] != nil { outcomes[position] = .some(score) }
    return true
  }
  mutating func end(_ ending: Int) { self.ending = ending }
  var mark: (Int, Double???, Int?) { (position, position < outcomes.count ? .some(outcomes[position]) : nil, ending) }
  mutating func rewind(to mark: (Int, Double???, Int?)) {
    if case .some(let outcome) = mark.1 { outcomes[mark.0] = outcome }
    position = mark.0
    ending = mark.2
  }
}

struct TapeStep: LedgerStep, Equatable {
  var sequence: Int
  var previousRun: TapeRun?
  var overriddenRun: TapeRun?
  /// What the fold's amendments wrote.
  var amended: [Int] = []
  init(_ sequence: Int) { self.sequence = sequence }
}

/// The ledger's rules as they were written before its answers kept marks instead of runs: every
/// answer copies the run into its step. The oracle for the ledger's pending steps.
private struct CopyingLedger {
  var active: TapeRun?
  var ended: [TapeRun] = []
  var steps: [TapeStep] = []
  let stepLimit: Int
  let endedLimit: Int

  mutating func begin(_ run: TapeRun, ending: Int) -> TapeRun? {
    var old = active
    if old != nil {
      old!.end(ending)
      appendEnded(old!)
    }
    active = run
    steps.removeAll { $0.previousRun != nil || $0.overriddenRun != nil }
    return old
  }

  mutating func answer(_ step: TapeStep, run id: Int, subject: String, outcome: Double) {
    var step = step
    if var run = active, run.id == id, run.current == subject {
      step.previousRun = run
      run.record(outcome)
      active = run
    }
    push(step)
  }

  mutating func skip(run id: Int, subject: String) {
    if var run = active, run.id == id, run.current == subject {
      run.record(nil)
      active = run
    }
  }

  mutating func requeue(run id: Int, _ subjects: [String]) {
    if var run = active, run.id == id {
      run.append(subjects)
      active = run
    }
  }

  mutating func end(run id: Int, _ ending: Int) -> TapeRun? {
    guard var run = active, run.id == id else { return nil }
    run.end(ending)
    appendEnded(run)
    active = nil
    return run
  }

  mutating func amend(_ id: Int, _ mark: Int) {
    guard let last = steps.last else { return }
    let moved = last.previousRun?.id ?? (last.overriddenRun.map { $0.isEnded ? nil : $0.id } ?? nil)
    if moved == id { steps[steps.count - 1].amended.append(mark) }
  }

  func answerStep(_ target: Int, run id: Int) -> TapeStep? {
    guard let step = steps.last(where: { $0.sequence == target }), step.previousRun?.id == id else { return nil }
    return step
  }

  mutating func rescore(run id: Int, at position: Int, _ score: Double) -> TapeRun? {
    if var run = active, run.id == id {
      let before = run
      guard run.rescore(at: position, score) else { return nil }
      active = run
      return before
    }
    guard let k = ended.lastIndex(where: { $0.id == id }) else { return nil }
    let before = ended[k]
    guard ended[k].rescore(at: position, score) else { return nil }
    return before
  }

  mutating func push(_ step: TapeStep) {
    steps.append(step)
    if steps.count > stepLimit { steps.removeFirst(steps.count - stepLimit) }
  }

  mutating func undo(_ target: Int) -> TapeStep? {
    guard let index = steps.lastIndex(where: { $0.sequence == target }) else { return nil }
    let step = steps.remove(at: index)
    if let run = step.overriddenRun {
      if active?.id == run.id {
        active = run
      } else if !run.isEnded, active == nil {
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

  private mutating func appendEnded(_ run: TapeRun) {
    ended.append(run)
    if ended.count > endedLimit { ended.removeFirst(ended.count - endedLimit) }
  }
}

@Suite struct RunLedgerPendingTests {
  /// Random histories (answers and skips mostly, with requeues, overrides, undos in and out of
  /// order, amendments, ends, steps set and runs set from outside, steps falling off a short stack,
  /// runs long enough for the stack to drop its fallen-off steps while answers are pending)
  /// through the ledger and through the copying oracle: after every operation the runs, every
  /// step with its runs, the newest step and each operation's result are the same.
  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func stepsRebuiltFromMarksEqualTheRunsTheOldLedgerCopied(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    let limit = [3, 5, 50][Int(seed % 3)]
    // Long runs, begun seldom: steps fall off the stack in batches while answers are pending.
    let longRuns = seed.isMultiple(of: 2)
    var ledger = RunLedger<TapeStep>(stepLimit: limit, endedLimit: 4)
    var oracle = CopyingLedger(stepLimit: limit, endedLimit: 4)
    var sequence = 0
    var runIDs: [Int] = []
    let letters = ["a", "b", "c"]
    for _ in 0..<6000 {
      sequence += 1
      let roll = pick(100)
      let run = runIDs.isEmpty || pick(10) == 0 ? sequence : runIDs[runIDs.count - 1 - pick(min(3, runIDs.count))]
      let subject = oracle.active.flatMap { pick(8) == 0 ? nil : $0.current } ?? letters[pick(3)]
      switch roll {
      case 0..<6 where !longRuns || pick(40) == 0:
        let r = TapeRun(id: sequence, (0..<(1 + pick(longRuns ? 900 : 12))).map { _ in letters[pick(3)] })
        runIDs.append(sequence)
        let ending = pick(3)
        #expect(ledger.begin(r, ending: ending) == oracle.begin(r, ending: ending))
      case 6..<55:
        let outcome = Double(pick(4)) / 3
        ledger.answer(TapeStep(sequence), run: run, subject: subject, outcome: outcome)
        oracle.answer(TapeStep(sequence), run: run, subject: subject, outcome: outcome)
      case 55..<62:
        ledger.skip(run: run, subject: subject, outcome: nil)
        oracle.skip(run: run, subject: subject)
      case 62..<64:
        let more = (0..<(1 + pick(2))).map { _ in letters[pick(3)] }
        ledger.requeue(run: run, more)
        oracle.requeue(run: run, more)
      case 64..<70:
        let ending = 3 + pick(3)
        #expect(ledger.end(run: run, ending) == oracle.end(run: run, ending))
      case 70..<78:
        let mark = pick(1000)
        ledger.amendStepThatMoved(run) { $0.amended.append(mark) }
        oracle.amend(run, mark)
      case 78..<83 where !longRuns || pick(5) == 0:
        let target = sequence - 1 - pick(8)
        let found = ledger.answerStep(target, run: run)
        #expect(found == oracle.answerStep(target, run: run))
        guard let position = found?.previousRun?.position else { break }
        let score = Double(pick(4)) / 3
        var step = TapeStep(sequence)
        step.overriddenRun = ledger.rescore(run: run, at: position, score)?.before
        var expected = TapeStep(sequence)
        expected.overriddenRun = oracle.rescore(run: run, at: position, score)
        #expect(step == expected)
        ledger.push(step)
        oracle.push(expected)
      case 83..<93 where !longRuns || pick(5) == 0:
        let target = sequence - 1 - pick(pick(4) == 0 ? 30 : 4)
        #expect(ledger.undo(target) == oracle.undo(target))
      case 93..<95:
        ledger.push(TapeStep(sequence))
        oracle.push(TapeStep(sequence))
      case 95 where !longRuns:
        ledger.setSteps(oracle.steps)
      case 96:
        if pick(2) == 0, var r = oracle.active {
          r.position = 0
          ledger.active = r
          oracle.active = r
        } else if !oracle.ended.isEmpty {
          let runs = Array(oracle.ended.dropLast())
          ledger.ended = runs
          oracle.ended = runs
        }
      default:
        #expect(ledger.newestStep == oracle.steps.last)
      }
      #expect(ledger.active == oracle.active)
      #expect(ledger.ended == oracle.ended)
      #expect(Array(ledger.steps) == oracle.steps)
    }
  }
}
