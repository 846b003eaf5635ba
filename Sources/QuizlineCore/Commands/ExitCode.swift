/// The documented exit statuses (see README): BSD `sysexits.h` values.
public enum ExitCode: Int32, Sendable, Equatable {
  case ok = 0
  /// Something else went wrong.
  case failure = 1
  /// Bad command line.
  case usage = 64
  /// Bad data in an input file.
  case dataError = 65
  /// An input file or folder does not exist.
  case noInput = 66
  /// An output file already exists and `--force` was not given (`EX_CANTCREAT`).
  case cantCreate = 73
  /// Reading or writing failed.
  case ioError = 74
  /// The profile is in use by another quizline (locked).
  case busy = 75
  /// `sync`: the git remote could not be reached (offline, or no such remote repository).
  case unavailable = 69
  /// `sync`: the remote refused the push (even after pulling again once), or refused access.
  case refused = 76
  /// `sync`: the progress folder is not in a git work tree, or the work tree has no remote.
  case notConfigured = 78
}
extension ExitCode: Error {}
