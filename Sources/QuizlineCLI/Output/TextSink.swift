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
public final class FileDescriptorSink: TextSink, @unchecked Sendable {
  private let fd: Int32
  private let lock = NSLock()

  public init(fd: Int32) { self.fd = fd }

  public static let standardOutput = FileDescriptorSink(fd: 1)
  public static let standardError = FileDescriptorSink(fd: 2)

  public func write(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count, let base = buffer.baseAddress {
        let n = Foundation.write(fd, base + done, buffer.count - done)
        if n < 0 {
          if errno == EINTR { continue }
          return  // EPIPE and friends: the reader went away; nothing useful to do.
        }
        done += n
      }
    }
  }
}

/// Collects text in memory (tests).
public final class BufferSink: TextSink, @unchecked Sendable {
  private let lock = NSLock()
  private var storage = ""

  public init() {}

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
