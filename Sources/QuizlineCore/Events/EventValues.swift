/// The values events carry: where a run is drawn from, how it began, an answer, how a run ended.

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
  var bankHashes: [String: String]
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
  var selfGrade: SelfGrade?
  /// Certainty 1-3 for certainty-based marking, when the run uses it.
  public var certainty: Int?
  /// The FSRS rating this answer gives the card; nil for practice (cram) answers.
  public var rating: Rating?
  /// What the learner wrote for an open question (kept so it can be looked at again).
  public var written: String?
  /// A right answer to an auto-graded question whose card is new or in its learning steps
  /// (`config auto-graded-steps skip`): the card graduates without the learning steps. Decided when
  /// answered and recorded, so replay schedules as live did whatever the settings say later, and an
  /// older journal (without the field) replays as it always did (journal field `skipSteps`).
  public var skipsLearningSteps: Bool
  /// The interval in days the load balancer and easy days chose within the fuzz range (journal
  /// field `days`); nil when the seeded fuzz decides (no choice, both options off, or an older
  /// journal). Decided when answered, so replay needs no due counts.
  public var scheduledDays: Int?

  public init(
    run: Int, question: QuestionRef, response: String, score: Double, seconds: Double, selfGrade: SelfGrade? = nil,
    certainty: Int? = nil, rating: Rating? = nil, written: String? = nil, skipsLearningSteps: Bool = false,
    scheduledDays: Int? = nil
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
    self.skipsLearningSteps = skipsLearningSteps
    self.scheduledDays = scheduledDays
  }

  var isCorrect: Bool { score >= 0.9999 }
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
  var answeredAt: Timestamp
  var previousScore: Double
  public var score: Double
  public var rating: Rating?
  /// The overruled answer now counts as right and its card was new or in its learning steps: the
  /// card graduates without them, as a right answer would have (see ``AnswerRecord``).
  public var skipsLearningSteps = false
  /// The interval chosen by load and easy days for the rescheduled card (see ``AnswerRecord``).
  public var scheduledDays: Int?
}

extension RunSource {
  /// How journal lines and snapshots write a run's source: `bank:ID`, `checkpoint:ID`, `review`,
  /// `cram`, `retry`.
  var journalText: String {
    switch self {
    case .bank(let id): "bank:\(id)"
    case .checkpoint(let id): "checkpoint:\(id)"
    case .review: "review"
    case .cram: "cram"
    case .retry: "retry"
    }
  }

  /// The source a journal line or snapshot names; nil when it is none of the forms above.
  public init?(journalText text: String) {
    if text == "review" {
      self = .review
    } else if text == "cram" {
      self = .cram
    } else if text == "retry" {
      self = .retry
    } else if text.hasPrefix("bank:") {
      self = .bank(String(text.dropFirst(5)))
    } else if text.hasPrefix("checkpoint:") {
      self = .checkpoint(session: String(text.dropFirst(11)))
    } else {
      return nil
    }
  }
}
