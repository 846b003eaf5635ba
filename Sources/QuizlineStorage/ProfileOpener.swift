import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A profile ready for use: its progress, where events go, and what to tell the learner about recovery.
public struct OpenedProfile {
  public var progress: LearnerProgress
  /// nil when opened read-only.
  public var store: ProfileStore?
  public var journal: any Journal
  public var layout: ProfileLayout
  public var notices: [String]
  /// In a per-device profile: what other devices recorded since this device's snapshot.
  public var incoming: [DeviceIncoming] = []
}

/// Events another device recorded that this device had not folded in yet.
public struct DeviceIncoming: Sendable, Equatable {
  public var device: String
  public var answers: Int
  public var events: Int
}

/// Opens profiles: snapshot plus newer journal lines, with recovery that never overwrites what it
/// could not read (damaged files are kept aside under a timestamped name).
public enum ProfileOpener {
  /// The snapshot interval unless `QUIZLINE_SNAPSHOT_EVERY` says otherwise (tests use small values).
  public static let defaultSnapshotEvery = 500

  /// Opens for writing: takes the lock, repairs a torn tail, sets damaged files aside.
  public static func open(
    _ layout: ProfileLayout, profile: String, now: Timestamp, snapshotEvery: Int = defaultSnapshotEvery
  ) throws(ProfileError) -> OpenedProfile {
    try FileOps.makeDirectories(layout.archive)
    try FileOps.refuseIrregularFiles(layout)
    let lock = try ProfileLock(path: layout.lock, profile: profile)
    FileOps.removeStaleTemporaries(in: layout.ownFolder)
    var loaded = try load(layout, now: now, repair: true)
    let store = ProfileStore(
      layout: layout, lock: lock, snapshotEvery: snapshotEvery, segmentFirst: loaded.segmentFirst,
      segmentLast: loaded.segmentLast, sinceSnapshot: loaded.sinceSnapshot)
    if loaded.rebuilt, let warning = store.checkpoint(loaded.progress, at: now) { loaded.notices.append(warning) }
    // Only the lock holder writes backups, and only from progress it has just read whole.
    if let warning = ProfileBackups.takeDaily(layout, loaded.progress, now: now) { loaded.notices.append(warning) }
    return OpenedProfile(
      progress: loaded.progress, store: store, journal: store, layout: layout, notices: loaded.notices)
  }

  /// Reads without locking and without changing any file (for `read`, `report`, `--read-only`).
  public static func view(_ layout: ProfileLayout, now: Timestamp) throws(ProfileError) -> OpenedProfile {
    if layout.device != nil || DeviceProfileOpener.hasDevices(layout) {
      return try DeviceProfileOpener.view(layout, now: now)
    }
    try FileOps.refuseIrregularFiles(layout)
    let loaded = try load(layout, now: now, repair: false)
    return OpenedProfile(
      progress: loaded.progress, store: nil, journal: ReadOnlyJournal(), layout: layout, notices: loaded.notices)
  }

  struct Loaded {
    var progress = LearnerProgress()
    var notices: [String] = []
    var rebuilt = false
    var segmentFirst: Int?
    var segmentLast: Int?
    var sinceSnapshot = 0
  }

  /// `journalOnly`: only the journal's reading and recovery (a device's own log, whose progress the
  /// device merge computes), no snapshot and no archive.
  static func load(_ layout: ProfileLayout, now: Timestamp, repair: Bool, journalOnly: Bool = false)
    throws(ProfileError) -> Loaded
  {
    var result = Loaded()
    var fromSnapshot = false
    if journalOnly {
      fromSnapshot = true
    } else {
      switch try readSnapshot(layout, now: now, repair: repair, rebuiltFrom: "the journal", notices: &result.notices) {
      case .read(let progress):
        result.progress = progress
        fromSnapshot = true
      case .damaged: result.rebuilt = true
      case .missing:
        if !layout.archivedSegments().isEmpty {
          result.notices.append("\(layout.snapshot) is missing; progress is rebuilt from the journal.")
          result.rebuilt = true
        }
      }
    }
    if !fromSnapshot {
      for segment in layout.archivedSegments() {
        guard let bytes = try FileOps.read(segment) else { continue }
        let outcome = JournalReader.replay(bytes, into: &result.progress)
        try refuseNewer(outcome, segment)
        for bad in outcome.badLines {
          result.notices.append("\(segment):\(bad.line) could not be read (\(bad.message)) and was left out.")
        }
      }
    }
    if !FileOps.exists(layout.journal) {
      try recoverKeptAside(layout, into: &result, repair: repair)
    }
    guard let bytes = try FileOps.read(layout.journal) else { return result }
    let before = result.progress.lastSequence
    let outcome = JournalReader.replay(bytes, into: &result.progress, keepLines: repair)
    try refuseNewer(outcome, layout.journal)
    result.segmentFirst = outcome.firstSequence
    result.segmentLast = outcome.lastSequence
    result.sinceSnapshot = max(0, result.progress.lastSequence - before)
    if !outcome.outOfOrderLines.isEmpty {
      let n = outcome.outOfOrderLines.count
      let lines = outcome.outOfOrderLines.prefix(10).map(String.init).joined(separator: ", ") + (n > 10 ? ", …" : "")
      result.notices.append(
        "\(layout.journal): line\(n == 1 ? "" : "s") \(lines) repeat\(n == 1 ? "s" : "") or go\(n == 1 ? "es" : "") back in sequence number and \(n == 1 ? "was" : "were") left out; the events before and after are kept."
      )
    }
    if !outcome.badLines.isEmpty {
      let lines = outcome.badLines.map { String($0.line) }.joined(separator: ", ")
      var message =
        "\(layout.journal): line\(outcome.badLines.count == 1 ? "" : "s") \(lines) could not be read (\(outcome.badLines[0].message)) and \(outcome.badLines.count == 1 ? "was" : "were") left out; \(outcome.applied) events were recovered."
      if repair {
        // The clean copy is written and synced before the damaged file is moved aside, so a full
        // disk or a kill -9 at any moment leaves one of the two in place: nothing is lost.
        let aside = ProfileLayout.asideName(layout.journal, at: now)
        do {
          try FileOps.writeAtomically(outcome.validLines.flatMap { $0 }, to: layout.journal, keepingOldAs: aside)
        } catch {
          throw ProfileError(
            "cannot repair the damaged \(layout.journal): \(error.message). Nothing was changed; free some space and start again.",
            exitCode: .ioError)
        }
        message += " The original is kept as \(aside)."
      }
      result.notices.append(message)
    } else if outcome.tornTail, repair {
      // The cut-off line was never confirmed to the learner; remove it so the next append starts clean.
      if truncate(layout.journal, off_t(outcome.completeLength)) != 0 {
        throw ProfileError("cannot repair \(layout.journal): \(FileOps.lastError)", exitCode: .ioError)
      }
      result.notices.append(
        "the last line of \(layout.journal) was cut off (quizline was stopped while writing it) and was dropped; nothing shown as recorded is lost."
      )
    }
    return result
  }

  /// A journal kept aside (`journal.jsonl.damaged-…`) whose clean copy never took its place (an
  /// older quizline moved it aside first and then could not write, or was killed in between):
  /// its readable events that progress does not hold yet become the journal again.
  private static func recoverKeptAside(_ layout: ProfileLayout, into result: inout Loaded, repair: Bool)
    throws(ProfileError)
  {
    let prefix = "journal.jsonl.damaged-"
    guard let names = try? LocalFileSource().entries(of: layout.ownFolder) else { return }
    for name in names.filter({ $0.hasPrefix(prefix) && !FileOps.isOwnTemporary($0) }).sorted().reversed() {
      let path = layout.ownFolder + "/" + name
      guard FileOps.irregularKind(path) == nil, let bytes = try FileOps.read(path) else { continue }
      var scratch = result.progress
      let outcome = JournalReader.replay(bytes, into: &scratch, keepLines: true)
      let newer = zip(outcome.validLines, outcome.validSequences).filter { $0.1 > result.progress.lastSequence }
      guard !newer.isEmpty else { continue }
      if repair {
        do {
          try FileOps.writeAtomically(newer.flatMap(\.0), to: layout.journal)
        } catch {
          throw ProfileError(
            "cannot recover \(layout.journal) from \(path): \(error.message). Nothing was changed.", exitCode: .ioError)
        }
        result.notices.append(
          "\(layout.journal) was missing after an interrupted repair; \(newer.count) events were recovered from \(path), which is kept."
        )
      } else {
        for (line, _) in newer { _ = JournalReader.replay(line, into: &result.progress) }
        result.notices.append(
          "\(layout.journal) is missing; \(newer.count) events were read from \(path) (start quizline to repair it).")
      }
      return
    }
  }

  private static func refuseNewer(_ outcome: JournalReader.Outcome, _ path: String) throws(ProfileError) {
    guard let newer = outcome.badLines.first(where: \.isNewer) else { return }
    throw ProfileError(
      "\(path):\(newer.line) holds an event this quizline does not know (\(newer.message)); a newer quizline wrote it. Update quizline to open this profile; nothing was changed.",
      exitCode: .dataError)
  }

  /// What reading a profile's snapshot gave.
  enum SnapshotRead {
    case read(LearnerProgress)
    case missing
    /// Unreadable: said in the notices (and set aside with `repair`); progress is rebuilt.
    case damaged
  }

  /// Reads `layout.snapshot`. A snapshot of a newer quizline stops the opening with nothing
  /// changed; a damaged one is reported in `notices`, set aside when `repair` is on, and progress is
  /// rebuilt from `source` (the journal, or the devices' logs).
  static func readSnapshot(
    _ layout: ProfileLayout, now: Timestamp, repair: Bool, rebuiltFrom source: String, notices: inout [String]
  ) throws(ProfileError) -> SnapshotRead {
    guard let bytes = try FileOps.read(layout.snapshot) else { return .missing }
    do {
      return .read(try SnapshotCoding.decode(bytes))
    } catch {
      switch error {
      case .newerSchema(let v):
        throw ProfileError(
          "\(layout.snapshot) was written by a newer quizline (progress schema \(v); this one reads schema \(SnapshotCoding.schemaVersion)). Update quizline to open this profile; nothing was changed.",
          exitCode: .dataError)
      case .damaged(let why):
        var kept = ""
        if repair {
          let aside = ProfileLayout.asideName(layout.snapshot, at: now)
          if rename(layout.snapshot, aside) == 0 { kept = " It is kept as \(aside)." }
        }
        notices.append("\(layout.snapshot) could not be read (\(why)).\(kept) Progress is rebuilt from \(source).")
        return .damaged
      }
    }
  }
}
