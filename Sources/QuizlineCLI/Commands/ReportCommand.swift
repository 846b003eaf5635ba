import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineReports
import QuizlineStorage

/// `quizline report`: the progress dashboard, or a report file in md, json, csv or html, for one
/// profile or (`--all-profiles`) a whole class.
enum ReportCommand {
  static let spec = CommandSpec(
    name: "report", abstract: "Show your progress, or write a report (md, json, csv, html) for a profile or a class",
    discussion: """
      Without options, prints the same dashboard as 'progress' in the REPL. --format md|json|csv|html writes \
      a report to standard output, or to --out PATH (the format then also follows from the extension). CSV \
      has one row per answer; with --out PATH it also writes PATH-sessions.csv (one row per study session) \
      and, for a class, PATH-items.csv and PATH-tests.csv (the test statistics, one row per test and \
      question, and one per test); on standard output --table picks one. --all-profiles reports on every profile of the progress folder: one row per \
      profile with totals, and Moodle's quiz statistics per test (bank or checkpoint): mean, median, \
      standard deviation, skewness, kurtosis, internal consistency, error ratio and standard error, then per \
      question the facility index, standard deviation, random guess score, discrimination index and \
      discriminative efficiency, and how often each answer was chosen by the upper, middle and lower \
      groups. --attempts first|last|best|all chooses which of each learner's attempts count (default: \
      first, as in Moodle). A figure that cannot be computed shows as – with the reason. \
      --since DATE (YYYY-MM-DD, UTC) limits answers and quizzes to that day and later. An existing file is \
      never replaced without --force. The JSON form follows schemas/report.schema.json.
      """,
    options: [
      OptionSpec(
        "format", short: "f", value: "FORMAT", help: "what to write; text is the dashboard",
        choices: ReportFormat.allCases.map(\.rawValue)),
      OptionSpec("out", short: "o", value: "PATH", help: "file to write ('-' or none: standard output)"),
      OptionSpec("force", help: "replace existing files"),
      OptionSpec("all-profiles", help: "a class report over every profile in the progress folder"),
      OptionSpec("since", value: "DATE", help: "only answers and quizzes from DATE (YYYY-MM-DD, UTC) on"),
      OptionSpec(
        "attempts", value: "WHICH",
        help: "with --all-profiles: which attempts of each learner the test statistics count (default: first)",
        choices: AttemptChoice.allCases.map(\.rawValue)),
      OptionSpec(
        "table", value: "TABLE", help: "the CSV table for standard output (default: attempts)",
        choices: CSVTable.allCases.map(\.rawValue)),
    ]
  ) { args, env in run(args, env) }

  static func run(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    var since: Int64?
    if let text = args.value("since") {
      guard let day = ReportDates.day(text) else {
        return usage(env, "--since \(quotedArg(text)) is not a date; write it as YYYY-MM-DD, e.g. 2026-11-01")
      }
      since = day
    }
    let out = args.value("out").flatMap { $0 == "-" ? nil : $0 }
    let format =
      args.value("format").flatMap(ReportFormat.init(rawValue:)) ?? out.flatMap(ReportFormat.inferred(fromPath:))
      ?? .text
    let all = args.flag("all-profiles")
    if all, args.value("profile") != nil { return usage(env, "--all-profiles and --profile cannot be used together") }
    let table = args.value("table").flatMap(CSVTable.init(rawValue:)) ?? .attempts
    if args.value("table") != nil, format != .csv { return usage(env, "--table applies to --format csv only") }
    let attemptChoice = args.value("attempts").flatMap(AttemptChoice.init(rawValue:)) ?? .first
    if args.value("attempts") != nil, !all {
      return usage(env, "--attempts needs --all-profiles (the test statistics are a class report)")
    }
    if table == .items || table == .tests, !all {
      return usage(env, "--table \(table.rawValue) needs --all-profiles (the test statistics are a class report)")
    }
    let catalog: Catalog
    let media: ReportMedia
    switch QuizlineCommand.loadCatalog(env) {
    case .failure(let code): return code
    case .success(let loaded):
      catalog = loaded.catalog
      media = ReportMediaReader.media(sources: loaded.sources, files: env.files)
    }
    let settings = env.settings
    let now = QuizlineCommand.makeClock(settings)()
    let names: [String]
    if all {
      names = ReportProfiles.names(in: settings.progressDirectory)
      for linked in ReportProfiles.linkedNames(in: settings.progressDirectory) {
        env.stderr.line(
          "quizline: profile '\(linked)': folder is a symbolic link, not read (\(settings.progressDirectory)/\(linked)); quizline follows no link below the progress folder"
        )
      }
      if names.isEmpty {
        env.stderr.line(
          "quizline: no profiles in \(quotedArg(settings.progressDirectory)) (set the folder with --progress DIR)")
        return .noInput
      }
    } else {
      if let missing = ReportProfiles.refuseMissingNamedProfile(env) { return missing }
      names = [settings.profile]
    }
    if all {
      return runClass(
        env, names: names, catalog: catalog, now: now,
        options: ReportOptions(sinceDay: since, includeAttempts: format == .csv, attemptChoice: attemptChoice),
        format: format, table: table, out: out, force: args.flag("force"))
    }
    if format == .csv, out != nil || table == .attempts {
      return runCSV(
        env, name: names[0], catalog: catalog, now: now, since: since, table: table, out: out, force: args.flag("force")
      )
    }
    let needsHistory = format != .text || since != nil
    var inputs: [ReportInput] = []
    for name in names {
      do {
        inputs.append(
          try input(name, env, now: now, since: since, format: format, history: needsHistory, reviews: needsHistory))
      } catch {
        env.stderr.line("quizline: \(error.message)")
        return error.exitCode
      }
    }
    let options = ReportOptions(sinceDay: since, includeAttempts: format == .csv)
    let report = ReportBuilder.build(catalog: catalog, inputs: inputs, now: now, options: options)
    let context = QuizlineCommand.renderContext(env, clock: { now })()
    guard let out else {
      if format == .text, env.isInteractive {
        // The dashboard on a terminal pages when it is longer than the screen.
        let text = StringReportSink()
        ReportRenderer.render(report, format: format, style: context.style, width: context.width, to: text)
        Pager.show(text.text, variables: env.variables, write: env.stdout.write)
        return .ok
      }
      let sink = TextReportSink(env.stdout)
      ReportRenderer.render(
        report, format: format, table: table, style: context.style, width: context.width, media: media, to: sink)
      sink.flush()
      return .ok
    }
    return ReportFileWriter.place(env, failure: .failure) { () throws(ReportFileWriter.Failure) in
      try ReportFileWriter.write(
        report, format: format, style: .plain, width: 80, media: media, path: out, force: args.flag("force"))
    }
  }

  /// One profile's inputs: its progress (notices on standard error), and its history when the
  /// report needs one (lines that could not be read named on standard error); with `reviews`, its
  /// reviews through the fold (one learner's scheduler section).
  static func input(
    _ name: String, _ env: CommandEnvironment, now: Timestamp, since: Int64?, format: ReportFormat, history: Bool,
    reviews: Bool, responses: Bool = false, attempts: Bool = false, attemptStream: (any AttemptStream)? = nil
  ) throws(ProfileError) -> ReportInput {
    let layout = ProfileLayout(progressDirectory: env.settings.progressDirectory, profile: name)
    let opened = try ProfileOpener.view(layout, now: now)
    for notice in opened.notices { env.stderr.line("quizline: \(notice)") }
    // History and reviews from one read of every line (one journal, or one device's log).
    if history, reviews,
      let (loaded, collected) = try ReportPass.load(
        layout, sinceDay: since, keepAttempts: format == .csv || attempts, keepResponses: responses,
        attemptStream: attemptStream)
    {
      for bad in loaded.badLines {
        env.stderr.line("quizline: \(bad.file):\(bad.line): \(bad.message); left out of the report")
      }
      return ReportInput(profile: name, progress: opened.progress, history: loaded, reviews: collected)
    }
    // The reviews are read through the fold on another thread while this one reads the history.
    let background = reviews ? BackgroundReviews(layout) : nil
    let loaded: ProfileHistory?
    do {
      loaded =
        history
        ? try HistoryLoader.load(
          layout, sinceDay: since, keepAttempts: format == .csv || attempts, keepResponses: responses,
          attemptStream: attemptStream)
        : nil
    } catch {
      if background?.isReading == true { _ = try? background?.wait() }
      throw error
    }
    for bad in loaded?.badLines ?? [] {
      env.stderr.line("quizline: \(bad.file):\(bad.line): \(bad.message); left out of the report")
    }
    let collected = try background?.wait()
    return ReportInput(profile: name, progress: opened.progress, history: loaded, reviews: collected)
  }

  static func usage(_ env: CommandEnvironment, _ message: String) -> ExitCode {
    env.stderr.line("quizline: report: \(message)")
    env.stderr.line("usage: \(spec.usage)")
    return .usage
  }
}

/// The profiles of a progress folder.
enum ReportProfiles {
  /// Exit 66 with a "no such profile" message when a profile other than `default` was named and
  /// has no folder: a named profile that was never used is a typo more often than a new learner.
  static func refuseMissingNamedProfile(_ env: CommandEnvironment) -> ExitCode? {
    let settings = env.settings
    let layout = ProfileLayout(progressDirectory: settings.progressDirectory, profile: settings.profile)
    guard settings.profile != GlobalSettings().profile, !FileManager.default.fileExists(atPath: layout.directory)
    else { return nil }
    let known = names(in: settings.progressDirectory)
    var message = "quizline: no such profile \(quotedArg(settings.profile)) in \(quotedArg(settings.progressDirectory))"
    if let m = closestMatch(to: settings.profile, in: known) { message += "; did you mean '\(m)'?" }
    env.stderr.line(message)
    env.stderr.line(known.isEmpty ? "There are no profiles there yet." : "Profiles: \(known.joined(separator: ", ")).")
    return .noInput
  }

  /// Sub-folders that hold a profile (a snapshot, a journal, an archive or per-device logs: a
  /// teacher's clone of a class repository holds only `devices/`), with valid names, sorted. A
  /// profile folder that is a symbolic link is not one of them (``linkedNames(in:)``).
  static func names(in progressDirectory: String) -> [String] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: progressDirectory) else { return [] }
    return entries.filter { name in
      guard Identifier.isValid(name), !isLink(progressDirectory + "/" + name) else { return false }
      let layout = ProfileLayout(progressDirectory: progressDirectory, profile: name)
      let fm = FileManager.default
      return fm.fileExists(atPath: layout.snapshot) || fm.fileExists(atPath: layout.journal)
        || fm.fileExists(atPath: layout.archive) || fm.fileExists(atPath: layout.devices)
    }.sorted()
  }

  /// Entries with a profile's name that are symbolic links: quizline follows no link below the
  /// progress folder, so a class report says it left them out.
  static func linkedNames(in progressDirectory: String) -> [String] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: progressDirectory) else { return [] }
    return entries.filter { Identifier.isValid($0) && isLink(progressDirectory + "/" + $0) }.sorted()
  }

  static func isLink(_ path: String) -> Bool {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
  }
}
