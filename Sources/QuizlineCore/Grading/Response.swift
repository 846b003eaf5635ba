/// A learner's answer to one question, parsed from what they typed.
public enum Response: Sendable, Equatable, Hashable {
  case choice(Int)
  case choices([Int])
  case bool(Bool)
  case text(String)
  case number(Double)
  /// For each left item (in pair order), the index of the right item chosen (display order).
  case matching([Int])
  /// Item indices (display order) in the order the learner put them.
  case ordering([Int])
  case gaps([String])
  /// Self-graded questions: the learner's own rating, and what they wrote for an open question.
  case selfGraded(SelfGrade, written: String?)

  /// How the response is written back for the journal and reports: the compact syntax the learner types.
  public var typed: String {
    switch self {
    case .choice(let i): choiceLetter(i)
    case .choices(let a): a.map(choiceLetter).joined(separator: ",")
    case .bool(let b): b ? "true" : "false"
    case .text(let s): s
    case .number(let d): d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    case .matching(let m): m.enumerated().map { "\($0.offset + 1)\(choiceLetter($0.element))" }.joined(separator: " ")
    case .ordering(let o): o.map(choiceLetter).joined(separator: " ")
    case .gaps(let g): g.joined(separator: " | ")
    case .selfGraded(let grade, _): grade.rawValue
    }
  }
}

/// The four self-grades, which are also the FSRS ratings.
public enum SelfGrade: String, Sendable, Equatable, Hashable, CaseIterable {
  case again, hard, good, easy

  /// Score used in quiz totals: again 0, hard 0.5, good and easy 1.
  public var score: Double {
    switch self {
    case .again: 0
    case .hard: 0.5
    case .good, .easy: 1
    }
  }

  /// Parses `again`/`hard`/`good`/`easy`, their first letters, or 1-4.
  init?(typed: String) {
    switch typed.lowercased() {
    case "again", "a", "1": self = .again
    case "hard", "h", "2": self = .hard
    case "good", "g", "3": self = .good
    case "easy", "e", "4": self = .easy
    default: return nil
    }
  }
}

/// The outcome of grading one response.
public struct Grade: Sendable, Equatable {
  /// Credit in 0…1.
  public var score: Double
  /// Feedback lines specific to what was answered (per-choice, per-answer, other-answer feedback).
  public var feedback: [String]
  /// Accepted answers that typed near misses were taken for (typo tolerance): "Check the spelling".
  var spelling: [String]

  var isCorrect: Bool { score >= 0.9999 }
  var isPartial: Bool { score > 0 && !isCorrect }

  init(score: Double, feedback: [String] = [], spelling: [String] = []) {
    self.score = min(1, max(0, score))
    self.feedback = feedback
    self.spelling = spelling
  }
}
