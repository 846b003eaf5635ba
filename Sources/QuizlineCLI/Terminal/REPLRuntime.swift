import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineStorage

/// The interactive loop: reads lines, sends them to the store, prints each frame. All decisions are
/// the reducer's; this type only connects the terminal, the clock and the journal to it.
struct REPLRuntime {
  var store: Store
  let reader: any LineReader
  let output: any TextSink
  let clock: @Sendable () -> Timestamp
  let entropy: () -> UInt64
  let context: @Sendable () -> RenderContext
  /// A command to carry out first, as if typed at the home prompt (`quizline quiz BANK`).
  var firstCommand: ReplCommand?
  /// Leave as soon as no quiz is in progress (after `firstCommand` started one).
  var leaveAfterRun = false
  /// Whether the welcome screen is shown (not for a one-shot command such as `quizline optimize`).
  var showsWelcome = true
  /// Where a `firstCommand` that is refused goes when the run leaves at once (standard error).
  var errorOutput: (any TextSink)?
  /// The profile's files, for snapshots (nil when read-only).
  var profileStore: ProfileStore?
  /// Carries out what the reducer asks for besides events (writing report files).
  var effects: any EffectPerformer = NoEffects()
  /// What `clear` writes before its frame: the terminal's clear-screen sequence on a terminal, nothing
  /// on a pipe (a transcript keeps what was shown).
  var clearScreen = ""
  /// Shows a frame's text on a terminal, a screen at a time when it is longer (nil: written whole).
  var page: ((String) -> Void)?
  /// `edit`, `reload` and `add`, and the check for quizzes files changed on disk before each home
  /// prompt but the first, the files having just been read (nil: the catalog never changes while
  /// the loop runs).
  var authoring: AuthoringEffects?
  /// `play`, autoplay and `open`: players and the opener started in the background (nil: media
  /// effects say they cannot be carried out here).
  var media: SoundEffects?
  /// Whether SIGTERM or SIGHUP asked the program to leave (injected so tests can ask it too).
  var terminationRequested: () -> Bool = { Signals.terminationRequested }
  /// Draws the images of a frame on a terminal that can show them (nil: the placeholder text).
  var images: ImageFrameWriter?

  /// Runs until the learner leaves; returns the exit status.
  mutating func run() -> ExitCode {
    var welcome = send(.started(at: clock()))
    if !showsWelcome { welcome.text = "" }
    if let firstCommand {
      let first = send(.commandIssued(firstCommand, at: clock(), entropy: entropy()))
      if leaveAfterRun, store.state.quiz == nil {
        reader.close()
        if store.outcome == .refused {
          // `quizline quiz BANK --count 0`: a usage error, so only the error, on standard error.
          (errorOutput ?? output).write(first.text)
          return .usage
        }
        show(welcome)
        show(first)
        return .ok
      }
      show(welcome)
      show(first)
    } else {
      show(welcome)
    }
    // The quizzes files were read just before the loop (and stamped when they were).
    var filesReadBeforeThisPrompt = true
    while !store.state.quitRequested {
      if terminationRequested() {
        show(send(.terminationRequested(at: clock())))
        break
      }
      // A quizzes file changed on disk (saved from an editor outside quizline): read again before
      // the home prompt, never in the middle of a quiz or a question asked.
      if store.state.mode == .home, !filesReadBeforeThisPrompt, let outcome = authoring?.noticeChanges() {
        show(send(.effectFinished(outcome, at: clock())))
      }
      filesReadBeforeThisPrompt = false
      let prompt = Renderer.prompt(store.state, renderContext())
      let action: Action
      let snapshot = store.state
      reader.useHistory(snapshot.quiz == nil ? .commands : .answers)
      switch reader.read(
        prompt: prompt, completion: { line, start in Completion.complete(snapshot, line: line, wordStart: start) })
      {
      case .line(let line):
        reader.remember(line)
        action = .lineEntered(line, at: clock(), entropy: entropy())
      case .interrupted(let lineHadText):
        action = .interrupted(at: clock(), lineHadText: lineHadText)
      case .end:
        if terminationRequested() { continue }
        action = .inputEnded(at: clock())
      }
      let frame = send(action)
      if !clearScreen.isEmpty, store.state.display.contains(.clearScreen) { output.write(clearScreen) }
      show(frame)
      if leaveAfterRun, store.state.quiz == nil, !store.state.quitRequested {
        show(send(.lineEntered("quit", at: clock(), entropy: 0)))
      }
    }
    reader.close()
    media?.stop()
    if let warning = profileStore?.close(store.state.progress, at: clock()) {
      show(Renderer.render([.note(warning)], store.state, renderContext()))
    }
    // Steps that could not be recorded: the exit status says so too (74, an I/O error).
    return store.state.unsavedSteps > 0 ? .ioError : .ok
  }

  private mutating func send(_ action: Action) -> Frame {
    // The action's own time stamps its events, so `seconds` and `at` agree in the journal.
    let now = action.at
    let recorded = store.send(action, at: now)
    var frame = Renderer.render(store.state, renderContext())
    if !recorded.isEmpty, let warning = profileStore?.didApply(store.state.progress, at: now) {
      frame.text += Renderer.render([.note(warning)], store.state, renderContext()).text
    }
    for effect in store.effects {
      let outcome =
        media?.perform(effect) ?? authoring?.perform(effect) ?? effects.perform(effect, state: store.state, at: now)
      let next = send(.effectFinished(outcome, at: clock()))
      frame.text += next.text
      frame.prompt = next.prompt
    }
    return frame
  }

  private func show(_ frame: Frame) {
    guard !frame.text.isEmpty else { return }
    images?.settings = store.state.progress.settings
    if let page {
      page(frame.text)
    } else {
      output.write(images?.expand(frame.text) ?? MediaMarker.strippingMarkers(frame.text))
    }
  }

  /// The render context, with images as marker lines when they are drawn.
  private func renderContext() -> RenderContext {
    var context = context()
    if let images {
      images.settings = store.state.progress.settings
      context.inlineImages = images.drawsImages
    }
    return context
  }
}

extension QuizlineCommand {
  /// `quizline` with no command: the REPL on the quizzes folder and the profile's progress.
  static func runREPL(
    _ parsed: ParsedArguments, _ env: CommandEnvironment, catalog preloaded: CatalogLoadResult? = nil,
    firstCommand: ReplCommand? = nil, leaveAfterRun: Bool = false, welcome: Bool = true
  ) -> ExitCode {
    let settings = env.settings
    let clock = makeClock(settings)
    var loaded: CatalogLoadResult
    var opening: ProfileOpenAlongside?
    if let preloaded {
      loaded = preloaded
    } else {
      // Neither needs the other: the profile's files are read while the quizzes folders are, once
      // every folder is known to exist (a missing one stops before the profile is touched).
      if let missing = QuizzesFolders.missingFolder(env) { return missing }
      opening = ProfileOpenAlongside { () throws(ProfileError) in try openProfile(env, now: clock()) }
      loaded = QuizzesFolders.loader(env).load(paths: QuizzesFolders.paths(env))
    }
    let idWriter =
      env.settings.readOnly
      ? nil
      : MarkdownIDWriter(stateDirectory: DeviceIdentity.stateDirectory(variables: env.variables), files: env.files)
    if let idWriter {
      let folders = QuizzesFolders.paths(env)
      let written = idWriter.run(loaded, name: { QuizFiles.name($0, folders: folders) })
      for notice in written.notices { env.stdout.line(notice) }
      if written.rewroteFiles, case .success(let again) = loadCatalog(env) { loaded = again }
    }
    // Leaving frees the whole catalog string by string just before the process exits (4 % of a
    // start-up's instructions on the shipped quizzes): the real process leaves it to the exit.
    defer { KeptUntilExit.keepWhenExiting(loaded) }
    let profile: OpenedProfile
    do {
      if let opening {
        profile = try opening.result()
      } else {
        profile = try openProfile(env, now: clock())
      }
    } catch {
      env.stderr.line("quizline: \(error.message)")
      return error.exitCode
    }
    for notice in profile.notices { env.stderr.line("quizline: \(notice)") }
    var state = AppState(
      catalog: loaded.catalog, progress: profile.progress, profile: settings.profile, loadErrorCount: loaded.errorCount)
    state.readOnly = settings.readOnly
    state.markdownBankIDs = Set(loaded.markdownBanks.values.map(\.bankID))
    let context = renderContext(env, clock: clock)
    Signals.install()
    if env.isInteractive { ForegroundGroup.take() }
    defer { ForegroundGroup.giveBack() }
    let reader: any LineReader =
      env.isInteractive
      ? EditLineReader(historyPath: settings.readOnly ? nil : profile.layout.history)
      : PlainLineReader(echoTo: env.stdout)
    var runtime = REPLRuntime(
      store: Store(state: state, journal: profile.journal), reader: reader, output: env.stdout, clock: clock,
      entropy: { UInt64.random(in: 0...UInt64.max) }, context: context)
    runtime.firstCommand = firstCommand
    runtime.leaveAfterRun = leaveAfterRun
    runtime.showsWelcome = welcome
    runtime.errorOutput = env.stderr
    runtime.profileStore = profile.store
    var exporter = ReportExporter(layout: profile.layout)
    if profile.layout.device != nil, let store = profile.store {
      exporter.sync = { state, now in SyncCommand.syncInREPL(env, layout: profile.layout, store: store, state, now: now)
      }
    }
    runtime.effects = exporter
    let quizFiles = QuizFiles(
      folders: { QuizzesFolders.paths(env) }, loader: QuizzesFolders.loader(env), initial: loaded,
      idWriter: idWriter)
    runtime.authoring = AuthoringEffects(
      files: quizFiles, editor: TerminalEditor(variables: env.variables), userFolder: settings.userQuizzesDirectory)
    runtime.media = SoundEffects(sources: { quizFiles.sources }, variables: env.variables)
    // Pictures only on a terminal with colour (nil on a pipe, under --plain, with NO_COLOR).
    let images = TerminalImages.writer(env, files: quizFiles)
    runtime.images = images
    if env.isInteractive {
      runtime.clearScreen = "\u{1B}[H\u{1B}[2J"
      let variables = env.variables
      let stdout = env.stdout
      runtime.page = { marked in
        let rows = TerminalSize.rows(variables: variables)
        let lines = marked.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        if let images, lines < rows - 1 {
          stdout.write(images.expand(marked))
          return
        }
        // A pager cannot show pictures: a long frame keeps its placeholders.
        Pager.show(MediaMarker.strippingMarkers(marked), variables: variables, write: stdout.write)
      }
    }
    return runtime.run()
  }

  /// The profile the REPL runs on: locked for writing, or only read under `--read-only`.
  private static func openProfile(_ env: CommandEnvironment, now: Timestamp) throws(ProfileError) -> OpenedProfile {
    env.settings.readOnly ? try DeviceProfiles.view(env, now: now) : try DeviceProfiles.open(env, now: now)
  }

  /// Loads the quizzes folders, or says why it cannot (exit 66 when one does not exist).
  static func loadCatalog(_ env: CommandEnvironment) -> Result<CatalogLoadResult, ExitCode> {
    QuizzesFolders.load(env)
  }

  /// Runs `body` with the state of the profile read (not locked, nothing written) and a render context.
  static func withProfile(_ env: CommandEnvironment, _ body: (AppState, RenderContext) -> ExitCode) -> ExitCode {
    let loaded: CatalogLoadResult
    switch loadCatalog(env) {
    case .failure(let code): return code
    case .success(let result): loaded = result
    }
    let settings = env.settings
    let clock = makeClock(settings)
    let opened: OpenedProfile
    do {
      opened = try DeviceProfiles.view(env, now: clock())
    } catch {
      env.stderr.line("quizline: \(error.message)")
      return error.exitCode
    }
    for notice in opened.notices { env.stderr.line("quizline: \(notice)") }
    let state = AppState(
      catalog: loaded.catalog, progress: opened.progress, profile: settings.profile, loadErrorCount: loaded.errorCount)
    return body(state, renderContext(env, clock: clock)())
  }

  static func makeClock(_ settings: GlobalSettings) -> @Sendable () -> Timestamp {
    let fixed = settings.now
    return { fixed ?? Timestamp.now() }
  }

  static func renderContext(_ env: CommandEnvironment, clock: @escaping @Sendable () -> Timestamp)
    -> @Sendable () -> RenderContext
  {
    let settings = env.settings
    let style = Style(unicode: !settings.plain, color: settings.color)
    let interactive = env.isInteractive
    let width = env.width
    let variables = env.variables
    let location = settings.progressDirectory + "/" + settings.profile
    return {
      RenderContext(
        width: interactive ? TerminalSize.columns(variables: variables) : width, style: style, now: clock(),
        version: CommandTable.version, progressLocation: location)
    }
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
