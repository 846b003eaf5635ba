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
    let aside = asideFolder(layout, now)
    var moves: [(from: String, relative: String)] = []
    // Journals kept aside by a repair hold events of the state being replaced: at the next start
    // they would be replayed over the backup (see ProfileOpener's recovery), so they go too.
    let names = ((try? LocalFileSource().entries(of: layout.directory)) ?? []).sorted()
    let keptJournals = names.filter { $0.hasPrefix("journal.jsonl.damaged-") && !FileOps.isOwnTemporary($0) }
    for file in ["journal.jsonl", "snapshot.json"] + keptJournals where FileOps.exists(layout.directory + "/" + file) {
      moves.append((layout.directory + "/" + file, file))
    }
    for segment in layout.archivedSegments() {
      let name = segment.split(separator: "/").last.map(String.init) ?? segment
      let last = name.dropLast(6).split(separator: "-").last.flatMap { Int($0) } ?? Int.max
      if last > restored.lastSequence { moves.append((segment, "archive/" + name)) }
    }
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
    FileOps.syncDirectory(layout.directory)
    do {
      try FileOps.writeAtomically(bytes, to: layout.snapshot)
    } catch {
      throw ProfileError(
        "cannot write \(layout.snapshot): \(error.message); the state before is kept in \(aside)", exitCode: .ioError)
    }
    return RestoreOutcome(asideFolder: aside, keptAside: moves.map(\.relative), progress: restored)
  }

  /// `before-restore-20261203T135100Z` (`-2`, `-3`, … when taken).
  static func asideFolder(_ layout: ProfileLayout, _ now: Timestamp) -> String {
    ProfileLayout.unusedName(layout.directory + "/before-restore-", at: now)
  }
}
