import Foundation
import QuizlineCore
import QuizlineStorage

/// `quizline new bank NAME` and `quizline new session NAME`: a Markdown file to start from, in the
/// learner's own folder (`MyQuizzes/NAME.md`), never over an existing file.
enum NewCommand {
  static let kinds = ["bank", "session"]

  static let spec = CommandSpec(
    name: "new", arguments: "bank|session NAME",
    abstract: "Start a Markdown bank or study session of your own (MyQuizzes/NAME.md)",
    discussion: """
      Writes MyQuizzes/NAME.md (the folder is created when missing): for a bank, front matter and one \
      example of each of the ten question types, each saying how it is written; for a session, front \
      matter (objectives, minutes) and an example of each kind of block. NAME is the file's id: lower-case \
      letters, digits and '-', at most 64, starting with a letter or digit. An existing file is never \
      replaced (exit 73). Then start quizline and type edit NAME to write your own. The syntax: \
      docs/markdown-format.md.
      """,
    positionals: 2...2
  ) { args, env in run(args, env) }

  static func run(_ args: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    let kind = args.positionals[0]
    let name = args.positionals[1]
    guard kinds.contains(kind) else {
      var message = "quizline new: \(quotedArg(kind)) is not something new can write; it writes a bank or a session"
      if let m = closestMatch(to: kind, in: kinds) { message += " (did you mean \(m)?)" }
      env.stderr.line(message)
      env.stderr.line("usage: \(spec.usage)")
      return .usage
    }
    if let problem = Identifier.problem(name) {
      env.stderr.line("quizline new: \(quotedArg(name)) cannot be a \(kind) id: \(problem)")
      env.stderr.line("For example: quizline new \(kind) my-\(kind == "bank" ? "cards" : "notes")")
      return .usage
    }
    let folder = env.settings.userQuizzesDirectory
    let path = folder + "/" + name + ".md"
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      env.stderr.line("quizline new: cannot create the folder \(quotedArg(folder)): \(error.localizedDescription)")
      return .ioError
    }
    let written: Bool
    do {
      written = try FileOps.writeAtomically(
        Array(Templates.text(kind: kind, name: name).utf8), to: path, onlyIfAbsent: true)
    } catch {
      env.stderr.line("quizline new: \(error.message)")
      return .ioError
    }
    guard written else {
      env.stderr.line("quizline new: \(quotedArg(path)) already exists; nothing was written")
      env.stderr.line("Open it with edit \(name) in quizline, or choose another name.")
      return .cantCreate
    }
    let what = kind == "bank" ? "a bank with an example of each of the ten question types" : "a study session"
    env.stdout.line("Wrote \(path): \(what).")
    if !QuizzesFolders.paths(env).contains(folder) {
      env.stdout.line(
        "note: \(quotedArg(folder)) is not among the quizzes folders given (--quizzes); add --quizzes \(folder) to study it."
      )
    }
    env.stdout.line(
      "Next: start quizline, then type edit \(name) to write your own \(kind == "bank" ? "cards" : "text").")
    return .ok
  }
}
