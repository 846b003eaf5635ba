/// ``DeviceMerge/fold(_:into:local:watch:)`` of a profile with one log, one event at a time, for a
/// reader that does not hold the log: the merged order of one log is its own order, and the only
/// void events are `undone`s of another device's event (``DeviceMerge/undoesAnotherDevice(_:target:)``),
/// so neither needs the events that follow. Memory stays flat however long the log is.
public struct SingleLogFold: Sendable {
  /// The log's device id (the merge position's tie-break).
  public let device: String
  /// The event that sorts last in merge order so far (its time, then its sequence number).
  private var latest: (at: Timestamp, sequence: Int)?

  public init(device: String) {
    self.device = device
  }

  /// Makes the event's device the current one and says whether `event` is folded; a void event is
  /// only counted as seen (the device's sequence guard moves past it), as the fold does.
  public mutating func next(_ event: RecordedEvent, _ progress: inout LearnerProgress) -> Bool {
    if let l = latest {
      if event.at != l.at ? event.at > l.at : event.sequence > l.sequence { latest = (event.at, event.sequence) }
    } else {
      latest = (event.at, event.sequence)
    }
    progress.switchDevice(DeviceSequence.tag(of: event.sequence))
    if case .undone(let target) = event.payload, DeviceMerge.undoesAnotherDevice(event.sequence, target: target) {
      progress.lastSequence = max(progress.lastSequence, event.sequence)
      return false
    }
    return true
  }

  /// Ends the fold: the last merged position kept, `local` the current device again.
  public func finish(_ progress: inout LearnerProgress, local: Int) {
    if let l = latest {
      let position = MergePosition(at: l.at, device: device, sequence: l.sequence)
      progress.mergedThrough = max(progress.mergedThrough ?? position, position)
    }
    progress.switchDevice(local)
  }
}
