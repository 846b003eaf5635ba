/// The class part of a report (`--all-profiles`): totals over learners and an item analysis of
/// every question, as Moodle's quiz statistics report has it.
public struct ClassReport: Sendable, Equatable {
  public var totals: ClassTotals
  /// Questions answered by at least one learner in the period, in bank order.
  public var items: [ItemAnalysis]
  /// Moodle's quiz statistics of every test (bank or checkpoint) with a counted attempt.
  public var statistics = ClassStatistics(choice: .first, tests: [])
}

public struct ClassTotals: Sendable, Equatable {
  public var profiles: Int
  /// Learners with at least one answer in the period (these are ranked for discrimination).
  public var activeLearners: Int
  public var sessionsCompleted: Int
  public var answers: Int
  /// Mean credit over every learner's answers (weighted by answers). Answers, accuracy and time
  /// studied count the period with `--since` (``ProfileReport/counted``).
  public var accuracy: Double?
  public var secondsStudied: Double
}

/// How one question worked across the class, from each learner's first answer in the period.
///
/// - facility: the mean first-answer credit (0...1); Moodle's facility index.
/// - discrimination: mean credit of the top third of learners (ranked by their total first-answer
///   credit over all questions) minus that of the bottom third, -1...1; nil with fewer than three
///   ranked learners or when a group has no answer to this question.
public struct ItemAnalysis: Sendable, Equatable {
  public var ref: QuestionRef
  public var title: String
  public var type: String
  /// Learners who answered it (one first answer each).
  public var learners: Int
  /// All answers to it, repeats included.
  public var answers: Int
  public var facility: Double
  public var discrimination: Double?
  /// Choice questions, true/false and self-graded ones: how often each option was picked.
  public var options: [OptionCount]
  /// Other types: the most frequent first answers (at most five).
  public var responses: [ResponseCount]
  /// Why the question stands out (empty when it looks fine).
  public var flags: [String]
}

public struct OptionCount: Sendable, Equatable {
  /// `a`, `b`, …, `true`/`false`, or a self-grade.
  public var option: String
  public var text: String
  public var correct: Bool
  /// Learners whose first answer picked it.
  public var count: Int
}

public struct ResponseCount: Sendable, Equatable {
  public var response: String
  public var count: Int
  /// Mean credit of these answers.
  public var score: Double
}

/// The parts of the item analysis that look at one question (``ClassReportStream`` gathers the
/// counts they read).
enum ItemAnalysisBuilder {
  /// Option counts for choice, true/false and self-graded questions, from the first answers chosen
  /// (each text with the number of learners who chose it); empty for other types.
  static func optionCounts(_ q: Question, _ responses: [(response: String, count: Int, score: Double)])
    -> [OptionCount]
  {
    func letters(_ r: String) -> [Int] {
      var out: [Int] = []
      for ch in r.lowercased().unicodeScalars where ch.value >= 0x61 && ch.value <= 0x7A {
        let k = Int(ch.value - 0x61)
        if !out.contains(k) { out.append(k) }
      }
      return out
    }
    switch q.body {
    case .single(let choices, let answer):
      var counts = Array(repeating: 0, count: choices.count)
      for r in responses { if let k = letters(r.response).first, k < counts.count { counts[k] += r.count } }
      return choices.indices.map {
        OptionCount(option: choiceLetter($0), text: choices[$0].text, correct: $0 == answer, count: counts[$0])
      }
    case .multiple(let choices, let answers):
      var counts = Array(repeating: 0, count: choices.count)
      for r in responses { for k in letters(r.response) where k < counts.count { counts[k] += r.count } }
      return choices.indices.map {
        OptionCount(option: choiceLetter($0), text: choices[$0].text, correct: answers.contains($0), count: counts[$0])
      }
    case .truefalse(let answer, _, _):
      let yes = responses.filter { $0.response == "true" }.reduce(0) { $0 + $1.count }
      let no = responses.filter { $0.response == "false" }.reduce(0) { $0 + $1.count }
      return [
        OptionCount(option: "true", text: "True", correct: answer, count: yes),
        OptionCount(option: "false", text: "False", correct: !answer, count: no),
      ]
    case .flashcard, .openEnded:
      return SelfGrade.allCases.map { g in
        OptionCount(
          option: g.rawValue, text: g.rawValue, correct: g.score >= 0.9999,
          count: responses.filter { $0.response == g.rawValue }.reduce(0) { $0 + $1.count })
      }
    default:
      return []
    }
  }

  /// The most frequent first answers (at most five), from the answers grouped by text (each with
  /// its learners and their summed credit).
  static func topResponses(_ groups: [(response: String, count: Int, score: Double)]) -> [ResponseCount] {
    groups.map { ResponseCount(response: $0.response, count: $0.count, score: $0.score / Double($0.count)) }
      .sorted { ($1.count, $0.response) < ($0.count, $1.response) }
      .prefix(5).map { $0 }
  }

  /// Thresholds as teachers use them with Moodle's statistics: facility under 30 % or over 90 %,
  /// discrimination under 0.2 (negative is a warning sign), distractors more popular than the key
  /// or never chosen.
  static func flags(_ item: ItemAnalysis, _ options: ReportOptions) -> [String] {
    guard item.learners >= options.minimumItemLearners else { return [] }
    var flags: [String] = []
    if item.facility < 0.3 { flags.append("hard: facility under 30% (check the answer key and the wording)") }
    if item.facility > 0.9 { flags.append("very easy: facility over 90%") }
    if let d = item.discrimination {
      if d < 0 {
        flags.append("negative discrimination: stronger learners do worse than weaker ones (check the key)")
      } else if d < 0.2 {
        flags.append("weak discrimination (under 0.20)")
      }
    }
    let right = item.options.filter(\.correct).map(\.count).max() ?? 0
    if item.type == "single" || item.type == "multiple" || item.type == "truefalse" {
      for o in item.options where !o.correct && o.count > right {
        flags.append("distractor \(o.option) chosen more often than the answer")
      }
      if item.learners >= 2 * options.minimumItemLearners {
        for o in item.options where !o.correct && o.count == 0 && item.type != "truefalse" {
          flags.append("distractor \(o.option) never chosen")
        }
      }
    }
    return flags
  }
}
