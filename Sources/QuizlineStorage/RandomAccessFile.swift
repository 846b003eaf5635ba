#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file open for reading at offsets (`pread`), closed when the value goes away: an Anki
/// package is read entry by entry instead of whole (``FileSource/openForReadsAt(_:limit:)``).
public final class RandomAccessFile: Sendable {
  private let fd: Int32
  /// The file's size when it was opened.
  public let size: Int

  init(fd: Int32, size: Int) {
    self.fd = fd
    self.size = size
  }

  deinit { close(fd) }

  /// The `count` bytes at `offset`; a file that ends sooner (cut short since it was opened) is an error.
  public func read(at offset: Int, count: Int) throws(FileReadError) -> [UInt8] {
    var failure: FileReadError?
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var done = 0
      while done < count {
        let n = pread(
          fd, buffer.baseAddress.map { UnsafeMutableRawPointer($0 + done) }, count - done, off_t(offset + done))
        if n < 0 {
          if errno == EINTR { continue }
          failure = .io(String(cString: strerror(errno)))
          break
        }
        if n == 0 {
          failure = .io("the file ends at byte \(offset + done), before its size when opened (\(size))")
          break
        }
        done += n
      }
      initialized = done
    }
    if let failure { throw failure }
    return bytes
  }
}
