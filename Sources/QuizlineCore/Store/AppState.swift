/// Everything quizline knows at one moment: the catalog, the learner's progress, and where the
/// learner is. Every screen, prompt and report is derived from this one value.
public struct AppState: Sendable, Equatable {
  public var catalog: Catalog
  public var progress: LearnerProgress
  public var profile: String
  /// Errors found while loading the catalog (shown once at start, with a pointer to `quizline check`).
  public var loadErrorCount: Int
  /// Where the learner is: the one home of the place (``quiz``, ``pendingReset`` and
  /// ``quitRequested`` are views of it).
  public var mode: Mode = .home
  /// The session read last, so `complete` and `quiz` need no argument right after `read`. It is not a
  /// place: it stays while the learner takes that session's quiz.
  public var reading: String?
  /// What to show in response to the last action.
  public var display: [Block] = []
  /// A first Ctrl-C at an empty prompt arms quitting; a second one quits (a latch of the prompt,
  /// whatever the place; any line disarms it).
  var interruptArmed = false
  /// Opened with `--read-only`: nothing can be recorded.
  public var readOnly = false
  /// Autoplay found no player once this sitting: it says so once, then stays quiet.
  var autoplayToolMissingShown = false
  /// The banks read from Markdown files (the ones `add` can write a card into); the others are JSON.
  public var markdownBankIDs: Set<String> = []
  /// Settings changed since quizline started, newest last, for `undo` (which records the previous
  /// settings as a new `settingsChanged`). Not kept across restarts: the journal has no undo entry
  /// for a setting.
  var settingsUndo: [SettingsUndo] = []

  /// The stage of the active run while the learner is inside it: nil at home, and nil whenever there
  /// is no active run (a quiz without its run is not a place the learner can be).
  public var quiz: QuizStage? {
    get {
      guard case .quiz(let stage) = mode, progress.activeRun != nil else { return nil }
      return stage
    }
    set {
      if let newValue {
        mode = .quiz(newValue)
      } else if case .quiz = mode {
        mode = .home
      }
    }
  }

  /// Steps whose events were all recorded, and steps the journal refused (a full disk, a
  /// read-only folder): the goodbye never says "saved" when nothing was.
  var savedSteps = 0
  public var unsavedSteps = 0

  /// A `reset` waiting for the learner to type `yes`.
  var pendingReset: ResetScope? {
    get {
      guard case .confirmingReset(let scope) = mode else { return nil }
      return scope
    }
    set {
      if let newValue {
        mode = .confirmingReset(newValue)
      } else if case .confirmingReset = mode {
        mode = .home
      }
    }
  }

  /// The learner is leaving: the loop ends after this frame.
  public var quitRequested: Bool {
    get { mode == .leaving }
    set {
      if newValue {
        mode = .leaving
      } else if mode == .leaving {
        mode = .home
      }
    }
  }

  public init(
    catalog: Catalog, progress: LearnerProgress = LearnerProgress(), profile: String = "default",
    loadErrorCount: Int = 0
  ) {
    self.catalog = catalog
    self.progress = progress
    self.profile = profile
    self.loadErrorCount = loadErrorCount
  }

  /// The active run, when the learner is inside it.
  var currentRun: QuizRun? { quiz == nil ? nil : progress.activeRun }

  /// The question the learner is looking at.
  var currentQuestion: (ref: QuestionRef, question: Question)? {
    guard let ref = currentRun?.current, let q = catalog.question(ref) else { return nil }
    return (ref, q)
  }

  /// Sessions of a course completed, and its total.
  public func completion(of course: Course) -> (done: Int, total: Int) {
    (course.sessions.filter { progress.isCompleted($0) }.count, course.sessions.count)
  }

  /// The first session, in course order, that is not completed.
  var nextSession: StudySession? {
    let ordered = catalog.courses.flatMap(\.sessions) + catalog.sessions.map(\.id)
    for id in ordered where !progress.isCompleted(id) {
      if let s = catalog.session(id) { return s }
    }
    return nil
  }

  /// Cards due now (most overdue first) among questions that exist and are neither suspended nor buried,
  /// and how many more fall due today (UTC).
  func dueCards(at now: Timestamp) -> (now: [QuestionRef], laterToday: Int) {
    let endOfDay = Timestamp(microseconds: (now.dayNumber + 1) * 86_400_000_000)
    var due: [(QuestionRef, Timestamp)] = []
    var later = 0
    for (ref, p) in progress.questions {
      guard let card = p.card, !p.suspended, !p.isBuried(at: now), catalog.question(ref) != nil else { continue }
      if card.due <= now { due.append((ref, card.due)) } else if card.due < endOfDay { later += 1 }
    }
    return (due.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0), later)
  }

  /// Score statistics of a bank's quizzes (nil before the first one ended).
  public func scores(ofBank id: String) -> ScoreStats? { progress.bankScores[id] }
}

/// Where the learner is: one place at a time.
public enum Mode: Sendable, Equatable {
  /// At the main prompt.
  case home
  /// A `reset` waits for the learner to type `yes`.
  case confirmingReset(ResetScope)
  /// Inside the active run, at a stage (only while ``LearnerProgress/activeRun`` exists).
  case quiz(QuizStage)
  /// Leaving: the loop ends after this frame.
  case leaving
  /// The file just edited has errors: edit it again (`y`) or keep the version read before (`n`);
  /// `returnTo` is the quiz stage the learner was at when `edit` was typed.
  case confirmingEdit(EditTarget, path: String, returnTo: QuizStage?)
  /// A change of more than a few cards (`suspend tag:hard`) waits for the learner to type `yes`;
  /// `described` is how the cards were named (the query).
  case confirmingCardChange(CardChange, described: String)
  /// `add` asks for the card a line at a time.
  case addingCard(NewCard, step: AddStep)
}

/// Where the learner is inside the active run.
public enum QuizStage: Sendable, Equatable {
  /// The current question is shown, waiting for an answer.
  case asking(shownAt: Timestamp)
  /// A flashcard's back is shown, waiting for a self-grade.
  case flashcardBack(shownAt: Timestamp)
  /// An auto-graded answer was typed in a certainty-based run; waiting for the certainty 1-3.
  case certainty(shownAt: Timestamp, answer: String)
  /// Lines of an answer to an open question so far.
  case writing(shownAt: Timestamp, lines: [String])
  /// The model answer is shown, waiting for a self-grade.
  case openGrading(shownAt: Timestamp, written: String)

  var shownAt: Timestamp {
    switch self {
    case .asking(let t), .flashcardBack(let t), .writing(let t, _), .openGrading(let t, _), .certainty(let t, _): t
    }
  }
}

/// Input, as the runtime turns it into facts for the reducer.
public enum Action: Sendable, Equatable {
  /// The program started (shows the start screen).
  case started(at: Timestamp)
  /// A line was entered; `entropy` seeds shuffles when no `--seed` is given.
  case lineEntered(String, at: Timestamp, entropy: UInt64)
  /// A command given as a typed value, as if typed at the home prompt (`quizline read`, `quizline quiz`).
  case commandIssued(ReplCommand, at: Timestamp, entropy: UInt64)
  /// Ctrl-C at the prompt; `lineHadText` when keys had been typed on the line it cancelled.
  case interrupted(at: Timestamp, lineHadText: Bool = false)
  /// Ctrl-D, or the end of piped input.
  case inputEnded(at: Timestamp)
  /// SIGTERM or SIGHUP: leave now, as after `quit` (the runtime writes the snapshot).
  case terminationRequested(at: Timestamp)
  /// Appending the events of the last action failed (`partly`: some of them were recorded); the
  /// state is back to where the learner was before it.
  case recordingFailed(reason: String, partly: Bool, at: Timestamp)
  /// The runtime carried out an ``Effect``; what came of it.
  case effectFinished(EffectOutcome, at: Timestamp)

  /// When the action happened: the time its events are stamped with.
  public var at: Timestamp {
    switch self {
    case .started(let t), .lineEntered(_, let t, _), .commandIssued(_, let t, _), .recordingFailed(_, _, let t),
      .terminationRequested(let t), .interrupted(let t, _), .inputEnded(let t), .effectFinished(_, let t):
      t
    }
  }
}

/// Work with outside effects (files) that the reducer asks for and the runtime carries out through
/// an injected interface; the outcome comes back as ``Action/effectFinished(_:at:)``.
public enum Effect: Sendable, Equatable {
  /// Write a progress report of the learner's profile.
  case exportReport(ExportRequest)
  /// `sync`: share this device's progress through git and take in what came (per-device profiles).
  case sync
  /// Read the profile's review history and fit the scheduler's weights to it.
  case optimizeParameters(dryRun: Bool)
  /// Open the file of `target` in the learner's editor, then read the quizzes folders again.
  case edit(EditTarget)
  /// Read the quizzes folders again.
  case reload
  /// Write the card into its bank's Markdown file (created when needed), then read the folders again.
  case addCard(NewCard)
  /// Read the profile's history of one question through the one fold (`info`).
  case cardHistory(QuestionRef)
  /// Play these sounds one after another in the background, stopping any still playing (`play`;
  /// `automatic`: autoplay, as a card is shown or its back revealed, which says nothing unless
  /// something is wrong).
  case playMedia([MediaFile], automatic: Bool)
  /// Show these images and sounds in the system's viewer, in the background (`open`).
  case openMedia([MediaFile])
}

/// What came of an ``Effect``.
public enum EffectOutcome: Sendable, Equatable {
  /// Files written (the main one first) and their total size in bytes.
  case exported(paths: [String], bytes: Int)
  /// The review history was read and the weights fitted and checked.
  case optimized(ParameterOptimization, dryRun: Bool)
  /// The review history could not be read (a located message).
  case optimizationFailed(String)
  /// Nothing was written, and why (a located message).
  case failed(String)
  /// `sync` went through: what came in, and the progress folded from every device's log, which
  /// replaces the progress shown (nil when the sync failed; the text then says why).
  case synced(String, LearnerProgress?)
  /// The quizzes folders were read again (after `reload`, `edit` or `add`, or a change noticed on disk).
  case reloaded(CatalogReload, ReloadCause)
  /// `edit` or `add` could not do its work (no editor, a file that cannot be written); what to do.
  case authoringFailed(String, hint: String)
  /// One question's history, and the names of the devices whose tags it holds (empty for a profile
  /// with a single journal).
  case cardHistory(CardHistory, devices: [Int: String])
  /// The history could not be read (a located message).
  case cardHistoryFailed(String)
  /// What came of playing or opening a card's media.
  case media(MediaOutcome)
}

/// One piece of what the screen shows after an action; ``Renderer`` turns blocks into text.
public enum Block: Sendable, Equatable {
  case welcome
  case help(command: String?, context: ReplContext)
  case catalogList
  case searchResults(query: String)
  /// A study session, whole or (`section`, 1-based) one section of it.
  case session(id: String, section: Int? = nil)
  case sessionMarked(id: String, completed: Bool)
  case status
  /// The current question of the active run.
  case currentQuestion
  case feedback(Feedback)
  /// A flashcard's back; `guess` is what the learner typed at the front, shown beside it.
  case flashcardBack(QuestionRef, guess: String? = nil)
  case modelAnswer(QuestionRef, written: String)
  case hint(String)
  case runSummary(runID: Int)
  case notice(String)
  /// A note from outside the step (the profile's storage): `note: …`.
  case note(String)
  /// A question was flagged or unflagged (the count of flagged questions comes from the progress).
  case flagToggled(QuestionRef, on: Bool)
  case error(String, hint: String?)
  case undone(summary: String)
  /// The learner overruled the mark of an answer to this question, which had `previousScore`.
  case markOverridden(QuestionRef, previousScore: Double)
  case goodbye
  case forecast
  /// The card browser's table (`cards`).
  case cards(CardListing)
  /// A card search that could not be read: the message, the query and a caret under the place.
  case queryError(command: String, query: String, CardQueryError)
  /// What `optimize` found, and whether the fitted parameters were adopted.
  case optimization(ParameterOptimization, adopted: Bool, dryRun: Bool)
  case settings
  /// What a bulk card change did (`skipped`: cards found that were already so).
  case cardsChanged(CardChange, skipped: Int)
  /// Asks for `yes` before changing many cards.
  case confirmCardChange(CardChange, described: String)
  /// Asks for `yes` before a reset.
  case confirmReset(ResetScope)
  /// Nothing is due (in `bank`, or in any bank): when the next card comes back, and why no new card
  /// was offered.
  case nothingDue(bank: String?)
  /// The progress dashboard (the `progress` command).
  case progressReport
  /// `info`: a card's state and its review log (device tags named by `devices`).
  case cardInfo(CardHistory, devices: [Int: String])
  /// `clear`: the runtime clears a terminal's screen before the frame (nothing on a pipe).
  case clearScreen
  /// Lines that name a place in a file (`path:line:column: error: …`): shown whole, never wrapped,
  /// so an editor or a terminal can follow them.
  case fileProblems([String])
}

/// What to tell the learner about one graded answer.
public struct Feedback: Sendable, Equatable {
  public var question: QuestionRef
  public var typed: String
  public var grade: Grade
  /// False when shown again with `back` (nothing new was recorded).
  public var recorded: Bool
  /// The certainty given in a certainty-based run.
  public var certainty: Int?
  /// Practice (cram): the schedule did not move.
  public var practice: Bool

  init(
    question: QuestionRef, typed: String, grade: Grade, recorded: Bool = true, certainty: Int? = nil,
    practice: Bool = false
  ) {
    self.question = question
    self.typed = typed
    self.grade = grade
    self.recorded = recorded
    self.certainty = certainty
    self.practice = practice
  }

  /// Certainty-based marks as in Moodle: right +1/+2/+3, wrong 0/-2/-6 for certainty 1/2/3.
  static func certaintyMark(correct: Bool, certainty: Int) -> Int {
    switch (correct, certainty) {
    case (true, let c): c
    case (false, 1): 0
    case (false, 2): -2
    default: -6
    }
  }
}

/// The reducer's result: events to record (in order) before the display is shown, and effects for
/// the runtime to carry out afterwards.
public struct Reduction: Sendable, Equatable {
  public var events: [EventPayload] = []
  public var effects: [Effect] = []
  /// Whether the action was carried out or refused with an error (what `quizline read` and
  /// `quizline quiz` turn into an exit status).
  public var outcome: CommandOutcome = .accepted
  /// What to settle once the events are recorded (see ``Reducer/settle(_:_:after:at:)``).
  var settle: SettleRequest?
  /// The step stands even when its events cannot be recorded (a note says so): reading a session.
  var bestEffort = false

  public init(events: [EventPayload] = [], effects: [Effect] = [], settle: SettleRequest? = nil) {
    self.events = events
    self.effects = effects
    self.settle = settle
  }
}

/// What came of an action: carried out, or refused with an error on the display.
public enum CommandOutcome: Sendable, Equatable {
  case accepted
  case refused
}
