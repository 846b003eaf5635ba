import Foundation
import QuizlineCore
import QuizlineReports
import QuizlineStorage

/// What `export xapi` and `xapi push` share: their options, and the statements of the profiles
/// they name (the current one, or every profile with `--all-profiles`), read as reports read them.
enum XapiSource {
  static let defaultBaseIRI = "https://quizline.invalid/xapi"

  /// The options both commands take.
  static let options: [OptionSpec] = [
    OptionSpec("all-profiles", help: "every profile of the progress folder (a class)"),
    OptionSpec("since", value: "DATE", help: "only answers and results from DATE (YYYY-MM-DD, UTC) on"),
    OptionSpec(
      "base-iri", value: "IRI",
      help: "start of every activity id: IRI/BANK/QUESTION (default: \(defaultBaseIRI))",
      environment: "QUIZLINE_XAPI_BASE_IRI"),
    OptionSpec(
      "home-page", value: "URL", help: "the actor is the profile as an account of URL (default: the base IRI)",
      environment: "QUIZLINE_XAPI_HOME_PAGE"),
    OptionSpec(
      "mbox", value: "ADDRESS",
      help:
        "the actor is the mailbox ADDRESS instead; {profile} in it is the profile's name (e.g. {profile}@school.example)",
      environment: "QUIZLINE_XAPI_MBOX"),
  ]

  /// The profiles to read and how their statements are made; read one profile at a time
  /// (``statements(of:_:)``), so a class of any size is never held whole.
  struct Plan {
    var names: [String]
    var catalog: Catalog
    var now: Timestamp
    var since: Int64?
    var baseIRI: String
    var homePage: String
    var mbox: String?

    /// One profile's statements, oldest first (notices and unreadable lines on standard error).
    func statements(of name: String, _ env: CommandEnvironment) throws(ProfileError) -> [XapiStatement] {
      let input = try ReportCommand.input(
        name, env, now: now, since: since, format: .json, history: true, reviews: false, attempts: true)
      let actor: XapiActor =
        mbox.map { .mbox($0.replacingOccurrences(of: "{profile}", with: name)) }
        ?? .account(homePage: homePage, name: name)
      let context = XapiContext(profile: name, actor: actor, baseIRI: baseIRI)
      return XapiProfileStatements.statements(
        history: input.history ?? .empty, progress: input.progress, catalog: catalog, sinceDay: since, in: context)
    }
  }

  /// What the options name, or an exit code after a message on standard error.
  static func plan(_ args: ParsedArguments, _ env: CommandEnvironment, command: String) -> Result<Plan, ExitCode> {
    var since: Int64?
    if let text = args.value("since") {
      guard let day = ReportDates.day(text) else {
        return .failure(
          usage(env, command, "--since \(quotedArg(text)) is not a date; write it as YYYY-MM-DD, e.g. 2026-11-01"))
      }
      since = day
    }
    let all = args.flag("all-profiles")
    if all, args.value("profile") != nil {
      return .failure(usage(env, command, "--all-profiles and --profile cannot be used together"))
    }
    let base = value("base-iri", args, env) ?? defaultBaseIRI
    if let problem = iriProblem(base) {
      return .failure(usage(env, command, "\(origin("base-iri", args)) \(quotedArg(base)) \(problem)"))
    }
    let homePage = value("home-page", args, env) ?? base
    if let problem = iriProblem(homePage) {
      return .failure(usage(env, command, "\(origin("home-page", args)) \(quotedArg(homePage)) \(problem)"))
    }
    let mbox = value("mbox", args, env)
    if let mbox {
      let sample = mbox.replacingOccurrences(of: "{profile}", with: "p")
      let parts = sample.split(separator: "@", omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
        !sample.contains(where: { $0 == " " || $0 == ":" })
      else {
        return .failure(
          usage(
            env, command,
            "\(origin("mbox", args)) \(quotedArg(mbox)) is not a mail address such as {profile}@school.example"))
      }
      if all, !mbox.contains("{profile}") {
        return .failure(
          usage(env, command, "--mbox with --all-profiles needs {profile} in it, or every learner is one actor"))
      }
    }
    let settings = env.settings
    let names: [String]
    if all {
      names = ReportProfiles.names(in: settings.progressDirectory)
      if names.isEmpty {
        env.stderr.line(
          "quizline: no profiles in \(quotedArg(settings.progressDirectory)) (set the folder with --progress DIR)")
        return .failure(.noInput)
      }
    } else {
      if let missing = ReportProfiles.refuseMissingNamedProfile(env) { return .failure(missing) }
      names = [settings.profile]
    }
    let catalog: Catalog
    switch QuizlineCommand.loadCatalog(env) {
    case .failure(let code): return .failure(code)
    case .success(let loaded): catalog = loaded.catalog
    }
    return .success(
      Plan(
        names: names, catalog: catalog, now: QuizlineCommand.makeClock(settings)(), since: since, baseIRI: base,
        homePage: homePage, mbox: mbox))
  }

  /// The value of the option `name` (of ``options`` or `more`), else of its environment variable
  /// when that is set and not empty.
  static func value(
    _ name: String, _ args: ParsedArguments, _ env: CommandEnvironment, more: [OptionSpec] = []
  ) -> String? {
    if let given = args.value(name) { return given }
    guard let variable = (options + more).first(where: { $0.name == name })?.environment,
      let set = env.variables[variable], !set.isEmpty
    else { return nil }
    return set
  }

  /// Where the value of `name` came from, for a message: `--NAME`, or its environment variable.
  static func origin(_ name: String, _ args: ParsedArguments, more: [OptionSpec] = []) -> String {
    guard args.value(name) == nil, let variable = (options + more).first(where: { $0.name == name })?.environment
    else { return "--" + name }
    return variable
  }

  /// Why `text` cannot start an IRI quizline writes: it must be an absolute http(s) or urn IRI
  /// without spaces, quotes or control characters.
  static func iriProblem(_ text: String) -> String? {
    let lower = text.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("urn:") else {
      return "is not an absolute IRI (it must start with https://, http:// or urn:)"
    }
    if text.unicodeScalars.contains(where: { isControl($0) || $0 == " " || $0 == "\"" || $0 == "<" || $0 == ">" }) {
      return "has a space, a quote, <, > or a control character, which an IRI cannot hold"
    }
    return nil
  }

  static func usage(_ env: CommandEnvironment, _ command: String, _ message: String) -> ExitCode {
    env.stderr.line("quizline: \(command): \(message)")
    return .usage
  }
}
