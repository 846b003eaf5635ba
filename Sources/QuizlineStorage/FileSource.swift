import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path is, as far as loading is concerned.
public enum FileKind: Sendable, Equatable {
  case missing
  case regular(size: Int)
  case directory
  /// A FIFO, socket, device, or a symbolic link to nothing.
  case other(String)
}

/// Why a file could not be read.
public enum FileReadError: Error, Sendable, Equatable {
  case missing
  case notRegular(String)
  case tooLarge(size: Int, limit: Int)
  case io(String)

  public var message: String {
    switch self {
    case .missing: "no such file or directory"
    case .notRegular(let what): "cannot read: it is \(what), not a regular file"
    case .tooLarge(let size, let limit): "file is \(size) bytes, over the limit of \(limit) bytes"
    case .io(let reason): "cannot read: \(reason)"
    }
  }
}

/// The small file-system interface the loader needs, so tests can substitute it.
public protocol FileSource: Sendable {
  func kind(of path: String) -> FileKind
  /// The entries of a directory (names only, unsorted).
  func entries(of directory: String) throws(FileReadError) -> [String]
  /// The whole file, refusing anything over `limit` bytes before reading it.
  func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8]
  /// The folder's real path (links resolved), so a walk reads each folder once and a link loop
  /// (`ln -s . a`) ends; nil where links cannot exist.
  func canonicalPath(_ path: String) -> String?
  /// The file opened for reads at offsets (an Anki package read entry by entry), with the checks of
  /// ``read(_:limit:)``; nil where the source cannot (the caller then reads the whole file).
  func openForReadsAt(_ path: String, limit: Int) throws(FileReadError) -> RandomAccessFile?
}

extension FileSource {
  public func canonicalPath(_ path: String) -> String? { nil }
  public func openForReadsAt(_ path: String, limit: Int) throws(FileReadError) -> RandomAccessFile? { nil }
}

/// The real file system, through POSIX calls.
public struct LocalFileSource: FileSource {
  public init() {}

  public func kind(of path: String) -> FileKind {
    var st = stat()
    if stat(path, &st) != 0 {
      var lst = stat()
      if lstat(path, &lst) == 0, (lst.st_mode & S_IFMT) == S_IFLNK {
        return .other("a symbolic link to a missing file")
      }
      return errno == ENOENT || errno == ENOTDIR ? .missing : .other(String(cString: strerror(errno)))
    }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return .regular(size: Int(st.st_size))
    case S_IFDIR: return .directory
    case S_IFIFO: return .other("a named pipe")
    case S_IFSOCK: return .other("a socket")
    default: return .other("a device")
    }
  }

  public func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  public func entries(of directory: String) throws(FileReadError) -> [String] {
    guard let dir = opendir(directory) else { throw .io(String(cString: strerror(errno))) }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  public func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
    let (fd, size) = try Self.openRegular(path, limit: limit)
    defer { close(fd) }
    // Read into uninitialized storage: zeroing it first was a pass over the whole file (66 MB for
    // a 100,000-question bank) for bytes `read` overwrites.
    var failure: FileReadError?
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      var done = 0
      while done < size {
        let n = posixRead(fd, buffer.baseAddress.map { UnsafeMutableRawPointer($0 + done) }, size - done)
        if n < 0 {
          if errno == EINTR { continue }
          failure = .io(String(cString: strerror(errno)))
          break
        }
        if n == 0 { break }
        done += n
      }
      initialized = done
    }
    if let failure { throw failure }
    return bytes
  }
}

extension LocalFileSource {
  /// The file at `path`, opened for reading: a regular file of at most `limit` bytes (its descriptor,
  /// which the caller closes, and its size); the checks and messages of ``read(_:limit:)``.
  static func openRegular(_ path: String, limit: Int) throws(FileReadError) -> (fd: Int32, size: Int) {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
      throw errno == ENOENT ? .missing : .io(String(cString: strerror(errno)))
    }
    var st = stat()
    guard fstat(fd, &st) == 0 else {
      let failure = FileReadError.io(String(cString: strerror(errno)))
      close(fd)
      throw failure
    }
    guard (st.st_mode & S_IFMT) == S_IFREG else {
      close(fd)
      throw .notRegular((st.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "a special file")
    }
    let size = Int(st.st_size)
    guard size <= limit else {
      close(fd)
      throw .tooLarge(size: size, limit: limit)
    }
    return (fd, size)
  }

  public func openForReadsAt(_ path: String, limit: Int) throws(FileReadError) -> RandomAccessFile? {
    let (fd, size) = try Self.openRegular(path, limit: limit)
    return RandomAccessFile(fd: fd, size: size)
  }
}

private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
