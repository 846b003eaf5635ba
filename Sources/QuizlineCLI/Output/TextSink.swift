import Foundation

/// Where text goes: standard output, standard error, or a buffer in tests.
public protocol TextSink: AnyObject, Sendable {
  func write(_ text: String)
}

extension TextSink {
  /// Writes `text` followed by a newline.
  public func line(_ text: String = "") { write(text + "\n") }
}

/// Writes to a file descriptor (1 or 2), unbuffered so prompts and results appear at once.
///
/// The first write that fails is remembered (``failure``) and later writes are skipped: the command
/// ends with exit 74 and a message when its output could not be written (a full disk, `/dev/full`),
/// except for a reader that went away (EPIPE, `| head -1`), which ends quietly.
final class FileDescriptorSink: TextSink, @unchecked Sendable {
  private let fd: Int32
  private let lock = NSLock()
  private var failedErrno: Int32?

  /// The `errno` of the first write that failed, if any.
  public var failure: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return failedErrno
  }

  init(fd: Int32) { self.fd = fd }

  static let standardOutput = FileDescriptorSink(fd: 1)
  static let standardError = FileDescriptorSink(fd: 2)

  public func write(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    guard failedErrno == nil else { return }
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count, let base = buffer.baseAddress {
        let n = Foundation.write(fd, base + done, buffer.count - done)
        if n < 0 {
          if errno == EINTR { continue }
          failedErrno = errno
          return
        }
        done += n
      }
    }
  }
}

/// Collects text in memory (tests).
final class BufferSink: TextSink, @unchecked Sendable {
  private let lock = NSLock()
  private var storage = ""

  init() {}

  public func write(_ text: String) {
    lock.lock()
    storage += text
    lock.unlock()
  }

  public var text: String {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}
