import Foundation
import QuizlineCore
import QuizlineStorage

/// The git steps of `sync` (the command and the REPL's `sync` share them): commit this device's
/// folder, pull with rebase, push, and say truly what stopped them.
extension SyncCommand {
  /// Why sync cannot start in the progress folder: git is missing, or the folder is in no work tree
  /// git can use (exit 78 either way); nil when it can.
  static func workTreeProblem(_ git: GitRunner) -> (message: String, code: ExitCode)? {
    let top = git.run(["rev-parse", "--show-toplevel"])
    if top.ok { return nil }
    let folder = git.directory
    switch GitFailure.classify(top) {
    case .gitMissing:
      return (
        "git is not installed (or not on PATH), and sync needs it; "
          + (GitFailure.gitMissing.advice(workTree: folder, remote: "", branch: "") ?? ""), .notConfigured
      )
    case _ where top.errors.contains("not a git repository"):
      return (
        "\(folder) is not in a git work tree; sync needs one (git init, git remote add origin URL), or use a folder-sync tool (README, Several devices)",
        .notConfigured
      )
    default:
      return ("git cannot use the work tree of \(folder): \(top.firstError)", .notConfigured)
    }
  }

  /// `-c user.name=… -c user.email=…` for each part of an identity git has not been told: commits
  /// and the pull's rebase need a committer, and a machine with no git configuration has none. What
  /// the user configured (`user.name`, `user.email` in any git config, or `EMAIL`) is kept, and
  /// git's own `GIT_AUTHOR_*`/`GIT_COMMITTER_*` variables still win over `-c`.
  static func identityArguments(_ git: GitRunner, device: String) -> [String] {
    func configured(_ key: String) -> Bool {
      !git.run(["config", key]).output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
    var arguments: [String] = []
    if !configured("user.name") { arguments += ["-c", "user.name=quizline (\(device))"] }
    if !configured("user.email"), (git.variables["EMAIL"] ?? "").isEmpty {
      arguments += ["-c", "user.email=quizline@\(device)"]
    }
    return arguments
  }

  /// Commit, pull --rebase, push (once more after a rejection); nil when it all went through.
  static func gitSteps(_ git: inout GitRunner, layout: ProfileLayout, me: DeviceIdentity, env: CommandEnvironment)
    -> ExitCode?
  {
    git.configuration = identityArguments(git, device: me.name)
    for state in ["rebase-merge", "rebase-apply"] {
      let path = git.run(["rev-parse", "--git-path", state]).output.trimmingCharacters(in: .whitespacesAndNewlines)
      // A sync killed while rebasing: go back to this device's commits, then pull again.
      if !path.isEmpty, FileManager.default.fileExists(atPath: path.hasPrefix("/") ? path : git.directory + "/" + path)
      {
        _ = git.run(["rebase", "--abort"])
      }
    }
    // Paths relative to the progress folder, where git runs.
    let profile = String(layout.directory.split(separator: "/").last ?? "")
    let own = profile + "/devices/" + (layout.device ?? "")
    let legacy = [profile + "/journal.jsonl", profile + "/archive"].filter {
      !git.run(["ls-files", "--", $0]).output.isEmpty
    }
    let ignoreFile = ignoreFileToCommit(git)
    _ = git.run(["add", "-A", "--", own])
    if !legacy.isEmpty { _ = git.run(["rm", "-r", "-q", "--cached", "--ignore-unmatch", "--"] + legacy) }
    if !ignoreFile.isEmpty { _ = git.run(["add", "--"] + ignoreFile) }
    let paths = [own] + legacy + ignoreFile
    if !git.run(["diff", "--cached", "--quiet", "--"] + paths).ok {
      let commit = git.run(["commit", "-q", "-m", "quizline sync: \(me.name)", "--"] + paths)
      if !commit.ok {
        let failure = GitFailure.classify(commit)
        say(
          "git commit of this device's progress failed: \(commit.firstError)", failure, git, "origin", "", env,
          committed: false)
        return failure.exitCode
      }
    }
    let remotes = git.run(["remote"]).output.split(separator: "\n").map(String.init)
    guard let remote = remotes.contains("origin") ? "origin" : remotes.first else {
      env.stderr.line(
        "quizline: the git work tree at \(git.directory) has no remote; add one with git remote add origin URL")
      return .notConfigured
    }
    let head = git.run(["symbolic-ref", "--short", "-q", "HEAD"])
    let branch = head.output.trimmingCharacters(in: .whitespacesAndNewlines)
    guard head.ok, !branch.isEmpty else {
      env.stderr.line(
        "quizline: the git work tree at \(git.directory) is on no branch (a detached HEAD); check one out (git switch main), then sync again; this device's progress is committed locally"
      )
      return .workTree
    }
    for attempt in 0..<2 {
      let heads = git.run(["ls-remote", "--heads", remote, branch])
      guard heads.ok else {
        return pullFailed(heads, git, remote, branch, env, what: "cannot reach \(remote)", otherwise: .unavailable)
      }
      if !heads.output.isEmpty {
        if let code = refuseUncommittedChanges(git, remote, branch, env) { return code }
        let pull = git.run(["pull", "--rebase", "-q", remote, branch])
        if !pull.ok {
          let conflicted = git.run(["diff", "--name-only", "--diff-filter=U"]).output
          _ = git.run(["rebase", "--abort"])
          return pullFailed(
            pull, git, remote, branch, env, what: "git pull from \(remote) failed", otherwise: .workTree, conflicted)
        }
      }
      let push = git.run(["push", "-q", "-u", remote, "HEAD:" + branch])
      if push.ok { return nil }
      let rejected = push.errors.contains("rejected") || push.errors.contains("fetch first")
      if !rejected || attempt == 1 {
        switch GitFailure.classify(push) {
        case .unreachable:
          return pullFailed(push, git, remote, branch, env, what: "cannot reach \(remote)", otherwise: .unavailable)
        case let failure where failure.exitCode == .notConfigured || failure == .locked:
          say("git push to \(remote) failed: \(push.firstError)", failure, git, remote, branch, env)
          return failure.exitCode
        default:
          env.stderr.line("quizline: \(remote) refused the push: \(push.firstError)")
          return .refused
        }
      }
    }
    return nil
  }

  /// `[".gitignore"]` when the `.gitignore` sync writes is not committed yet: untracked, or staged by
  /// a sync killed before its commit. A `.gitignore` already committed is the user's to edit, and its
  /// edits are never committed by sync.
  static func ignoreFileToCommit(_ git: GitRunner) -> [String] {
    if !git.run(["ls-files", "--others", "--exclude-standard", "--", ".gitignore"]).output.isEmpty {
      return [".gitignore"]
    }
    let staged = !git.run(["ls-files", "--cached", "--", ".gitignore"]).output.isEmpty
    return staged && !git.run(["cat-file", "-e", "HEAD:./.gitignore"]).ok ? [".gitignore"] : []
  }

  /// Uncommitted changes to tracked files stop `git pull --rebase`: name them instead of pulling.
  static func refuseUncommittedChanges(
    _ git: GitRunner, _ remote: String, _ branch: String, _ env: CommandEnvironment
  ) -> ExitCode? {
    let status = git.run(["status", "--porcelain", "--untracked-files=no"])
    let files = status.output.split(separator: "\n").map { String($0.dropFirst(3)) }.filter { !$0.isEmpty }
    guard status.ok, !files.isEmpty else { return nil }
    let shown = files.prefix(3).map { escapingControlCharacters($0, keepNewlines: false) }.joined(separator: ", ")
    let more = files.count > 3 ? " and \(files.count - 3) more" : ""
    say(
      "\(git.directory) has changes that are not committed (\(shown)\(more)), and sync's pull --rebase needs them committed",
      .uncommittedChanges, git, remote, branch, env)
    return GitFailure.uncommittedChanges.exitCode
  }

  /// The message and exit code for a failed `ls-remote`, pull or push (`otherwise`: the code for a
  /// failure git's words do not explain).
  static func pullFailed(
    _ result: GitRunner.Result, _ git: GitRunner, _ remote: String, _ branch: String, _ env: CommandEnvironment,
    what: String, otherwise: ExitCode, _ conflicted: String = ""
  ) -> ExitCode {
    let failure = GitFailure.classify(result)
    switch failure {
    case .unreachable:
      say("\(what) (offline?): \(result.firstError)", nil, git, remote, branch, env)
    case .refused:
      say("\(remote) refused access: \(result.firstError)", failure, git, remote, branch, env)
    case .conflict:
      let files = conflicted.split(separator: "\n").map { escapingControlCharacters(String($0), keepNewlines: false) }
      let named = files.isEmpty ? "" : " in " + files.joined(separator: ", ")
      say(
        "git pull from \(remote) stopped on a conflict\(named) (changed here and on another device)", failure, git,
        remote, branch, env)
    case .untrackedInTheWay:
      // git names them on the lines after its message, indented by a tab.
      let files = result.errors.split(separator: "\n").filter { $0.hasPrefix("\t") }.map {
        escapingControlCharacters($0.trimmingCharacters(in: .whitespaces), keepNewlines: false)
      }
      say(
        "git pull from \(remote) would overwrite untracked files here (\(files.prefix(3).joined(separator: ", ")))",
        failure, git, remote, branch, env)
    default:
      say("\(what): \(result.firstError)", failure, git, remote, branch, env)
    }
    return failure == .other ? otherwise : failure.exitCode
  }

  /// One line on standard error: what happened, what to do, and whether this device's progress is
  /// committed (it goes out with the next sync).
  static func say(
    _ what: String, _ failure: GitFailure?, _ git: GitRunner, _ remote: String, _ branch: String,
    _ env: CommandEnvironment, committed: Bool = true
  ) {
    var line = "quizline: " + what
    if let advice = failure?.advice(workTree: git.directory, remote: remote, branch: branch) { line += "; " + advice }
    if committed { line += "; this device's progress is committed locally" }
    env.stderr.line(line)
  }
}
