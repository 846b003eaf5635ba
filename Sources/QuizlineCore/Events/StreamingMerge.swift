/// What the merge needs of an event: its time, its sequence number, and the event it takes back.
public protocol MergeableEvent {
  /// The event's time in microseconds (the merge's first key).
  var mergeTime: Int64 { get }
  var sequence: Int { get }
  /// The sequence number an `undone` takes back; nil for every other event.
  var undoTarget: Int? { get }
}

extension RecordedEvent: MergeableEvent {
  @inline(__always) public var mergeTime: Int64 { at.microseconds }
  @inline(__always) public var undoTarget: Int? {
    if case .undone(let target) = payload { return target }
    return nil
  }
}

extension HistoryEvent: MergeableEvent {
  @inline(__always) public var mergeTime: Int64 { at }
  @inline(__always) public var undoTarget: Int? { kind == .undone ? run : nil }
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
public struct StreamingMerge<Source: MergeSource> {
  public typealias Event = Source.Event
  /// The devices' ids, by log index.
  public let devices: [String]
  private var sources: [Source]
  private var heads: [Event?]
  /// Each head's time (read without copying the event, its strings retained, per step).
  private var headTimes: [Int64]
  private var live: [Bool]
  /// Log indices in device-id order: on equal times the earlier device's event comes first.
  private let ranked: [Int]
  /// Per log, the targets of its `undone` events not merged yet, with how many `undone`s remain.
  private var targets: [[Int: Int]]
  /// Per log, the merged targets waiting for their `undone`: merge position, own position, where held.
  private var pending: [[Int: (merged: Int, own: Int, held: Int)]]
  private var pendingCount = 0
  private var merged = 0
  private var own: [Int]
  /// Events merged but not yet handed on (from the first pending target on).
  private var held: [MergedEvent<Event>] = []
  private var handed = 0
  private var primed = false

  /// `targets[l]`: for log `l`, each sequence number its `undone` events take back, with how many
  /// take it back (more is allowed, never fewer).
  public init(sources: [Source], devices: [String], targets: [[Int: Int]]) {
    precondition(sources.count == devices.count && targets.count == devices.count)
    self.sources = sources
    self.devices = devices
    heads = Array(repeating: nil, count: sources.count)
    headTimes = Array(repeating: 0, count: sources.count)
    live = Array(repeating: true, count: sources.count)
    ranked = devices.indices.sorted { devices[$0] < devices[$1] }
    self.targets = targets
    pending = Array(repeating: [:], count: sources.count)
    own = Array(repeating: 0, count: sources.count)
  }

  /// The source of log `l` (what it read: notices, counts) once the merge is over.
  public func source(_ l: Int) -> Source { sources[l] }

  /// The next event in merged order, or nil when every log has ended.
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
  private var releasable: Int {
    guard pendingCount > 0 else { return held.count }
    var first = held.count
    for log in pending where !log.isEmpty {
      for entry in log.values where entry.held < first { first = entry.held }
    }
    return first
  }

  private mutating func advance(_ l: Int) throws(Source.Failure) {
    guard live[l] else { return }
    if let event = try sources[l].next() {
      headTimes[l] = event.mergeTime
      heads[l] = event
      return
    }
    live[l] = false
    // The log ended: what it left waiting is not taken back.
    pendingCount -= pending[l].count
    pending[l].removeAll()
    targets[l].removeAll()
  }

  private func smallest() -> Int? {
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

  /// Applies the void rule to the next merged event; returns it when nothing is held back.
  private mutating func merge(_ event: Event, log l: Int) -> MergedEvent<Event>? {
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
          }
        }
      }
    }
    let out = MergedEvent(log: l, event: event, void: void)
    if targets[l][sequence] != nil, pending[l][sequence] == nil {
      pending[l][sequence] = (position, ownPosition, held.count)
      pendingCount += 1
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
