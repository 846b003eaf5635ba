import Testing

@testable import QuizlineCore

/// Random study on one offline device: its own log, numbered from its tag (as a device records it).
func simulatedDeviceLog(tag: Int, seed: UInt64, start: Timestamp, step: Int64, lines count: Int = 40)
  -> [RecordedEvent]
{
  var progress = LearnerProgress()
  progress.switchDevice(tag)
  var d = StoreDriver(progress: progress, at: start)
  d.step = step
  var random = SplitMix64(seed: seed)
  let pool = [
    "start sample", "b", "a,c", "true", "ZStack", "skip", "undo", "complete layout", "review", "good", "", "again",
    "end", "resume", "flag", "2", "start sample --practice", "reopen layout",
  ]
  for _ in 0..<count { d.type(pool[Int(random.next() % UInt64(pool.count))]) }
  return d.journal.events
}

/// Three devices' logs with interleaved clocks (one of them ahead of the others).
func simulatedLogs(seed: UInt64, devices: Int = 3) -> [DeviceLog] {
  let ids = ["7a", "03", "c9", "5e"]
  return (0..<devices).map { k in
    DeviceLog(
      device: ids[k],
      events: simulatedDeviceLog(
        tag: k == 0 ? 0 : 1000 + k, seed: seed &* 31 &+ UInt64(k), start: scriptStart.adding(seconds: Int64(k * 7)),
        step: Int64(3 + k)))
  }
}

func folded(_ logs: [DeviceLog], local: Int) -> LearnerProgress {
  var p = LearnerProgress()
  DeviceMerge.fold(logs, into: &p, local: local)
  return p
}

struct DeviceMergeTests {
  @Test func theFoldDoesNotDependOnTheOrderInWhichDevicesEventsArrive() {
    var onTop = 0
    var again = 0
    var answers = 0
    var undos = 0
    for seed in UInt64(1)...12 {
      let logs = simulatedLogs(seed: seed)
      for event in logs.flatMap(\.events) {
        if case .answered = event.payload { answers += 1 }
        if case .undone = event.payload { undos += 1 }
      }
      let whole = folded(logs, local: 0)
      #expect(whole.isMultiDevice)
      var random = SplitMix64(seed: seed)
      // Logs listed in another order.
      #expect(folded(logs.reversed(), local: 0) == whole)
      // Events arriving in random pieces (a device's prefix at a time), folded on top of what was
      // there when they sort after it, else folded again from the start, as a device does.
      var known = logs.map { DeviceLog(device: $0.device, events: []) }
      var state = LearnerProgress()
      while zip(known, logs).contains(where: { $0.events.count < $1.events.count }) {
        let l = Int(random.next() % UInt64(logs.count))
        let have = known[l].events.count
        guard have < logs[l].events.count else { continue }
        let take = 1 + Int(random.next() % UInt64(min(8, logs[l].events.count - have)))
        let piece = Array(logs[l].events[have..<(have + take)])
        known[l].events += piece
        var fresh = known.map { DeviceLog(device: $0.device, events: []) }
        fresh[l].events = piece
        if DeviceMerge.canApplyOnTop(fresh, state) {
          DeviceMerge.fold(fresh, into: &state, local: 0)
          onTop += 1
        } else {
          state = folded(known, local: 0)
          again += 1
        }
      }
      #expect(state == whole, "seed \(seed)")
      let at = Timestamp(iso8601: "2026-03-02T00:00:00Z")!
      #expect(SnapshotCoding.encode(state, writtenAt: at) == SnapshotCoding.encode(whole, writtenAt: at))
    }
    // The simulation exercised both paths, with answers and undos in the logs.
    #expect(onTop > 20 && again > 20 && answers > 50 && undos > 5, "\(onTop) \(again) \(answers) \(undos)")
  }

  @Test func aSnapshotReadsBackToTheSameStateWhicheverDeviceWroteIt() throws {
    let logs = simulatedLogs(seed: 5)
    let a = folded(logs, local: 0)
    let b = folded(logs, local: 1002)
    let at = Timestamp(iso8601: "2026-03-02T00:00:00Z")!
    #expect(SnapshotCoding.encode(a, writtenAt: at) == SnapshotCoding.encode(b, writtenAt: at))
    var back = try SnapshotCoding.decode(Array(SnapshotCoding.encode(b, writtenAt: at).utf8))
    back.switchDevice(1002)
    #expect(back == b)
  }

  @Test func oneDevicesFoldIsTheSingleJournalReplay() {
    let events = simulatedDeviceLog(tag: 0, seed: 9, start: scriptStart, step: 5, lines: 80)
    var plain = LearnerProgress()
    for e in events { plain.apply(e) }
    var merged = folded([DeviceLog(device: "ab", events: events)], local: 0)
    #expect(merged.mergedThrough != nil)
    merged.mergedThrough = nil
    #expect(merged == plain)
  }

  @Test func eachDeviceKeepsItsOwnQuizUndoAndSequenceNumbers() {
    let logs = simulatedLogs(seed: 3)
    var p = folded(logs, local: 1001)
    let runs = Set(p.runs.map(\.id))
    #expect(runs.count == p.runs.count, "run ids are unique across devices")
    #expect(p.lastSequence == logs[1].events.last?.sequence)
    #expect(p.activeRun.map { DeviceSequence.tag(of: $0.id) == 1001 } ?? true)
    p.switchDevice(0)
    #expect(p.lastSequence == logs[0].events.last?.sequence)
    #expect(p.undoStack.allSatisfy { DeviceSequence.tag(of: $0.sequence) == 0 })
  }

  @Test func undoOnOneDeviceKeepsAnotherDevicesAnswerRecordedInBetween() {
    let ref = sample("single-owner")
    let base = DeviceSequence.base(of: 7)
    let t0 = scriptStart
    let answer = { (run: Int, seconds: Int64) -> EventPayload in
      .answered(
        AnswerRecord(
          run: run, question: ref, response: "b", score: 1, seconds: Double(seconds), rating: .good))
    }
    let a = DeviceLog(
      device: "aa",
      events: [
        RecordedEvent(sequence: 1, at: t0, payload: answer(0, 1)),
        RecordedEvent(sequence: 2, at: t0.adding(seconds: 20), payload: .undone(target: 1)),
      ])
    let b = DeviceLog(
      device: "bb", events: [RecordedEvent(sequence: base + 1, at: t0.adding(seconds: 10), payload: answer(0, 2))])
    let p = folded([a, b], local: 0)
    #expect(p.question(ref).attempts == 1, "b's answer stays; a's is taken back")
    #expect(p.question(ref).card != nil)
    #expect(p.days.values.reduce(0) { $0 + $1.seconds } == 2)
    // Undone with nothing of another device in between: exactly today's undo.
    let alone = folded([a], local: 0)
    #expect(alone.question(ref).attempts == 0)
  }

  @Test func theVoidRuleOverDecodedEventsIsTheRuleOverSequenceNumbers() {
    var voidedSomewhere = 0
    for seed in UInt64(1)...24 {
      // Undo targets of another device too (a hand-edited or damaged log): only the `undone` is void.
      var logs = simulatedLogs(seed: seed)
      let stray = RecordedEvent(
        sequence: (logs[1].events.last?.sequence ?? DeviceSequence.base(of: 1001)) + 1,
        at: scriptStart.adding(seconds: 5000), payload: .undone(target: logs[0].events.first?.sequence ?? 1))
      logs[1].events.append(stray)
      let order = DeviceMerge.order(logs)
      let expected = DeviceMerge.voided(
        logs.map { $0.events.map(\.sequence) },
        undoTargets: logs.map { log in
          log.events.map { if case .undone(let target) = $0.payload { target } else { nil } }
        }, order: order)
      #expect(DeviceMerge.voided(logs, order: order) == expected, "seed \(seed)")
      #expect(expected.contains(stray.sequence))
      voidedSomewhere += expected.count - 1
    }
    #expect(voidedSomewhere > 0, "some seed voids an undo across another device's events")
  }

  /// The merge's order is (time, device id), a device's own order kept, whatever order the logs are
  /// given in: events at the same microsecond on two devices go by device id (the old single
  /// journal, device "", first), so every machine folds them alike.
  @Test func eventsAtTheSameTimeAreMergedInDeviceIdOrderWhateverOrderTheLogsComeIn() {
    var random = SplitMix64(seed: 11)
    for _ in 0..<200 {
      let devices = ["c9", "", "03", "7a"].shuffled(using: &random)
      // Few distinct times, so ties across devices are common; each device's times never decrease.
      let times: [[Int64]] = devices.map { _ in
        var t: Int64 = 0
        return (0..<Int(random.next() % 6)).map { _ in
          t += Int64(random.next() % 2)
          return t
        }
      }
      let merged = DeviceMerge.order(times, devices: devices)
      var expected: [(log: Int, index: Int)] = []
      for l in times.indices { for i in times[l].indices { expected.append((l, i)) } }
      expected.sort { a, b in
        (times[a.log][a.index], devices[a.log], a.index) < (times[b.log][b.index], devices[b.log], b.index)
      }
      #expect(merged.map(\.log) == expected.map(\.log), "\(devices) \(times)")
      #expect(merged.map(\.index) == expected.map(\.index), "\(devices) \(times)")
    }
  }
}

extension DeviceMergeTests {
  /// `canApplyOnTop` is true only for events that sort after the snapshot's last merged event: the
  /// very event at that position is one the snapshot already holds, so seeing it again means the
  /// fold must start over, never apply it a second time. FB20.
  @Test func theLastMergedEventItselfIsNotNewToTheSnapshot() {
    let a = DeviceLog(
      device: "aa",
      events: [
        RecordedEvent(sequence: 1, at: scriptStart, payload: .flagged(question: sample("single-owner"), on: true))
      ])
    let base = DeviceSequence.base(of: 7)
    let last = RecordedEvent(
      sequence: base + 1, at: scriptStart.adding(seconds: 10),
      payload: .flagged(question: sample("text-stack"), on: true))
    let snapshot = folded([a, DeviceLog(device: "bb", events: [last])], local: 0)
    #expect(snapshot.mergedThrough == MergePosition(at: last.at, device: "bb", sequence: last.sequence))
    #expect(!DeviceMerge.canApplyOnTop([DeviceLog(device: "bb", events: [last])], snapshot))
    let next = RecordedEvent(
      sequence: base + 2, at: scriptStart.adding(seconds: 11),
      payload: .flagged(question: sample("text-stack"), on: false))
    #expect(DeviceMerge.canApplyOnTop([DeviceLog(device: "bb", events: [next])], snapshot))
  }
}
