import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineReports
@testable import QuizlineStorage

/// Random per-device profiles on disk (2–5 devices' logs of random study, clocks skewed, equal times,
/// undo within a device and of another device's event, damaged and repeated lines, a segment not
/// arrived yet, a torn last line) read by the streaming merge and by the held one (the oracle):
/// the same fold, the same reviews, the same report history; and the reports' one pass (one merge
/// for the history and the reviews) gives the two streaming readers' history and reviews.
struct StreamedDeviceProfileTests {
  static func id(_ k: Int) -> String { String(repeating: String(k, radix: 16), count: 8) + "0123456789abcdef01234567" }

  /// Writes a random profile with `devices` logs into `dir`; returns the tags (device 0 first).
  static func writeProfile(seed: UInt64, devices: Int, into dir: String) throws -> [Int] {
    var random = SplitMix64(seed: seed)
    func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    var logs = simulatedLogs(seed: seed, devices: min(devices, 4))
    if devices == 5 {
      logs.append(
        DeviceLog(
          device: "x",
          events: simulatedDeviceLog(tag: 1004, seed: seed &+ 99, start: scriptStart.adding(seconds: 2), step: 3)))
    }
    var tags: [Int] = []
    for k in logs.indices {
      tags.append(DeviceSequence.tag(of: logs[k].events.first?.sequence ?? 0))
      let shift = Int64(roll(5)) * 1_000_000 - 2_000_000  // skewed clocks, some equal to another's
      logs[k].events = logs[k].events.enumerated().map { i, e in
        var payload = e.payload
        // Now and then an `undone` of another device's event.
        if i > 0, roll(25) == 0 { payload = .undone(target: DeviceSequence.base(of: tags[0] == 0 ? 1001 : 0) + 1) }
        return RecordedEvent(sequence: e.sequence, at: e.at.adding(microseconds: shift), payload: payload)
      }
    }
    for (k, log) in logs.enumerated() {
      let folder = dir + "/devices/" + id(k)
      try FileManager.default.createDirectory(atPath: folder + "/archive", withIntermediateDirectories: true)
      let record = DeviceRecord(id: id(k), name: "d\(k)", tag: tags[k], createdAt: scriptStart)
      try Data(record.json.utf8).write(to: URL(fileURLWithPath: folder + "/device.json"))
      var lines = log.events.map { (sequence: $0.sequence, text: EventCoding.encode($0)) }
      for _ in 0..<roll(3) where !lines.isEmpty {
        let i = roll(lines.count)
        if roll(2) == 0 {
          lines[i].text = "{\"seq\": oops"  // damaged
        } else {
          lines.insert(lines[i], at: i)  // repeated by a sync tool
        }
      }
      // Files: segments cut at random, then the journal; another device's segment now and then
      // not arrived yet, and its journal's last line torn.
      var files: [[(sequence: Int, text: String)]] = []
      var rest = lines[...]
      while rest.count > 4, roll(3) != 0 {
        let cut = 1 + roll(rest.count / 2)
        files.append(Array(rest.prefix(cut)))
        rest = rest.dropFirst(cut)
      }
      if k > 0, files.count > 1, roll(3) == 0 { files.remove(at: 1 + roll(files.count - 1)) }
      for segment in files {
        func padded(_ n: Int) -> String { String(repeating: "0", count: max(0, 10 - String(n).count)) + String(n) }
        let name = padded(segment.first!.sequence) + "-" + padded(segment.last!.sequence) + ".jsonl"
        let text = segment.map(\.text).joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/archive/" + name))
      }
      var journal = rest.map(\.text).joined(separator: "\n") + (rest.isEmpty ? "" : "\n")
      if k > 0, roll(3) == 0 { journal += "{\"seq\":" }
      try Data(journal.utf8).write(to: URL(fileURLWithPath: folder + "/journal.jsonl"))
    }
    return tags
  }

  @Test(arguments: [2, 3, 5])
  func theStreamedReadersAreTheHeldOnes(devices: Int) throws {
    var undone = 0
    for seed in UInt64(1)...12 {
      let dir = try temporaryDirectory() + "/default"
      let tags = try Self.writeProfile(seed: seed &* 7 &+ UInt64(devices), devices: devices, into: dir)
      for layout in [ProfileLayout(directory: dir, device: Self.id(0)), ProfileLayout(directory: dir)] {
        // The fold from nothing (start-up, status, sync's merge after a late event).
        var notices: [String] = []
        let held = try DeviceState.readLogs(layout, vector: nil, notices: &notices)
        undone += held.flatMap(\.log.events).filter { $0.undoTarget != nil }.count
        var expected = LearnerProgress()
        DeviceMerge.fold(held.map(\.log), into: &expected, local: tags[0])
        let state = try DeviceState.load(
          layout, local: tags[0], label: "d0", now: scriptStart.adding(days: 2), repair: false, fromScratch: true)
        #expect(state.progress == expected, "seed \(seed), \(devices) devices")
        #expect(state.notices == notices)
        let incoming = held.compactMap { read -> DeviceIncoming? in
          let (first, count, answers) = DeviceState.freshCounts(read.log.events, vector: [:])
          guard let first, DeviceSequence.tag(of: first) != tags[0] else { return nil }
          return DeviceIncoming(device: read.label, answers: answers, events: count)
        }
        #expect(state.incoming == incoming)
        // The reviews.
        var collector = ReviewHistoryCollector()
        collector.fold(held.map(\.log))
        let reviews = try ProfileReviewHistory.collect(layout)
        #expect(reviews.reviews == collector.reviews)
        #expect(reviews.progress == collector.progress)
        // The report's history.
        let streamed = try HistoryLoader.loadDevices(
          layout, sinceDay: nil, keepAttempts: true, keepResponses: true, decoder: .fast,
          reader: PosixChunkedReader())
        let oracle = try HistoryLoader.loadDevicesHeld(
          layout, sinceDay: nil, keepAttempts: true, keepResponses: true, decoder: .fast,
          reader: PosixChunkedReader())
        #expect(streamed.eventCount == oracle.eventCount)
        #expect(streamed.firstSequence == oracle.firstSequence)
        #expect(streamed.lastSequence == oracle.lastSequence)
        #expect(streamed.badLineCount == oracle.badLineCount)
        #expect(streamed.badLines == oracle.badLines)
        #expect(streamed.fallbackCount == oracle.fallbackCount)
        #expect(Self.named(streamed) == Self.named(oracle), "seed \(seed), \(devices) devices")
        #expect(streamed.accumulator.days == oracle.accumulator.days)
        // The reports' one pass (every log read and merged once for both): the two readers' history and reviews.
        let pass = try #require(try ReportPass.load(layout, keepAttempts: true), "seed \(seed), \(devices) devices")
        #expect(pass.reviews == reviews.reviews, "seed \(seed), \(devices) devices")
        Self.expectSame(pass.history, streamed)
      }
    }
    #expect(undone > 20)
  }

  /// Two report histories read the same events, lines and strings alike.
  static func expectSame(_ a: ProfileHistory, _ b: ProfileHistory) {
    #expect(a.eventCount == b.eventCount)
    #expect(a.firstSequence == b.firstSequence)
    #expect(a.lastSequence == b.lastSequence)
    #expect(a.badLineCount == b.badLineCount)
    #expect(a.badLines == b.badLines)
    #expect(a.fallbackCount == b.fallbackCount)
    #expect(a.table.strings == b.table.strings)
    #expect(named(a) == named(b))
    #expect(a.accumulator.days == b.accumulator.days)
  }

  /// The answers per question and the attempt log, with ids replaced by their strings (the two readers
  /// intern strings in another order).
  static func named(_ history: ProfileHistory) -> [String] {
    let table = history.table
    let counts = history.accumulator.answerCounts.map { "\(table[$0.key]): \($0.value)" }.sorted()
    func name(_ id: Int32) -> String { id >= 0 ? table[id] : "\(id)" }
    return counts
      + history.accumulator.attempts.map { a in
        "\(a.sequence) \(a.at) \(a.run) \(a.score) \(a.seconds) \(name(a.question)) \(name(a.response)) "
          + "\(name(a.sourceID)) \(a.certainty) \(a.rating) \(a.selfGrade) \(a.sourceKind) \(a.known)"
      }
  }
}
