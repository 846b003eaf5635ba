import QuizlineCore

/// The fold's reading rule for one device's log, event by event: damaged lines left out (each
/// standing for one event), each sequence number once, and for another device's log (`contiguous`)
/// reading stops at a gap between one file and the next (a file that has not arrived yet; a gap
/// inside a file, a hole a repair left, is read past). The one home of the rule: ``DeviceLogCursor``
/// (the fold, several logs and one), the reports' one pass (`ReportPass`) and reports' `OwnOrder` apply it.
public struct LogReadRule: Sendable {
  public let contiguous: Bool
  private var last = Int.min
  private var expected: Int?
  private var damaged = 0
  private var firstOfFile = true
  /// The log ended at a gap between files (`contiguous` only): nothing after it is taken.
  public private(set) var stopped = false

  /// `after`: the last sequence number already covered (a snapshot's), so the next expected is the
  /// one after. `inFile`: whether the first events are known to begin a file (a reader that says
  /// each file's start with ``beginFile()`` passes false).
  public init(contiguous: Bool, after: Int? = nil, inFile: Bool = true) {
    self.contiguous = contiguous
    expected = after.map { $0 + 1 }
    firstOfFile = inFile
  }

  /// Whether `log`, one of the logs of the profile at `profile`, is read with the rule for files in
  /// flight (`contiguous`): another device's log is; this device's own and the old single journal
  /// (no device) are read as the fold reads them, without it.
  public static func readsFilesInFlight(_ log: ProfileLayout, of profile: ProfileLayout) -> Bool {
    log.device != nil && log.device != profile.device
  }

  /// The next events are a new file's.
  public mutating func beginFile() { firstOfFile = true }

  /// Whether the fold takes the next line's event (nil: a damaged line).
  public mutating func keeps(_ line: RecordedEvent?) -> Bool {
    guard let event = line else { return keepsDamaged() }
    return keeps(sequence: event.sequence)
  }

  /// A damaged line: never taken, and it stands for the one event it replaces.
  public mutating func keepsDamaged() -> Bool {
    guard !stopped else { return false }
    damaged += 1
    return false
  }

  /// Whether the fold takes the next event, numbered `sequence`.
  public mutating func keeps(sequence: Int) -> Bool {
    guard !stopped else { return false }
    guard sequence > last else { return false }
    if contiguous {
      let next = expected ?? DeviceSequence.base(of: DeviceSequence.tag(of: sequence)) + 1
      if firstOfFile, sequence > next + damaged {
        stopped = true
        return false
      }
      expected = max(next, sequence + 1)
      damaged = 0
      firstOfFile = false
    }
    last = sequence
    return true
  }
}
