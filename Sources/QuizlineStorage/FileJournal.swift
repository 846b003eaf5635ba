import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The journal file: JSON Lines, one event per line, each append `fsync`ed before it returns.
final class FileJournal: Journal {
  public let path: String
  private var fd: Int32
  private let syncFile: (Int32) -> Int32

  /// Opens (creating if needed) the journal at `path` for appending. A file it creates has its
  /// folder synced (`syncDirectory`) before this returns: fsync of the file makes its content
  /// durable, not its name, and a journal lost with its name loses answers shown as recorded.
  /// `syncFile` flushes the open file to disk (`fsync` unless a test injects its own; it returns
  /// 0 or -1 with `errno` set, as `fsync` does).
  init(
    path: String, syncDirectory: ((String) -> Void)? = nil, syncFile: ((Int32) -> Int32)? = nil
  ) throws(JournalError) {
    self.path = path
    self.syncFile = syncFile ?? { fsync($0) }
    let existed = FileOps.exists(path)
    // O_NOFOLLOW: a journal that is a link (a file synced from elsewhere) is refused, never followed.
    do {
      fd = try FileOps.openRegular(path, O_WRONLY | O_APPEND | O_CREAT)
    } catch {
      throw JournalError(error.message)
    }
    if !existed {
      let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
      (syncDirectory ?? FileOps.syncDirectory)(folder.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : folder)
    }
  }

  deinit { if fd >= 0 { close(fd) } }

  public func append(_ event: RecordedEvent) throws(JournalError) {
    let bytes = EventCoding.line(event)
    try writeAll(bytes)
    var synced = syncFile(fd)
    while synced != 0 && errno == EINTR { synced = syncFile(fd) }
    if synced != 0 {
      throw JournalError("cannot flush \(path) to disk: \(String(cString: strerror(errno)))")
    }
  }

  private func writeAll(_ bytes: [UInt8]) throws(JournalError) {
    var done = 0
    var failure: String?
    bytes.withUnsafeBytes { buffer in
      while done < buffer.count, let base = buffer.baseAddress {
        let n = write(fd, base + done, buffer.count - done)
        if n < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        done += n
      }
    }
    if let failure {
      // A partial line would be read as a torn tail; cut it off so the file stays clean.
      if done > 0 { _ = truncateLast(done) }
      throw JournalError("cannot write \(path): \(failure)")
    }
  }

  private func truncateLast(_ count: Int) -> Bool {
    var st = stat()
    guard fstat(fd, &st) == 0 else { return false }
    return ftruncate(fd, st.st_size - off_t(count)) == 0
  }
}
