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
  /// journal (and journals a repair kept aside), the snapshot and the archive segments holding
  /// events after the backup's are hard-linked
  /// into the aside folder, which is synced; (3) the journal and those segments are removed from
  /// the profile (a crash here leaves the older snapshot: a consistent earlier state, with
  /// everything in the aside folder); (4) the backup replaces `snapshot.json` atomically. Archive
  /// segments the backup covers stay, for reports.
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
    // A per-device profile: only this device's own log is changed, and only while no other device
    // shares the profile (another device may already have merged the events being taken back).
    if let device = layout.device {
      if let other = DeviceProfileOpener.devices(layout).first(where: { $0.id != device }) {
        throw ProfileError(
          "restore is not available for a profile shared by several devices (\(layout.devices) holds '\(other.record?.name ?? other.id)' too): its progress is rebuilt from every device's log; use undo, or reset. Nothing was changed.",
          exitCode: .usage)
      }
    }
    // The last event of this device the backup holds: the cut between what stays and what goes.
    var cut = restored.lastSequence
    if layout.device != nil {
      let tag = DeviceProfileOpener.ownTag(layout) ?? -1
      guard restored.deviceSequences.keys.allSatisfy({ $0 == tag }) else {
        throw ProfileError(
          "\(backup.path) holds events of another device of this profile; nothing was changed", exitCode: .dataError)
      }
      cut = restored.deviceSequences[tag] ?? DeviceSequence.base(of: tag)
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
    // A device's log must still hold every event the restored snapshot covers (else the next start
    // folds the logs again without it): those events of the files set aside start the new journal.
    let kept = layout.device == nil ? [] : try eventsUpTo(cut, in: straddling + [layout.journal])
    try FileOps.makeDirectories(aside + "/archive")
    for move in moves {
      if link(move.from, aside + "/" + move.relative) != 0 {
        throw ProfileError(
          "cannot keep \(move.from) in \(aside): \(FileOps.lastError); nothing was changed", exitCode: .ioError)
      }
    }
    FileOps.syncDirectory(aside + "/archive")
    FileOps.syncDirectory(aside)
    for move in moves where move.relative != "snapshot.json" {
      if unlink(move.from) != 0 {
        throw ProfileError(
          "cannot remove \(move.from): \(FileOps.lastError); the state before is kept in \(aside)", exitCode: .ioError)
      }
    }
    FileOps.syncDirectory(layout.archive)
    FileOps.syncDirectory(layout.ownFolder)
    FileOps.syncDirectory(layout.directory)
    do {
      if !kept.isEmpty { try FileOps.writeAtomically(kept, to: layout.journal) }
      try FileOps.writeAtomically(bytes, to: layout.snapshot)
    } catch {
      throw ProfileError(
        "cannot write \(layout.snapshot): \(error.message); the state before is kept in \(aside)", exitCode: .ioError)
    }
    return RestoreOutcome(asideFolder: aside, keptAside: moves.map(\.relative), progress: restored)
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

  /// `before-restore-20261203T135100Z` (`-2`, `-3`, … when taken).
  static func asideFolder(_ layout: ProfileLayout, _ now: Timestamp) -> String {
    ProfileLayout.unusedName(layout.directory + "/before-restore-", at: now)
  }
}
