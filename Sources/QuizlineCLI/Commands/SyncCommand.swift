import Foundation
import QuizlineCore
import QuizlineStorage

/// `quizline sync`: shares this device's progress through the git work tree the progress folder is
/// in. Commits this device's log (only its own folder), pulls with rebase (every file has one
/// writer, so this never conflicts), pushes (pulling and pushing once more if the remote moved
/// meanwhile), folds what came in and says so. Exit codes: 78 git missing, not a git work tree, no
/// remote or no identity git accepts, 69 the remote cannot be reached, 76 the remote refused, 79 the
/// local work tree is in the way (uncommitted changes, a conflict), 75 the profile is in use.
enum SyncCommand {
  static let spec = CommandSpec(
    name: "sync", abstract: "Share this device's progress through the git repository the progress folder is in",
    discussion:
      "Commits this device's new log data (Progress/<profile>/devices/<device-id>/), pulls with rebase, pushes, and reports what came in from other devices. The profile becomes a per-device profile on first use. Commits carry your git identity, or quizline's (quizline (DEVICE) <quizline@DEVICE>) for what git has not been told (user.name, user.email). Exit codes: 0 synced, 69 remote unreachable (offline), 75 profile in use, 76 the remote refused (access or the push), 78 sync not set up (git not installed, not in a git work tree, no remote), 79 the local work tree is in the way (your uncommitted changes, a conflict, another git running; the message says which)."
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
    if let problem = workTreeProblem(git) {
      env.stderr.line("quizline: \(problem.message)")
      return problem.code
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

  /// Writes `.gitignore` in the progress folder when it has none; the git steps commit it while it is
  /// untracked (two devices writing it write the same bytes, so their commits never conflict).
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
