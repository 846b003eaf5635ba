/// One question of a bank. What is shared by all types lives here; what depends on the type lives in ``QuestionBody``.
public struct Question: Sendable, Equatable, Hashable {
  /// Stable identifier, unique within its bank, `[a-z0-9][a-z0-9-]{0,63}`.
  public var id: String
  /// Optional short name used in lists (GIFT `::title::`); the prompt is used when absent.
  public var title: String?
  /// The question text (for a flashcard: its front).
  public var prompt: String
  /// Shown after answering: why the answer is right and the tempting ones wrong.
  public var explanation: String
  public var hint: String?
  public var tags: [String]
  public var difficulty: Difficulty?
  public var source: SourceReference?
  /// The note this card belongs to (an id, unique within its bank): the questions of one bank that
  /// share a note are siblings (an Anki note's cards, both ways of a two-way Markdown card), which
  /// `config bury-siblings` keeps apart for the day. Nil: a note of its own.
  public var note: String?
  public var body: QuestionBody

  /// Inlinable: called from another module (the bank decoders), the init copied the whole question
  /// into its result and destroyed the original (a retain and a release of every field).
  @inlinable public init(
    id: String, title: String? = nil, prompt: String, explanation: String, hint: String? = nil,
    tags: [String] = [], difficulty: Difficulty? = nil, source: SourceReference? = nil, note: String? = nil,
    body: QuestionBody
  ) {
    self.id = id
    self.title = title
    self.prompt = prompt
    self.explanation = explanation
    self.hint = hint
    self.tags = tags
    self.difficulty = difficulty
    self.source = source
    self.note = note
    self.body = body
  }

  /// The type name as written in bank files (`"single"`, `"cloze"`, …).
  public var typeName: String { body.kind.rawValue }
}

/// The ten question types of the bank format.
public enum QuestionKind: String, Sendable, Equatable, Hashable, CaseIterable {
  case single, multiple, truefalse, text, numeric, matching, ordering, cloze, flashcard, open

  /// Self-graded types: the learner rates their own recall (again/hard/good/easy).
  var isSelfGraded: Bool { self == .flashcard || self == .open }
}

/// The type-specific part of a question.
public enum QuestionBody: Sendable, Equatable, Hashable {
  /// One correct choice (`answer` is its 0-based index).
  case single(choices: [Choice], answer: Int)
  /// A set of correct choices (sorted 0-based indices), partial credit.
  case multiple(choices: [Choice], answers: [Int])
  /// A statement that is true or false, with optional feedback for each response.
  case truefalse(answer: Bool, feedbackTrue: String?, feedbackFalse: String?)
  /// Short answer matched against accepted answers (case, surrounding and repeated spaces ignored).
  case text(accept: [TextAnswer], ignorePunctuation: Bool, otherFeedback: String?)
  /// A number, accepted within a tolerance or a range.
  case numeric(accept: [NumericAnswer], unit: String?, otherFeedback: String?)
  /// Pair each left item with a right item; `distractors` are extra right items.
  case matching(pairs: [MatchPair], distractors: [String])
  /// Items listed in their correct order; shown shuffled.
  case ordering(items: [String])
  /// A text with numbered gaps `{{1}}`, `{{2}}`, …, one ``ClozeGap`` per gap in order.
  case cloze(text: String, gaps: [ClozeGap])
  /// Front (the prompt) and back; self-graded.
  case flashcard(back: String)
  /// A long or analytical question: the learner writes, then compares with the model answer; self-graded.
  case openEnded(modelAnswer: String, keyPoints: [String])

  public var kind: QuestionKind {
    switch self {
    case .single: .single
    case .multiple: .multiple
    case .truefalse: .truefalse
    case .text: .text
    case .numeric: .numeric
    case .matching: .matching
    case .ordering: .ordering
    case .cloze: .cloze
    case .flashcard: .flashcard
    case .openEnded: .open
    }
  }
}

/// A choice of a `single` or `multiple` question.
public struct Choice: Sendable, Equatable, Hashable {
  public var text: String
  /// Shown when the learner picks this choice.
  public var feedback: String?
  /// Optional explicit credit in [-1, 1] for picking it (imported GIFT weights); nil means the default scoring.
  public var credit: Double?

  public init(text: String, feedback: String? = nil, credit: Double? = nil) {
    self.text = text
    self.feedback = feedback
    self.credit = credit
  }
}

/// An accepted (or, with credit 0, a known wrong) short answer.
public struct TextAnswer: Sendable, Equatable, Hashable {
  public var text: String
  /// Credit in [0, 1]; 1 is fully right, 0 a known wrong answer that has feedback.
  public var credit: Double
  public var feedback: String?

  public init(text: String, credit: Double = 1, feedback: String? = nil) {
    self.text = text
    self.credit = credit
    self.feedback = feedback
  }
}

/// An accepted numeric answer: a value with tolerance, or an inclusive range.
public struct NumericAnswer: Sendable, Equatable, Hashable {
  public enum Match: Sendable, Equatable, Hashable {
    case value(Double, tolerance: Double)
    case range(min: Double, max: Double)
  }
  public var match: Match
  public var credit: Double
  public var feedback: String?

  public init(match: Match, credit: Double = 1, feedback: String? = nil) {
    self.match = match
    self.credit = credit
    self.feedback = feedback
  }

  /// Whether `x` is accepted by this answer.
  public func accepts(_ x: Double) -> Bool {
    switch match {
    case .value(let v, let tolerance): abs(x - v) <= tolerance + 1e-9 * max(1, abs(v))
    case .range(let lo, let hi): x >= lo && x <= hi
    }
  }
}

/// One pair of a matching question.
public struct MatchPair: Sendable, Equatable, Hashable {
  public var left: String
  public var right: String

  public init(left: String, right: String) {
    self.left = left
    self.right = right
  }
}

/// One gap of a cloze question.
public struct ClozeGap: Sendable, Equatable, Hashable {
  public var accept: [TextAnswer]
  public var ignorePunctuation: Bool

  public init(accept: [TextAnswer], ignorePunctuation: Bool = false) {
    self.accept = accept
    self.ignorePunctuation = ignorePunctuation
  }
}
