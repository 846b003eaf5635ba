import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens a profile kept as per-device logs: `devices/<id>/` holds each device's `device.json`,
/// `journal.jsonl` and `archive/`; this device writes only in its own folder. The state is the one
/// fold over every device's events (``DeviceMerge``), with this device's resumable quiz and undo.
public enum DeviceProfileOpener {
  /// Opens for writing as the device `layout.device` named `name`: claims the device folder (a
  /// name another device claimed first is refused), moves a single-journal profile's journal and
  /// archive into it (the first device's log, tag 0), recovers its own journal as
  /// ``ProfileOpener`` does, and folds every device's events.
  public static func open(
    _ layout: ProfileLayout, name: String, profile: String, now: Timestamp,
    snapshotEvery: Int = ProfileOpener.defaultSnapshotEvery
  ) throws(ProfileError) -> OpenedProfile {
    guard let id = layout.device else {
      return try ProfileOpener.open(layout, profile: profile, now: now, snapshotEvery: snapshotEvery)
    }
    try FileOps.makeDirectories(layout.directory)
    try FileOps.refuseIrregularFiles(layout)
    let lock = try ProfileLock(path: layout.lock, profile: profile)
    FileOps.removeStaleTemporaries(in: layout.directory)
    let record = try claim(layout, id: id, name: name, now: now)
    try FileOps.makeDirectories(layout.archive)
    FileOps.removeStaleTemporaries(in: layout.ownFolder)
    var notices: [String] = []
    if record.tag == 0, let moved = try migrate(layout) { notices.append(moved) }
    let own = try ProfileOpener.load(layout, now: now, repair: true, journalOnly: true)
    notices += own.notices
    let state = try DeviceState.load(layout, local: record.tag, label: record.name, now: now, repair: true)
    notices += state.notices
    if !state.incoming.isEmpty {
      // The start screen's word on what other devices recorded since this one last looked.
      notices.append(
        "\(layout.directory) changed since this device last looked: "
          + state.incoming.map { "\($0.answers) answer\($0.answers == 1 ? "" : "s") from '\($0.device)'" }
          .joined(separator: ", ") + ".")
    }
    let store = ProfileStore(
      layout: layout, lock: lock, snapshotEvery: snapshotEvery, segmentFirst: own.segmentFirst,
      segmentLast: own.segmentLast, sinceSnapshot: state.ownSinceSnapshot)
    let tag = record.tag
    store.deviceState = DeviceStoreState(device: id, frontier: state.progress.mergedThrough) {
      try? DeviceState.load(layout, local: tag, label: name, now: now, repair: false, fromScratch: true).progress
    }
    // A new profile with nothing recorded has nothing to cache (reading an empty snapshot at every
    // start costs more than folding no events).
    let nothingToCache = state.progress.deviceSequences.isEmpty && !FileOps.exists(layout.snapshot)
    if state.rebuilt, !nothingToCache, let warning = store.checkpoint(state.progress, at: now) {
      notices.append(warning)
    }
    if let warning = ProfileBackups.takeDaily(layout, state.progress, now: now) { notices.append(warning) }
    return OpenedProfile(
      progress: state.progress, store: store, journal: store, layout: layout, notices: notices,
      incoming: state.incoming)
  }

  /// Reads without locking and without changing any file; `layout.device` (when it has a folder
  /// here) is the device whose quiz and undo are current.
  public static func view(_ layout: ProfileLayout, now: Timestamp) throws(ProfileError) -> OpenedProfile {
    try FileOps.refuseIrregularFiles(layout)
    let record = layout.device.flatMap { DeviceRecord.read(layout.devices + "/" + $0 + "/device.json") }
    let state = try DeviceState.load(
      layout, local: record?.tag ?? 0, label: record?.name ?? "this device", now: now, repair: false)
    return OpenedProfile(
      progress: state.progress, store: nil, journal: ReadOnlyJournal(), layout: layout, notices: state.notices,
      incoming: state.incoming)
  }

  /// Whether the profile at `layout` keeps per-device logs (a device folder that is not read, a
  /// link, counts: the profile is read as per-device, and says which folder it left out).
  public static func hasDevices(_ layout: ProfileLayout) -> Bool { !DeviceLogReader.deviceIDs(layout).isEmpty }

  /// This device's tag in the profile (nil when it has no readable record there).
  public static func ownTag(_ layout: ProfileLayout) -> Int? {
    layout.device.flatMap { DeviceRecord.read(layout.devices + "/" + $0 + "/device.json")?.tag }
  }

  /// Every device of the profile that is read: (id, record if readable). Folders that are links, or
  /// copies under another id, are left out (``DeviceFolders``).
  public static func devices(_ layout: ProfileLayout) -> [(id: String, record: DeviceRecord?)] {
    DeviceFolders.scan(layout).devices
  }

  /// This device's record, written on first use: tag 0 for the device that takes over a
  /// single-journal profile, else a tag no other device has.
  static func claim(_ layout: ProfileLayout, id: String, name: String, now: Timestamp) throws(ProfileError)
    -> DeviceRecord
  {
    let path = layout.ownFolder + "/device.json"
    let others = devices(layout).filter { $0.id != id }.compactMap(\.record)
    var mine = DeviceRecord.read(path)
    if mine == nil, FileOps.exists(path) {
      throw ProfileError(
        "\(path) cannot be read; this device's folder is damaged. Nothing was changed.", exitCode: .dataError)
    }
    if let clash = others.first(where: { $0.name == name }),
      mine.map({ $0.name != name || $0.claimedAfter(clash) }) ?? true
    {
      throw ProfileError(
        "the device name '\(name)' is already used in \(layout.directory) by device \(clash.id.prefix(8)) (since \(clash.createdAt.isoDate)); this device is \(id.prefix(8)). Give this device another name with --device NAME or QUIZLINE_DEVICE; nothing was changed.",
        exitCode: .usage)
    }
    if var record = mine {
      guard record.name != name else { return record }
      record.name = name
      record.createdAt = now
      mine = record
    } else {
      let legacy = hasLegacyLog(layout)
      let used = Set(others.map(\.tag))
      if legacy && used.contains(0) {
        throw ProfileError(
          "\(layout.legacyJournal) is the single-journal layout of an older quizline, but another device already took this profile's journal over (\(layout.devices)). If it holds the same history, move journal.jsonl and archive/ out of \(layout.directory); nothing was changed.",
          exitCode: .dataError)
      }
      var tag = 0
      if !legacy || used.contains(0) {
        repeat { tag = Int.random(in: 1..<DeviceSequence.tagLimit) } while used.contains(tag)
      }
      mine = DeviceRecord(id: id, name: name, tag: tag, createdAt: now)
    }
    guard let record = mine else { throw ProfileError("no device record", exitCode: .failure) }
    try FileOps.makeDirectories(layout.ownFolder)
    do {
      try FileOps.writeAtomically(Array(record.json.utf8), to: path)
    } catch {
      throw ProfileError("cannot write \(path): \(error.message)", exitCode: .ioError)
    }
    return record
  }

  public static func hasLegacyLog(_ layout: ProfileLayout) -> Bool {
    FileOps.exists(layout.legacyJournal) || !layout.forDevice(nil).archivedSegments().isEmpty
  }

  /// Moves the single-journal layout's archive segments and journal into this device's folder
  /// (renames in one file system: a kill at any point leaves each file in one of its two places,
  /// and the next start finishes the move). Returns a notice when something moved.
  static func migrate(_ layout: ProfileLayout) throws(ProfileError) -> String? {
    let segments = layout.forDevice(nil).archivedSegments()
    let journal = FileOps.exists(layout.legacyJournal)
    guard journal || !segments.isEmpty else { return nil }
    // Journals an older repair kept aside go along: this device's recovery looks for them in its folder.
    let names = (try? LocalFileSource().entries(of: layout.directory)) ?? []
    for name in names where name.hasPrefix("journal.jsonl.damaged-") && !FileOps.isOwnTemporary(name) {
      let target = layout.ownFolder + "/" + name
      if !FileOps.exists(target) { rename(layout.directory + "/" + name, target) }
    }
    for segment in segments {
      let target = layout.archive + "/" + (segment.split(separator: "/").last.map(String.init) ?? "")
      if FileOps.exists(target) || rename(segment, target) != 0 {
        throw ProfileError(
          "cannot move \(segment) to \(target) (\(FileOps.exists(target) ? "it exists" : FileOps.lastError)); nothing was lost",
          exitCode: .ioError)
      }
    }
    if journal {
      if FileOps.exists(layout.journal) || rename(layout.legacyJournal, layout.journal) != 0 {
        throw ProfileError(
          "cannot move \(layout.legacyJournal) to \(layout.journal) (\(FileOps.exists(layout.journal) ? "it exists" : FileOps.lastError)); nothing was lost",
          exitCode: .ioError)
      }
    }
    FileOps.syncDirectory(layout.archive)
    FileOps.syncDirectory(layout.ownFolder)
    FileOps.syncDirectory(layout.directory)
    rmdir(layout.legacyArchive)
    return
      "\(layout.directory): the journal and its archive are now this device's log (\(layout.ownFolder)); nothing was lost. "
      + "A quizline from before per-device logs would find this profile empty: upgrade every machine."
  }
}
