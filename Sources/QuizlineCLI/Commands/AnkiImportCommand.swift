import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineInterop
import QuizlineStorage

/// `quizline import DECK.apkg|COLLECTION.colpkg`: one bank per deck, the media copied into a folder
/// beside the banks, and (with `--with-history`, the default for `.colpkg`) the review log recorded
/// in the profile as one `historyImported` event. Everything is read and checked before anything is
/// written: a package that cannot be read writes nothing (exit 65; 74 when it cannot be read at all).
enum AnkiImportCommand {
  /// The largest package read (the zip limits then bound what it unpacks to).
  static let maxPackageBytes = 2 << 30

  static func isPackage(_ path: String) -> Bool {
    let p = path.lowercased()
    return p.hasSuffix(".apkg") || p.hasSuffix(".colpkg")
  }

  static func run(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    let path = args.positionals[0]
    let source: any ZipSource
    do {
      source = try AnkiPackageFile.open(path, limit: maxPackageBytes, env.files)
    } catch {
      env.stderr.line("\(path): error: \(error.message)")
      if case .missing = error { return .noInput }
      return .ioError
    }
    let importer = AnkiImporter(typedCloze: args.flag("typed"), bankPrefix: args.value("id"))
    var imported: AnkiImport
    // Every media file is read and checked before anything is written, but not kept: each is read
    // again as it is written (a package of pictures is never held whole).
    var media: [(safeName: String, original: String)] = []
    do {
      imported = try importer.read(source: source, path: path)
      for m in imported.media {
        _ = try imported.mediaData(m.original)
        media.append(m)
      }
    } catch {
      env.stderr.line(escapingControlCharacters("\(path): error: \(error.message); nothing written"))
      return error.isReadFailure ? .ioError : .dataError
    }
    for line in imported.diagnostics.printableLines() { env.stderr.line(escapingControlCharacters(line)) }
    let questions = imported.banks.reduce(0) { $0 + $1.bank.questions.count }
    let errors = imported.diagnostics.filter { $0.severity == .error }.count
    if let refusal = ImportErrors.refusal(
      errors: errors, readable: questions, path: path, partial: args.flag("partial"))
    {
      env.stderr.line(refusal)
      return .dataError
    }
    guard !imported.banks.isEmpty else {
      env.stderr.line("quizline: \(quotedArg(path)) holds no card quizline could read; nothing written.")
      return .dataError
    }
    let withHistory =
      !args.flag("no-history") && (args.flag("with-history") || path.lowercased().hasSuffix(".colpkg"))
    let out = args.value("out") ?? env.settings.userQuizzesDirectory
    var targets = ImportTargets()
    for r in imported.banks {
      // Each bank's JSON is made as it is written, one bank at a time.
      let bank = r.bank
      targets.files.append(
        .init(
          path: ImportCommand.target(out, "banks", bank.id),
          hint: " (re-importing keeps progress: ids come from the notes)"
        ) { BankJSONWriter.bytes(bank) })
    }
    let bankFolder = PathText.directory(of: targets.files[0].path)
    let mediaFolder = bankFolder + "/" + AnkiImporter.mediaFolder(for: path)
    if !media.isEmpty {
      targets.folders = [mediaFolder]
      for (name, original) in media {
        let file = mediaFolder + "/" + name
        targets.files.append(
          .init(path: file, sameBytesIsKept: true) { () throws(ImportTargets.Refusal) in
            do throws(PackageError) {
              return try imported.mediaData(original)
            } catch {
              throw ImportTargets.Refusal(
                message: "cannot write \(quotedArg(file)): \(error.message)", exitCode: .ioError)
            }
          })
      }
    }
    var refused = ExitCode.failure
    guard var plan = targets.checked(force: args.flag("force"), env: env, exitCode: &refused) else { return refused }
    var profile: OpenedProfile?
    let clock = QuizlineCommand.makeClock(env.settings)
    if withHistory {
      do {
        profile = try DeviceProfiles.open(env, now: clock())
      } catch {
        env.stderr.line("quizline: \(error.message); nothing written")
        return error.exitCode
      }
    }
    if let refusal = targets.write(plan, into: out) {
      env.stderr.line("quizline: \(refusal.message)")
      return refusal.exitCode
    }
    env.stdout.line(
      "Imported \(plural(questions, "question")) in \(plural(imported.banks.count, "bank")) from \(quotedArg(path)) (Anki package version \(imported.packageVersion)):"
    )
    for (r, file) in zip(imported.banks, targets.files) {
      let kinds = r.countsByKind.map { "\($0.kind.rawValue) \($0.count)" }.joined(separator: ", ")
      env.stdout.line("  \(quotedArg(file.path)): \(kinds)")
    }
    if !media.isEmpty {
      let kept = plan.kept.count
      env.stdout.line(
        kept == 0
          ? "  \(plural(media.count, "media file")) copied into \(quotedArg(mediaFolder))"
          : "  \(plural(media.count, "media file")) in \(quotedArg(mediaFolder)): \(media.count - kept) copied, \(kept) already there with the same content"
      )
    }
    lossSummary(imported.banks.flatMap(\.notes), leftOut: leftOutText(imported.leftOut), env)
    if var opened = profile, let store = opened.store {
      let refs = Set(
        imported.banks.flatMap { b in b.bank.questions.map { QuestionRef(bank: b.bank.id, question: $0.id) } })
      // The banks are written: what follows (the history's event, the snapshot) is made without them.
      imported.banks = []
      targets = ImportTargets()
      plan = ImportTargets.Plan()
      let suspended = Set(imported.suspended)
      let resumed = refs.filter { opened.progress.questions[$0]?.suspended == true && !suspended.contains($0) }.sorted()
      // Counted before the event is applied: no copy of the progress as it was is kept for it.
      let added = imported.reviews.filter { r in
        opened.progress.questions[r.question]?.card?.lastReview.map { r.at > $0 } ?? true
      }.count
      let reviewCount = imported.reviews.count
      // The event holds the reviews from here, and goes once applied: the snapshot is written without them.
      if let failure = record(
        HistoryImport(
          source: "anki:" + removingControlCharacters((path as NSString).lastPathComponent),
          reviews: consume(&imported.reviews), suspended: imported.suspended, resumed: resumed),
        into: &opened, store, clock: clock)
      {
        env.stderr.line("quizline: the review history could not be recorded: \(failure.message)")
        return .ioError
      }
      if let warning = store.close(opened.progress, at: clock()) { env.stderr.line("quizline: \(warning)") }
      env.stdout.line(
        "Review history: \(plural(added, "review")) recorded in profile \(quotedArg(env.settings.profile)) (\(reviewCount - added) already there; \(plural(imported.skippedReviews, "log entry", "log entries")) left out: manual or rescheduling entries, or reviews of cards not imported); \(plural(imported.suspended.count, "suspended or buried card")) kept out of reviews."
      )
    } else if !imported.reviews.isEmpty {
      env.stdout.line(
        "The package has \(plural(imported.reviews.count, "review")); pass --with-history to bring them into your profile."
      )
    }
    return errors > 0 ? .dataError : .ok
  }

  /// Appends the `historyImported` event to the journal and applies it; the journal's refusal, if any.
  private static func record(
    _ history: HistoryImport, into opened: inout OpenedProfile, _ store: ProfileStore,
    clock: () -> Timestamp
  ) -> JournalError? {
    let event = RecordedEvent(
      sequence: opened.progress.lastSequence + 1, at: clock(), payload: .historyImported(history))
    do throws(JournalError) {
      try store.append(event)
    } catch {
      return error
    }
    opened.progress.apply(event)
    return nil
  }

  /// `list`, leaving it empty (the caller's copy goes, so that the only one left is the one passed on).
  private static func consume<T>(_ list: inout [T]) -> [T] {
    defer { list = [] }
    return list
  }

  /// `2 cards of 2 notes`, `1 note without a card`; nil when nothing was left out.
  static func leftOutText(_ l: AnkiLeftOut) -> String? {
    var parts: [String] = []
    if l.cards > 0 { parts.append("\(plural(l.cards, "card")) of \(plural(l.notes, "note"))") }
    if l.notesWithoutCards > 0 { parts.append("\(plural(l.notesWithoutCards, "note")) without a card") }
    return parts.isEmpty ? nil : parts.joined(separator: " and ") + " (the errors above say why)"
  }

  private static func lossSummary(_ notes: [ConversionNote], leftOut: String?, _ env: CommandEnvironment) {
    ImportErrors.lossHeadline(leftOut: leftOut, convertedWithLoss: !notes.isEmpty, env.stdout)
    guard !notes.isEmpty else { return }
    env.stdout.line("Converted with loss:")
    var details: [String: [String]] = [:]
    var order: [String] = []
    for n in notes {
      let key = "\(n.kind.rawValue): \(n.detail)"
      if details[key] == nil { order.append(key) }
      details[key, default: []].append(n.questionID)
    }
    for key in order {
      let ids = details[key]!
      let shown = ids.prefix(4).joined(separator: ", ") + (ids.count > 4 ? ", … (\(ids.count - 4) more)" : "")
      env.stdout.line(escapingControlCharacters("  \(key) (\(plural(ids.count, "question")): \(shown))"))
    }
  }
}
