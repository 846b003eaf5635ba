import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineInterop
import QuizlineReports

/// `quizline export-anki BANK|--all`: writes banks as files Anki imports, into the learner's
/// `MyQuizzes/exports/` unless told otherwise, never replacing a file without `--force`.
enum ExportAnkiCommand {
  static let spec = CommandSpec(
    name: "export-anki", arguments: "BANK|--all",
    abstract: "Write a bank (or every bank of your own folders) as a file Anki imports (File > Import)",
    discussion: """
      BANK is a bank id from the quizzes folders or a path to a bank .json file; --all exports every \
      bank of your own folders: the quizzes folders loaded besides the shipped course folder Quizzes \
      (by default MyQuizzes, where quizline import writes), one file per bank. Writes Anki's plain-text \
      note format with its header lines (#separator:tab, #html:true, #notetype:Basic, #deck, #columns, \
      #guid column, #tags column): one Basic note per question, the front holding the prompt and choices, \
      the back the answer and explanation, tags carried over. The GUID column is quizline:BANK/QUESTION, \
      so importing a later export again updates the notes instead of duplicating them. Default output: \
      MyQuizzes/exports/BANK.anki.txt (the folder is created when missing); '--out -' writes one bank to \
      standard output. An existing file is never replaced without --force (exit 73; with --all nothing is \
      written then). With --apkg, writes BANK.apkg instead: an Anki package (File > Import) in the deck \
      named by the bank's title, the cards of one note as one note of Anki's stock type (Basic (and \
      reversed card), Cloze, Basic (type in the answer); Basic otherwise), GUID quizline:BANK/NOTE/ID1/... \
      so that importing it into quizline again gives the same questions; --with-history adds each card's \
      schedule (state, due date, interval, review and lapse counts, suspended or buried, its FSRS memory \
      state) and the profile's review log with Anki's review ids, types and intervals (answers with a \
      rating, and imported reviews). The summary lists each file written with its size.
      """,
    options: [
      OptionSpec(
        "out", short: "o", value: "FILE",
        help:
          "file to write (default: MyQuizzes/exports/BANK.anki.txt; '-' for standard output); with --all, the folder"
      ),
      OptionSpec("all", help: "every bank of your own folders (MyQuizzes), not the shipped course"),
      OptionSpec("force", help: "replace existing files"),
      OptionSpec("apkg", help: "write an Anki package (.apkg) instead of the plain-text notes"),
      OptionSpec("with-history", help: "with --apkg: include the schedule and the review log of the profile"),
    ],
    positionals: 0...1, completes: .bank
  ) { args, env in run(args, env) }

  static func run(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    let all = args.flag("all")
    if all, let bank = args.positionals.first {
      return usage(env, "give a BANK or --all, not both (got \(quotedArg(bank)) and --all)")
    }
    if all, args.value("out") == "-" {
      return usage(env, "--out - writes one bank to standard output; with --all, --out names a folder")
    }
    var banks: [Bank]
    var loadErrors = 0
    if let name = args.positionals.first {
      switch bank(named: name, env) {
      case .failure(let code): return code
      case .success(let b): banks = [b]
      }
    } else if all {
      switch ExportAnkiFiles.learnerBanks(env) {
      case .failure(let code): return code
      case .success(let found): (banks, loadErrors) = found
      }
    } else {
      return usage(
        env, "give a BANK (an id or a bank .json file) or --all (every bank of your own folders)")
    }
    banks.sort { $0.id < $1.id }
    let code = ExportAnkiFiles.write(banks, args, env, all: all)
    if code == .ok, loadErrors > 0 {
      env.stderr.line(
        "quizline: \(plural(loadErrors, "error")) in your own folders (above): those banks were not exported")
      return .dataError
    }
    return code
  }

  static func usage(_ env: CommandEnvironment, _ message: String) -> ExitCode {
    env.stderr.line("quizline: export-anki: \(message)")
    env.stderr.line("usage: \(spec.usage)")
    return .usage
  }

  /// The bank an id of the quizzes folders or a path to a bank file names.
  static func bank(named name: String, _ env: CommandEnvironment) -> Result<Bank, ExitCode> {
    if name.hasSuffix(".json") || name.contains("/") {
      let result = QuizzesFolders.loader(env).load(paths: [name])
      for d in result.diagnostics where d.severity == .error { env.stderr.line(d.description) }
      if !result.missingPaths.isEmpty { return .failure(.noInput) }
      guard let b = result.catalog.banks.first, result.errorCount == 0 else {
        env.stderr.line(
          "quizline: \(quotedArg(name)) is not a usable bank file (run 'quizline check \(name)')")
        return .failure(.dataError)
      }
      return .success(b)
    }
    let catalog: Catalog
    switch QuizzesFolders.load(env) {
    case .failure(let code): return .failure(code)
    case .success(let loaded): catalog = loaded.catalog
    }
    guard let b = catalog.bank(name) else {
      let known = catalog.banks.map(\.id).joined(separator: ", ")
      env.stderr.line(
        "quizline: no bank \(quotedArg(name)) in \(QuizzesFolders.described(env))"
          + (known.isEmpty ? "" : " (banks: \(known))"))
      return .failure(.noInput)
    }
    return .success(b)
  }
}
