import Testing

@testable import QuizlineCore

/// The history accumulator's shortcuts against the straightforward way. A run's percent without a
/// dictionary (``HistoryRunState/percent`` for short runs) equals the dictionary's
/// (``HistoryRunState/percentBySlot``, `QuizRun.percent`'s way) over random runs with repeated
/// questions, skips, unreached questions, questions appended and rescored; each attempt's run
/// source (looked up once a run) is its run's `quizStarted` as the journal has it.
@Suite struct AccumulatorShortcutTests {
  static func randomRun(_ random: inout SplitMix64) -> HistoryRunState {
    let count = Int(random.next() % 70)
    let distinct = 1 + Int(random.next() % UInt64(max(1, count)))
    var start = HistoryEvent(kind: .quizStarted, sequence: 1, at: 0)
    start.questions = (0..<count).map { _ in Int32(random.next() % UInt64(distinct)) }
    var run = HistoryRunState(started: start)
    if random.next() % 4 == 0 {
      run.append((0..<Int(random.next() % 5)).map { _ in Int32(random.next() % UInt64(distinct + 1)) })
    }
    let reached = Int(random.next() % UInt64(run.outcomes.count + 1))
    for _ in 0..<reached {
      switch random.next() % 4 {
      case 0: run.record(nil)
      case 1: run.record(1)
      default: run.record(Double(random.next() % 1000) / 999)
      }
    }
    if reached > 0, random.next() % 3 == 0 { _ = run.rescore(at: Int(random.next() % UInt64(reached)), 0.25) }
    return run
  }

  @Test func percentEqualsTheDictionarysOverRandomRuns() {
    var random = SplitMix64(seed: 36)
    var short = 0
    for _ in 0..<20_000 {
      let run = Self.randomRun(&random)
      if run.questions.count <= HistoryRunState.percentScanLimit { short += 1 }
      #expect(run.percent == run.percentBySlot, "\(run.questions) \(run.outcomes)")
      #expect(run.hasAnswers == run.outcomes.contains { $0 != nil && $0! != nil })
    }
    #expect(short > 10_000)
  }

  @Test func percentOfARunWithoutQuestionsIsZero() {
    let run = HistoryRunState(started: HistoryEvent(kind: .quizStarted, sequence: 1, at: 0))
    #expect(run.percent == 0)
    #expect(run.percentBySlot == 0)
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func eachAttemptsSourceIsItsRunsStartInTheJournal(seed: UInt64) {
    let learner = HistoryAccumulatorTests.randomLearner(seed: seed, lines: 1500)
    let history = learner.history()
    var starts: [Int: RunStart] = [:]
    for e in learner.journal.events { if case .quizStarted(let s) = e.payload { starts[e.sequence] = s } }
    let attempts = history.accumulator.attempts
    #expect(attempts.count > 20)
    #expect(Set(attempts.map(\.run)).count > 5)
    for a in attempts {
      guard let start = starts[a.run] else {
        #expect(!a.known, "run \(a.run)")
        continue
      }
      var source = ""
      switch start.source {
      case .bank(let id): source = "bank " + id
      case .checkpoint(let id): source = "checkpoint " + id
      case .review: source = "review"
      case .cram: source = "cram"
      case .retry: source = "retry"
      }
      let id = a.sourceID >= 0 ? " " + history.table[a.sourceID] : ""
      #expect(a.known && "\(a.sourceKind)\(id)" == source && a.practice == start.practice, "run \(a.run)")
    }
  }
}
