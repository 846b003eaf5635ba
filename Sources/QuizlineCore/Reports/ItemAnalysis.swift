/// The class part of a report (`--all-profiles`): totals over learners and an item analysis of
/// every question, as Moodle's quiz statistics report has it.
public struct ClassReport: Sendable, Equatable {
  public var totals: ClassTotals
  /// Questions answered by at least one learner in the period, in bank order.
  public var items: [ItemAnalysis]
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

enum ItemAnalysisBuilder {
  static func classReport(catalog: Catalog, inputs: [ReportInput], profiles: [ProfileReport], options: ReportOptions)
    -> ClassReport
  {
    // Each learner's first answers by question reference text.
    var firsts: [[String: (score: Double, response: String)]] = []
    var counts: [String: Int] = [:]
    for input in inputs {
      var mine: [String: (Double, String)] = [:]
      if let h = input.history {
        for (q, f) in h.accumulator.firstAnswers { mine[h.table[q]] = (f.score, h.table[f.response]) }
        for (q, n) in h.accumulator.answerCounts where n > 0 { counts[h.table[q], default: 0] += n }
      }
      firsts.append(mine)
    }
    let totals = firsts.map { $0.values.reduce(0.0) { $0 + $1.score } }
    let ranked = firsts.indices.filter { !firsts[$0].isEmpty }
      .sorted { (-totals[$0], inputs[$0].profile) < (-totals[$1], inputs[$1].profile) }
    let third = ranked.count / 3
    let upper = third > 0 ? Array(ranked.prefix(third)) : []
    let lower = third > 0 ? Array(ranked.suffix(third)) : []
    var items: [ItemAnalysis] = []
    for bank in catalog.banks {
      for q in bank.questions {
        let ref = QuestionRef(bank: bank.id, question: q.id)
        let key = ref.description
        let answers = firsts.compactMap { $0[key] }
        guard !answers.isEmpty else { continue }
        func mean(_ group: [Int]) -> Double? {
          let scores = group.compactMap { firsts[$0][key]?.score }
          return scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count)
        }
        var discrimination: Double?
        if let u = mean(upper), let l = mean(lower) { discrimination = u - l }
        var item = ItemAnalysis(
          ref: ref, title: Renderer.shortPrompt(q), type: q.typeName, learners: answers.count,
          answers: counts[key] ?? answers.count,
          facility: answers.reduce(0) { $0 + $1.score } / Double(answers.count), discrimination: discrimination,
          options: optionCounts(q, answers.map(\.response)), responses: [], flags: [])
        if item.options.isEmpty { item.responses = topResponses(answers) }
        item.flags = flags(item, options)
        items.append(item)
      }
    }
    let answers = profiles.reduce(0) { $0 + $1.counted.answers }
    let credit = profiles.reduce(0.0) { $0 + ($1.counted.accuracy ?? 0) * Double($1.counted.answers) }
    let klass = ClassTotals(
      profiles: profiles.count, activeLearners: ranked.count,
      sessionsCompleted: profiles.reduce(0) { $0 + $1.summary.sessionsCompleted },
      answers: answers, accuracy: answers > 0 ? credit / Double(answers) : nil,
      secondsStudied: profiles.reduce(0) { $0 + $1.counted.secondsStudied })
    return ClassReport(totals: klass, items: items)
  }

  /// Option counts for choice, true/false and self-graded questions; empty for other types.
  static func optionCounts(_ q: Question, _ responses: [String]) -> [OptionCount] {
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
      for r in responses { if let k = letters(r).first, k < counts.count { counts[k] += 1 } }
      return choices.indices.map {
        OptionCount(option: choiceLetter($0), text: choices[$0].text, correct: $0 == answer, count: counts[$0])
      }
    case .multiple(let choices, let answers):
      var counts = Array(repeating: 0, count: choices.count)
      for r in responses { for k in letters(r) where k < counts.count { counts[k] += 1 } }
      return choices.indices.map {
        OptionCount(option: choiceLetter($0), text: choices[$0].text, correct: answers.contains($0), count: counts[$0])
      }
    case .truefalse(let answer, _, _):
      let yes = responses.filter { $0 == "true" }.count
      let no = responses.filter { $0 == "false" }.count
      return [
        OptionCount(option: "true", text: "True", correct: answer, count: yes),
        OptionCount(option: "false", text: "False", correct: !answer, count: no),
      ]
    case .flashcard, .openEnded:
      return SelfGrade.allCases.map { g in
        OptionCount(
          option: g.rawValue, text: g.rawValue, correct: g.score >= 0.9999,
          count: responses.filter { $0 == g.rawValue }.count)
      }
    default:
      return []
    }
  }

  static func topResponses(_ answers: [(score: Double, response: String)]) -> [ResponseCount] {
    var groups: [String: (count: Int, score: Double)] = [:]
    for a in answers {
      var g = groups[a.response] ?? (0, 0)
      g.count += 1
      g.score += a.score
      groups[a.response] = g
    }
    return groups.map {
      ResponseCount(response: $0.key, count: $0.value.count, score: $0.value.score / Double($0.value.count))
    }
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
