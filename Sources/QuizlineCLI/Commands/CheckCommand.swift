import QuizlineCore
import QuizlineFormats

/// `quizline check [PATH...]`: validates banks, sessions and courses and reports located problems.
enum CheckCommand {
  static let spec = CommandSpec(
    name: "check", arguments: "[PATH...]", abstract: "Validate bank, study-session and course files",
    discussion: """
      Checks the given files and folders (folders recursively: *.json, and *.md files whose front matter \
      has a kind:), or the quizzes folder when no \
      path is given. Every problem is printed as path:line:column: error|warning: message. Files named \
      one by one are checked against the quizzes folder, so their references to other banks resolve. \
      Exit status: 0 when there are no errors (warnings allowed), 65 when there are errors, 66 when a \
      path does not exist, 74 when a file cannot be read. Moodle GIFT (.gift) and Aiken (.txt, .aiken) \
      files named as paths are read with the importers and checked the same way; found inside a folder, \
      they are named in a note and not read.
      """,
    options: [OptionSpec("quiet", short: "q", help: "print only the problems, not the summary line")],
    positionals: 0...0, unlimited: true, completes: .file
  ) { args, env in run(args, env) }

  static func run(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    let folders = QuizzesFolders.paths(env)
    let paths = args.positionals.isEmpty ? folders : args.positionals
    var loader = QuizzesFolders.loader(env)
    // Checking reports problems only: no bank's content hash is needed (a serial pass over every byte).
    loader.hashesContent = false
    var reference: Catalog?
    let namesFiles = paths.contains { if case .regular = env.files.kind(of: $0) { true } else { false } }
    let existing = folders.filter { env.files.kind(of: $0) == .directory }
    if namesFiles, !existing.isEmpty {
      reference = loader.load(paths: existing).catalog
    }
    let (importable, jsonPaths) = InteropCheck.split(paths, env)
    var result = loader.load(paths: jsonPaths, referenceCatalog: reference)
    InteropCheck.check(importable, into: &result, env)
    for line in result.diagnostics.printableLines() { env.stdout.line(line) }
    for note in IgnoredInteropFiles.notes(jsonPaths, env) { env.stdout.line(note) }
    if !args.flag("quiet") { env.stdout.line(summary(result)) }
    // The process ends right after this; freeing every question of a large catalog one string at
    // a time first would add a tenth to the time `check` takes (clang's -disable-free, in spirit).
    KeptUntilExit.keep(result)
    if !result.missingPaths.isEmpty { return .noInput }
    if result.unreadableFiles > 0 { return .ioError }
    return result.errorCount > 0 ? .dataError : .ok
  }

  static func summary(_ r: CatalogLoadResult) -> String {
    let c = r.catalog
    let content =
      "\(plural(c.banks.count, "bank")), \(plural(c.questionCount, "question")), \(plural(c.sessions.count, "session")), \(plural(c.courses.count, "course"))"
    let problems = "\(plural(r.errorCount, "error")), \(plural(r.warningCount, "warning"))"
    return "checked \(plural(r.fileCount, "file")) (\(content)): \(problems)"
  }
}

/// `3 banks`, `1 bank`.
func plural(_ n: Int, _ word: String, _ pluralWord: String? = nil) -> String {
  Renderer.count(n, word, pluralWord)
}
