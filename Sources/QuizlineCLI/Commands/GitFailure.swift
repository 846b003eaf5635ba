import QuizlineCore

/// Why a git step of `sync` failed, read from git's own words (git runs with `LC_ALL=C`), so each
/// cause gets its own message and exit code instead of all being "the remote refused".
enum GitFailure: Equatable {
  /// `git` is not installed or not on `PATH` (`env` exits 127, or 126 when it cannot run it).
  case gitMissing
  /// git has no usable committer or author identity ("Committer identity unknown").
  case identityUnknown
  /// The remote cannot be reached: offline, no such host, no repository at its URL.
  case unreachable
  /// The remote refused access (authentication) or the push (a hook, a protected branch).
  case refused
  /// Changes of the user's own that are not committed stand in the way of the pull's rebase.
  case uncommittedChanges
  /// The rebase stopped on a conflict (a file changed both here and on another device).
  case conflict
  /// Untracked files here would be overwritten by what the pull brings.
  case untrackedInTheWay
  /// Another git process holds the work tree's lock (`index.lock`).
  case locked
  /// Anything else.
  case other

  /// The failure git's standard error (and exit status) describes.
  static func classify(status: Int32, errors: String) -> GitFailure {
    if status == 126 || status == 127, errors.contains("git"), !errors.contains("fatal:") { return .gitMissing }
    let identity = [
      "identity unknown", "unable to auto-detect email address", "empty ident name", "Please tell me who you are",
    ]
    if identity.contains(where: errors.contains) { return .identityUnknown }
    if errors.contains("index.lock': File exists") || errors.contains("Another git process seems to be running") {
      return .locked
    }
    let dirty = [
      "You have unstaged changes", "Your index contains uncommitted changes", "Please commit or stash them",
      "Your local changes to the following files would be overwritten",
    ]
    if dirty.contains(where: errors.contains) { return .uncommittedChanges }
    if errors.contains("untracked working tree files would be") { return .untrackedInTheWay }
    if errors.contains("CONFLICT (") || errors.contains("could not apply") || errors.contains("Resolve all conflicts") {
      return .conflict
    }
    if GitRunner.isUnreachable(errors) { return .unreachable }
    let refusals = [
      "Authentication failed", "Permission denied (", "Permission to ", "returned error: 403", "returned error: 401",
      "[rejected]",
      "[remote rejected]", "pre-receive hook declined", "HTTP 403", "HTTP 401",
    ]
    if refusals.contains(where: errors.contains) { return .refused }
    return .other
  }

  static func classify(_ result: GitRunner.Result) -> GitFailure {
    classify(status: result.status, errors: result.errors)
  }

  /// The exit status `quizline sync` ends with (README, exit status): 78 for what needs setting up
  /// on this machine, 69 offline, 76 refused by the remote, 79 for the local work tree's state.
  var exitCode: ExitCode {
    switch self {
    case .gitMissing, .identityUnknown: .notConfigured
    case .unreachable: .unavailable
    case .refused: .refused
    case .uncommittedChanges, .conflict, .untrackedInTheWay, .locked, .other: .workTree
    }
  }

  /// What to do about it, after git's own line (nil when git's line says it all).
  func advice(workTree: String, remote: String, branch: String) -> String? {
    switch self {
    case .gitMissing:
      "install it (sudo apt-get install git), or share the folder with a folder-sync tool (README, Several devices)"
    case .identityUnknown:
      "set one with git config --global user.name NAME and git config --global user.email ADDRESS"
    case .unreachable: "offline? sync again when the remote can be reached"
    case .refused: "check your access to \(remote) (credentials, branch protection)"
    case .uncommittedChanges:
      "commit or stash them, then sync again"
    case .conflict:
      "the pull was undone: run git pull --rebase \(remote) \(branch) in \(workTree), resolve the conflict, then sync again"
    case .untrackedInTheWay:
      "move those files away (or commit them), then sync again"
    case .locked:
      "another git command is running in \(workTree); wait for it, or remove the lock file if none is, then sync again"
    case .other: nil
    }
  }
}
