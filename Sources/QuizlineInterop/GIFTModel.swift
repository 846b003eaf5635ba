import QuizlineCore
import QuizlineFormats

/// GIFT as Moodle reads it, before conversion to quizline's model: one entry per block of the file.
///
/// This layer mirrors Moodle's own view (fractions, text formats, `*` answers) so that it can be checked
/// against Moodle's behaviour; ``GIFTConverter`` decides what quizline makes of it.
enum GIFTItem: Sendable {
  /// `$CATEGORY: path`: applies to the following questions.
  case category(path: String, line: Int)
  case question(GIFTQuestion)
}

/// A text with the format it was written in.
struct GIFTText: Sendable, Equatable {
  var text: String
  var format: TextFormat

  static func empty(_ format: TextFormat) -> GIFTText { GIFTText(text: "", format: format) }
}

/// One parsed GIFT question.
struct GIFTQuestion: Sendable {
  /// The `::title::`, nil when there is none.
  var name: String?
  var text: GIFTText
  var generalFeedback: GIFTText
  var idnumber: String
  var tags: [String]
  /// Where the block starts.
  var line: Int
  var column: Int
  var body: GIFTBody
  /// Warnings found while parsing (the question is still imported).
  var warnings: [(line: Int, column: Int, message: String)] = []
}

/// The type-specific part of a parsed GIFT question.
enum GIFTBody: Sendable {
  case description
  case essay
  /// `single`: the block contains an unescaped `=` (radio buttons); otherwise several may be picked.
  case multichoice(single: Bool, answers: [GIFTChoice])
  case truefalse(answer: Bool, feedbackTrue: GIFTText, feedbackFalse: GIFTText)
  case shortanswer([GIFTShortAnswer])
  case numerical([GIFTNumber])
  case matching([GIFTPair])
}

struct GIFTChoice: Sendable, Equatable {
  var text: GIFTText
  /// In -1…1: `=` is 1, `~` is 0, `~%n%` is n/100.
  var fraction: Double
  var feedback: GIFTText
}

struct GIFTShortAnswer: Sendable, Equatable {
  /// As written; `*` is Moodle's wildcard.
  var text: String
  var fraction: Double
  var feedback: GIFTText
}

struct GIFTNumber: Sendable, Equatable {
  enum Value: Sendable, Equatable {
    case exact(Double, tolerance: Double)
    case range(Double, Double)
    /// `~#feedback`: any other answer.
    case any
  }
  var value: Value
  var fraction: Double
  var feedback: GIFTText
}

struct GIFTPair: Sendable, Equatable {
  /// Empty for an extra (distractor) answer.
  var question: GIFTText
  var answer: String
}

/// A problem that makes a block unusable, located at a character of the block.
struct GIFTError: Error, Sendable {
  var line: Int
  var column: Int
  var message: String
}
