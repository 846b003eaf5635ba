import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineInterop

/// `quizline import FILE`: converts a Moodle GIFT or Aiken file into a quizline bank (and, for GIFT
/// descriptions, a study session), printing what was converted and what was lost.
enum ImportCommand {
  static let spec = CommandSpec(
    name: "import", arguments: "FILE",
    abstract: "Convert a Moodle GIFT, Aiken, CSV/TSV file or an Anki package into quizline banks",
    discussion: """
      Anki packages (.apkg, .colpkg) become one bank per deck, their media copied into a folder beside \
      the banks; --with-history (the default for .colpkg) records the review log in the profile as one \
      event, each card's FSRS state replayed from it (re-importing adds no review twice). CSV and TSV \
      files (Anki's Notes in Plain Text, spreadsheets, Quizlet) become flashcards, honouring the headers \
      #separator:, #html:, #tags column:, #guid column: and #deck:. \
      Reads FILE (format from --format, else the extension .gift, .aiken or .aiken.txt, else the \
      content: a line starting ANSWER: means Aiken) and writes the bank as ID.json into the output folder (its banks/ subfolder \
      when it has one); GIFT descriptions become a study session ID-notes.json (in sessions/ when \
      present). The bank id comes from --id or the file name. Prints the questions per type and what was \
      converted with loss, and why. Without --out the files go into the learner's own folder MyQuizzes \
      (created when missing), which quizline loads beside the shipped Quizzes; the git-tracked Quizzes \
      folder is written only when named with --out. Problems are printed as path:line:column: error: message; when there \
      are errors nothing is written (unless --partial) and the exit status is 65. An existing file is \
      never replaced without --force.
      """,
    options: [
      OptionSpec(
        "format", value: "FORMAT", help: "gift, aiken, anki, csv or tsv (default: guessed)",
        choices: ["gift", "aiken", "anki", "csv", "tsv"]),
      OptionSpec("id", value: "ID", help: "bank id (default: from the file name)"),
      OptionSpec("out", value: "DIR", help: "folder to write into (default: MyQuizzes, your own quizzes folder)"),
      OptionSpec("force", help: "replace existing files"),
      OptionSpec(
        "partial", help: "write the questions that could be read even when others had errors"),
      OptionSpec("with-history", help: "Anki: record the review log in the profile (default for .colpkg)"),
      OptionSpec("no-history", help: "Anki: leave the review log out (even for .colpkg)"),
      OptionSpec("typed", help: "Anki: cloze gaps are typed (default: self-graded, gap hidden)"),
    ],
    positionals: 1...1, completes: .file
  ) { args, env in run(args, env) }

  static func run(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    let path = args.positionals[0]
    if let id = args.value("id"), let problem = Identifier.problem(id) {
      env.stderr.line("quizline: --id \(quotedArg(id)) is not allowed: \(problem)")
      return .usage
    }
    if args.value("format") == "anki" || (args.value("format") == nil && AnkiImportCommand.isPackage(path)) {
      return AnkiImportCommand.run(args, env)
    }
    let bytes: [UInt8]
    do {
      bytes = try env.files.read(path, limit: JSONLimits.default.maxDocumentBytes)
    } catch {
      if let long = InteropFiles.longLine(path, error, format: args.value("format")) {
        env.stderr.line(long.description)
        return .dataError
      }
      env.stderr.line("\(path): error: \(error.message)")
      if case .missing = error { return .noInput }
      return .ioError
    }
    let format = InteropFiles.format(of: path, bytes: bytes, explicit: args.value("format"))
    let result = InteropFiles.importer(format, bytes: bytes, path: path, bankID: args.value("id"))
    for line in result.diagnostics.printableLines() { env.stderr.line(escapingControlCharacters(line)) }
    let errors = result.diagnostics.filter { $0.severity == .error }.count
    if result.isRejected { return .dataError }
    if let refusal = ImportErrors.refusal(
      errors: errors, readable: result.bank.questions.count, path: path, partial: args.flag("partial"))
    {
      env.stderr.line(refusal)
      return .dataError
    }
    let out = args.value("out") ?? env.settings.userQuizzesDirectory
    var targets = ImportTargets()
    let hint = " (or choose another --id or --out)"
    targets.files.append(
      .init(path: target(out, "banks", result.bank.id), bytes: BankJSONWriter.bytes(result.bank), hint: hint)
    )
    if let session = result.studySession {
      targets.files.append(
        .init(path: target(out, "sessions", session.id), bytes: BankJSONWriter.bytes(session), hint: hint))
    }
    var refused = ExitCode.failure
    guard let plan = targets.checked(force: args.flag("force"), env: env, exitCode: &refused) else { return refused }
    if let refusal = targets.write(plan, into: out) {
      env.stderr.line("quizline: \(refusal.message)")
      return refusal.exitCode
    }
    summary(result, format: format, source: path, written: targets.files.map(\.path), env)
    if !QuizzesFolders.paths(env).contains(out) {
      env.stdout.line(
        "\(quotedArg(out)) is not among the quizzes folders of this start; load it with --quizzes \(quotedArg(out)) (once per folder, e.g. --quizzes Quizzes --quizzes \(quotedArg(out)))."
      )
    }
    return errors > 0 ? .dataError : .ok
  }

  /// `out/sub/name.json` when `out/sub` is a folder (the shipped layout), else `out/name.json`.
  static func target(_ out: String, _ sub: String, _ name: String) -> String {
    var isDir: ObjCBool = false
    let base = out.hasSuffix("/") ? String(out.dropLast()) : out
    if FileManager.default.fileExists(atPath: base + "/" + sub, isDirectory: &isDir),
      isDir.boolValue
    {
      return "\(base)/\(sub)/\(name).json"
    }
    return "\(base)/\(name).json"
  }

  static func summary(
    _ r: ImportResult, format: InteropFiles.Format, source: String, written: [String],
    _ env: CommandEnvironment
  ) {
    let out = env.stdout
    out.line(
      "Imported \(plural(r.bank.questions.count, "question")) from \(quotedArg(source)) (\(format.label)) into \(quotedArg(written[0])):"
    )
    out.line(
      "  "
        + (r.countsByKind.isEmpty
          ? "no questions"
          : r.countsByKind.map { "\($0.kind.rawValue) \($0.count)" }.joined(separator: ", ")))
    if written.count > 1 {
      out.line(
        "  \(plural(r.studyNotes.count, "description")) → study session \(quotedArg(written[1]))")
    }
    let warnings = r.diagnostics.filter { $0.severity == .warning }.count
    if warnings > 0 { out.line("  \(plural(warnings, "warning")) (printed above)") }
    let errors = r.diagnostics.filter { $0.severity == .error }.count
    ImportErrors.lossHeadline(leftOut: ImportErrors.leftOut(errors: errors), convertedWithLoss: !r.notes.isEmpty, out)
    guard !r.notes.isEmpty else { return }
    out.line("Converted with loss:")
    for kind in ConversionNote.Kind.allCases {
      let notes = r.notes.filter { $0.kind == kind }
      guard !notes.isEmpty else { continue }
      switch kind {
      case .htmlReduced, .markdownKept, .noModelAnswer:
        let ids = unique(notes.map(\.questionID))
        let shown =
          ids.prefix(6).joined(separator: ", ")
          + (ids.count > 6 ? ", … (\(ids.count - 6) more)" : "")
        out.line("  \(kind.rawValue): \(plural(ids.count, "item")) (\(shown)): \(notes[0].detail)")
      default:
        out.line("  \(kind.rawValue): \(plural(notes.count, "note"))")
        for n in notes.prefix(8) {
          let item = n.questionID.isEmpty ? "" : ", \(n.questionID)"
          out.line("    line \(n.line)\(item): \(escapingControlCharacters(n.detail))")
        }
        if notes.count > 8 { out.line("    … \(notes.count - 8) more") }
      }
    }
  }

  private static func unique(_ items: [String]) -> [String] {
    var seen: Set<String> = []
    return items.filter { seen.insert($0).inserted }
  }
}
