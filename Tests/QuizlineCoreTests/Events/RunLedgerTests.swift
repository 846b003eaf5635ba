import Testing

@testable import QuizlineCore

/// A run of letters, to pin the ledger's rules apart from what either fold counts.
private struct LetterRun: LedgerRun, Equatable {
  var id: Int
  var subjects: [String]
  var position = 0
  var outcomes: [Double??]
  var isEnded = false

  init(id: Int, _ subjects: [String]) {
    self.id = id
    self.subjects = subjects
    outcomes = Array(repeating: nil, count: subjects.count)
  }

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
    outcomes[position] = .some(score)
    return true
  }
  mutating func end(_ ending: Void) { isEnded = true }
  var mark: (Int, Double???, Bool) { (position, position < outcomes.count ? .some(outcomes[position]) : nil, isEnded) }
  mutating func rewind(to mark: (Int, Double???, Bool)) {
    if case .some(let outcome) = mark.1 { outcomes[mark.0] = outcome }
    position = mark.0
    isEnded = mark.2
  }
}

private struct LetterStep: LedgerStep, Equatable {
  var sequence: Int
  var previousRun: LetterRun?
  var overriddenRun: LetterRun?
  init(_ sequence: Int) { self.sequence = sequence }
}

@Suite struct RunLedgerTests {
  private func ledger(limit: Int = 50) -> RunLedger<LetterStep> { RunLedger(stepLimit: limit, endedLimit: 3) }

  @Test func anAnswerMovesTheRunOnlyWhenItIsForTheCurrentQuestion() {
    var l = ledger()
    _ = l.begin(LetterRun(id: 1, ["a", "b"]), ending: ())
    l.answer(LetterStep(2), run: 1, subject: "b", outcome: 1)
    #expect(l.active?.position == 0)
    #expect(l.newestStep?.previousRun == nil)
    l.answer(LetterStep(3), run: 1, subject: "a", outcome: 1)
    #expect(l.active?.position == 1)
    #expect(l.newestStep?.previousRun?.position == 0)
    l.answer(LetterStep(4), run: 9, subject: "b", outcome: 1)
    #expect(l.active?.position == 1)
  }

  @Test func aNewRunEndsTheOneGoingOnAndMakesItsStepsFinal() {
    var l = ledger()
    _ = l.begin(LetterRun(id: 1, ["a"]), ending: ())
    l.push(LetterStep(2))
    l.answer(LetterStep(3), run: 1, subject: "a", outcome: 0.5)
    let old = l.begin(LetterRun(id: 4, ["b"]), ending: ())
    #expect(old?.id == 1)
    #expect(old?.isEnded == true)
    #expect(l.ended.map(\.id) == [1])
    #expect(l.steps.map(\.sequence) == [2])
    #expect(l.undo(3) == nil)
  }

  @Test func undoingTheLastAnswerOfAnEndedRunReopensItButNotWhileAnotherRuns() {
    var l = ledger()
    _ = l.begin(LetterRun(id: 1, ["a"]), ending: ())
    l.answer(LetterStep(2), run: 1, subject: "a", outcome: 1)
    #expect(l.end(run: 1, ()) != nil)
    #expect(l.active == nil)
    let step = l.undo(2)
    #expect(step?.sequence == 2)
    #expect(l.active?.id == 1)
    #expect(l.active?.position == 0)
    #expect(l.active?.isEnded == false)
    #expect(l.ended.isEmpty)
  }

  @Test func undoingAnAnswerDropsQuestionsRequeuedAfterIt() {
    var l = ledger()
    _ = l.begin(LetterRun(id: 1, ["a", "b"]), ending: ())
    l.answer(LetterStep(2), run: 1, subject: "a", outcome: 0)
    l.requeue(run: 1, ["a"])
    #expect(l.active?.subjects == ["a", "b", "a"])
    _ = l.undo(2)
    #expect(l.active?.subjects == ["a", "b"])
    #expect(l.active?.outcomes == [nil, nil])
  }

  @Test func anOverrideRescoresTheRunWhereItIsAndUndoPutsItBack() {
    var l = ledger()
    _ = l.begin(LetterRun(id: 1, ["a", "b"]), ending: ())
    l.answer(LetterStep(2), run: 1, subject: "a", outcome: 0)
    #expect(l.answerStep(2, run: 7) == nil)
    let answer = l.answerStep(2, run: 1)
    #expect(answer?.previousRun?.position == 0)
    var step = LetterStep(3)
    step.overriddenRun = l.rescore(run: 1, at: 0, 1)?.before
    l.push(step)
    #expect(l.active?.outcomes[0] == .some(1))
    #expect(l.newestStep?.movedRun == 1)
    // Ended since: undoing the override made during the run reopens it, as for an answer.
    _ = l.end(run: 1, ())
    _ = l.undo(3)
    #expect(l.active?.id == 1)
    #expect(l.active?.outcomes[0] == .some(0))
  }

  @Test func anOverrideOfAnEndedRunIsPutBackAmongTheEndedRuns() {
    var l = ledger()
    _ = l.begin(LetterRun(id: 1, ["a"]), ending: ())
    l.answer(LetterStep(2), run: 1, subject: "a", outcome: 0)
    _ = l.end(run: 1, ())
    var step = LetterStep(3)
    step.overriddenRun = l.rescore(run: 1, at: 0, 1)?.before
    l.push(step)
    #expect(l.newestStep?.movedRun == nil)
    #expect(l.ended.last?.outcomes[0] == .some(1))
    _ = l.undo(3)
    #expect(l.active == nil)
    #expect(l.ended.last?.outcomes[0] == .some(0))
  }

  @Test func theStackKeepsTheNewestStepsAcrossManyPushes() {
    var l = ledger(limit: 5)
    for k in 1...1000 { l.push(LetterStep(k)) }
    #expect(l.steps.map(\.sequence) == Array(996...1000))
    #expect(l.undo(995) == nil)
    #expect(l.undo(998)?.sequence == 998)
    #expect(l.steps.map(\.sequence) == [996, 997, 999, 1000])
  }

  @Test func amendingChangesOnlyTheNewestStepAndOnlyWhenItMovedThatRun() {
    var l = ledger()
    _ = l.begin(LetterRun(id: 1, ["a"]), ending: ())
    l.answer(LetterStep(2), run: 1, subject: "a", outcome: 1)
    var amended = 0
    l.amendStepThatMoved(5) { _ in amended += 1 }
    #expect(amended == 0)
    l.amendStepThatMoved(1) { _ in amended += 1 }
    #expect(amended == 1)
    l.push(LetterStep(3))
    l.amendStepThatMoved(1) { _ in amended += 1 }
    #expect(amended == 1)
  }

  @Test func ledgersCompareByWhatCanStillBeUndone() {
    var a = ledger(limit: 2)
    var b = ledger(limit: 2)
    for k in 1...300 { a.push(LetterStep(k)) }
    b.setSteps([LetterStep(299), LetterStep(300)])
    #expect(a == b)
    b.push(LetterStep(301))
    #expect(a != b)
  }
}
