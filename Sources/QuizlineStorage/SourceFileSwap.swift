import CRenameExchange
import Glibc

/// Replaces a user's source file (a Markdown bank quizline adds ids to) only if it still holds
/// what quizline read: never over an edit saved in the meantime.
///
/// The new text goes to a hidden temporary file beside it (same permissions, fsync), which is
/// swapped with the file in one atomic `renameat2(RENAME_EXCHANGE)`. What was swapped out is then
/// compared with what quizline read: if an editor saved the file before the swap, the two differ
/// and the swap is made again, putting the editor's text back untouched. An editor that saves
/// after the swap writes over quizline's version, as it would over any file. A link, a file with
/// several hard links, or a file system that cannot swap is left alone.
public enum SourceFileSwap {
  /// What became of one replacement.
  public enum Outcome: Sendable, Equatable {
    /// The file now holds the new text.
    case replaced
    /// The file changed after it was read; it was left as it is now.
    case changedMeanwhile
    /// Not written, and why (for a notice): a link, hard links, a file system that cannot swap, an
    /// error.
    case notWritten(String)
  }

  /// Replaces `path`'s content with `replacement` if it is still `expected`.
  public static func replace(_ path: String, expected: [UInt8], with replacement: [UInt8]) -> Outcome {
    var st = stat()
    guard lstat(path, &st) == 0 else { return .notWritten("cannot read it: \(FileOps.lastError)") }
    guard (st.st_mode & S_IFMT) == S_IFREG else { return .notWritten("it is not a regular file (a link?)") }
    guard st.st_nlink <= 1 else { return .notWritten("it has other hard links, which a replacement would break") }
    let temp = temporaryName(path)
    unlink(temp)
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, st.st_mode & 0o7777)
    guard fd >= 0 else { return .notWritten("cannot create \(temp): \(FileOps.lastError)") }
    var failure = FileOps.writeAll(fd, replacement).map { "cannot write \(temp): \($0)" }
    if failure == nil, fsync(fd) != 0 { failure = "cannot flush \(temp): \(FileOps.lastError)" }
    if close(fd) != 0, failure == nil { failure = "cannot close \(temp): \(FileOps.lastError)" }
    if let failure {
      unlink(temp)
      return .notWritten(failure)
    }
    guard quizline_rename_exchange(temp, path) == 0 else {
      let why = errno == EINVAL || errno == ENOSYS ? "this file system cannot swap files atomically" : FileOps.lastError
      unlink(temp)
      return .notWritten(why)
    }
    // `temp` now holds what `path` held at the moment of the swap.
    let swappedOut = (try? FileOps.read(temp)) ?? nil
    if swappedOut != expected {
      // Saved by someone else after quizline read it: put their text back.
      if quizline_rename_exchange(temp, path) != 0 {
        // Cannot swap back: keep their text beside it rather than lose it.
        let kept = path + ".their-edit-\(getpid())"
        _ = rename(temp, kept)
        return .notWritten("the file changed while ids were written; its text is kept as \(kept)")
      }
      unlink(temp)
      return .changedMeanwhile
    }
    unlink(temp)
    FileOps.syncDirectory(FileOps.folder(of: path))
    return .replaced
  }

  /// `.NAME.quizline-PID` beside `path`: hidden, so folder scans and editors skip it.
  static func temporaryName(_ path: String) -> String {
    let folder = FileOps.folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return folder + "/." + name + ".quizline-\(getpid())"
  }

}
