/// One device's events, in the order that device recorded them (its sequence numbers rising).
public struct DeviceLog: Sendable, Equatable {
  /// The device id (the merge's tie-break after time).
  public var device: String
  public var events: [RecordedEvent]

  public init(device: String, events: [RecordedEvent]) {
    self.device = device
    self.events = events
  }
}

/// The deterministic merge of several devices' logs, and the one fold over it.
///
/// Logs are merged k-way, never sorted: at each step the next event is, among the devices' next
/// unread events, the one with the smallest (time, device id); a device's own events keep their
/// order even when its clock went backwards. Every device computes the same order from the same
/// set of events, whatever order the files arrived in.
///
/// `undo` restores the values its event changed. When another device's event lies between an event
/// and its `undone` in the merged order, those values may be stale; then the event and its `undone`
/// are both left out of the fold (the event is void), which is what the learner saw on their device.
public enum DeviceMerge {
  /// The merged order as (log index, event index) pairs.
  public static func order(_ logs: [DeviceLog]) -> [(log: Int, index: Int)] {
    order(logs.map { $0.events.map(\.at.microseconds) }, devices: logs.map(\.device))
  }

  /// The merged order of logs given by their events' times (microseconds) and their device ids.
  public static func order(_ times: [[Int64]], devices: [String]) -> [(log: Int, index: Int)] {
    let ranked = times.indices.sorted { devices[$0] < devices[$1] }
    var next = Array(repeating: 0, count: times.count)
    var out: [(log: Int, index: Int)] = []
    out.reserveCapacity(times.reduce(0) { $0 + $1.count })
    while true {
      var best = -1
      for l in ranked where next[l] < times[l].count {
        // `ranked` is in device order, so a tie on time keeps the earlier device.
        if best < 0 || times[l][next[l]] < times[best][next[best]] { best = l }
      }
      guard best >= 0 else { break }
      out.append((best, next[best]))
      next[best] += 1
    }
    return out
  }

  /// The sequence numbers left out of the fold: events taken back by an `undone` across another
  /// device's events, and those `undone` events; also an `undone` of another device's event.
  public static func voided(_ logs: [DeviceLog], order: [(log: Int, index: Int)]) -> Set<Int> {
    // The same rule as over sequence numbers and undo targets below, without building those arrays
    // for every event: only the `undone` events are collected, and merged positions only for the
    // logs that hold one.
    var undos: [[(index: Int, target: Int)]] = []
    for log in logs {
      var found: [(index: Int, target: Int)] = []
      log.events.withUnsafeBufferPointer { events in
        for i in events.indices {
          if case .undone(let target) = events[i].payload { found.append((i, target)) }
        }
      }
      undos.append(found)
    }
    guard undos.contains(where: { !$0.isEmpty }) else { return [] }
    var mergedIndex = logs.indices.map { undos[$0].isEmpty ? [] : Array(repeating: 0, count: logs[$0].events.count) }
    for (k, step) in order.enumerated() where !undos[step.log].isEmpty { mergedIndex[step.log][step.index] = k }
    var void = Set<Int>()
    for (l, log) in logs.enumerated() {
      for (u, target) in undos[l] {
        let sequence = log.events[u].sequence
        guard !undoesAnotherDevice(sequence, target: target) else {
          void.insert(sequence)
          continue
        }
        guard let t = index(of: target, before: u, sequenceAt: { log.events[$0].sequence }) else { continue }
        if mergedIndex[l][u] - mergedIndex[l][t] - (u - t) > 0 {
          void.insert(target)
          void.insert(sequence)
        }
      }
    }
    return void
  }

  /// ``voided(_:order:)`` over logs given by their sequence numbers and undo targets (nil for an
  /// event that is not `undone`), so reports apply the same rule to their compact events.
  public static func voided(_ sequences: [[Int]], undoTargets: [[Int?]], order: [(log: Int, index: Int)]) -> Set<Int> {
    var mergedIndex = sequences.map { Array(repeating: 0, count: $0.count) }
    for (k, step) in order.enumerated() { mergedIndex[step.log][step.index] = k }
    var void = Set<Int>()
    for (l, log) in sequences.enumerated() {
      for (u, sequence) in log.enumerated() {
        guard let target = undoTargets[l][u] else { continue }
        guard !undoesAnotherDevice(sequence, target: target) else {
          void.insert(sequence)
          continue
        }
        guard let t = index(of: target, in: log, before: u) else { continue }
        if mergedIndex[l][u] - mergedIndex[l][t] - (u - t) > 0 {
          void.insert(target)
          void.insert(sequence)
        }
      }
    }
    return void
  }

  /// Whether the `undone` numbered `sequence` takes back `target`, another device's event: void
  /// whatever the merged order. (In a single log this is the only void `undone`: with no other
  /// device's events, none lies between an event and its `undone`.)
  @inlinable
  public static func undoesAnotherDevice(_ sequence: Int, target: Int) -> Bool {
    DeviceSequence.tag(of: target) != DeviceSequence.tag(of: sequence)
  }

  /// The fold: `progress` after every device's events in merged order (void ones left out), with
  /// `local` as the current device at the end. `watch`, when given, applies each event that is not
  /// void in place of `LearnerProgress.apply` (a reader that watches the fold, as
  /// ``ReviewHistoryCollector`` does; the event's device is already the current one, and it must call
  /// ``LearnerProgress/apply(_:)``).
  public static func fold(
    _ logs: [DeviceLog], into progress: inout LearnerProgress, local: Int,
    watch: ((inout LearnerProgress, RecordedEvent) -> Void)? = nil
  ) {
    let order = order(logs)
    let void = voided(logs, order: order)
    // The greatest merge position folded, found by comparing times first (the merged order mostly
    // rises): ``LearnerProgress/applyMerged(_:position:)`` per event built and compared a position,
    // the device id with it, a million times.
    var latest: (log: Int, index: Int)?
    for step in order {
      let sequence = logs[step.log].events[step.index].sequence
      if let l = latest {
        if isAfter(step, l, logs) { latest = step }
      } else {
        latest = step
      }
      progress.switchDevice(DeviceSequence.tag(of: sequence))
      guard void.isEmpty || !void.contains(sequence) else {
        // Still counted as seen, so the device's sequence guard moves past it.
        progress.lastSequence = max(progress.lastSequence, sequence)
        continue
      }
      if let watch {
        watch(&progress, logs[step.log].events[step.index])
      } else {
        // Borrowed in place: a copy of each event (and its strings' reference counts) cost as much.
        logs[step.log].events.withUnsafeBufferPointer { progress.apply($0[step.index]) }
      }
    }
    if let l = latest {
      let event = logs[l.log].events[l.index]
      let position = MergePosition(at: event.at, device: logs[l.log].device, sequence: event.sequence)
      progress.mergedThrough = max(progress.mergedThrough ?? position, position)
    }
    progress.switchDevice(local)
  }

  /// Whether event `a` sorts after event `b` in merge order (``MergePosition``).
  private static func isAfter(_ a: (log: Int, index: Int), _ b: (log: Int, index: Int), _ logs: [DeviceLog]) -> Bool {
    let atA = logs[a.log].events[a.index].at
    let atB = logs[b.log].events[b.index].at
    if atA != atB { return atA > atB }
    if a.log != b.log, logs[a.log].device != logs[b.log].device { return logs[a.log].device > logs[b.log].device }
    return logs[a.log].events[a.index].sequence > logs[b.log].events[b.index].sequence
  }

  /// Whether every new event sorts after the snapshot's last merged event, and every new `undone`
  /// takes back a new event (else the fold must start again).
  public static func canApplyOnTop(_ logs: [DeviceLog], _ snapshot: LearnerProgress) -> Bool {
    let events = logs.reduce(0) { $0 + $1.events.count }
    guard events > 0 else { return true }
    guard let through = snapshot.mergedThrough else { return snapshot.deviceSequences.isEmpty }
    for log in logs {
      var sequences = Set<Int>()
      for event in log.events {
        if MergePosition(at: event.at, device: log.device, sequence: event.sequence) <= through { return false }
        if case .undone(let target) = event.payload, !sequences.contains(target) { return false }
        sequences.insert(event.sequence)
      }
    }
    return true
  }

  /// The position of `sequence` among `events[..<limit]` (rising sequence numbers), if present.
  static func index(of sequence: Int, in sequences: [Int], before limit: Int) -> Int? {
    index(of: sequence, before: limit) { sequences[$0] }
  }

  /// The position of `sequence` among the first `limit` sequence numbers given by `sequenceAt`
  /// (rising), if present.
  static func index(of sequence: Int, before limit: Int, sequenceAt: (Int) -> Int) -> Int? {
    var low = 0
    var high = limit
    while low < high {
      let mid = (low + high) / 2
      if sequenceAt(mid) < sequence { low = mid + 1 } else { high = mid }
    }
    return low < limit && sequenceAt(low) == sequence ? low : nil
  }
}
