import Dispatch
import QuizlineCore
import QuizlineFormats
import QuizlineInterop
import QuizlineReports
import QuizlineStorage

/// The quizzes folders of this start: the ones named (`--quizzes`, more than once, or
/// `QUIZLINE_QUIZZES=a:b`), else `Quizzes` and the learner's own `MyQuizzes` when it exists (then a
/// missing default `Quizzes` is left out, as outside a clone). They
/// are loaded as one catalog: an id declared in two folders is a located error (`path:line:column`,
/// naming where it was first declared), and the later declaration is left out.
enum QuizzesFolders {
  /// The folders to load, in order, each once.
  static func paths(_ env: CommandEnvironment) -> [String] {
    var folders: [String] = []
    for folder in env.settings.quizzesDirectories where !folders.contains(folder) { folders.append(folder) }
    let user = env.settings.userQuizzesDirectory
    if env.settings.loadsUserQuizzes, env.files.kind(of: user) == .directory {
      // Outside a clone (an installed quizline, a folder of one's own) the default `Quizzes` may
      // not exist: the learner's own folder is then enough.
      folders = folders.filter { env.files.kind(of: $0) == .directory }
      if !folders.contains(user) { folders.append(user) }
    }
    return folders
  }

  /// The folders for messages: `'Quizzes'` or `'Quizzes', 'MyQuizzes'`.
  static func described(_ env: CommandEnvironment) -> String {
    paths(env).map(quotedArg).joined(separator: ", ")
  }

  /// Loads every folder, or says which one does not exist (exit 66).
  static func load(_ env: CommandEnvironment) -> Result<CatalogLoadResult, ExitCode> {
    if let missing = missingFolder(env) { return .failure(missing) }
    return .success(loader(env).load(paths: paths(env)))
  }

  /// Says which quizzes folder does not exist (exit 66), or nil when every one does.
  static func missingFolder(_ env: CommandEnvironment) -> ExitCode? {
    for dir in paths(env) where env.files.kind(of: dir) != .directory {
      env.stderr.line(
        "quizline: quizzes folder \(quotedArg(dir)) does not exist (set the folders with --quizzes DIR, once per folder, or QUIZLINE_QUIZZES=DIR:DIR)"
      )
      return .noInput
    }
    return nil
  }

  /// The catalog loader of the command line: it reads and decodes the files on every core
  /// (start-up waits for the slowest half instead of the whole), with the same result and messages as
  /// one file after another.
  static func loader(_ env: CommandEnvironment) -> CatalogLoader {
    var loader = CatalogLoader(files: env.files)
    loader.runner = concurrentFileWork
    return loader
  }

  /// Dispatch's `concurrentPerform`: each index once, spread over the cores, returning when all are done.
  static let concurrentFileWork = FileWorkRunner { count, body in
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
  }
}
