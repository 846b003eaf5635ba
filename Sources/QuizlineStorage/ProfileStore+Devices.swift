import QuizlineCore

/// What a per-device profile's store keeps besides the journal: the merge position of the last
/// event its progress covers, and whether this device's own steps were applied out of the merged
/// order (an event older than another device's already applied, or an `undo`), in which case the
/// snapshot is computed by folding the logs again, so it is the same on every device.
final class DeviceStoreState {
  let device: String
  var frontier: MergePosition?
  var outOfOrder = false
  let refold: () -> LearnerProgress?

  init(device: String, frontier: MergePosition?, refold: @escaping () -> LearnerProgress?) {
    self.device = device
    self.frontier = frontier
    self.refold = refold
  }
}

extension ProfileStore {
  /// After `sync` read the fold of every device's log back (the canonical state, this device's
  /// steps included): the store continues from it and writes it as the snapshot.
  public func adoptMerged(_ progress: LearnerProgress, at now: Timestamp) -> String? {
    deviceState?.frontier = progress.mergedThrough
    deviceState?.outOfOrder = false
    return checkpoint(progress, at: now)
  }

  func noteDeviceAppend(_ event: RecordedEvent) {
    guard let d = deviceState else { return }
    let position = MergePosition(at: event.at, device: d.device, sequence: event.sequence)
    if let f = d.frontier, position < f { d.outOfOrder = true }
    if case .undone = event.payload { d.outOfOrder = true }
    d.frontier = max(d.frontier ?? position, position)
  }

  /// The progress the snapshot records and its `writtenAt`: for a per-device profile the merged
  /// fold (its last event's time as `writtenAt`, so two devices holding the same events write the
  /// same bytes); otherwise `progress` as it is, written at `now`.
  func snapshotForm(_ progress: LearnerProgress, now: Timestamp) -> (LearnerProgress, Timestamp) {
    guard let d = deviceState else { return (progress, now) }
    var covered = progress
    if d.outOfOrder, let folded = d.refold() {
      covered = folded
      d.outOfOrder = false
      d.frontier = folded.mergedThrough
    } else {
      covered.mergedThrough = d.frontier
    }
    return (covered, covered.mergedThrough?.at ?? now)
  }
}
