import QuizlineCore
import QuizlineFormats
import QuizlineInterop
import QuizlineReports
import QuizlineStorage

/// `quizline backups` and `quizline restore BACKUP`: the daily copies of a profile's progress.
enum BackupCommands {
  static let list = CommandSpec(
    name: "backups", abstract: "List the daily backups of a profile's progress",
    discussion: """
      quizline keeps a copy of each profile's progress in Progress/PROFILE/backups/: one at the first \
      start of each UTC day with progress newer than the last copy, kept for the last 7 days and one \
      for each of the 4 weeks before (at most 11 copies). Lists them newest first (--profile picks the \
      profile). quizline restore NAME brings one back.
      """
  ) { args, env in runList(args, env) }

  static let restore = CommandSpec(
    name: "restore", arguments: "BACKUP",
    abstract: "Restore a profile's progress from one of its backups (asks first)",
    discussion: """
      BACKUP is a name from quizline backups (a day such as 2026-12-03) or the path of a backup file. \
      Shows what would change and asks for y; --yes answers for you. The current journal, snapshot \
      and the archive segments after the backup are kept in Progress/PROFILE/before-restore-TIME/, \
      so nothing is lost. Exit 1 when the answer is no (nothing changed), 66 for a profile or backup \
      that does not exist, 65 for a backup that cannot be read, 75 while another quizline uses the \
      profile.
      """,
    options: [OptionSpec("yes", short: "y", help: "restore without asking")],
    positionals: 1...1
  ) { args, env in runRestore(args, env) }

  static func layout(_ env: CommandEnvironment) -> ProfileLayout {
    ProfileLayout(progressDirectory: env.settings.progressDirectory, profile: env.settings.profile)
  }

  /// The profile's folder, or exit 66 with a message when it does not exist.
  static func existingProfile(_ env: CommandEnvironment) -> ProfileLayout? {
    let layout = layout(env)
    guard env.files.kind(of: layout.directory) == .directory else {
      env.stderr.line(
        "quizline: no such profile \(quotedArg(env.settings.profile)) in \(quotedArg(env.settings.progressDirectory))")
      return nil
    }
    return layout
  }

  static func runList(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    guard let layout = existingProfile(env) else { return .noInput }
    let backups = ProfileBackups.list(layout)
    let profile = escapingControlCharacters(env.settings.profile, keepNewlines: false)
    guard !backups.isEmpty else {
      env.stdout.line(
        "No backups of profile \(profile) yet: one is taken at the first start of each day once there is progress.")
      return .ok
    }
    let folder = escapingControlCharacters(ProfileBackups.folder(layout), keepNewlines: false)
    env.stdout.line("Backups of profile \(profile) (\(folder)), newest first:")
    for b in backups {
      env.stdout.line(
        "  \(b.name)  up to event \(b.lastSequence)  \(ReportFormat.size(b.bytes))")
    }
    let option = env.settings.profile == "default" ? "" : " --profile \(profile)"
    env.stdout.line("Restore one with: quizline restore \(backups[0].name)\(option)")
    return .ok
  }

  static func runRestore(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    guard var layout = existingProfile(env) else { return .noInput }
    if DeviceProfileOpener.hasDevices(layout) {
      // Only this device's own log may change, and only while no other device shares the profile
      // (ProfileBackups.restore refuses otherwise, before changing anything).
      do {
        layout = try DeviceProfiles.layout(env).0
        try ProfileBackups.refuseSharedRestore(layout)
      } catch {
        env.stderr.line("quizline: \(error.message)")
        return error.exitCode
      }
    }
    let name = args.positionals[0]
    guard let backup = ProfileBackups.find(name, in: layout) else {
      let known = ProfileBackups.list(layout).map(\.name)
      env.stderr.line(
        "quizline: no backup \(quotedArg(name)) of profile \(quotedArg(env.settings.profile))"
          + (known.isEmpty ? " (it has none yet)" : " (backups: \(known.joined(separator: ", ")))"))
      return .noInput
    }
    let now = env.settings.now ?? Timestamp.now()
    let profile = escapingControlCharacters(env.settings.profile, keepNewlines: false)
    func say(_ text: String) { env.stdout.line(TextWrap.wrap(text, width: env.width)) }
    if !args.flag("yes") {
      var current = "The current progress"
      if let opened = try? ProfileOpener.view(layout, now: now) {
        current += " (up to event \(DeviceSequence.withinDevice(opened.progress.lastSequence)))"
      }
      say(
        "Restore profile \(profile) to the backup of \(backup.name) (up to event \(backup.lastSequence))? \(current) is kept in a before-restore folder of the profile."
      )
      env.stdout.write("Restore? [y/N] ")
      let answer = env.readLine()?.trimmingSpaces.lowercased() ?? ""
      guard answer == "y" || answer == "yes" else {
        env.stdout.line("Not restored; nothing was changed.")
        return .failure
      }
    }
    do {
      let outcome = try ProfileBackups.restore(backup, layout: layout, profile: env.settings.profile, now: now)
      let kept = outcome.keptAside.isEmpty ? "nothing needed keeping" : outcome.keptAside.joined(separator: ", ")
      say(
        "Restored profile \(profile) from the backup of \(backup.name) (up to event \(backup.lastSequence)). The state before is kept in \(escapingControlCharacters(outcome.asideFolder, keepNewlines: false)) (\(kept))."
      )
      return .ok
    } catch {
      env.stderr.line("quizline: \(error.message)")
      return error.exitCode
    }
  }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    String(
      drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        .reversed())
  }
}
