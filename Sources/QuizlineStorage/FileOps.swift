import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small POSIX helpers shared by the profile files.
///
/// No file in a profile folder is ever followed through a symbolic link: files arrive from other
/// machines (sync), and a link there could make quizline truncate or overwrite whatever it points
/// at. Every profile file is opened with `O_NOFOLLOW | O_CLOEXEC` and must be a regular file.
public enum FileOps {
  static var lastError: String { String(cString: strerror(errno)) }

  /// Whether anything (a file, a folder, a dangling link) has this name.
  public static func exists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
  }

  /// What a profile file is when it is not a regular file ("a symbolic link", "a folder", …), or
  /// nil when it is a regular file or missing.
  static func irregularKind(_ path: String) -> String? {
    var st = stat()
    guard lstat(path, &st) == 0 else { return nil }
    return describe(st.st_mode)
  }

  static func describe(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFLNK: "a symbolic link"
    case S_IFDIR: "a folder"
    case S_IFIFO: "a named pipe"
    case S_IFSOCK: "a socket"
    default: "a device"
    }
  }

  /// The refusal for a profile file that is not a regular file (exit 74).
  static func irregularError(_ path: String, _ kind: String) -> ProfileError {
    ProfileError(
      "\(path): is \(kind), not a regular file; quizline never follows links or writes into special files in a profile folder. Move it away, then start again; nothing was changed.",
      exitCode: .ioError)
  }

  /// Refuses a profile whose files (`lock`, journal, snapshot, `history`, archived segments) are
  /// links, devices or folders, before any of them is opened; and first, a profile folder, `devices/`
  /// or this device's folder that is a link (``DeviceFolders/refuseLinkedFolders(_:)``).
  static func refuseIrregularFiles(_ layout: ProfileLayout) throws(ProfileError) {
    try DeviceFolders.refuseLinkedFolders(layout)
    var paths = [layout.lock, layout.journal, layout.snapshot, layout.history]
    for archive in layout.device == nil ? [layout.archive] : [layout.archive, layout.legacyArchive] {
      if let kind = DeviceFolders.folderKind(archive) {
        throw ProfileError(
          "\(archive): is \(kind), not a folder; quizline follows no link below the progress folder. Move it away, then start again; nothing was changed.",
          exitCode: .ioError)
      }
      if let names = try? LocalFileSource().entries(of: archive) {
        paths += names.filter { $0.hasSuffix(".jsonl") }.sorted().map { archive + "/" + $0 }
      }
    }
    if layout.device != nil { paths.append(layout.legacyJournal) }
    for path in paths {
      if let kind = irregularKind(path) { throw irregularError(path, kind) }
    }
  }

  /// Opens a profile file without following a link, and checks it is a regular file. Returns the
  /// descriptor, or throws the located refusal (a link, a device, a folder) or the system's error.
  public static func openRegular(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws(ProfileError) -> Int32 {
    if let kind = irregularKind(path) { throw irregularError(path, kind) }
    let fd = open(path, flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, mode)
    guard fd >= 0 else {
      if errno == ELOOP { throw irregularError(path, "a symbolic link") }
      throw ProfileError("cannot open \(path): \(lastError)", exitCode: .ioError)
    }
    var st = stat()
    if fstat(fd, &st) != 0 {
      let why = lastError
      close(fd)
      throw ProfileError("cannot open \(path): \(why)", exitCode: .ioError)
    }
    if let kind = describe(st.st_mode) {
      close(fd)
      throw irregularError(path, kind)
    }
    // Non-blocking was only for the open (a FIFO must not hang it); regular files never block.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return fd
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

  static func folder(of path: String) -> String {
    let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return directory.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : directory
  }

  /// The temporary name `writeAtomically` uses for `path` in this process.
  static func temporaryName(_ path: String) -> String { path + ".tmp-\(getpid())" }

  /// Writes `bytes` to `path` atomically: a temporary file in the same folder, fsync, rename, fsync
  /// of the folder. On failure the temporary file is removed and `path` is untouched.
  ///
  /// With `keepingOldAs`, the file being replaced is also kept under that name, and only once the
  /// new content is durable: first a hard link to the old file, then the rename over it, so at every
  /// moment `path` holds either the old or the new content (a full disk or a kill -9 in between
  /// loses nothing). Where hard links are not allowed the old file is renamed aside just before
  /// the new one takes its place; ``ProfileOpener`` recovers a kept-aside journal with no successor.
  ///
  /// With `onlyIfAbsent`, `path` is created only when no file has that name (the first of two
  /// processes creating it wins); returns false, changing nothing, when one exists.
  @discardableResult
  public static func writeAtomically(
    _ bytes: [UInt8], to path: String, keepingOldAs aside: String? = nil, onlyIfAbsent: Bool = false
  ) throws(JournalError) -> Bool {
    try writeAtomically(
      to: path, keepingOldAs: aside, onlyIfAbsent: onlyIfAbsent, syncFile: { fsync($0) }, producing: { $0(bytes) })
  }

  /// ``writeAtomically(_:to:keepingOldAs:onlyIfAbsent:)`` with the content made as it is written:
  /// `produce` hands each piece, in order, to the function it is given, and each is written to the
  /// temporary file at once (after a failed write the rest is not written; the write fails as a whole).
  /// The same temporary file, fsync and rename: a large file is never one buffer in memory.
  public static func writeAtomically(to path: String, producing produce: (([UInt8]) -> Void) -> Void)
    throws(JournalError)
  {
    try writeAtomically(to: path, syncFile: { fsync($0) }, producing: produce)
  }

  /// ``writeAtomically(_:to:keepingOldAs:onlyIfAbsent:)`` with the flush of the temporary file
  /// injected, as ``FileJournal`` takes one (tests pin the order and a failed flush): `syncFile`
  /// returns 0, or -1 with `errno` set, as `fsync` does.
  @discardableResult
  static func writeAtomically(
    _ bytes: [UInt8], to path: String, keepingOldAs aside: String? = nil, onlyIfAbsent: Bool = false,
    syncFile: (Int32) -> Int32
  ) throws(JournalError) -> Bool {
    try writeAtomically(to: path, keepingOldAs: aside, onlyIfAbsent: onlyIfAbsent, syncFile: syncFile) { $0(bytes) }
  }

  /// The one atomic writer: the content comes in pieces from `produce` (see
  /// ``writeAtomically(to:producing:)``).
  @discardableResult
  static func writeAtomically(
    to path: String, keepingOldAs aside: String? = nil, onlyIfAbsent: Bool = false,
    syncFile: (Int32) -> Int32, producing produce: (([UInt8]) -> Void) -> Void
  ) throws(JournalError) -> Bool {
    let temp = temporaryName(path)
    unlink(temp)
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw JournalError("cannot create \(temp): \(lastError)") }
    var failure: String?
    produce { piece in
      guard failure == nil else { return }
      failure = writeAll(fd, piece).map { "cannot write \(temp): \($0)" }
    }
    if failure == nil {
      var synced = syncFile(fd)
      while synced != 0 && errno == EINTR { synced = syncFile(fd) }
      if synced != 0 { failure = "cannot flush \(temp): \(lastError)" }
    }
    if close(fd) != 0, failure == nil { failure = "cannot close \(temp): \(lastError)" }
    if failure == nil, let aside, link(path, aside) != 0 {
      if rename(path, aside) != 0 { failure = "cannot keep \(path) as \(aside): \(lastError)" }
    }
    if failure == nil, onlyIfAbsent {
      // The first of two writers wins: a hard link is never made over an existing file.
      let linked = link(temp, path) == 0
      let existed = !linked && errno == EEXIST
      if !linked && !existed { failure = "cannot link \(temp) to \(path): \(lastError)" }
      unlink(temp)
      if let failure { throw JournalError(failure) }
      syncDirectory(folder(of: path))
      return linked
    }
    if failure == nil, rename(temp, path) != 0 { failure = "cannot rename \(temp) to \(path): \(lastError)" }
    if let failure {
      unlink(temp)
      throw JournalError(failure)
    }
    syncDirectory(folder(of: path))
    return true
  }

  /// Writes all of `bytes` to `fd` (again after a partial write or EINTR); nil, or why it failed.
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
    var failure: String?
    bytes.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count, let base = buffer.baseAddress {
        let n = write(fd, base + done, buffer.count - done)
        if n < 0 {
          if errno == EINTR { continue }
          failure = lastError
          return
        }
        done += n
      }
    }
    return failure
  }

  /// The profile files `writeAtomically` replaces, whose temporaries may be left by a crash.
  static let atomicallyWritten = ["snapshot.json", "journal.jsonl"]

  /// Whether `name` is one of quizline's own temporary files: `snapshot.json.tmp-PID` or
  /// `journal.jsonl.tmp-PID`, PID all digits.
  static func isOwnTemporary(_ name: String) -> Bool {
    for base in atomicallyWritten where name.hasPrefix(base + ".tmp-") {
      let pid = name.utf8.dropFirst(base.utf8.count + 5)
      return !pid.isEmpty && pid.count <= 10 && pid.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
    return false
  }

  /// Removes leftovers of interrupted atomic writes (`NAME.tmp-PID`) in `directory`; other files,
  /// whatever their names, are left alone.
  static func removeStaleTemporaries(in directory: String) {
    guard let names = try? LocalFileSource().entries(of: directory) else { return }
    for name in names where isOwnTemporary(name) {
      let path = directory + "/" + name
      if irregularKind(path) == nil { unlink(path) }
    }
  }

  /// The whole of a profile file, or nil when it does not exist. A link, a device or a folder is
  /// refused (exit 74), never followed or read.
  static func read(_ path: String) throws(ProfileError) -> [UInt8]? {
    guard exists(path) else { return nil }
    let fd = try openRegular(path, O_RDONLY)
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw ProfileError("\(path): cannot read: \(lastError)", exitCode: .ioError)
      }
      if n == 0 { break }
      bytes.append(contentsOf: chunk[..<n])
    }
    return bytes
  }
}

private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
