/// A durable fact about the learner's progress. Events are appended to the journal before they are
/// applied, and ``LearnerProgress/apply(_:)`` is the only code that changes progress, live and on replay.
public enum EventPayload: Sendable, Equatable {
  /// A quiz run began over these questions, in this order.
  case quizStarted(RunStart)
  /// A question of the active run was answered (or self-graded).
  case answered(AnswerRecord)
  /// A question of the active run was skipped.
  case skipped(run: Int, question: QuestionRef)
  /// The active run ended: all questions done (`finished`) or ended early (`ended`).
  case runEnded(run: Int, reason: RunEndReason)
  /// A question was flagged (`on`) or unflagged.
  case flagged(question: QuestionRef, on: Bool)
  case sessionCompleted(session: String)
  case sessionReopened(session: String)
  /// The event with sequence number `target` was taken back.
  case undone(target: Int)
  /// The profile's study settings were changed (the whole new value).
  case settingsChanged(ProfileSettings)
  /// Scheduling, scores (and completion, for a session) were cleared after a typed confirmation.
  case reset(ResetScope)
  /// The learner overruled the mark of an auto-graded answer (`override`): its score and rating
  /// become these, as if it had been graded so (see ``MarkOverride``).
  case overridden(MarkOverride)
  /// Questions asked again later in the active run: a review card whose next step is minutes away,
  /// or a question skipped once, offered again at the end. They are added at the run's end.
  case requeued(run: Int, questions: [QuestionRef])

  /// The event's type name in journal lines.
  public var typeName: String {
    switch self {
    case .quizStarted: "quizStarted"
    case .answered: "answered"
    case .skipped: "skipped"
    case .runEnded: "runEnded"
    case .flagged: "flagged"
    case .sessionCompleted: "sessionCompleted"
    case .sessionReopened: "sessionReopened"
    case .undone: "undone"
    case .settingsChanged: "settingsChanged"
    case .reset: "reset"
    case .overridden: "overridden"
    case .requeued: "requeued"
    }
  }
}

/// An event as recorded: its payload, its place in the journal and when it happened.
public struct RecordedEvent: Sendable, Equatable {
  /// 1, 2, 3, … without gaps within a profile.
  public var sequence: Int
  public var at: Timestamp
  public var payload: EventPayload

  public init(sequence: Int, at: Timestamp, payload: EventPayload) {
    self.sequence = sequence
    self.at = at
    self.payload = payload
  }
}

/// What a quiz run is drawn from.
public enum RunSource: Sendable, Equatable, Hashable {
  case bank(String)
  case checkpoint(session: String)
  case review
  case cram
  /// The questions missed in an earlier run (never counts as that run's bank or checkpoint).
  case retry

  public var label: String {
    switch self {
    case .bank(let id): id
    case .checkpoint(let s): s
    case .review: "review"
    case .cram: "cram"
    case .retry: "retry"
    }
  }
}

/// The start of a quiz run.
public struct RunStart: Sendable, Equatable {
  public var source: RunSource
  public var questions: [QuestionRef]
  public var seed: UInt64
  /// Content hash of each bank the run draws from, to notice edits when resuming.
  public var bankHashes: [String: String]
  /// Practice only: answers are recorded but do not move the schedule.
  public var practice: Bool
  public var certainty: Bool

  public init(
    source: RunSource, questions: [QuestionRef], seed: UInt64, bankHashes: [String: String] = [:],
    practice: Bool = false,
    certainty: Bool = false
  ) {
    self.source = source
    self.questions = questions
    self.seed = seed
    self.bankHashes = bankHashes
    self.practice = practice
    self.certainty = certainty
  }
}

/// One answer as recorded.
public struct AnswerRecord: Sendable, Equatable {
  public var run: Int
  public var question: QuestionRef
  /// What the learner answered, in the compact typed syntax (`b`, `a,c`, `1c 2a`, free text).
  public var response: String
  /// Credit in 0…1, as graded when answered (kept even if the bank changes later).
  public var score: Double
  /// Seconds between the question being shown and the answer (capped at 10 minutes).
  public var seconds: Double
  /// The self-grade of a flashcard or open question.
  public var selfGrade: SelfGrade?
  /// Certainty 1-3 for certainty-based marking, when the run uses it.
  public var certainty: Int?
  /// The FSRS rating this answer gives the card; nil for practice (cram) answers.
  public var rating: Rating?
  /// What the learner wrote for an open question (kept so it can be looked at again).
  public var written: String?

  public init(
    run: Int, question: QuestionRef, response: String, score: Double, seconds: Double, selfGrade: SelfGrade? = nil,
    certainty: Int? = nil, rating: Rating? = nil, written: String? = nil
  ) {
    self.run = run
    self.question = question
    self.response = response
    self.score = score
    self.seconds = seconds
    self.selfGrade = selfGrade
    self.certainty = certainty
    self.rating = rating
    self.written = written
  }

  public var isCorrect: Bool { score >= 0.9999 }
}

/// Why a run ended.
public enum RunEndReason: String, Sendable, Equatable {
  case finished, ended
}

/// An answer's mark overruled by the learner: the answer `target` (the sequence number of its
/// `answered` event, answered at `answeredAt` in run `run`) counts with `score` instead of
/// `previousScore`, and its card is scheduled with `rating` from where it was before that answer
/// (nil: a practice answer, the schedule is untouched).
public struct MarkOverride: Sendable, Equatable {
  public var run: Int
  public var question: QuestionRef
  public var target: Int
  public var answeredAt: Timestamp
  public var previousScore: Double
  public var score: Double
  public var rating: Rating?

  public init(
    run: Int, question: QuestionRef, target: Int, answeredAt: Timestamp, previousScore: Double, score: Double,
    rating: Rating?
  ) {
    self.run = run
    self.question = question
    self.target = target
    self.answeredAt = answeredAt
    self.previousScore = previousScore
    self.score = score
    self.rating = rating
  }
}
