/// Sequence numbers across devices: each device numbers its own events from its tag times 2^32, so
/// a sequence number (and so a run id, an undo target, a fuzz seed) names one event of one device.
/// Tag 0 is a profile's first device (a profile migrated from the single-journal layout keeps its
/// numbers 1, 2, 3, … unchanged); a new device draws a tag in 1..<2^20. Every number stays below
/// 2^52, so JSON readers that hold numbers as doubles (DuckDB, Python, JavaScript) read them exactly.
public enum DeviceSequence {
  public static let shift = 32
  public static let tagLimit = 1 << 20

  /// The device tag a sequence number belongs to.
  @inlinable public static func tag(of sequence: Int) -> Int { sequence >> shift }

  /// The sequence number before a device's first event.
  @inlinable public static func base(of tag: Int) -> Int { tag << shift }

  /// A sequence number counted within its device (1 for a device's first event): what a person
  /// reads as "event N".
  public static func withinDevice(_ sequence: Int) -> Int { sequence - base(of: tag(of: sequence)) }
}

/// Where an event stands in the merged order of all devices' events: time, then device id, then
/// sequence number.
public struct MergePosition: Sendable, Equatable, Comparable {
  public var at: Timestamp
  public var device: String
  public var sequence: Int

  public init(at: Timestamp, device: String, sequence: Int) {
    self.at = at
    self.device = device
    self.sequence = sequence
  }

  public static func < (a: MergePosition, b: MergePosition) -> Bool {
    if a.at != b.at { return a.at < b.at }
    if a.device != b.device { return a.device < b.device }
    return a.sequence < b.sequence
  }
}

/// What stays per device in a profile shared by several devices: the resumable quiz and what `undo`
/// can take back (a device takes back only its own steps), as the ledger keeps them, and the last
/// sequence number applied.
struct DeviceContext: Sendable, Equatable {
  /// The device's own part of the ledger (``RunLedger/DevicePart``), kept whole while aside.
  var ledgerPart: RunLedger<UndoEntry>.DevicePart
  var lastSequence: Int

  init(activeRun: QuizRun? = nil, undoStack: [UndoEntry] = [], lastSequence: Int) {
    ledgerPart = .init(active: activeRun, steps: undoStack)
    self.lastSequence = lastSequence
  }

  /// The device's run going on, if any.
  var activeRun: QuizRun? {
    get { ledgerPart.active }
    set { ledgerPart = .init(active: newValue, steps: ledgerPart.steps) }
  }

  /// The device's steps, newest last.
  var undoStack: [UndoEntry] {
    get { ledgerPart.steps }
    set { ledgerPart = .init(active: ledgerPart.active, steps: newValue) }
  }

  /// Nothing recorded yet: not kept (so a fold's state does not depend on which device looked last).
  func isPristine(tag: Int) -> Bool {
    ledgerPart.isEmpty && lastSequence == DeviceSequence.base(of: tag)
  }

  static func == (a: Self, b: Self) -> Bool {
    a.lastSequence == b.lastSequence && a.activeRun == b.activeRun && a.undoStack == b.undoStack
  }
}

extension LearnerProgress {
  /// Makes `tag` the current device: its run, undo stack and last sequence number move into
  /// ``activeRun``, `undoStack` and ``lastSequence``, and those of the device current before are kept
  /// aside. `apply` then works on that device's own things, unchanged.
  public mutating func switchDevice(_ tag: Int) {
    guard tag != currentDevice else { return }
    // The parts change places whole: no step is built or copied (``RunLedger/DevicePart``).
    var context = otherDevices.removeValue(forKey: tag) ?? DeviceContext(lastSequence: DeviceSequence.base(of: tag))
    ledger.exchangeDevicePart(&context.ledgerPart)
    swap(&lastSequence, &context.lastSequence)
    if !context.isPristine(tag: currentDevice) { otherDevices[currentDevice] = context }
    currentDevice = tag
  }

  /// Applies an event of any device (the device is the tag of its sequence number), as the merged
  /// fold does; events at or below that device's last sequence number are ignored.
  public mutating func applyMerged(_ event: RecordedEvent, position: MergePosition? = nil) {
    switchDevice(DeviceSequence.tag(of: event.sequence))
    apply(event)
    if let position { mergedThrough = max(mergedThrough ?? position, position) }
  }

  /// The last sequence number applied of each device that has one (the snapshot's coverage vector).
  public var deviceSequences: [Int: Int] {
    var out = otherDevices.mapValues(\.lastSequence)
    if lastSequence > DeviceSequence.base(of: currentDevice) || !otherDevices.isEmpty || currentDevice != 0 {
      out[currentDevice] = lastSequence
    }
    return out.filter { $0.value > DeviceSequence.base(of: $0.key) }
  }

  /// Whether events of more than one device, or of a device other than tag 0, were applied.
  public var isMultiDevice: Bool { !otherDevices.isEmpty || currentDevice != 0 || mergedThrough != nil }

  /// Every device's context, the current one included (for the snapshot, which must not depend on
  /// which device wrote it).
  var allDeviceContexts: [Int: DeviceContext] {
    var out = otherDevices
    let mine = DeviceContext(activeRun: activeRun, undoStack: undoStack, lastSequence: lastSequence)
    if !mine.isPristine(tag: currentDevice) { out[currentDevice] = mine }
    return out
  }

  /// Sets every device's context at once (snapshot decoding); the current device becomes tag 0's.
  mutating func setDeviceContexts(_ contexts: [Int: DeviceContext]) {
    var rest = contexts
    let zero = rest.removeValue(forKey: 0) ?? DeviceContext(lastSequence: 0)
    activeRun = zero.activeRun
    undoStack = zero.undoStack
    lastSequence = zero.lastSequence
    currentDevice = 0
    otherDevices = rest
  }
}
