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
public struct ProfileLayout: Sendable, Equatable {
  public let directory: String

  public init(progressDirectory: String, profile: String) {
    directory = progressDirectory + "/" + profile
  }

  public init(directory: String) { self.directory = directory }

  public var journal: String { directory + "/journal.jsonl" }
  public var snapshot: String { directory + "/snapshot.json" }
  public var archive: String { directory + "/archive" }
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
  public static func asideName(_ path: String, at now: Timestamp) -> String {
    let stamp = Timestamp(microseconds: now.seconds * 1_000_000).iso8601.filter { $0 != "-" && $0 != ":" }
    let base = path + ".damaged-" + stamp
    var name = base
    var n = 1
    while FileOps.exists(name) {
      n += 1
      name = base + "-\(n)"
    }
    return name
  }
}

/// Small POSIX helpers shared by the profile files.
enum FileOps {
  static var lastError: String { String(cString: strerror(errno)) }

  /// Whether anything (a file, a folder, a dangling link) has this name.
  static func exists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
  }

  static func makeDirectories(_ path: String) throws(ProfileError) {
    var partial = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      partial += (partial.isEmpty || partial.hasSuffix("/") ? "" : "/") + component
      if mkdir(partial, 0o755) != 0 && errno != EEXIST {
        throw ProfileError("cannot create \(partial): \(lastError)", exitCode: .ioError)
      }
    }
  }

  /// fsync of a directory, so a rename or a new file in it survives a power cut.
  static func syncDirectory(_ path: String) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  /// Writes `bytes` to `path` atomically: a temporary file in the same folder, fsync, rename, fsync
  /// of the folder. On failure the temporary file is removed and `path` is untouched.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(JournalError) {
    let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let temp = path + ".tmp-\(getpid())"
    let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw JournalError("cannot create \(temp): \(lastError)") }
    var failure: String?
    bytes.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count, let base = buffer.baseAddress {
        let n = write(fd, base + done, buffer.count - done)
        if n < 0 {
          if errno == EINTR { continue }
          failure = "cannot write \(temp): \(lastError)"
          return
        }
        done += n
      }
    }
    if failure == nil {
      var synced = fsync(fd)
      while synced != 0 && errno == EINTR { synced = fsync(fd) }
      if synced != 0 { failure = "cannot flush \(temp): \(lastError)" }
    }
    if close(fd) != 0, failure == nil { failure = "cannot close \(temp): \(lastError)" }
    if failure == nil, rename(temp, path) != 0 { failure = "cannot rename \(temp) to \(path): \(lastError)" }
    if let failure {
      unlink(temp)
      throw JournalError(failure)
    }
    syncDirectory(directory.isEmpty ? "." : directory)
  }

  /// Removes `name.tmp-*` leftovers of interrupted atomic writes in `directory`.
  static func removeStaleTemporaries(in directory: String) {
    guard let names = try? LocalFileSource().entries(of: directory) else { return }
    for name in names where name.contains(".tmp-") { unlink(directory + "/" + name) }
  }

  static func read(_ path: String) throws(ProfileError) -> [UInt8]? {
    let source = LocalFileSource()
    if source.kind(of: path) == .missing { return nil }
    do {
      return try source.read(path, limit: Int.max)
    } catch {
      throw ProfileError("\(path): \(error.message)", exitCode: .ioError)
    }
  }
}
