import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineInterop

/// What `export-anki` writes and where: the learner's banks for `--all`, one file per bank in
/// `MyQuizzes/exports/` (or `--out`), nothing replaced without `--force`, and a summary naming each
/// file written with its size.
enum ExportAnkiFiles {
  /// Where exports go without `--out`: `MyQuizzes/exports`, beside the banks `import` wrote.
  static func defaultFolder(_ env: CommandEnvironment) -> String {
    env.settings.userQuizzesDirectory + "/exports"
  }

  /// The learner's own folders: the quizzes folders of this start except the shipped course folder
  /// `Quizzes` (by default that leaves `MyQuizzes`, where `import` writes, when it exists).
  static func learnerFolders(_ env: CommandEnvironment) -> [String] {
    let course = GlobalSettings().quizzesDirectory
    let courseFolder = env.files.canonicalPath(course)
    return QuizzesFolders.paths(env).filter { folder in
      folder != course && (courseFolder == nil || env.files.canonicalPath(folder) != courseFolder)
    }
  }

  /// Every bank of the learner's folders, and how many errors kept others out (each printed).
  static func learnerBanks(_ env: CommandEnvironment) -> Result<([Bank], Int), ExitCode> {
    let folders = learnerFolders(env)
    for dir in folders where env.files.kind(of: dir) != .directory {
      env.stderr.line("quizline: quizzes folder \(quotedArg(dir)) does not exist")
      return .failure(.noInput)
    }
    let hint =
      "quizline import writes your banks into \(quotedArg(env.settings.userQuizzesDirectory)); the shipped course is exported a bank at a time (quizline export-anki BANK)"
    guard !folders.isEmpty else {
      let why =
        env.settings.loadsUserQuizzes
        ? "you have no banks of your own yet (\(quotedArg(env.settings.userQuizzesDirectory)) does not exist)"
        : "the quizzes folders named (\(QuizzesFolders.described(env))) are the shipped course's only"
      env.stderr.line("quizline: export-anki --all: \(why); \(hint)")
      return .failure(.noInput)
    }
    let result = QuizzesFolders.loader(env).load(paths: folders)
    for d in result.diagnostics where d.severity == .error { env.stderr.line(d.description) }
    if result.catalog.banks.isEmpty, result.errorCount == 0 {
      let named = folders.map(quotedArg).joined(separator: ", ")
      env.stderr.line("quizline: export-anki --all: no banks in \(named); \(hint)")
      return .failure(.noInput)
    }
    return .success((result.catalog.banks, result.errorCount))
  }

  /// One file written: where, for which bank, how many bytes, and the reviews a package holds.
  struct Written {
    var path: String
    var bank: Bank
    var bytes: Int
    var reviews: Int?
    /// Notes written (a package writes a note's questions as one note).
    var notes: Int

    /// `6 notes (8 cards)`, or `8 notes` when each question is a note.
    var notesText: String {
      let cards = bank.questions.count
      return plural(notes, "note") + (cards == notes ? "" : " (\(plural(cards, "card")))")
    }
  }

  /// Writes each bank to its file (`--out FILE` for one bank, else `FOLDER/BANK.anki.txt` or
  /// `.apkg`), after checking that none exists unless `--force`.
  static func write(_ banks: [Bank], _ args: ParsedArguments, _ env: CommandEnvironment, all: Bool) -> ExitCode {
    let apkg = args.flag("apkg")
    let out = args.value("out")
    if args.flag("with-history"), !apkg {
      return ExportAnkiCommand.usage(env, "--with-history applies to --apkg (the plain-text notes carry no schedule)")
    }
    if out == "-" {
      if apkg { return ExportAnkiCommand.usage(env, "an .apkg package is binary: name a file with --out, not '-'") }
      for bank in banks { env.stdout.write(AnkiExporter.export(bank)) }
      return .ok
    }
    let folder: String? = all ? (out ?? defaultFolder(env)) : (out == nil ? defaultFolder(env) : nil)
    let targets: [String] = banks.map { bank in
      guard let folder else { return out ?? "" }
      return (folder.hasSuffix("/") ? folder : folder + "/") + bank.id + (apkg ? ".apkg" : ".anki.txt")
    }
    if let folder, let problem = InteropFiles.makeDirectory(folder) {
      env.stderr.line("quizline: \(problem)")
      return .ioError
    }
    let force = args.flag("force")
    if !force {
      let existing = targets.filter { path in
        var info = stat()
        return lstat(path, &info) == 0
      }
      if existing.count == 1, targets.count == 1 {
        env.stderr.line("quizline: \(quotedArg(existing[0])) already exists; pass --force to replace it")
        return .cantCreate
      } else if !existing.isEmpty {
        let shown = existing.prefix(3).map(quotedArg).joined(separator: ", ")
        let more = existing.count > 3 ? " and \(existing.count - 3) more" : ""
        env.stderr.line(
          "quizline: \(plural(existing.count, "file")) already exist (\(shown)\(more)); pass --force to replace them; nothing was written"
        )
        return .cantCreate
      }
    }
    let now = QuizlineCommand.makeClock(env.settings)()
    var history: AnkiPackageExport.History?
    if args.flag("with-history") {
      do {
        history = try AnkiPackageExport.history(env, now: now)
      } catch {
        env.stderr.line("quizline: \(error.message)")
        return error.exitCode
      }
    }
    var written: [Written] = []
    for (bank, target) in zip(banks, targets) {
      var bytes: [UInt8]
      var reviews: Int?
      if apkg {
        do {
          (bytes, reviews) = try AnkiPackageExport.package(bank, history: history, now: now)
        } catch {
          summary(written, list: all, apkg: apkg, env)
          env.stderr.line("quizline: cannot write bank \(quotedArg(bank.id)) as a package: \(error)")
          return .failure
        }
      } else {
        bytes = Array(AnkiExporter.export(bank).utf8)
      }
      do {
        try InteropFiles.write(bytes: bytes, to: target, replace: force)
      } catch {
        summary(written, list: all, apkg: apkg, env)
        env.stderr.line("quizline: \(error.message)")
        return error.exitCode
      }
      written.append(
        Written(
          path: target, bank: bank, bytes: bytes.count, reviews: reviews,
          notes: apkg ? AnkiPackageWriter.noteCount(bank) : bank.questions.count))
    }
    summary(written, list: all, apkg: apkg, env)
    return .ok
  }

  /// `Wrote 21 notes to 'MyQuizzes/exports/smp.anki.txt' (deck 'sampler', 3 KB).`, or for several
  /// files one line each, then how Anki takes them in.
  static func summary(_ written: [Written], list: Bool, apkg: Bool, _ env: CommandEnvironment) {
    func details(_ w: Written) -> String {
      "deck \(quotedArg(w.bank.title)), \(ReportFormat.size(w.bytes))"
        + (w.reviews.map { ", with \(plural($0, "review"))" } ?? "")
    }
    guard let first = written.first else { return }
    guard list || written.count > 1 else {
      let w = first
      env.stdout.line("Wrote \(w.notesText) to \(quotedArg(w.path)) (\(details(w))).")
      env.stdout.line(
        apkg
          ? "In Anki: File > Import, choose the file."
          : "In Anki: File > Import, choose the file; its header lines set the note type, deck, fields and tags.")
      return
    }
    env.stdout.line("Wrote \(plural(written.count, "file")):")
    for w in written {
      env.stdout.line("  \(quotedArg(w.path)): \(w.notesText), \(details(w))")
    }
    env.stdout.line("In Anki: File > Import, once for each file (one deck each).")
  }
}
