import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ProfileBackups {
  /// Makes `backup` the profile's progress, keeping the state it replaces in a new folder
  /// `before-restore-<time>/` of the profile. Takes the profile's lock (exit 75 when another
  /// quizline holds it) and changes nothing unless the backup reads as a whole.
  ///
  /// Order, so that a crash at any point loses nothing: (1) the backup is read and decoded; (2) the
  /// journal (and journals a repair kept aside), the snapshot, the archive segments holding events
  /// after the backup's and the backups taken after it are hard-linked into the aside folder, which
  /// is synced; (3) for a device's log, the backup's own events from the files set aside are
  /// written as one more segment (`<first>-<cut>.jsonl`), so the log still holds every event the
  /// restored snapshot covers (with the files still there, the same events twice: read once);
  /// (4) those files are removed, the newest first: a crash leaves a log that is a prefix of the old
  /// one, a consistent earlier state, with everything in the aside folder; (5) the backup replaces
  /// `snapshot.json` atomically. Archive segments the backup covers stay, for reports. Backups
  /// taken after this one go aside too: their events are the ones taken back, and the numbers
  /// after the cut will be used again.
  public static func restore(
    _ backup: ProfileBackup, layout: ProfileLayout, profile: String, now: Timestamp
  ) throws(ProfileError) -> RestoreOutcome {
    try FileOps.refuseIrregularFiles(layout)
    let lock = try ProfileLock(path: layout.lock, profile: profile)
    defer { withExtendedLifetime(lock) {} }
    guard let bytes = try FileOps.read(backup.path) else {
      throw ProfileError("\(backup.path): no such backup", exitCode: .noInput)
    }
    let restored: LearnerProgress
    do {
      restored = try SnapshotCoding.decode(bytes)
    } catch {
      let why: String
      switch error {
      case .newerSchema(let v): why = "it was written by a newer quizline, progress schema \(v)"
      case .damaged(let what): why = what
      }
      throw ProfileError(
        "\(backup.path) cannot be read (\(why)); nothing was changed. Choose another backup (quizline backups).",
        exitCode: .dataError)
    }
    try refuseSharedRestore(layout)
    // The last event of this device the backup holds: the cut between what stays and what goes.
    var cut = restored.lastSequence
    if layout.device != nil {
      guard let tag = DeviceProfileOpener.ownTag(layout) else {
        throw ProfileError(
          "\(layout.ownFolder)/device.json cannot be read; this device's folder is damaged. Nothing was changed.",
          exitCode: .dataError)
      }
      guard restored.deviceSequences.keys.allSatisfy({ $0 == tag }) else {
        throw ProfileError(
          "\(backup.path) holds events of another device of this profile; nothing was changed", exitCode: .dataError)
      }
      cut = restored.deviceSequences[tag] ?? DeviceSequence.base(of: tag)
      // The log must still hold the events the backup holds: after an earlier restore, the numbers
      // past that one's cut name other events (a backup from before it, copied back by hand).
      if let last = restored.mergedThrough, last.sequence == cut,
        let onDisk = try eventAt(cut, in: layout.archivedSegments() + [layout.journal]), onDisk.at != last.at
      {
        throw ProfileError(
          "\(backup.path) holds events this device's log no longer has (its event \(DeviceSequence.withinDevice(cut)) was recorded at \(last.at.iso8601), the log's at \(onDisk.at.iso8601): the backup is from before an earlier restore); nothing was changed",
          exitCode: .dataError)
      }
    }
    let aside = asideFolder(layout, now)
    var moves: [(from: String, relative: String)] = []
    // Journals kept aside by a repair hold events of the state being replaced: at the next start
    // they would be replayed over the backup (see ProfileOpener's recovery), so they go too.
    let names = ((try? LocalFileSource().entries(of: layout.ownFolder)) ?? []).sorted()
    let keptJournals = names.filter { $0.hasPrefix("journal.jsonl.damaged-") && !FileOps.isOwnTemporary($0) }
    for file in ["journal.jsonl"] + keptJournals where FileOps.exists(layout.ownFolder + "/" + file) {
      moves.append((layout.ownFolder + "/" + file, file))
    }
    if FileOps.exists(layout.snapshot) { moves.append((layout.snapshot, "snapshot.json")) }
    var straddling: [String] = []
    for segment in layout.archivedSegments() {
      let name = segment.split(separator: "/").last.map(String.init) ?? segment
      let first = Int(name.prefix { $0 != "-" }) ?? Int.max
      let last = name.dropLast(6).split(separator: "-").last.flatMap { Int($0) } ?? Int.max
      if last > cut {
        moves.append((segment, "archive/" + name))
        if first <= cut { straddling.append(segment) }
      }
    }
    for later in list(layout) where later.lastSequence > backup.lastSequence {
      moves.append((later.path, "backups/" + (later.path.split(separator: "/").last.map(String.init) ?? "")))
    }
    // A device's log must still hold every event the restored snapshot covers (else the next start
    // folds the logs again without it): those events of the files set aside, as one more segment.
    let kept = layout.device == nil ? [] : try eventsUpTo(cut, in: straddling + [layout.journal])
    try FileOps.makeDirectories(aside + "/archive")
    try FileOps.makeDirectories(aside + "/backups")
    for move in moves {
      if link(move.from, aside + "/" + move.relative) != 0 {
        throw ProfileError(
          "cannot keep \(move.from) in \(aside): \(FileOps.lastError); nothing was changed", exitCode: .ioError)
      }
    }
    FileOps.syncDirectory(aside + "/archive")
    FileOps.syncDirectory(aside + "/backups")
    FileOps.syncDirectory(aside)
    if !kept.isEmpty, let first = try? EventCoding.decode(kept[..<(kept.firstIndex(of: 0x0A) ?? kept.count)]) {
      let path = layout.archive + "/" + ProfileStore.segmentName(first.sequence, cut)
      do {
        try FileOps.writeAtomically(kept, to: path)
      } catch {
        throw ProfileError("cannot write \(path): \(error.message); nothing was changed", exitCode: .ioError)
      }
    }
    // The newest first (the journals, then the segments from the last): what is left at any moment
    // is the beginning of the old log.
    let journals = moves.filter { !$0.relative.contains("/") && $0.relative != "snapshot.json" }
    let segmentsNewestFirst = moves.filter { $0.relative.hasPrefix("archive/") }.reversed()
    let laterBackups = moves.filter { $0.relative.hasPrefix("backups/") }
    for move in journals + segmentsNewestFirst + laterBackups {
      if unlink(move.from) != 0 {
        throw ProfileError(
          "cannot remove \(move.from): \(FileOps.lastError); the state before is kept in \(aside)", exitCode: .ioError)
      }
    }
    FileOps.syncDirectory(layout.archive)
    FileOps.syncDirectory(layout.ownFolder)
    FileOps.syncDirectory(layout.directory)
    do {
      try FileOps.writeAtomically(bytes, to: layout.snapshot)
    } catch {
      throw ProfileError(
        "cannot write \(layout.snapshot): \(error.message); the state before is kept in \(aside)", exitCode: .ioError)
    }
    return RestoreOutcome(asideFolder: aside, keptAside: moves.map(\.relative), progress: restored)
  }

  /// The event numbered `sequence` in `files` (read in order), if one reads.
  static func eventAt(_ sequence: Int, in files: [String]) throws(ProfileError) -> RecordedEvent? {
    for path in files {
      if path.hasSuffix(".jsonl"), let name = path.split(separator: "/").last, name != "journal.jsonl",
        let first = Int(name.prefix { $0 != "-" }), let end = Int(name.dropLast(6).split(separator: "-").last ?? ""),
        sequence < first || sequence > end
      {
        continue
      }
      guard let bytes = try FileOps.read(path) else { continue }
      var start = 0
      while start < bytes.count, let end = bytes[start...].firstIndex(of: 0x0A) {
        defer { start = end + 1 }
        if let event = try? EventCoding.decode(bytes[start..<end]), event.sequence == sequence { return event }
      }
    }
    return nil
  }

  /// The complete lines of `files` (in order) whose event has a sequence number up to `last`, as
  /// they are written; lines that do not read as an event are left to the copies set aside.
  static func eventsUpTo(_ last: Int, in files: [String]) throws(ProfileError) -> [UInt8] {
    var out: [UInt8] = []
    for path in files {
      guard let bytes = try FileOps.read(path) else { continue }
      var start = 0
      while start < bytes.count, let end = bytes[start...].firstIndex(of: 0x0A) {
        defer { start = end + 1 }
        guard let event = try? EventCoding.decode(bytes[start..<end]), event.sequence <= last else { continue }
        out += bytes[start...end]
      }
    }
    return out
  }

  /// Refuses (before anything changes, and before asking) to restore a per-device profile that
  /// another device has recorded events in: that device may already have merged the events a
  /// restore takes back, and this device's numbers would be used again for other events. A device
  /// folder without events (a `device.json` only) does not count: its snapshot, if any, is folded
  /// again from the logs once they no longer hold what it covers.
  public static func refuseSharedRestore(_ layout: ProfileLayout) throws(ProfileError) {
    guard let device = layout.device else { return }
    let folders = DeviceFolders.scan(layout)
    if let other = folders.leftOut.first(where: { $0.id != device }) {
      // A folder that is not read may still hold another device's events.
      throw ProfileError(
        "restore is not available while \(other.path) is a device folder quizline does not read (\(other.problem)): it may hold another device's events. Nothing was changed.",
        exitCode: .usage)
    }
    for other in folders.devices where other.id != device {
      let log = layout.forDevice(other.id)
      var st = stat()
      let journalHasEvents = stat(log.journal, &st) == 0 && st.st_size > 0
      guard journalHasEvents || !log.archivedSegments().isEmpty else { continue }
      throw ProfileError(
        "restore is not available for a profile shared by several devices (\(layout.devices) holds events of '\(other.record?.shownName ?? other.id)' too): its progress is rebuilt from every device's log; use undo, or reset. Nothing was changed.",
        exitCode: .usage)
    }
  }

  /// `before-restore-20261203T135100Z` (`-2`, `-3`, … when taken).
  static func asideFolder(_ layout: ProfileLayout, _ now: Timestamp) -> String {
    ProfileLayout.unusedName(layout.directory + "/before-restore-", at: now)
  }
}
