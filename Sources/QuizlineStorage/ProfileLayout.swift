import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a profile's files live: `Progress/<profile>/`.
///
/// - `journal.jsonl`: events since (roughly) the last snapshot, one JSON object per line;
/// - `snapshot.json`: the derived progress up to `lastSequence`;
/// - `archive/<first>-<last>.jsonl`: earlier journal segments, kept whole for reports and recovery;
/// - `history`: the line editor's history; `lock`: the single-writer lock (holds the owner's PID).
///
/// A profile shared by several devices (``device`` set) keeps each device's journal and archive in
/// `devices/<device-id>/` (see `DeviceProfile.swift`); the snapshot, lock and history stay local.
public struct ProfileLayout: Sendable, Equatable {
  public let directory: String
  /// This device's id when the profile keeps per-device logs; nil for the single-journal layout.
  public let device: String?

  public init(progressDirectory: String, profile: String, device: String? = nil) {
    directory = progressDirectory + "/" + profile
    self.device = device
  }

  public init(directory: String, device: String? = nil) {
    self.directory = directory
    self.device = device
  }

  /// This device's folder (or the profile's, in the single-journal layout).
  public var ownFolder: String { device.map { devices + "/" + $0 } ?? directory }
  public var journal: String { ownFolder + "/journal.jsonl" }
  public var snapshot: String { directory + "/snapshot.json" }
  public var archive: String { ownFolder + "/archive" }
  /// `devices/`: one folder per device.
  public var devices: String { directory + "/devices" }
  /// The single-journal layout's journal and archive (what a migration moves).
  public var legacyJournal: String { directory + "/journal.jsonl" }
  public var legacyArchive: String { directory + "/archive" }
  /// The same profile seen as the layout of another device (or of `device`).
  public func forDevice(_ device: String?) -> ProfileLayout { ProfileLayout(directory: directory, device: device) }
  public var history: String { directory + "/history" }
  public var lock: String { directory + "/lock" }
  public var reports: String { directory + "/reports" }

  /// Archived segments in sequence order.
  public func archivedSegments() -> [String] {
    guard let names = try? LocalFileSource().entries(of: archive) else { return [] }
    let segments = names.compactMap { name -> (Int, String)? in
      guard name.hasSuffix(".jsonl"), let first = Int(name.prefix { $0 != "-" }) else { return nil }
      return (first, archive + "/" + name)
    }
    return segments.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// `name.damaged-20261202T101500Z`: where a file that could not be read is kept aside. The time
  /// is cut to whole seconds; when that name is taken (two repairs in one second, or a clock fixed
  /// with `--now`), `-2`, `-3`, … is added, so one kept-aside file never replaces another.
  static func asideName(_ path: String, at now: Timestamp) -> String {
    unusedName(path + ".damaged-", at: now)
  }

  /// `prefix` and the time in whole seconds (`20261202T101500Z`), with `-2`, `-3`, … added while
  /// that name is taken: a name no file or folder has yet.
  static func unusedName(_ prefix: String, at now: Timestamp) -> String {
    let stamp = Timestamp(microseconds: now.seconds * 1_000_000).iso8601.filter { $0 != "-" && $0 != ":" }
    let base = prefix + stamp
    var name = base
    var n = 1
    while FileOps.exists(name) {
      n += 1
      name = base + "-\(n)"
    }
    return name
  }
}
