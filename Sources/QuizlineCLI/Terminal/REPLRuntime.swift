import Foundation
import QuizlineCore

/// The interactive loop: reads lines, sends them to the store, prints each frame. All decisions are
/// the reducer's; this type only connects the terminal, the clock and the journal to it.
struct REPLRuntime {
  var store: Store
  let reader: any LineReader
  let output: any TextSink
  let clock: @Sendable () -> Timestamp
  let entropy: () -> UInt64
  let context: @Sendable () -> RenderContext

  /// Runs until the learner leaves; returns the exit status.
  mutating func run() -> ExitCode {
    show(send(.started(at: clock())))
    while !store.state.quitRequested {
      if Signals.terminationRequested {
        output.line("Leaving: your progress is saved.")
        break
      }
      let prompt = Renderer.prompt(store.state, context())
      let action: Action
      let snapshot = store.state
      switch reader.read(prompt: prompt, completion: { line, start in Completion.complete(snapshot, line: line, wordStart: start) }) {
      case .line(let line):
        reader.remember(line)
        action = .lineEntered(line, at: clock(), entropy: entropy())
      case .interrupted:
        action = .interrupted(at: clock())
      case .end:
        if Signals.terminationRequested { continue }
        action = .inputEnded(at: clock())
      }
      show(send(action))
    }
    reader.close()
    return .ok
  }

  private mutating func send(_ action: Action) -> Frame {
    store.send(action, at: clock())
    return Renderer.render(store.state, context())
  }

  private func show(_ frame: Frame) {
    if !frame.text.isEmpty { output.write(frame.text) }
  }
}

extension QuizlineCommand {
  /// `quizline` with no command: the REPL on the quizzes folder and the profile's progress.
  static func runREPL(_ parsed: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
    let settings = env.settings
    guard env.files.kind(of: settings.quizzesDirectory) == .directory else {
      env.stderr.line("quizline: quizzes folder \(quotedArg(settings.quizzesDirectory)) does not exist (set it with --quizzes DIR or QUIZLINE_QUIZZES)")
      return .noInput
    }
    let loaded = CatalogLoader(files: env.files).load(paths: [settings.quizzesDirectory])
    let profile: OpenProfile
    do {
      profile = try ProfileStorage(progressDirectory: settings.progressDirectory, profile: settings.profile).open()
    } catch {
      env.stderr.line("quizline: \(error.message)")
      return error.exitCode
    }
    for notice in profile.notices { env.stderr.line("quizline: \(notice)") }
    let state = AppState(catalog: loaded.catalog, progress: profile.progress, profile: settings.profile, loadErrorCount: loaded.errorCount)
    let fixedNow = settings.now
    let clock: @Sendable () -> Timestamp = { fixedNow ?? Timestamp.now() }
    let style = Style(unicode: !settings.plain, color: settings.color)
    let interactive = env.isInteractive
    let width = env.width
    let variables = env.variables
    let location = settings.progressDirectory + "/" + settings.profile
    let context: @Sendable () -> RenderContext = {
      RenderContext(
        width: interactive ? TerminalSize.columns(variables: variables) : width, style: style, now: clock(),
        version: CommandTable.version, progressLocation: location)
    }
    Signals.install()
    let reader: any LineReader = interactive ? EditLineReader(historyPath: profile.historyPath) : PlainLineReader(echoTo: env.stdout)
    var runtime = REPLRuntime(
      store: Store(state: state, journal: profile.journal), reader: reader, output: env.stdout, clock: clock,
      entropy: { UInt64.random(in: 0...UInt64.max) }, context: context)
    return runtime.run()
  }
}

extension Timestamp {
  /// The system clock.
  public static func now() -> Timestamp {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Timestamp(microseconds: Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000)
  }
}
