import QuizlineCore

/// `quizline status`: the REPL's one-screen summary of a profile's progress, printed without
/// opening the prompt (the profile is read, not locked, so it works beside a running quizline). A
/// named profile with no folder is refused as `report` refuses it (exit 66).
enum StatusCommand {
  static let spec = CommandSpec(
    name: "status", abstract: "Print a one-screen summary of your progress (as 'status' in the REPL) and exit"
  ) { _, env in
    if let missing = ReportProfiles.refuseMissingNamedProfile(env) { return missing }
    return QuizlineCommand.withProfile(env) { state, context in
      env.stdout.write(Renderer.render([.status], state, context).text)
      return .ok
    }
  }
}
