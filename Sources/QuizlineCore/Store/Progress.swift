/// Everything durable about one learner: derived only from events by ``apply(_:)``.
public struct LearnerProgress: Sendable, Equatable {
  public var questions: [QuestionRef: QuestionProgress] = [:]
  public var sessions: [String: SessionProgress] = [:]
  /// The runs and the undo stack, kept by the rules all folds share (``RunLedger``).
  var ledger = RunLedger<UndoEntry>(stepLimit: LearnerProgress.undoLimit, endedLimit: LearnerProgress.recentRunLimit)
  /// The unfinished quiz run, if any: resumable after `quit` or a crash.
  public var activeRun: QuizRun? {
    get { ledger.active }
    set { ledger.active = newValue }
  }
  /// The most recent runs that ended, oldest first (at most ``recentRunLimit``; the full history
  /// stays in the journal).
  public var runs: [QuizRun] {
    get { ledger.ended }
    set { ledger.ended = newValue }
  }
  /// Score statistics per bank over every run that ended (`start BANK` runs with an answer).
  public var bankScores: [String: ScoreStats] = [:]
  /// Answers and study time per UTC day (days since 1970-01-01).
  public var days: [Int64: DayActivity] = [:]
  /// What `undo` can take back, newest last (at most ``undoLimit``).
  var undoStack: [UndoEntry] {
    get { Array(ledger.steps) }
    set { ledger.setSteps(newValue) }
  }
  /// The sequence number of the last event applied.
  public var lastSequence = 0
  public var settings = ProfileSettings.default
  /// The device whose run, undo stack and sequence the three fields above hold (its tag, see
  /// ``DeviceSequence``; 0 for a profile's first, migrated device and for single-device use).
  public internal(set) var currentDevice = 0
  /// The same three per-device fields of every other device seen (`Progress+Devices.swift`).
  var otherDevices: [Int: DeviceContext] = [:]
  /// In a multi-device fold, the merge position of the last event applied (nil otherwise).
  public var mergedThrough: MergePosition?
  /// The scheduler of the current settings, kept from answer to answer (not part of the progress).
  var schedulerCache = SchedulerCache()
  /// False only for progress read from a snapshot written before questions counted their reviews
  /// (`reps`, `lapses`, …; ``SnapshotCoding/reviewCounts``): a per-device profile folds it again.
  public internal(set) var countsReviews = true

  public init() {}

  static let undoLimit = 50
  static let recentRunLimit = 100

  var flaggedQuestions: [QuestionRef] { questions.filter { $0.value.flagged }.map(\.key).sorted() }
  /// Questions suspended or buried in Anki (``QuestionProgress/suspended``), apart from the flagged.
  var suspendedQuestions: [QuestionRef] { questions.filter { $0.value.suspended }.map(\.key).sorted() }

  /// The progress of one question (empty when never seen).
  public func question(_ ref: QuestionRef) -> QuestionProgress { questions[ref] ?? QuestionProgress() }

  public func isCompleted(_ session: String) -> Bool { sessions[session]?.completedAt != nil }

  /// Whether a session was read or completed: what unlocks its questions in course order.
  public func hasStudied(_ session: String) -> Bool {
    guard let s = sessions[session] else { return false }
    return s.readAt != nil || s.completedAt != nil
  }
}

/// What is known about one question.
public struct QuestionProgress: Sendable, Equatable {
  public var attempts = 0
  /// Attempts with full credit.
  public var correct = 0
  public var totalScore = 0.0
  public var lastScore: Double?
  public var lastAnsweredAt: Timestamp?
  public var flagged = false
  /// Suspended by the learner (`suspend`), or suspended or buried in the tool its history was imported
  /// from: never due, never offered as new, until `unsuspend` (or a later import resumes it).
  public var suspended = false
  /// Buried (`bury`): not offered while the UTC day is before this one (days since 1970-01-01).
  public var buriedUntilDay: Int64?
  /// Tagged a leech: its lapses reached the profile's leech threshold.
  public var leech = false
  /// Reviews that scheduled the card: rated answers and imported reviews (an override rescores one).
  public var reps = 0
  /// Lapses: `again` given to the card while it was in the review phase, as Anki counts them.
  public var lapses = 0
  /// The first review (Anki's "introduced"); kept by `forget`, as the review log is.
  public var firstReviewAt: Timestamp?
  /// The rating of the latest review.
  public var lastRating: Rating?
  /// The spaced-repetition schedule; nil until the question is first answered outside practice.
  public var card: FSRSCard?

  init() {}

  public var accuracy: Double? { attempts > 0 ? totalScore / Double(attempts) : nil }

  /// Whether `bury` keeps the card out of today's reviews at `now`.
  public func isBuried(at now: Timestamp) -> Bool { buriedUntilDay.map { now.dayNumber < $0 } ?? false }

  /// Counts one review rated `rating` at `at`, given the card as it was before it (nil: new).
  mutating func countReview(_ rating: Rating, at: Timestamp, cardBefore: FSRSCard?) {
    reps += 1
    if rating == .again, cardBefore?.phase == .review { lapses += 1 }
    if firstReviewAt == nil { firstReviewAt = at }
    lastRating = rating
  }
}

/// Best, last and average score of a bank's quiz runs.
public struct ScoreStats: Sendable, Equatable {
  public var runs = 0
  public var best = 0
  public var last = 0
  var totalPercent = 0

  init(runs: Int = 0, best: Int = 0, last: Int = 0, totalPercent: Int = 0) {
    self.runs = runs
    self.best = best
    self.last = last
    self.totalPercent = totalPercent
  }

  public var average: Int { runs > 0 ? Int(saturating: (Double(totalPercent) / Double(runs)).rounded()) : 0 }
}

/// What is known about one study session.
public struct SessionProgress: Sendable, Equatable {
  public var completedAt: Timestamp?
  /// The best checkpoint score so far, in percent.
  public var bestCheckpointPercent: Int?
  /// When the session was first read (`read`, `next`): it unlocks the session's questions for
  /// `review` (``CoursePlan``).
  public var readAt: Timestamp?

  init(completedAt: Timestamp? = nil, bestCheckpointPercent: Int? = nil, readAt: Timestamp? = nil) {
    self.completedAt = completedAt
    self.bestCheckpointPercent = bestCheckpointPercent
    self.readAt = readAt
  }
}

/// One quiz run: its questions in order, where the learner is, and each answer's outcome.
public struct QuizRun: Sendable, Equatable {
  /// The sequence number of the event that started it.
  public var id: Int
  public var start: RunStart
  var startedAt: Timestamp
  /// Index of the next question to show.
  public var position = 0
  /// One entry per question, nil until answered or skipped.
  public var outcomes: [RunOutcome?]
  public var endedAt: Timestamp?
  var endReason: RunEndReason?

  init(id: Int, start: RunStart, startedAt: Timestamp) {
    self.id = id
    self.start = start
    self.startedAt = startedAt
    self.outcomes = Array(repeating: nil, count: start.questions.count)
  }

  public var questions: [QuestionRef] { start.questions }
  var isAtEnd: Bool { position >= questions.count }
  public var current: QuestionRef? { isAtEnd ? nil : questions[position] }
  var answeredCount: Int { outcomes.count { $0?.score != nil } }
  /// Each question of the run once (one asked again, `requeued`, counts once), in the order first
  /// asked, with its last answered outcome, else its last outcome (skipped), else nil (not reached).
  var finalOutcomes: [(ref: QuestionRef, outcome: RunOutcome?)] {
    var slot: [QuestionRef: Int] = [:]
    var out: [(ref: QuestionRef, outcome: RunOutcome?)] = []
    for (ref, outcome) in zip(questions, outcomes) {
      guard let k = slot[ref] else {
        slot[ref] = out.count
        out.append((ref, outcome))
        continue
      }
      if let outcome, outcome.score != nil || out[k].outcome?.score == nil { out[k].outcome = outcome }
    }
    return out
  }
  /// The sum of the final scores (`finalOutcomes`, in that order).
  var scoreTotal: Double { finalScores.total }
  /// Percentage of the run's questions, each counted once (skipped and unanswered count as 0).
  public var percent: Int {
    let (total, count) = finalScores
    return count == 0 ? 0 : Int(saturating: (total / Double(count) * 100).rounded())
  }
  /// The sum of the final scores and how many questions count, as ``finalOutcomes`` gives them;
  /// without building that list when no question of the run is asked twice (the usual run).
  private var finalScores: (total: Double, count: Int) {
    let qs = questions
    if qs.count <= 32 {
      var repeated = false
      search: for i in qs.indices {
        // The question ids first: in a bank's run every bank id is the same.
        for j in 0..<i where qs[j].question == qs[i].question && qs[j].bank == qs[i].bank {
          repeated = true
          break search
        }
      }
      if !repeated { return (outcomes.reduce(0) { $0 + ($1?.score ?? 0) }, qs.count) }
    }
    let final = finalOutcomes
    return (final.reduce(0) { $0 + ($1.outcome?.score ?? 0) }, final.count)
  }
  var secondsSpent: Double { outcomes.reduce(0) { $0 + ($1?.seconds ?? 0) } }
}

/// How one question of a run went: a score, or nil when skipped.
public struct RunOutcome: Sendable, Equatable {
  public var score: Double?
  public var response: String?
  public var seconds: Double
  /// The certainty given (certainty-based runs).
  public var certainty: Int?

  init(score: Double?, response: String?, seconds: Double, certainty: Int? = nil) {
    self.score = score
    self.response = response
    self.seconds = seconds
    self.certainty = certainty
  }

  var isSkipped: Bool { score == nil }
}

/// Activity on one day.
public struct DayActivity: Sendable, Equatable {
  public var answers = 0
  public var correct = 0
  public var seconds = 0.0
  /// Cards scheduled for the first time that day (for the daily new-card limit).
  public var newCards = 0

  init(answers: Int = 0, correct: Int = 0, seconds: Double = 0, newCards: Int = 0) {
    self.answers = answers
    self.correct = correct
    self.seconds = seconds
    self.newCards = newCards
  }
}

/// What applying an undoable event changed, so that `undone` can put it back.
struct UndoEntry: LedgerStep, Sendable, Equatable {
  public var sequence: Int
  /// Shown when undoing: `answer to swiftui-basics/q3`.
  public var summary: String {
    get { summaryText.text }
    set { summaryText = .text(newValue) }
  }
  /// The summary, worded only when shown or written (an answer's is built from its question).
  private var summaryText: UndoSummary

  var previousQuestions = UndoValues<QuestionRef, QuestionProgress?>()
  var previousSessions: [String: SessionProgress?] = [:]
  var previousDays = UndoValues<Int64, DayActivity?>()
  /// The run as it was before (when the event changed a run), and how many runs had ended then.
  var previousRun: QuizRun?
  /// A run as it was before an `override` changed one of its outcomes: put back where it is
  /// (active or ended), never reopened.
  var overriddenRun: QuizRun?
  var previousBankScores: [String: ScoreStats?] = [:]
  /// The scheduler weights before a `parametersAdopted`.
  var previousParameters: ParameterState?

  init(sequence: Int, summary: String) {
    self.sequence = sequence
    self.summaryText = .text(summary)
  }

  /// The entry of an answer to `question`: its summary is `answer to BANK/QUESTION`.
  init(sequence: Int, answerTo question: QuestionRef) {
    self.sequence = sequence
    self.summaryText = .answer(question)
  }
}

/// An undo entry's summary: text, or an answer's, worded when asked for. Equal when the words are.
private enum UndoSummary: Sendable, Equatable {
  case text(String)
  case answer(QuestionRef)

  var text: String {
    switch self {
    case .text(let s): s
    case .answer(let ref): "answer to \(ref)"
    }
  }

  static func == (a: Self, b: Self) -> Bool {
    switch (a, b) {
    case (.answer(let x), .answer(let y)): x == y
    default: a.text == b.text
    }
  }
}

/// The last scheduler built, reused while the settings stay the same (building one computes its
/// model and steps, which replaying a long history did once per answer). A cache, not progress:
/// any two caches are equal, so progress compares as before.
struct SchedulerCache: Sendable, Equatable {
  private var built: FSRSScheduler?

  /// A review by the scheduler for `settings` (built when they changed), without copying the
  /// scheduler out of the cache.
  mutating func review(
    _ card: FSRSCard, rating: Rating, at: Timestamp, random: inout SplitMix64, settings: SchedulerSettings,
    skippingLearningSteps: Bool = false
  ) -> FSRSCard {
    if built?.settings != settings { built = FSRSScheduler(settings: settings) }
    return built.unsafelyUnwrapped.review(
      card, rating: rating, at: at, random: &random, skippingLearningSteps: skippingLearningSteps)
  }

  static func == (a: Self, b: Self) -> Bool { true }
}
