import QuizlineCore

/// A profile's whole review history, read through the one fold (``ReviewHistoryCollector``, which
/// applies each event with `LearnerProgress.apply`).
///
/// - Single journal: every archived segment and then `journal.jsonl`, line by line (the fast replay
///   decoder, which gives the generic decoder's event), never all held at once. Lines that do not
///   decode, and lines whose sequence number does not go up, are left out as replay leaves them out.
/// - Per-device logs (`devices/<id>/`, and a single journal no device took over yet): every device's
///   log as the fold reads it (``DeviceState/streamingMerge(_:notices:)``), folded in the merged order
///   with undo across another device's events void (``StreamingMerge``, the rule of ``DeviceMerge``),
///   as opening the profile folds it, never all held.
public enum ProfileReviewHistory {
  /// `following`: a question whose whole history the collector also keeps (``ReviewHistoryCollector/history``).
  public static func collect(_ layout: ProfileLayout, following: QuestionRef? = nil) throws(ProfileError)
    -> ReviewHistoryCollector
  {
    var collector = following.map(ReviewHistoryCollector.init(following:)) ?? ReviewHistoryCollector()
    let profile = layout.forDevice(nil)
    if DeviceProfileOpener.hasDevices(profile) {
      if try foldOnlyLog(layout, into: &collector) { return collector }
      var notices: [String] = []  // opening the profile already words them
      var (merge, _) = try DeviceState.streamingMerge(layout, notices: &notices)
      var fold = SingleLogFold(device: "")
      while let step = try merge.next() {
        fold.merging(device: merge.devices[step.log], void: step.void)
        collector.fold(step.event, &fold)
      }
      collector.finish(fold)
      return collector
    }
    var decoder = FastReplayDecoder()
    for path in profile.archivedSegments() + [profile.journal] {
      guard let bytes = try FileOps.read(path) else { continue }
      bytes.withUnsafeBufferPointer { buffer in
        var start = 0
        while start < buffer.count {
          guard let end = buffer[start...].firstIndex(of: 0x0A) else { break }  // a torn last line
          defer { start = end + 1 }
          guard end > start, let event = try? decoder.decode(UnsafeBufferPointer(rebasing: buffer[start..<end]))
          else { continue }
          if event.sequence > collector.progress.lastSequence { collector.apply(event) }
        }
      }
    }
    return collector
  }

  /// One question's whole history for `info` (the same fold as ``collect(_:following:)``), and the
  /// name of each device tag of a profile with several logs (empty for a single journal or a single
  /// device; the single journal a device has not taken over yet is named `before devices`).
  public static func card(_ ref: QuestionRef, _ layout: ProfileLayout) throws(ProfileError) -> (
    CardHistory, devices: [Int: String]
  ) {
    let history = try collect(layout, following: ref).history
    var names: [Int: String] = [:]
    if DeviceProfileOpener.hasDevices(layout.forDevice(nil)) {
      let (devices, legacy) = logs(layout)
      for (id, record) in devices { names[record?.tag ?? -1] = record?.shownName ?? id }
      names[-1] = nil
      if legacy, names[0] == nil { names[0] = "before devices" }
    }
    // One device only (every learner's profile since devices came): every review is this one's,
    // and naming it on each row says nothing.
    return (history, names.count > 1 ? names : [:])
  }

  /// Whether reading the reviews holds every device's events: never since several devices' logs are
  /// merged as they are read (``StreamingMerge``); memory stays flat, so the reviews can be read
  /// beside the history.
  public static func holdsEvents(_ layout: ProfileLayout) -> Bool { false }

  /// The logs the fold merges (``DeviceState/logFolders(_:notices:)``), in order, each with whether
  /// it is read with the rule for files in flight: for the reports' one pass, which reads them
  /// itself. Refused as the fold refuses them (two devices numbering their events alike).
  public static func mergedLogs(_ layout: ProfileLayout) throws(ProfileError) -> [(
    folder: ProfileLayout, contiguous: Bool
  )] {
    var notices: [String] = []  // opening the profile already words them
    return try DeviceState.logFolders(layout, notices: &notices).map { ($0.folder, $0.contiguous) }
  }

  /// The device folders, and whether the single journal is read as one more log (as
  /// ``DeviceState/readLogs`` reads them).
  static func logs(_ layout: ProfileLayout) -> (devices: [(id: String, record: DeviceRecord?)], legacy: Bool) {
    let devices = DeviceProfileOpener.devices(layout)
    return (devices, !devices.contains { $0.record?.tag == 0 } && DeviceProfileOpener.hasLegacyLog(layout))
  }

  /// The one log of a per-device profile that has one (as ``foldOnlyLog(_:into:)`` reads it: its
  /// folder, and whether it is another device's, read with the rule for files in flight); nil for
  /// a profile with several logs.
  public static func onlyLog(_ layout: ProfileLayout) -> (folder: ProfileLayout, contiguous: Bool)? {
    let (devices, legacy) = logs(layout)
    guard devices.count + (legacy ? 1 : 0) == 1 else { return nil }
    return legacy ? (layout.forDevice(nil), false) : (layout.forDevice(devices[0].id), devices[0].id != layout.device)
  }

  /// A profile with one log (one device's, or the single journal no device took over yet; the
  /// common case: a learner's own profile) is folded as it is read (``SingleLogFold``), the log never
  /// held: the same reviews as ``DeviceState/readLogs`` and ``ReviewHistoryCollector/fold(_:)`` give.
  /// False, having read nothing, when the profile has several logs.
  static func foldOnlyLog(_ layout: ProfileLayout, into collector: inout ReviewHistoryCollector) throws(ProfileError)
    -> Bool
  {
    let (devices, legacy) = logs(layout)
    guard devices.count + (legacy ? 1 : 0) == 1 else { return false }
    let folder = legacy ? layout.forDevice(nil) : layout.forDevice(devices[0].id)
    var single = SingleLogFold(device: folder.device ?? "")
    if legacy {
      _ = try DeviceLogReader.read(folder, label: "(single journal)", after: nil) { collector.fold($0, &single) }
    } else {
      let label = "'\(devices[0].record?.shownName ?? devices[0].id)'"
      _ = try DeviceLogReader.read(folder, label: label, after: nil, contiguous: devices[0].id != layout.device) {
        collector.fold($0, &single)
      }
    }
    collector.finish(single)
    return true
  }
}
