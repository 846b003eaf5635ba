import QuizlineCore

/// A profile's whole review history, read through the one fold (``ReviewHistoryCollector``, which
/// applies each event with `LearnerProgress.apply`).
///
/// - Single journal: every archived segment and then `journal.jsonl`, line by line (the fast replay
///   decoder, which gives the generic decoder's event), never all held at once. Lines that do not
///   decode, and lines whose sequence number does not go up, are left out as replay leaves them out.
/// - Per-device logs (`devices/<id>/`, and a single journal no device took over yet): every device's
///   log as the fold reads it (``DeviceState/readLogs``), folded in the merged order with undo
///   across another device's events void (``DeviceMerge``), as opening the profile folds it.
public enum ProfileReviewHistory {
  public static func collect(_ layout: ProfileLayout) throws(ProfileError) -> ReviewHistoryCollector {
    var collector = ReviewHistoryCollector()
    let profile = layout.forDevice(nil)
    if DeviceProfileOpener.hasDevices(profile) {
      var notices: [String] = []  // opening the profile already words them
      let logs = try DeviceState.readLogs(layout, vector: nil, notices: &notices)
      collector.fold(logs.map(\.log))
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
}
