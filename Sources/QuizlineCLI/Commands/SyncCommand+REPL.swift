import QuizlineCore
import QuizlineStorage

extension SyncCommand {
  /// `sync` in the REPL: the same git steps while the REPL keeps the profile's lock, then the fold
  /// of every device's log read back (this device's steps are all in its log), which the REPL then
  /// shows. The store's next snapshot is folded from the logs.
  static func syncInREPL(
    _ env: CommandEnvironment, layout: ProfileLayout, store: ProfileStore, _ state: AppState, now: Timestamp
  ) -> EffectOutcome {
    let messages = BufferSink()
    var quiet = env
    quiet.stderr = messages
    let me: DeviceIdentity
    do {
      me = try DeviceProfiles.identity(env)
    } catch {
      return .synced(error.message, nil)
    }
    var git = GitRunner(directory: env.settings.progressDirectory, variables: env.variables)
    if let problem = workTreeProblem(git) {
      return .synced("\(problem.message) (exit code \(problem.code.rawValue) from quizline sync)", nil)
    }
    writeIgnoreFile(env.settings.progressDirectory)
    if let code = gitSteps(&git, layout: layout, me: me, env: quiet) {
      let why = messages.text.split(separator: "\n").first.map { String($0.dropFirst("quizline: ".count)) }
      return .synced((why ?? "git failed") + " (exit code \(code.rawValue) from quizline sync)", nil)
    }
    do {
      let after = try DeviceProfileOpener.view(layout, now: now)
      _ = store.adoptMerged(after.progress, at: now)
      return .synced(report(before: state.progress, after: after, now: now), after.progress)
    } catch {
      return .synced(error.message, nil)
    }
  }
}
