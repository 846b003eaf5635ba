/// ``DeviceMerge/fold(_:into:local:watch:)`` one event at a time, for a reader that does not hold the
/// logs. Of a profile with one log: the merged order of one log is its own, and the only void events
/// are `undone`s of another device's event (``DeviceMerge/undoesAnotherDevice(_:target:)``), so
/// neither needs the events that follow. Of several logs: events come from a ``StreamingMerge``,
/// which says each one's device and whether it is void (``merging(_:)``). Memory stays flat however
/// long the logs are.
public struct SingleLogFold: Sendable {
  /// The log's device id (the merge position's tie-break), or the next merged event's.
  public private(set) var device: String
  /// The event that sorts last in merge order so far (its time, device, then sequence number).
  private var latest: (at: Timestamp, device: String, sequence: Int)?
  /// Set by ``merging(_:)`` for the next event: the merge's verdict replaces the one-log rule.
  private var mergedVoid: Bool?

  public init(device: String) {
    self.device = device
  }

  /// The next event handed to ``next(_:_:)`` comes from a ``StreamingMerge``: from device `device`,
  /// void or not as the merge says.
  public mutating func merging(device: String, void: Bool) {
    self.device = device
    mergedVoid = void
  }

  /// Makes the event's device the current one and says whether `event` is folded; a void event is
  /// only counted as seen (the device's sequence guard moves past it), as the fold does.
  public mutating func next(_ event: RecordedEvent, _ progress: inout LearnerProgress) -> Bool {
    if let l = latest {
      let after =
        event.at != l.at
        ? event.at > l.at : device != l.device ? device > l.device : event.sequence > l.sequence
      if after { latest = (event.at, device, event.sequence) }
    } else {
      latest = (event.at, device, event.sequence)
    }
    progress.switchDevice(DeviceSequence.tag(of: event.sequence))
    let void: Bool
    if let merged = mergedVoid {
      void = merged
      mergedVoid = nil
    } else if case .undone(let target) = event.payload {
      void = DeviceMerge.undoesAnotherDevice(event.sequence, target: target)
    } else {
      void = false
    }
    if void {
      progress.lastSequence = max(progress.lastSequence, event.sequence)
      return false
    }
    return true
  }

  /// Ends the fold: the last merged position kept, `local` the current device again.
  public func finish(_ progress: inout LearnerProgress, local: Int) {
    if let l = latest {
      let position = MergePosition(at: l.at, device: l.device, sequence: l.sequence)
      progress.mergedThrough = max(progress.mergedThrough ?? position, position)
    }
    progress.switchDevice(local)
  }
}

/// The fold over a ``StreamingMerge`` of devices' logs: the same progress as
/// ``DeviceMerge/fold(_:into:local:watch:)`` over the logs held.
public enum StreamingFold {
  /// Folds every merged event into `progress` (void ones only counted as seen), `local` the
  /// current device at the end; `each` sees every merged event first (void or not). `@inlinable`,
  /// as the merge is: specialised for the caller's source (storage's fold ran the merge generically).
  @inlinable
  public static func fold<S: MergeSource>(
    _ merge: inout StreamingMerge<S>, into progress: inout LearnerProgress, local: Int,
    each: (MergedEvent<RecordedEvent>) -> Void = { _ in }
  ) throws(S.Failure) where S.Event == RecordedEvent {
    var fold = SingleLogFold(device: "")
    while let step = try merge.next() {
      each(step)
      fold.merging(device: merge.devices[step.log], void: step.void)
      if fold.next(step.event, &progress) { progress.apply(step.event) }
    }
    fold.finish(&progress, local: local)
  }
}
