import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineInterop
import QuizlineReports

/// `quizline export-anki BANK`: writes a bank as an Anki plain-text import file.
enum ExportAnkiCommand {
  static let spec = CommandSpec(
    name: "export-anki", arguments: "BANK",
    abstract: "Write a bank as a file Anki imports (File > Import)",
    discussion: """
      BANK is a bank id from the quizzes folder or a path to a bank .json file. Writes Anki's plain-text \
      note format with its header lines (#separator:tab, #html:true, #notetype:Basic, #deck, #columns, \
      #guid column, #tags column): one Basic note per question, the front holding the prompt and choices, \
      the back the answer and explanation, tags carried over. The GUID column is quizline:BANK/QUESTION, \
      so importing a later export again updates the notes instead of duplicating them. Default output: \
      BANK.anki.txt in the current folder; '--out -' writes to standard output. An existing file is never \
      replaced without --force. With --apkg, writes BANK.apkg instead: an Anki package (File > Import) \
      with one Basic note per question in the deck named by the bank's title; --with-history adds each \
      card's schedule (its FSRS memory state) and the profile's review log (answers with a rating, and \
      imported reviews).
      """,
    options: [
      OptionSpec(
        "out", short: "o", value: "FILE",
        help: "file to write (default: BANK.anki.txt; '-' for standard output)"),
      OptionSpec("force", help: "replace an existing file"),
      OptionSpec("apkg", help: "write an Anki package (.apkg) instead of the plain-text notes"),
      OptionSpec("with-history", help: "with --apkg: include the schedule and the review log of the profile"),
    ],
    positionals: 1...1, completes: .bank
  ) { args, env in run(args, env) }

  static func run(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    let name = args.positionals[0]
    let loader = CatalogLoader(files: env.files)
    let bank: Bank
    if name.hasSuffix(".json") || name.contains("/") {
      let result = loader.load(paths: [name])
      for d in result.diagnostics where d.severity == .error { env.stderr.line(d.description) }
      if !result.missingPaths.isEmpty { return .noInput }
      guard let b = result.catalog.banks.first, result.errorCount == 0 else {
        env.stderr.line(
          "quizline: \(quotedArg(name)) is not a usable bank file (run 'quizline check \(name)')")
        return .dataError
      }
      bank = b
    } else {
      let catalog: Catalog
      switch QuizzesFolders.load(env) {
      case .failure(let code): return code
      case .success(let loaded): catalog = loaded.catalog
      }
      guard let b = catalog.bank(name) else {
        let known = catalog.banks.map(\.id).joined(separator: ", ")
        env.stderr.line(
          "quizline: no bank \(quotedArg(name)) in \(QuizzesFolders.described(env))"
            + (known.isEmpty ? "" : " (banks: \(known))"))
        return .noInput
      }
      bank = b
    }
    if args.flag("apkg") { return AnkiPackageExport.run(bank, args, env) }
    let text = AnkiExporter.export(bank)
    let out = args.value("out") ?? "\(bank.id).anki.txt"
    if out == "-" {
      env.stdout.write(text)
      return .ok
    }
    do {
      try InteropFiles.write(text, to: out, replace: args.flag("force"))
    } catch {
      env.stderr.line("quizline: \(error.message)")
      return error.exitCode
    }
    env.stdout.line(
      "Wrote \(plural(bank.questions.count, "note")) to \(quotedArg(out)) (deck \(quotedArg(bank.title)))."
    )
    env.stdout.line(
      "In Anki: File > Import, choose the file; its header lines set the note type, deck, fields and tags."
    )
    return .ok
  }
}
