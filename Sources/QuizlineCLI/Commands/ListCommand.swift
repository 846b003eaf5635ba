import QuizlineCore
import QuizlineFormats

/// `quizline list [--json]`: the banks, study sessions and courses found in the quizzes folder.
enum ListCommand {
  static let spec = CommandSpec(
    name: "list", abstract: "List the banks, study sessions and courses in the quizzes folder",
    discussion: """
      The JSON form is {"banks":[...],"sessions":[...],"courses":[...]}, each entry with at least "id" and \
      "title", and counts ("questions", "sessions"), so scripts can rely on it.
      """,
    options: [
      OptionSpec("json", help: "print JSON instead of a table"),
      OptionSpec(
        "ids", value: "KIND", help: "print only the ids of one kind, one per line (for scripts)",
        choices: ["bank", "session", "course"]),
    ]
  ) { args, env in run(args, env) }

  static func run(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    let result: CatalogLoadResult
    switch QuizzesFolders.load(env) {
    case .failure(let code): return code
    case .success(let loaded): result = loaded
    }
    if result.errorCount > 0 {
      // `quizline check` alone checks the default folders: name the ones that were listed.
      let shown = QuizzesFolders.paths(env).map { escapingControlCharacters($0, keepNewlines: false) }.joined(
        separator: " ")
      env.stderr.line(
        "quizline: \(plural(result.errorCount, "problem")) in \(shown); the rest is listed. Run 'quizline check \(shown)' for details."
      )
    }
    if let kind = args.value("ids") {
      let c = result.catalog
      let ids = kind == "bank" ? c.banks.map(\.id) : kind == "session" ? c.sessions.map(\.id) : c.courses.map(\.id)
      for id in ids { env.stdout.line(id) }
    } else if args.flag("json") {
      env.stdout.line(json(result.catalog).rendered(pretty: true))
    } else {
      env.stdout.write(table(result.catalog, width: env.width, dot: env.settings.plain ? " | " : " · "))
    }
    return .ok
  }

  static func json(_ c: Catalog) -> JSONText {
    .object([
      (
        "banks",
        .array(
          c.banks.map { b in
            .object([
              ("id", .string(b.id)), ("title", .string(b.title)), ("questions", .int(b.questions.count)),
              ("version", .string(b.version)), ("tags", .array(b.tags.map { .string($0) })),
              (
                "types",
                .object(
                  QuestionKind.allCases.compactMap { k in
                    let n = b.questions.filter { $0.body.kind == k }.count
                    return n > 0 ? (k.rawValue, .int(n)) : nil
                  })
              ),
            ])
          })
      ),
      (
        "sessions",
        .array(
          c.sessions.map { s in
            .object([
              ("id", .string(s.id)), ("title", .string(s.title)), ("estimatedMinutes", .int(s.estimatedMinutes)),
              ("checkpointQuestions", .int(s.checkpoint?.questions.count ?? 0)),
              ("completion", .string(s.completion.rawValue)),
              ("course", .optional(c.course(containing: s.id)?.course.id)),
            ])
          })
      ),
      (
        "courses",
        .array(
          c.courses.map { course in
            .object([
              ("id", .string(course.id)), ("title", .string(course.title)), ("sessions", .int(course.sessions.count)),
              ("banks", .array(course.banks.map { .string($0) })),
            ])
          })
      ),
    ])
  }

  static func table(_ c: Catalog, width: Int, dot: String) -> String {
    if c.isEmpty { return "No banks, sessions or courses found.\n" }
    var out = ""
    func section(_ title: String, _ rows: [(String, String, String)]) {
      guard !rows.isEmpty else { return }
      out += "\(title) (\(rows.count))\n"
      let idWidth = min(30, rows.map { TextWrap.displayWidth($0.0) }.max() ?? 0)
      for (id, name, detail) in rows {
        let head = "  " + TextWrap.pad(id, to: idWidth) + "  "
        let room = max(10, width - TextWrap.displayWidth(head) - TextWrap.displayWidth(detail) - 2)
        var title = escapingControlCharacters(name, keepNewlines: false)
        if TextWrap.displayWidth(title) > room { title = String(title.prefix(max(1, room - 3))) + "..." }
        out += head + TextWrap.pad(title, to: room) + "  " + detail + "\n"
      }
    }
    section("Banks", c.banks.map { ($0.id, $0.title, plural($0.questions.count, "question")) })
    section(
      "Study sessions",
      c.sessions.map { s in
        let quiz = s.checkpoint.map { "\(dot)checkpoint \($0.questions.count)" } ?? ""
        return (s.id, s.title, "~\(s.estimatedMinutes) min\(quiz)")
      })
    section("Courses", c.courses.map { ($0.id, $0.title, plural($0.sessions.count, "session")) })
    return out
  }
}
