import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A profile opened for writing: the journal every event goes to, and the snapshots that keep
/// start-up short. Holds the profile's lock for as long as it lives.
///
/// Order of steps, chosen so a crash between any two loses nothing and duplicates nothing:
/// 1. an event is appended to `journal.jsonl` and fsynced (then applied and shown);
/// 2. every ``snapshotEvery`` events and at exit, `snapshot.json` is replaced atomically
///    (temporary file, fsync, rename, fsync of the folder);
/// 3. then `journal.jsonl` is renamed into `archive/` (its events are all in the snapshot) and a
///    new one is started by the next append.
/// Replay skips events at or below the snapshot's `lastSequence`, so a crash after 2 and before 3
/// duplicates nothing; the archive keeps the whole history for reports and for rebuilding a
/// damaged snapshot.
public final class ProfileStore: Journal {
  public let layout: ProfileLayout
  public let snapshotEvery: Int
  private let lock: ProfileLock
  private var journal: FileJournal?
  private var segmentFirst: Int?
  private var segmentLast: Int?
  private var sinceSnapshot = 0
  /// Set for a per-device profile (`ProfileStore+Devices.swift`).
  var deviceState: DeviceStoreState?

  init(
    layout: ProfileLayout, lock: ProfileLock, snapshotEvery: Int, segmentFirst: Int?, segmentLast: Int?,
    sinceSnapshot: Int
  ) {
    self.layout = layout
    self.lock = lock
    self.snapshotEvery = max(1, snapshotEvery)
    self.segmentFirst = segmentFirst
    self.segmentLast = segmentLast
    self.sinceSnapshot = sinceSnapshot
  }

  public func append(_ event: RecordedEvent) throws(JournalError) {
    if journal == nil { journal = try FileJournal(path: layout.journal) }
    try journal?.append(event)
    noteDeviceAppend(event)
    if segmentFirst == nil { segmentFirst = event.sequence }
    segmentLast = event.sequence
    sinceSnapshot += 1
  }

  /// After events were applied: writes a snapshot when one is due. Returns a warning when that failed
  /// (the events themselves are safe in the journal).
  public func didApply(_ progress: LearnerProgress, at now: Timestamp) -> String? {
    guard sinceSnapshot >= snapshotEvery else { return nil }
    return checkpoint(progress, at: now)
  }

  /// At a clean exit: the snapshot and archive step, unless nothing was recorded since the last
  /// snapshot (then the files on disk already say everything, and leaving costs no fsync).
  public func close(_ progress: LearnerProgress, at now: Timestamp) -> String? {
    guard sinceSnapshot > 0 || segmentFirst != nil else { return nil }
    return checkpoint(progress, at: now)
  }

  /// Writes the snapshot and, once it is durable, archives the journal segment it covers.
  @discardableResult
  public func checkpoint(_ progress: LearnerProgress, at now: Timestamp) -> String? {
    let (covered, writtenAt) = snapshotForm(progress, now: now)
    do {
      // Written in pieces as it is made: a large progress's snapshot is never one buffer (issue 36).
      try FileOps.writeAtomically(to: layout.snapshot) { write in
        SnapshotCoding.encodedChunks(covered, writtenAt: writtenAt, emit: write)
      }
    } catch {
      return "could not write the snapshot (\(error.message)); your answers are safe in the journal"
    }
    sinceSnapshot = 0
    guard let first = segmentFirst, let last = segmentLast, last <= progress.lastSequence else { return nil }
    journal = nil
    let name = layout.archive + "/" + Self.segmentName(first, last)
    // A segment is never replaced: one of the same numbers holds events this log also numbered so
    // (a log that was not read whole restarted its numbering); the journal stays where it is.
    if FileOps.exists(name) {
      return "could not archive the journal: \(name) already exists and is kept as it is; nothing is lost"
    }
    if rename(layout.journal, name) != 0 {
      return "could not archive the journal (\(FileOps.lastError)); nothing is lost"
    }
    FileOps.syncDirectory(layout.archive)
    FileOps.syncDirectory(layout.ownFolder)
    segmentFirst = nil
    segmentLast = nil
    return nil
  }

  static func segmentName(_ first: Int, _ last: Int) -> String {
    func pad(_ n: Int) -> String {
      let s = String(n)
      return String(repeating: "0", count: max(0, 10 - s.count)) + s
    }
    return "\(pad(first))-\(pad(last)).jsonl"
  }
}
