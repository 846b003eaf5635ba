@testable import QuizlineCore

/// The class report as `ReportBuilder` built it before it was streamed, kept as the oracle of
/// `ClassReportStreamTests`: every profile's report, history and first answers at once, the item
/// analysis from lists of every learner's first answers.
enum AllAtOnceClassReport {
  static func build(catalog: Catalog, inputs: [ReportInput], now: Timestamp, options: ReportOptions) -> Report {
    let profiles = inputs.map { ReportBuilder.profile($0, catalog: catalog, now: now, options: options) }
    let klass = classReport(catalog: catalog, inputs: inputs, profiles: profiles, options: options)
    return Report(generatedAt: now, sinceDay: options.sinceDay, profiles: profiles, classReport: klass)
  }

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
        item.flags = ItemAnalysisBuilder.flags(item, options)
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
}
