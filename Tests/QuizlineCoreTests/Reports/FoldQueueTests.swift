import Testing

@testable import QuizlineCore
@testable import QuizlineReports

/// `FoldQueue` (a device's fold events between its history source and the merge's reader) against
/// a plain first-in-first-out list: every event comes out once, in the order it went in, nil ones
/// included, however puts and takes interleave, also across its compaction (more than 1,024 taken
/// while some still wait).
struct FoldQueueTests {
  static func event(_ sequence: Int) -> RecordedEvent {
    RecordedEvent(
      sequence: sequence, at: Timestamp(microseconds: Int64(sequence)), payload: .sessionRead(session: "s\(sequence)"))
  }

  @Test(arguments: UInt64(1)...8)
  func eventsComeOutOnceInTheOrderTheyWentIn(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var queue = FoldQueue()
    var oracle: [RecordedEvent?] = []
    var next = 0
    var taken = 0
    // Phases of mostly puts, then mostly takes, with a standing backlog of up to 3,000 at times.
    for step in 0..<40_000 {
      let putChance: UInt64 = (step / 5_000) % 2 == 0 ? 7 : 3
      if random.next() % 10 < putChance {
        next += 1
        let event: RecordedEvent? = random.next() % 17 == 0 ? nil : Self.event(next)
        queue.append(event)
        oracle.append(event)
      } else {
        let expected: RecordedEvent?? = oracle.isEmpty ? .none : .some(oracle.removeFirst())
        let got = queue.take()
        if case .some(let wanted) = expected {
          #expect(got == wanted, "seed \(seed), step \(step)")
          taken += 1
        } else {
          #expect(got == nil, "seed \(seed), step \(step): nothing waits")
        }
      }
    }
    while let wanted = oracle.first {
      oracle.removeFirst()
      #expect(queue.take() == wanted)
      taken += 1
    }
    #expect(queue.take() == nil)
    #expect(taken > 10_000)
  }

  @Test func aBacklogKeptWhileMoreThan1024AreTakenStaysInOrder() {
    var queue = FoldQueue()
    for k in 1...3_000 { queue.append(Self.event(k)) }
    for k in 1...2_000 {
      #expect(queue.take()?.sequence == k)
      queue.append(Self.event(3_000 + k))
    }
    for k in 2_001...5_000 { #expect(queue.take()?.sequence == k) }
    #expect(queue.take() == nil)
  }
}
