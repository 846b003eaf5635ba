import Testing

@testable import QuizlineCore

/// A device's log held in an array, read one event at a time (the merge's view of a file reader).
struct ArraySource: MergeSource {
  typealias Failure = Never
  var events: [RecordedEvent]
  var index = 0
  var reads = 0

  mutating func next() -> RecordedEvent? {
    guard index < events.count else { return nil }
    index += 1
    reads += 1
    return events[index - 1]
  }
}

/// Each log's `undone` targets, counted (what the scan before the merge finds).
func undoTargets(_ logs: [DeviceLog]) -> [[Int: Int]] {
  logs.map { log in
    var targets: [Int: Int] = [:]
    for event in log.events { if let t = event.undoTarget { targets[t, default: 0] += 1 } }
    return targets
  }
}

func streamingMerge(_ logs: [DeviceLog], targets: [[Int: Int]]? = nil) -> StreamingMerge<ArraySource> {
  StreamingMerge(
    sources: logs.map { ArraySource(events: $0.events) }, devices: logs.map(\.device),
    targets: targets ?? undoTargets(logs))
}

/// Random logs of 2–5 devices: clocks skewed and going backwards, equal times, gaps in sequence
/// numbers, `undone`s of recent and old own events, of another device's event, of no event, and
/// twice of one event.
func randomLogs(seed: UInt64) -> [DeviceLog] {
  var random = SplitMix64(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let count = 2 + roll(4)
  let ids = ["7a", "03", "c9", "5e", "b1", "03x"].shuffled(using: &random).prefix(count)
  return ids.enumerated().map { k, id in
    let tag = k == 0 && roll(2) == 0 ? 0 : 10 + k
    var sequence = DeviceSequence.base(of: tag)
    var time: Int64 = 1_000_000 * Int64(roll(20))
    var events: [RecordedEvent] = []
    for _ in 0..<(roll(4) == 0 ? roll(3) : 5 + roll(60)) {
      sequence += roll(8) == 0 ? 2 + roll(3) : 1
      switch roll(10) {
      case 0: time -= Int64(roll(5)) * 1_000_000  // the clock went back
      case 1, 2: break  // the same time as the last event
      default: time += Int64(1 + roll(4)) * 1_000_000
      }
      var payload = EventPayload.sessionRead(session: "s\(roll(5))")
      if !events.isEmpty, roll(4) == 0 {
        switch roll(10) {
        case 0: payload = .undone(target: DeviceSequence.base(of: 10 + (k + 1) % 6) + 1)  // another device's
        case 1: payload = .undone(target: sequence + 5)  // no such event
        case 2, 3: payload = .undone(target: events[roll(events.count)].sequence)
        default: payload = .undone(target: events[events.count - 1 - roll(min(3, events.count))].sequence)
        }
      }
      events.append(RecordedEvent(sequence: sequence, at: Timestamp(microseconds: time), payload: payload))
    }
    return DeviceLog(device: String(id), events: events)
  }
}

struct StreamingMergeTests {
  @Test func theStreamingMergeGivesTheHeldMergesOrderAndVoidEvents() {
    var voids = 0
    var held = 0
    for seed in UInt64(1)...600 {
      let logs = randomLogs(seed: seed)
      let order = DeviceMerge.order(logs)
      let void = DeviceMerge.voided(logs, order: order)
      // An over-counted scan (an `undone` line left out by the reader) gives the same result.
      var over = undoTargets(logs)
      if seed % 3 == 0, let l = logs.indices.randomElement(), let e = logs[l].events.randomElement() {
        over[l][e.sequence, default: 0] += 1
      }
      for targets in [undoTargets(logs), over] {
        var merge = streamingMerge(logs, targets: targets)
        var steps: [(log: Int, index: Int)] = []
        var voided = Set<Int>()
        var index = Array(repeating: 0, count: logs.count)
        while let step = merge.next() {
          #expect(step.event == logs[step.log].events[index[step.log]])
          steps.append((step.log, index[step.log]))
          index[step.log] += 1
          if step.void { voided.insert(step.event.sequence) }
        }
        #expect(steps.map(\.log) == order.map(\.log), "seed \(seed)")
        #expect(steps.map(\.index) == order.map(\.index), "seed \(seed)")
        #expect(voided == void, "seed \(seed)")
      }
      voids += void.count
      held += logs.count
    }
    #expect(voids > 100)
  }

  @Test func theStreamedFoldIsTheHeldFold() {
    var compared = 0
    for seed in UInt64(1)...40 {
      for devices in 2...4 {
        var logs = simulatedLogs(seed: seed, devices: devices)
        // Skewed clocks: one device's times shifted, some onto another's exactly.
        let shift = Int64(seed % 5) * 1_000_000 - 2_000_000
        logs[devices - 1].events = logs[devices - 1].events.map {
          RecordedEvent(sequence: $0.sequence, at: $0.at.adding(microseconds: shift), payload: $0.payload)
        }
        let whole = folded(logs, local: 0)
        var merge = streamingMerge(logs)
        var streamed = LearnerProgress()
        StreamingFold.fold(&merge, into: &streamed, local: 0)
        #expect(streamed == whole, "seed \(seed), \(devices) devices")
        // On top of a snapshot (the fold of the first devices), as a device folds what arrived.
        var base = folded(Array(logs.prefix(1)), local: 0)
        var onTop = base
        DeviceMerge.fold(Array(logs.dropFirst()), into: &base, local: 0)
        var rest = streamingMerge(Array(logs.dropFirst()))
        StreamingFold.fold(&rest, into: &onTop, local: 0)
        #expect(onTop == base)
        compared += 1
      }
    }
    #expect(compared == 120)
  }

  @Test func eventsAreReadOnlyWhenTheMergeNeedsThem() {
    // Two long logs without undo: the merge never reads more than one event ahead of each.
    let logs = (0..<2).map { k in
      DeviceLog(
        device: "d\(k)",
        events: (1...10_000).map {
          RecordedEvent(
            sequence: DeviceSequence.base(of: k + 1) + $0, at: Timestamp(microseconds: Int64($0 * 2 + k)),
            payload: .sessionRead(session: "s"))
        })
    }
    var merge = streamingMerge(logs)
    for handed in 1...5_000 {
      guard merge.next() != nil else { break }
      #expect(merge.source(0).reads + merge.source(1).reads <= handed + 2)
    }
  }
}
