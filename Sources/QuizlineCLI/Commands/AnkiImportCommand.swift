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
    let bytes: [UInt8]
    do {
      bytes = try env.files.read(path, limit: maxPackageBytes)
    } catch {
      env.stderr.line("\(path): error: \(error.message)")
      if case .missing = error { return .noInput }
      return .ioError
    }
    let importer = AnkiImporter(typedCloze: args.flag("typed"), bankPrefix: args.value("id"))
    let imported: AnkiImport
    var media: [(String, [UInt8])] = []
    do {
      imported = try importer.read(bytes: bytes, path: path)
      for m in imported.media { media.append((m.safeName, try imported.mediaData(m.original))) }
    } catch {
      env.stderr.line(escapingControlCharacters("\(path): error: \(error.message); nothing written"))
      return .dataError
    }
    for d in imported.diagnostics { env.stderr.line(escapingControlCharacters(d.description)) }
    guard !imported.banks.isEmpty else {
      env.stderr.line("quizline: \(quotedArg(path)) holds no card quizline could read; nothing written.")
      return .dataError
    }
    let withHistory =
      !args.flag("no-history") && (args.flag("with-history") || path.lowercased().hasSuffix(".colpkg"))
    let out = args.value("out") ?? env.settings.userQuizzesDirectory
    if let problem = InteropFiles.makeDirectory(out) {
      env.stderr.line("quizline: \(problem)")
      return .ioError
    }
    let files = imported.banks.map { (ImportCommand.target(out, "banks", $0.bank.id), BankJSONWriter.json($0.bank)) }
    let bankFolder = (files[0].0 as NSString).deletingLastPathComponent
    let mediaFolder = bankFolder + "/" + AnkiImporter.mediaFolder(for: path)
    if !args.flag("force") {
      let existing = files.map(\.0).first { FileManager.default.fileExists(atPath: $0) }
      if let existing {
        env.stderr.line(
          "quizline: \(quotedArg(existing)) already exists; pass --force to replace it (re-importing keeps progress: ids come from the notes)"
        )
        return .cantCreate
      }
    }
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
    do {
      for (file, text) in files { try InteropFiles.write(text, to: file, replace: args.flag("force")) }
      if !media.isEmpty, let problem = InteropFiles.makeDirectory(mediaFolder) {
        env.stderr.line("quizline: \(problem)")
        return .ioError
      }
      for (name, data) in media {
        try InteropFiles.write(bytes: data, to: mediaFolder + "/" + name, replace: true)
      }
    } catch {
      env.stderr.line("quizline: \(error.message)")
      return error.exitCode
    }
    let questions = imported.banks.reduce(0) { $0 + $1.bank.questions.count }
    env.stdout.line(
      "Imported \(plural(questions, "question")) in \(plural(imported.banks.count, "bank")) from \(quotedArg(path)) (Anki package version \(imported.packageVersion)):"
    )
    for (r, file) in zip(imported.banks, files) {
      let kinds = r.countsByKind.map { "\($0.kind.rawValue) \($0.count)" }.joined(separator: ", ")
      env.stdout.line("  \(quotedArg(file.0)): \(kinds)")
    }
    if !media.isEmpty {
      env.stdout.line("  \(plural(media.count, "media file")) copied into \(quotedArg(mediaFolder))")
    }
    lossSummary(imported.banks.flatMap(\.notes), env)
    if var opened = profile, let store = opened.store {
      let refs = Set(
        imported.banks.flatMap { b in b.bank.questions.map { QuestionRef(bank: b.bank.id, question: $0.id) } })
      let suspended = Set(imported.suspended)
      let resumed = refs.filter { opened.progress.questions[$0]?.suspended == true && !suspended.contains($0) }.sorted()
      let history = HistoryImport(
        source: "anki:" + removingControlCharacters((path as NSString).lastPathComponent), reviews: imported.reviews,
        suspended: imported.suspended,
        resumed: resumed)
      let before = opened.progress
      let event = RecordedEvent(sequence: before.lastSequence + 1, at: clock(), payload: .historyImported(history))
      do {
        try store.append(event)
      } catch {
        env.stderr.line("quizline: the review history could not be recorded: \(error.message)")
        return .ioError
      }
      opened.progress.apply(event)
      if let warning = store.close(opened.progress, at: clock()) { env.stderr.line("quizline: \(warning)") }
      let added = imported.reviews.filter { r in
        before.questions[r.question]?.card?.lastReview.map { r.at > $0 } ?? true
      }.count
      env.stdout.line(
        "Review history: \(plural(added, "review")) recorded in profile \(quotedArg(env.settings.profile)) (\(imported.reviews.count - added) already there, \(imported.skippedReviews) manual or rescheduling entries left out); \(plural(imported.suspended.count, "suspended or buried card")) kept out of reviews."
      )
    } else if !imported.reviews.isEmpty {
      env.stdout.line(
        "The package has \(plural(imported.reviews.count, "review")); pass --with-history to bring them into your profile."
      )
    }
    return .ok
  }

  private static func lossSummary(_ notes: [ConversionNote], _ env: CommandEnvironment) {
    guard !notes.isEmpty else {
      env.stdout.line("Nothing was lost in conversion.")
      return
    }
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
