import Testing

@testable import QuizlineCore

/// A device switch that keeps each device's ledger part whole (``RunLedger/exchangeDevicePart(_:)``)
/// against the switch it replaced: read the device's run and steps out (which builds the pending
/// steps' runs), and set the other device's back (`active`, then `setSteps`).
@Suite struct RunLedgerDevicePartTests {
  /// What the old switch kept of a device aside.
  private struct Aside {
    var active: TapeRun?
    var steps: [TapeStep]
  }

  /// Random histories over 2 to 4 devices (answers and skips mostly, ends, requeues, overrides,
  /// undos, amendments, devices switched every few events, runs of other devices named too, few
  /// ended runs kept so that a device's ended run falls off while it is aside): after every
  /// operation the runs, the steps and each operation's result are those of the old switch, and
  /// after every switch each device aside holds the same run and steps.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func keptPartsEqualTheStepsTheOldSwitchRebuilt(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    let limit = [3, 5, 50][Int(seed % 3)]
    let devices = 2 + Int(seed % 3)
    let endedLimit = seed.isMultiple(of: 2) ? 2 : 6
    var ledger = RunLedger<TapeStep>(stepLimit: limit, endedLimit: endedLimit)
    var oracle = RunLedger<TapeStep>(stepLimit: limit, endedLimit: endedLimit)
    var parts: [Int: RunLedger<TapeStep>.DevicePart] = [:]
    var aside: [Int: Aside] = [:]
    var current = 0
    var sequence = 0
    var runIDs: [Int] = []
    let letters = ["a", "b", "c"]
    for _ in 0..<6000 {
      sequence += 1
      let run = runIDs.isEmpty || pick(10) == 0 ? sequence : runIDs[runIDs.count - 1 - pick(min(4, runIDs.count))]
      let subject = oracle.active.flatMap { pick(8) == 0 ? nil : $0.current } ?? letters[pick(3)]
      switch pick(100) {
      case 0..<12:
        let next = pick(devices)
        guard next != current else { break }
        let mine = Aside(active: oracle.active, steps: Array(oracle.steps))
        if mine.active != nil || !mine.steps.isEmpty { aside[current] = mine }
        let theirs = aside.removeValue(forKey: next) ?? Aside(active: nil, steps: [])
        oracle.active = theirs.active
        oracle.setSteps(theirs.steps)
        var part = parts.removeValue(forKey: next) ?? .init()
        ledger.exchangeDevicePart(&part)
        if !part.isEmpty { parts[current] = part }
        current = next
        #expect(parts.keys.sorted() == aside.keys.sorted())
        for (tag, kept) in aside {
          #expect(parts[tag]?.active == kept.active)
          #expect(parts[tag]?.steps == kept.steps)
        }
      case 12..<17:
        let r = TapeRun(id: sequence, (0..<(1 + pick(12))).map { _ in letters[pick(3)] })
        runIDs.append(sequence)
        let ending = pick(3)
        #expect(ledger.begin(r, ending: ending) == oracle.begin(r, ending: ending))
      case 17..<60:
        let outcome = Double(pick(4)) / 3
        ledger.answer(TapeStep(sequence), run: run, subject: subject, outcome: outcome)
        oracle.answer(TapeStep(sequence), run: run, subject: subject, outcome: outcome)
      case 60..<66:
        ledger.skip(run: run, subject: subject, outcome: nil)
        oracle.skip(run: run, subject: subject, outcome: nil)
      case 66..<68:
        let more = [letters[pick(3)]]
        ledger.requeue(run: run, more)
        oracle.requeue(run: run, more)
      case 68..<76:
        let ending = 3 + pick(3)
        #expect(ledger.end(run: run, ending) == oracle.end(run: run, ending))
      case 76..<80:
        let mark = pick(1000)
        ledger.amendStepThatMoved(run) { $0.amended.append(mark) }
        oracle.amendStepThatMoved(run) { $0.amended.append(mark) }
      case 80..<85:
        let target = sequence - 1 - pick(8)
        let found = ledger.answerStep(target, run: run)
        #expect(found == oracle.answerStep(target, run: run))
        guard let position = found?.previousRun?.position else { break }
        let score = Double(pick(4)) / 3
        var step = TapeStep(sequence)
        step.overriddenRun = ledger.rescore(run: run, at: position, score)?.before
        var expected = TapeStep(sequence)
        expected.overriddenRun = oracle.rescore(run: run, at: position, score)?.before
        #expect(step == expected)
        ledger.push(step)
        oracle.push(expected)
      case 85..<95:
        let target = sequence - 1 - pick(pick(4) == 0 ? 30 : 6)
        #expect(ledger.undo(target) == oracle.undo(target))
      case 95..<97:
        ledger.push(TapeStep(sequence))
        oracle.push(TapeStep(sequence))
      default:
        #expect(ledger.newestStep == oracle.newestStep)
      }
      #expect(ledger.active == oracle.active)
      #expect(ledger.ended == oracle.ended)
      #expect(Array(ledger.steps) == Array(oracle.steps))
    }
  }
}
