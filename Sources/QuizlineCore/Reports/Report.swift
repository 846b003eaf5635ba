/// A progress report: every number a dashboard or an exported file shows, computed once by
/// ``ReportBuilder`` from the catalog, the progress state, the journal history and the clock.
///
/// Renderers (``DashboardRenderer``, ``MarkdownReportRenderer``, ``JSONReportRenderer``,
/// ``CSVReportRenderer``, ``HTMLReportRenderer``) only format it, so every format says the same.
public struct Report: Sendable, Equatable {
  /// The version of the JSON form (`schemas/report.schema.json`).
  public static let schemaVersion = 2

  public var generatedAt: Timestamp
  /// First UTC day of the period (`--since`); nil means all history.
  public var sinceDay: Int64?
  /// One entry for a learner's report; every profile for a class report.
  public var profiles: [ProfileReport]
  /// Present for a class report (`--all-profiles`).
  public var classReport: ClassReport?

  public var isClass: Bool { classReport != nil }
}

/// Everything about one learner.
public struct ProfileReport: Sendable, Equatable {
  public var profile: String
  public var summary: ReportSummary
  /// Totals of the period, when the report has one (`--since`).
  public var period: PeriodSummary?
  public var courses: [CourseRow]
  /// Every session of the catalog: those of courses first, in course order, then the others by id.
  public var sessions: [SessionRow]
  public var banks: [BankRow]
  /// Tags with at least ``ReportOptions/minimumTagAnswers`` answers and under 100 %, weakest
  /// (lowest accuracy) first.
  public var weakestTags: [TagRow]
  public var flagged: [QuestionLabel]
  /// Questions due now, most overdue first.
  public var dueNow: [QuestionLabel]
  /// One entry per UTC day of the activity window, oldest first (days without answers included).
  public var activity: [DayRow]
  /// Questions with progress (answered or flagged), in reference order.
  public var questions: [QuestionRow]
  /// The attempt log (only when asked for: CSV).
  public var attempts: AttemptLog?
  public var history: HistoryInfo?
  /// Reviews due per UTC day, today (with the overdue ones) first (``ReportBuilder/forecastDays``).
  public var forecast: [ForecastDay] = []
  /// Cards tagged leeches, most lapses first.
  public var leeches: [LeechRow] = []
  /// Parameters in use, their fit and true retention by interval (when the reviews were read).
  public var scheduler: SchedulerReport?
}

extension ProfileReport {
  /// What a class report counts for this learner: with `--since`, the period's answers, accuracy and
  /// time studied (as the active learners and the test statistics); without, everything. Sessions,
  /// streaks and the last active day are always as of now.
  public var counted: (answers: Int, accuracy: Double?, secondsStudied: Double) {
    if let p = period { return (p.answers, p.accuracy, p.secondsStudied) }
    return (summary.answers, summary.accuracy, summary.secondsStudied)
  }
}

/// The overall numbers, all from the progress state (the same as `status` and `list` show).
public struct ReportSummary: Sendable, Equatable {
  public var sessionsCompleted: Int
  public var sessionsTotal: Int
  /// Questions of the catalog answered at least once.
  public var questionsAttempted: Int
  public var questionsTotal: Int
  /// Answers recorded (every attempt since the question's last reset).
  public var answers: Int
  /// Mean credit per answer, 0...1; nil before the first answer.
  public var accuracy: Double?
  public var secondsStudied: Double
  /// Consecutive UTC days with answers ending today (or yesterday, when today has none yet).
  public var streakDays: Int
  public var longestStreakDays: Int
  public var lastActiveDay: Int64?
  public var flaggedCount: Int
  public var dueNow: Int
  /// Due before the end of today (UTC), including those due now.
  public var dueToday: Int
  /// New cards `review` would still introduce today.
  public var newToday: Int
  /// When the first scheduled card of a loaded question is due (nil when none is scheduled).
  public var nextReview: Timestamp? = nil
  /// New cards are waiting but today's allowance of them is used up.
  public var newCardsDoneToday = false
  /// Questions suspended (by the learner, or suspended or buried in Anki): never due, never new; not flagged.
  public var suspendedCount = 0
}

/// Totals from `sinceDay` to today.
public struct PeriodSummary: Sendable, Equatable {
  public var fromDay: Int64
  public var toDay: Int64
  public var answers: Int
  public var correct: Int
  /// Mean credit per answer in the period (from the attempt log); nil without answers.
  public var accuracy: Double?
  public var secondsStudied: Double
  public var activeDays: Int
}

public struct CourseRow: Sendable, Equatable {
  public var id: String
  public var title: String
  public var completed: Int
  public var total: Int
}

public struct SessionRow: Sendable, Equatable {
  public var id: String
  public var title: String
  public var course: String?
  /// 1-based position in its course.
  public var position: Int?
  public var completedAt: Timestamp?
  public var checkpointQuestions: Int
  public var passPercent: Int?
  public var bestCheckpointPercent: Int?
}

public struct BankRow: Sendable, Equatable {
  public var id: String
  public var title: String
  public var questions: Int
  public var questionsAttempted: Int
  public var answers: Int
  public var accuracy: Double?
  /// Quiz scores from the progress state (nil before the first quiz ended).
  public var scores: ScoreStats?
  /// Each quiz that counts, oldest first (from the history; empty without one).
  public var scoreHistory: [ScorePoint]
  /// Checkpoint quizzes that asked this bank's questions (nil when none did).
  public var checkpoints: CheckpointFigures?
}

public struct TagRow: Sendable, Equatable {
  public var tag: String
  public var questions: Int
  public var answers: Int
  public var accuracy: Double
}

/// A question named in a list: its reference and a short title.
/// A leech of the report: the question and its lapses.
public struct LeechRow: Sendable, Equatable {
  public var question: QuestionLabel
  public var lapses: Int
  /// Suspended (by `leech-action suspend`, or by hand).
  public var suspended: Bool
}

public struct QuestionLabel: Sendable, Equatable {
  public var ref: QuestionRef
  /// Empty when the question is not in the catalog (see ``bankLoaded`` for why).
  public var title: String
  /// False when the question's bank is not among the loaded quizzes folders: the question may
  /// well exist, so it is not called removed.
  var bankLoaded = true
  /// The images the question's prompt shows beyond its title (an imported Anki card's picture is
  /// usually on a line of its own): the HTML report shows them after the title.
  public var images: [MediaReference] = []
}

public struct DayRow: Sendable, Equatable {
  public var day: Int64
  public var answers: Int
  public var correct: Int
  public var seconds: Double
  public var newCards: Int
}

public struct QuestionRow: Sendable, Equatable {
  public var ref: QuestionRef
  public var title: String
  /// Question type (`single`, …); nil when the question is no longer in its bank.
  public var type: String?
  public var attempts: Int
  public var correct: Int
  public var accuracy: Double?
  public var lastScore: Double?
  public var lastAnsweredAt: Timestamp?
  public var flagged: Bool
  public var due: Timestamp?
}

/// What the history covered.
public struct HistoryInfo: Sendable, Equatable {
  public var firstSequence: Int?
  public var lastSequence: Int
  public var events: Int
  /// False when earlier events are missing from the archive (history-based parts are then partial).
  public var complete: Bool
  public var unreadableLines: Int
}
