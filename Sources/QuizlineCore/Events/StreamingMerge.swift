/// What the merge needs of an event: its time, its sequence number, and the event it takes back.
public protocol MergeableEvent {
  /// The event's time in microseconds (the merge's first key).
  var mergeTime: Int64 { get }
  var sequence: Int { get }
  /// The sequence number an `undone` takes back; nil for every other event.
  var undoTarget: Int? { get }
}

extension RecordedEvent: MergeableEvent {
  @inlinable public var mergeTime: Int64 { at.microseconds }
  @inlinable public var undoTarget: Int? {
    if case .undone(let target) = payload { return target }
    return nil
  }
}

extension HistoryEvent: MergeableEvent {
  @inlinable public var mergeTime: Int64 { at }
  @inlinable public var undoTarget: Int? { kind == .undone ? run : nil }
}

/// One device's events in its own order (sequence numbers rising), read one at a time.
public protocol MergeSource {
  associatedtype Event: MergeableEvent
  associatedtype Failure: Error
  /// The device's next event, or nil at the end of its log.
  mutating func next() throws(Failure) -> Event?
}

/// An event in merged order: the index of its device's log, and whether the fold leaves it out.
public struct MergedEvent<Event> {
  public var log: Int
  public var event: Event
  public var void: Bool

  @inlinable init(log: Int, event: Event, void: Bool) {
    self.log = log
    self.event = event
    self.void = void
  }
}

/// ``DeviceMerge``'s order and void rule over devices' logs read one event at a time, never held:
/// each device's next event is read only when the merge needs it, so memory stays flat however
/// long the logs are. Gives the same events in the same order, with the same ones void, as
/// ``DeviceMerge/order(_:)`` and ``DeviceMerge/voided(_:order:)`` over the logs held.
///
/// The void rule needs to know, when an event is merged, whether a later `undone` of its device
/// takes it back: `targets` (each device's `undone` events' targets, counted, from a cheap scan of
/// the logs before the merge) says which events to wait for. From such an event on, merged events
/// are held back until its `undone`s have all arrived (or its log ended), then handed on, the event
/// and its `undone` marked void when another device's event lies between them. A count too high (a
/// duplicate or dropped `undone` line) only holds events longer; the result stays the same.
///
/// `@inlinable` throughout: the callers (storage's fold, the reports' history) specialise it for
/// their source and event, instead of running it generically (metadata look-ups, value-witness
/// copies of each event).
public struct StreamingMerge<Source: MergeSource> {
  public typealias Event = Source.Event
  /// Where a merged target waits for its `undone`: merge position, own position, index in `held`.
  @usableFromInline typealias Waiting = (merged: Int, own: Int, held: Int)
  /// The devices' ids, by log index.
  public let devices: [String]
  @usableFromInline var sources: [Source]
  @usableFromInline var heads: [Event?]
  /// Each head's time (read without copying the event, its strings retained, per step).
  @usableFromInline var headTimes: [Int64]
  @usableFromInline var live: [Bool]
  /// Log indices in device-id order: on equal times the earlier device's event comes first.
  @usableFromInline let ranked: [Int]
  /// Per log, the targets of its `undone` events not merged yet, with how many `undone`s remain.
  @usableFromInline var targets: [[Int: Int]]
  /// Every log's targets sorted, log after log (log `l`'s from `targetStart[l]` to `targetStart[l + 1]`),
  /// and per log the index of the first not below its last event checked: a device's events come
  /// with rising sequence numbers, so most events are known not to be a target without a
  /// dictionary look-up (``mayBeTarget(_:log:)``).
  @usableFromInline var sortedTargets: [Int] = []
  @usableFromInline var targetStart: [Int] = [0]
  @usableFromInline var targetCursor: [Int] = []
  /// Per log, the merged targets waiting for their `undone`.
  @usableFromInline var pending: [[Int: Waiting]]
  @usableFromInline var pendingCount = 0
  /// The smallest `held` index of a waiting target (kept as targets come and go, not searched per event).
  @usableFromInline var firstWaiting = Int.max
  @usableFromInline var merged = 0
  @usableFromInline var own: [Int]
  /// Events merged but not yet handed on (from the first pending target on).
  @usableFromInline var held: [MergedEvent<Event>] = []
  @usableFromInline var handed = 0
  @usableFromInline var primed = false

  /// `targets[l]`: for log `l`, each sequence number its `undone` events take back, with how many
  /// take it back (more is allowed, never fewer).
  @inlinable
  public init(sources: [Source], devices: [String], targets: [[Int: Int]]) {
    precondition(sources.count == devices.count && targets.count == devices.count)
    self.sources = sources
    self.devices = devices
    heads = Array(repeating: nil, count: sources.count)
    headTimes = Array(repeating: 0, count: sources.count)
    live = Array(repeating: true, count: sources.count)
    ranked = devices.indices.sorted { devices[$0] < devices[$1] }
    self.targets = targets
    for log in targets {
      targetCursor.append(sortedTargets.count)
      sortedTargets += log.keys.sorted()
      targetStart.append(sortedTargets.count)
    }
    pending = Array(repeating: [:], count: sources.count)
    own = Array(repeating: 0, count: sources.count)
  }

  /// The source of log `l` (what it read: notices, counts) once the merge is over.
  @inlinable
  public func source(_ l: Int) -> Source { sources[l] }

  /// Lends the source of log `l` to `body` (what its reader keeps of the events it handed on).
  @inlinable
  public mutating func withSource<Result>(_ l: Int, _ body: (inout Source) -> Result) -> Result {
    body(&sources[l])
  }

  /// The next event in merged order, or nil when every log has ended.
  @inlinable
  public mutating func next() throws(Source.Failure) -> MergedEvent<Event>? {
    if !primed {
      primed = true
      for l in sources.indices { try advance(l) }
    }
    while true {
      if handed < releasable {
        let out = held[handed]
        handed += 1
        if handed == held.count {
          held.removeAll(keepingCapacity: true)
          handed = 0
        }
        return out
      }
      guard let l = smallest() else {
        // Every log ended: targets still waiting have no `undone` to come.
        for k in pending.indices { pending[k].removeAll() }
        pendingCount = 0
        firstWaiting = Int.max
        guard handed < held.count else { return nil }
        continue
      }
      let out = merge(heads[l].take()!, log: l)
      // Read after the merge: the log's end settles what it left waiting, its last event included.
      try advance(l)
      if let out { return out }
    }
  }

  /// How many of `held` are final: all of them when no target waits, else those before the first.
  @inlinable
  var releasable: Int { pendingCount > 0 ? firstWaiting : held.count }

  /// ``firstWaiting`` again, after waiting targets left.
  @inlinable
  mutating func findFirstWaiting() {
    var first = Int.max
    for log in pending where !log.isEmpty {
      for entry in log.values where entry.held < first { first = entry.held }
    }
    firstWaiting = first
  }

  @inlinable
  mutating func advance(_ l: Int) throws(Source.Failure) {
    guard live[l] else { return }
    if let event = try sources[l].next() {
      headTimes[l] = event.mergeTime
      heads[l] = event
      return
    }
    live[l] = false
    // The log ended: what it left waiting is not taken back.
    if !pending[l].isEmpty {
      pendingCount -= pending[l].count
      pending[l].removeAll()
      findFirstWaiting()
    }
    targets[l].removeAll()
  }

  @inlinable
  func smallest() -> Int? {
    var best = -1
    var bestTime = Int64.max
    for l in ranked where heads[l] != nil {
      let time = headTimes[l]
      if best < 0 || time < bestTime {
        best = l
        bestTime = time
      }
    }
    return best < 0 ? nil : best
  }

  /// False only when `sequence` is no target of log `l`'s `undone`s (its sorted targets, searched
  /// from where the log's last event left off; again from its first if the numbers went back).
  @inlinable
  mutating func mayBeTarget(_ sequence: Int, log l: Int) -> Bool {
    let start = targetStart[l]
    let end = targetStart[l + 1]
    var k = targetCursor[l]
    if k > start, sortedTargets[k - 1] >= sequence {
      k = start
      var high = end
      while k < high {
        let middle = (k + high) / 2
        if sortedTargets[middle] < sequence { k = middle + 1 } else { high = middle }
      }
    }
    while k < end, sortedTargets[k] < sequence { k += 1 }
    targetCursor[l] = k
    return k < end && sortedTargets[k] == sequence
  }

  /// Applies the void rule to the next merged event; returns it when nothing is held back.
  @inlinable
  mutating func merge(_ event: Event, log l: Int) -> MergedEvent<Event>? {
    let position = merged
    let ownPosition = own[l]
    merged += 1
    own[l] += 1
    let sequence = event.sequence
    var void = false
    if let target = event.undoTarget {
      if DeviceMerge.undoesAnotherDevice(sequence, target: target) {
        void = true
      } else {
        if let left = targets[l][target] { targets[l][target] = left > 1 ? left - 1 : nil }
        if let wait = pending[l][target] {
          // Another device's event lies between the two in merged order.
          if (position - wait.merged) - (ownPosition - wait.own) > 0 {
            void = true
            held[wait.held].void = true
          }
          if targets[l][target] == nil {
            pending[l][target] = nil
            pendingCount -= 1
            if wait.held == firstWaiting { findFirstWaiting() }
          }
        }
      }
    }
    let out = MergedEvent(log: l, event: event, void: void)
    if mayBeTarget(sequence, log: l), targets[l][sequence] != nil, pending[l][sequence] == nil {
      pending[l][sequence] = (position, ownPosition, held.count)
      pendingCount += 1
      firstWaiting = min(firstWaiting, held.count)
      held.append(out)
      return nil
    }
    if held.count > handed {
      held.append(out)
      return nil
    }
    return out
  }
}
