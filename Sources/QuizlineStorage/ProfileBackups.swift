import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One kept copy of a profile's progress: `backups/YYYY-MM-DD-sN.json`, a snapshot (the format of
/// `snapshot.json`) taken on UTC day `YYYY-MM-DD` and holding this device's events up to `N`
/// (counted within the device: ``DeviceSequence/withinDevice(_:)``; the backups folder is local).
public struct ProfileBackup: Sendable, Equatable {
  /// `2026-12-03`: the UTC day it was taken, which is also the name `quizline restore` takes.
  public var name: String
  public var path: String
  public var day: Int64
  /// The last event of this device it holds, counted within the device.
  public var lastSequence: Int
  public var bytes: Int
}

/// What a restore did: where the state it replaced is kept, and what was put there.
public struct RestoreOutcome: Sendable, Equatable {
  public var asideFolder: String
  /// Paths (relative to the profile folder) of the files moved into ``asideFolder``.
  public var keptAside: [String]
  public var progress: LearnerProgress
}

/// Rotated daily copies of a profile's progress, as Anki keeps them: at the first start of a UTC
/// day that has progress newer than the last copy, the process that holds the profile's lock
/// writes one (the progress it just loaded, encoded, read back, then written atomically under a
/// new name), and keeps the copies of the last ``dailyKept`` days plus one for each of the
/// ``weeklyKept`` weeks before them: at most 11 files, each the size of `snapshot.json`.
public enum ProfileBackups {
  static let dailyKept = 7
  static let weeklyKept = 4

  public static func folder(_ layout: ProfileLayout) -> String { layout.directory + "/backups" }

  /// The profile's backups, newest first. Only files named as quizline names them are listed (and
  /// only regular files: a link is never followed); anything else in the folder is left alone.
  public static func list(_ layout: ProfileLayout) -> [ProfileBackup] {
    let dir = folder(layout)
    guard let names = try? LocalFileSource().entries(of: dir) else { return [] }
    var found: [ProfileBackup] = []
    for name in names {
      guard let (day, sequence) = parse(name) else { continue }
      let path = dir + "/" + name
      var st = stat()
      guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
      found.append(
        ProfileBackup(
          name: String(name.prefix(10)), path: path, day: day, lastSequence: sequence, bytes: Int(st.st_size)))
    }
    return found.sorted { ($0.day, $0.lastSequence) > ($1.day, $1.lastSequence) }
  }

  /// `2026-12-03-s412.json` → (day, 412).
  static func parse(_ name: String) -> (Int64, Int)? {
    guard name.hasSuffix(".json"), name.utf8.count >= 18 else { return nil }
    let date = String(name.prefix(10))
    let rest = name.dropFirst(10).dropLast(5)
    guard rest.hasPrefix("-s"), let sequence = Int(rest.dropFirst(2)), sequence >= 0,
      rest.dropFirst(2).allSatisfy(\.isASCII), let t = Timestamp(iso8601: date), t.isoDate == date
    else { return nil }
    return (t.dayNumber, sequence)
  }

  static func fileName(day: Int64, sequence: Int) -> String {
    Timestamp(microseconds: day * 86_400_000_000).isoDate + "-s\(sequence).json"
  }

  /// Which backups to keep: the newest of each of the last ``dailyKept`` days that have one, then
  /// the newest of each of the ``weeklyKept`` weeks (Monday to Sunday, UTC) before those.
  static func rotation(_ newestFirst: [ProfileBackup]) -> (keep: [ProfileBackup], remove: [ProfileBackup]) {
    var keep: [ProfileBackup] = []
    var remove: [ProfileBackup] = []
    var days = Set<Int64>()
    var weeks = Set<Int64>()
    var weekly = 0
    for b in newestFirst {
      let week = floorDiv(b.day + 3, 7)
      if !days.insert(b.day).inserted {
        remove.append(b)
      } else if days.count <= dailyKept {
        keep.append(b)
        weeks.insert(week)
      } else if weekly < weeklyKept, weeks.insert(week).inserted {
        keep.append(b)
        weekly += 1
      } else {
        remove.append(b)
      }
    }
    return (keep, remove)
  }

  /// Takes today's copy when one is due (see the type's comment) and rotates the old ones. Only
  /// for the process holding the profile's lock. Returns a notice when a copy could not be made
  /// (the progress itself is untouched).
  static func takeDaily(_ layout: ProfileLayout, _ progress: LearnerProgress, now: Timestamp) -> String? {
    // Nothing recorded yet (a new device's sequence numbers start above 0: `deviceSequences`).
    guard !progress.deviceSequences.isEmpty else { return nil }
    let existing = list(layout)
    if let newest = existing.first,
      newest.day >= now.dayNumber || newest.lastSequence == DeviceSequence.withinDevice(progress.lastSequence)
    {
      return nil
    }
    let dir = folder(layout)
    let path = dir + "/" + fileName(day: now.dayNumber, sequence: DeviceSequence.withinDevice(progress.lastSequence))
    let bytes = SnapshotCoding.encodedBytes(progress, writtenAt: now)
    // Never keep a copy that could not be read back: a backup is only worth what restore can read.
    guard let back = try? SnapshotCoding.decode(bytes), back.deviceSequences == progress.deviceSequences else {
      return "today's backup was not written: the copy did not read back; your progress is untouched"
    }
    // A link in a profile folder is never followed (see FileOps), the backups folder included.
    var st = stat()
    if lstat(dir, &st) == 0, st.st_mode & S_IFMT != S_IFDIR {
      let kind = FileOps.describe(st.st_mode) ?? "a file"
      return "today's backup was not written: \(dir) is \(kind), not a folder; your progress is untouched"
    }
    do {
      try FileOps.makeDirectories(dir)
    } catch {
      return "today's backup was not written (\(error.message)); your progress is untouched"
    }
    do {
      try FileOps.writeAtomically(bytes, to: path)
    } catch {
      return "today's backup was not written (\(error.message)); your progress is untouched"
    }
    let written = ProfileBackup(
      name: now.isoDate, path: path, day: now.dayNumber,
      lastSequence: progress.lastSequence, bytes: bytes.count)
    for old in rotation([written] + existing).remove where old.path != path { unlink(old.path) }
    removeStaleTemporaries(dir)
    FileOps.syncDirectory(dir)
    return nil
  }

  /// Leftovers of a backup write that was cut short (`NAME.json.tmp-PID`); the lock holder is the
  /// only writer, so none of them is being written.
  private static func removeStaleTemporaries(_ dir: String) {
    guard let names = try? LocalFileSource().entries(of: dir) else { return }
    for name in names {
      let parts = name.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[1] == "json", parts[2].hasPrefix("tmp-"), parse(parts[0] + ".json") != nil else {
        continue
      }
      let pid = parts[2].dropFirst(4)
      if !pid.isEmpty, pid.allSatisfy({ $0.isASCII && $0.isNumber }), FileOps.irregularKind(dir + "/" + name) == nil {
        unlink(dir + "/" + name)
      }
    }
  }

  /// The backup `name` names: a day (`2026-12-03`; the newest of that day), a file name in the
  /// backups folder, or a path to one.
  public static func find(_ name: String, in layout: ProfileLayout) -> ProfileBackup? {
    let backups = list(layout)
    let base = name.split(separator: "/").last.map(String.init) ?? name
    return backups.first {
      $0.name == name || $0.path == name || $0.path.hasSuffix("/" + base) && base.hasSuffix(".json")
    }
  }
}
