import QuizlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The single-writer lock of a profile: `flock` on `Progress/<profile>/lock`, which also holds the
/// owner's PID for the message a second quizline shows. The kernel releases it when the owner
/// exits or is killed, so a stale lock never blocks.
final class ProfileLock {
  private let fd: Int32

  /// Takes the lock or explains who holds it (exit 75).
  init(path: String, profile: String) throws(ProfileError) {
    // `fd` is assigned only once the lock is held: a throwing initializer that had set every
    // property would run `deinit`, closing the descriptor a second time (in a threaded process
    // that closes whatever file another thread just opened with the same number).
    // Never through a link, never a device: a `lock` linked elsewhere would have its target
    // truncated and overwritten with our PID.
    let fd = try FileOps.openRegular(path, O_RDWR | O_CREAT)
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let busy = errno == EWOULDBLOCK
      var buffer = [UInt8](repeating: 0, count: 32)
      let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 32, 0) }
      // The first line: the owner writes its PID over the one before, then cuts what is left.
      let firstLine = buffer[..<max(n, 0)].prefix { $0 != 0x0A }
      let owner = String(decoding: firstLine, as: UTF8.self).filter(\.isNumber)
      close(fd)
      guard busy else { throw ProfileError("cannot lock \(path): \(FileOps.lastError)", exitCode: .ioError) }
      let who = owner.isEmpty ? "another quizline" : "another quizline (process \(owner))"
      throw ProfileError(
        "profile \(quoted(profile)) is in use by \(who). Close it first, or add --read-only to look without saving.",
        exitCode: .busy)
    }
    // Written over the PID before, then cut to its length: truncating to 0 first made ext4 free the
    // file's block and take a new one at every start.
    let pid = Array("\(getpid())\n".utf8)
    _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, pid.count, 0) }
    _ = ftruncate(fd, off_t(pid.count))
    self.fd = fd
  }

  deinit {
    flock(fd, LOCK_UN)
    close(fd)
  }
}
