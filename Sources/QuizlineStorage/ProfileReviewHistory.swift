import QuizlineCore

/// A profile's whole review history, read through the one fold: every archived segment and then
/// `journal.jsonl`, each line decoded and replayed through ``ReviewHistoryCollector`` (which applies
/// it with `LearnerProgress.apply`). Lines that do not decode, and lines whose sequence number does
/// not go up, are left out as replay leaves them out.
public enum ProfileReviewHistory {
  public static func collect(_ layout: ProfileLayout) throws(ProfileError) -> ReviewHistoryCollector {
    var collector = ReviewHistoryCollector()
    for path in layout.archivedSegments() + [layout.journal] {
      guard let bytes = try FileOps.read(path) else { continue }
      var start = 0
      while start < bytes.count {
        guard let end = bytes[start...].firstIndex(of: 0x0A) else { break }  // a torn last line
        defer { start = end + 1 }
        guard end > start, let event = try? EventCoding.decode(bytes[start..<end]) else { continue }
        if event.sequence > collector.progress.lastSequence { collector.apply(event) }
      }
    }
    return collector
  }
}
