import QuizlineCore
import QuizlineFormats
import QuizlineInterop
import QuizlineStorage

/// `quizline convert FILE`: a bank or study session from JSON to Markdown, or from Markdown to
/// JSON, checked as the loader checks it first.
enum ConvertCommand {
  static let spec = CommandSpec(
    name: "convert", arguments: "FILE",
    abstract: "Convert a bank or study session between JSON and Markdown",
    discussion: """
      Reads FILE (a .json bank or session, or a .md one: docs/markdown-format.md) with the checks \
      quizline loads it with, and writes it in the other format: to --out FILE, else to standard output. \
      Markdown is written with every question's id ({#id}), so progress follows the cards; a Markdown \
      card written without an id gets the id quizline would give it. Courses stay JSON. Problems are \
      printed as path:line:column: error: message and nothing is written (exit 65); an existing --out \
      file is never replaced without --force (exit 73).
      """,
    options: [
      OptionSpec("out", value: "FILE", help: "write the result here (default: standard output)"),
      OptionSpec("force", help: "replace an existing --out file"),
    ],
    positionals: 1...1, completes: .file
  ) { args, env in run(args, env) }

  static func run(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    let path = args.positionals[0]
    let toMarkdown: Bool
    if path.lowercased().hasSuffix(".json") {
      toMarkdown = true
    } else if CatalogLoader.isMarkdown(path) {
      toMarkdown = false
    } else {
      env.stderr.line("quizline convert: \(quotedArg(path)) is neither .json nor .md; convert reads one of those")
      return .usage
    }
    let bytes: [UInt8]
    do {
      bytes = try env.files.read(path, limit: JSONLimits.default.maxDocumentBytes)
    } catch {
      env.stderr.line("quizline convert: \(path): \(error.message)")
      if case .missing = error { return .noInput }
      return .ioError
    }
    let item: CatalogItem?
    let diagnostics: [Diagnostic]
    if toMarkdown {
      let (decoded, context) = CatalogFileDecoder.decode(bytes: bytes, path: path)
      (item, diagnostics) = (decoded, context.diagnostics)
    } else {
      let (outcome, context) = MarkdownCatalogFile.decode(bytes: bytes, path: path)
      diagnostics = context.diagnostics
      switch outcome {
      case .item(let decoded, _): item = decoded
      case .notQuizline:
        env.stderr.line(
          "\(path):1:1: error: not a quizline file: a Markdown bank or session starts with front matter (---, kind: bank or kind: session, id:, title:, ---)"
        )
        return .dataError
      }
    }
    for line in diagnostics.printableLines() { env.stderr.line(line) }
    guard let item, !diagnostics.hasErrors else {
      env.stderr.line("quizline convert: \(path) has errors; nothing was written")
      return .dataError
    }
    let text: String
    switch item {
    case .bank(let bank, _, _): text = toMarkdown ? MarkdownBankWriter.markdown(bank) : BankJSONWriter.json(bank)
    case .session(let session, _, _):
      text = toMarkdown ? MarkdownSessionWriter.write(session) : BankJSONWriter.json(session)
    case .course:
      env.stderr.line("quizline convert: \(path) is a course; courses are written in JSON only")
      return .dataError
    }
    guard let out = args.value("out") else {
      env.stdout.write(text)
      return .ok
    }
    if FileOps.exists(out) && !args.flag("force") {
      env.stderr.line("quizline convert: \(quotedArg(out)) already exists; nothing was written (--force replaces it)")
      return .cantCreate
    }
    do {
      _ = try FileOps.writeAtomically(Array(text.utf8), to: out)
    } catch {
      env.stderr.line("quizline convert: \(error.message)")
      return .ioError
    }
    let what: String
    switch item {
    case .bank(let bank, _, _): what = "bank \(quotedArg(bank.id)), \(bank.questions.count) questions"
    case .session(let session, _, _): what = "session \(quotedArg(session.id))"
    case .course: what = "course"
    }
    env.stdout.line("Wrote \(out) (\(what), \(toMarkdown ? "Markdown" : "JSON")).")
    return .ok
  }
}
