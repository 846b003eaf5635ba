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
  /// `sync`: not set up here: git is not installed, the progress folder is not in a git work tree,
  /// the work tree has no remote, or git accepts no identity.
  case notConfigured = 78
  /// `sync`: the local git work tree is in the way: the user's uncommitted changes, a conflict,
  /// untracked files the pull would overwrite, another git running, a detached HEAD.
  case workTree = 79
}
extension ExitCode: Error {}
