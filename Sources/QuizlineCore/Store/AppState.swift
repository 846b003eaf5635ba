/// Everything quizline knows at one moment: the catalog, the learner's progress, and where the
/// learner is. Every screen, prompt and report is derived from this one value.
public struct AppState: Sendable, Equatable {
  public var catalog: Catalog
  public var progress: LearnerProgress
  public var profile: String
  /// Errors found while loading the catalog (shown once at start, with a pointer to `quizline check`).
  public var loadErrorCount: Int
  /// Non-nil while the learner is inside the active quiz run.
  public var quiz: QuizStage?
  /// The session read last, so `complete` and `quiz` need no argument right after `read`.
  public var reading: String?
  /// What to show in response to the last action.
  public var display: [Block] = []
  /// A first Ctrl-C at an empty prompt arms quitting; a second one quits.
  public var interruptArmed = false
  public var quitRequested = false
  /// Opened with `--read-only`: nothing can be recorded.
  public var readOnly = false

  public init(catalog: Catalog, progress: LearnerProgress = LearnerProgress(), profile: String = "default", loadErrorCount: Int = 0) {
    self.catalog = catalog
    self.progress = progress
    self.profile = profile
    self.loadErrorCount = loadErrorCount
  }

  /// The active run, when the learner is inside it.
  public var currentRun: QuizRun? { quiz == nil ? nil : progress.activeRun }

  /// The question the learner is looking at.
  public var currentQuestion: (ref: QuestionRef, question: Question)? {
    guard let ref = currentRun?.current, let q = catalog.question(ref) else { return nil }
    return (ref, q)
  }

  /// Sessions of a course completed, and its total.
  public func completion(of course: Course) -> (done: Int, total: Int) {
    (course.sessions.filter { progress.isCompleted($0) }.count, course.sessions.count)
  }

  /// The first session, in course order, that is not completed.
  public var nextSession: StudySession? {
    let ordered = catalog.courses.flatMap(\.sessions) + catalog.sessions.map(\.id)
    for id in ordered where !progress.isCompleted(id) {
      if let s = catalog.session(id) { return s }
    }
    return nil
  }

  /// Score statistics of a bank's quizzes (nil before the first one ended).
  public func scores(ofBank id: String) -> ScoreStats? { progress.bankScores[id] }
}

/// Where the learner is inside the active run.
public enum QuizStage: Sendable, Equatable {
  /// The current question is shown, waiting for an answer.
  case asking(shownAt: Timestamp)
  /// A flashcard's back is shown, waiting for a self-grade.
  case flashcardBack(shownAt: Timestamp)
  /// Lines of an answer to an open question so far.
  case writing(shownAt: Timestamp, lines: [String])
  /// The model answer is shown, waiting for a self-grade.
  case openGrading(shownAt: Timestamp, written: String)

  public var shownAt: Timestamp {
    switch self {
    case .asking(let t), .flashcardBack(let t), .writing(let t, _), .openGrading(let t, _): t
    }
  }
}

/// Input, as the runtime turns it into facts for the reducer.
public enum Action: Sendable, Equatable {
  /// The program started (shows the start screen).
  case started(at: Timestamp)
  /// A line was entered; `entropy` seeds shuffles when no `--seed` is given.
  case lineEntered(String, at: Timestamp, entropy: UInt64)
  /// Ctrl-C at the prompt.
  case interrupted(at: Timestamp)
  /// Ctrl-D, or the end of piped input.
  case inputEnded(at: Timestamp)
}

/// One piece of what the screen shows after an action; ``Renderer`` turns blocks into text.
public enum Block: Sendable, Equatable {
  case welcome
  case help(command: String?, context: ReplContext)
  case catalogList
  case searchResults(query: String)
  case session(id: String)
  case sessionMarked(id: String, completed: Bool)
  case status
  /// The current question of the active run.
  case currentQuestion
  case feedback(Feedback)
  case flashcardBack(QuestionRef)
  case modelAnswer(QuestionRef, written: String)
  case hint(String)
  case runSummary(runID: Int)
  case notice(String)
  case error(String, hint: String?)
  case undone(summary: String)
  case goodbye
}

/// What to tell the learner about one graded answer.
public struct Feedback: Sendable, Equatable {
  public var question: QuestionRef
  public var typed: String
  public var grade: Grade
  /// False when shown again with `back` (nothing new was recorded).
  public var recorded: Bool

  public init(question: QuestionRef, typed: String, grade: Grade, recorded: Bool = true) {
    self.question = question
    self.typed = typed
    self.grade = grade
    self.recorded = recorded
  }
}

/// The reducer's result: events to record (in order) before the display is shown.
public struct Reduction: Sendable, Equatable {
  public var events: [EventPayload] = []

  public init(events: [EventPayload] = []) { self.events = events }
}
