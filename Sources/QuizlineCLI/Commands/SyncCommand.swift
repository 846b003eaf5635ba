import Foundation
import QuizlineCore
import QuizlineStorage

/// `quizline sync`: shares this device's progress through the git work tree the progress folder is
/// in. Commits this device's log (only its own folder), pulls with rebase (every file has one
/// writer, so this never conflicts), pushes (pulling and pushing once more if the remote moved
/// meanwhile), folds what came in and says so. Exit codes: 78 not a git work tree or no remote,
/// 69 the remote cannot be reached, 76 the remote refused the push, 75 the profile is in use.
enum SyncCommand {
  static let spec = CommandSpec(
    name: "sync", abstract: "Share this device's progress through the git repository the progress folder is in",
    discussion:
      "Commits this device's new log data (Progress/<profile>/devices/<device-id>/), pulls with rebase, pushes, and reports what came in from other devices. The profile becomes a per-device profile on first use. Exit codes: 0 synced, 69 remote unreachable (offline), 75 profile in use, 76 push refused, 78 not in a git work tree or no remote."
  ) { _, env in
    run(env)
  }

  static func run(_ env: CommandEnvironment) -> ExitCode {
    let now = QuizlineCommand.makeClock(env.settings)
    // 1. Open once as this device (claims its folder, moves a single journal in), then let go.
    let before: LearnerProgress
    let layout: ProfileLayout
    let me: DeviceIdentity
    do {
      let (l, identity) = try DeviceProfiles.layout(env, forceDevices: true)
      guard let identity else { return .failure }
      let opened = try DeviceProfiles.open(env, now: now(), forceDevices: true)
      before = opened.progress
      layout = l
      me = identity
      for notice in opened.notices { env.stderr.line("quizline: \(notice)") }
    } catch {
      env.stderr.line("quizline: \(error.message)")
      return error.exitCode
    }
    // 2. git.
    var git = GitRunner(directory: env.settings.progressDirectory, variables: env.variables)
    let top = git.run(["rev-parse", "--show-toplevel"])
    guard top.ok else {
      env.stderr.line(
        "quizline: \(env.settings.progressDirectory) is not in a git work tree; sync needs one (git init, git remote add origin URL), or use a folder-sync tool (README, Syncing)"
      )
      return .notConfigured
    }
    writeIgnoreFile(env.settings.progressDirectory)
    if let code = gitSteps(&git, layout: layout, me: me, env: env) { return code }
    // 3. Fold what came in.
    do {
      let after = try DeviceProfiles.open(env, now: now(), forceDevices: true)
      env.stdout.line(report(before: before, after: after, now: now()))
    } catch {
      env.stderr.line("quizline: \(error.message)")
      return error.exitCode
    }
    return .ok
  }

  /// Commit, pull --rebase, push (once more after a rejection); nil when it all went through.
  static func gitSteps(_ git: inout GitRunner, layout: ProfileLayout, me: DeviceIdentity, env: CommandEnvironment)
    -> ExitCode?
  {
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
    _ = git.run(["add", "-A", "--", own])
    if !legacy.isEmpty { _ = git.run(["rm", "-r", "-q", "--cached", "--ignore-unmatch", "--"] + legacy) }
    if !git.run(["diff", "--cached", "--quiet", "--", own] + legacy).ok {
      var args = ["commit", "-q", "-m", "quizline sync: \(me.name)", "--", own] + legacy
      if !git.run(["config", "user.email"]).ok {
        args = ["-c", "user.name=quizline (\(me.name))", "-c", "user.email=quizline@\(me.name)"] + args
      }
      let commit = git.run(args)
      if !commit.ok {
        env.stderr.line("quizline: git commit failed: \(commit.firstError)")
        return .failure
      }
    }
    let remotes = git.run(["remote"]).output.split(separator: "\n").map(String.init)
    guard let remote = remotes.contains("origin") ? "origin" : remotes.first else {
      env.stderr.line(
        "quizline: the git work tree at \(git.directory) has no remote; add one with git remote add origin URL")
      return .notConfigured
    }
    let branch = git.run(["rev-parse", "--abbrev-ref", "HEAD"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    for attempt in 0..<2 {
      let heads = git.run(["ls-remote", "--heads", remote, branch])
      guard heads.ok else {
        return failure(heads, env, what: "cannot reach \(remote)")
      }
      if !heads.output.isEmpty {
        let pull = git.run(["pull", "--rebase", "-q", remote, branch])
        if !pull.ok {
          _ = git.run(["rebase", "--abort"])
          return failure(pull, env, what: "git pull from \(remote) failed")
        }
      }
      let push = git.run(["push", "-q", "-u", remote, "HEAD:" + branch])
      if push.ok { return nil }
      let rejected = push.errors.contains("rejected") || push.errors.contains("fetch first")
      if !rejected || attempt == 1 {
        if GitRunner.isUnreachable(push.errors) { return failure(push, env, what: "cannot reach \(remote)") }
        env.stderr.line("quizline: \(remote) refused the push: \(push.firstError)")
        return .refused
      }
    }
    return nil
  }

  static func failure(_ result: GitRunner.Result, _ env: CommandEnvironment, what: String) -> ExitCode {
    if GitRunner.isUnreachable(result.errors) {
      env.stderr.line("quizline: \(what) (offline?): \(result.firstError); this device's progress is committed locally")
      return .unavailable
    }
    env.stderr.line("quizline: \(what): \(result.firstError)")
    return .refused
  }

  /// What each device keeps for itself (the same list as README's `.gitignore` and `.stignore`).
  static let ignored = """
    # quizline: local caches and files of this machine only, never synced
    */snapshot.json
    */lock
    */history
    */backups/
    */reports/
    *.tmp-*
    *.damaged-*
    */before-restore-*

    """

  /// Writes `.gitignore` in the progress folder when it has none (left uncommitted: quizline never
  /// commits a file that two devices could both write).
  static func writeIgnoreFile(_ folder: String) {
    let path = folder + "/.gitignore"
    guard !FileManager.default.fileExists(atPath: path) else { return }
    _ = FileManager.default.createFile(atPath: path, contents: Data(ignored.utf8))
  }

  /// "37 answers from 'desktop' merged; 12 cards rescheduled; 3 due now".
  static func report(before: LearnerProgress, after: OpenedProfile, now: Timestamp) -> String {
    let progress = after.progress
    let incoming = after.incoming.filter { $0.events > 0 }
    var parts: [String] = []
    if incoming.isEmpty {
      parts.append("nothing new from other devices")
    } else {
      parts += incoming.map { "\($0.answers) answer\($0.answers == 1 ? "" : "s") from '\($0.device)' merged" }
    }
    let rescheduled = progress.questions.filter { before.questions[$0.key]?.card != $0.value.card }.count
    parts.append("\(rescheduled) card\(rescheduled == 1 ? "" : "s") rescheduled")
    let due = progress.questions.values.filter { ($0.card?.due).map { $0 <= now } ?? false }.count
    parts.append("\(due) due now")
    return "Synced: " + parts.joined(separator: "; ") + "."
  }
}
