/// The response (distractor) analysis of one question: how often each option, or each typed
/// answer, was given, by the upper, middle and lower groups of attempts (``ResponseAnalysis``).
enum ResponseCounts {
  /// Each attempt's group: 0 upper, 1 middle, 2 lower, from the attempts' totals. A third of the
  /// attempts (rounded down) at most go to each outer group; attempts tied across its boundary all
  /// go to the middle group.
  static func groups(_ totals: [Double]) -> [Int] {
    let n = totals.count
    let third = n / 3
    var group = Array(repeating: 1, count: n)
    guard third > 0 else { return group }
    let descending = totals.sorted(by: >)
    // Upper: totals above the (third+1)-th highest; lower: below the (third+1)-th lowest.
    let upperCut = descending[third]
    let lowerCut = descending[n - 1 - third]
    for k in 0..<n {
      if totals[k] > upperCut {
        group[k] = 0
      } else if totals[k] < lowerCut {
        group[k] = 2
      }
    }
    return group
  }

  /// The options a response picked: letters for choices (`b`, `a,c`), `true`/`false`, a self-grade.
  static func options(_ q: Question, _ response: String) -> [Int] {
    switch q.body {
    case .single, .multiple:
      var out: [Int] = []
      for ch in response.lowercased().unicodeScalars where ch.value >= 0x61 && ch.value <= 0x7A {
        let k = Int(ch.value - 0x61)
        if !out.contains(k) { out.append(k) }
      }
      if case .single = q.body { return Array(out.prefix(1)) }
      return out
    case .truefalse:
      return response == "true" ? [0] : response == "false" ? [1] : []
    case .flashcard, .openEnded:
      return SelfGrade.allCases.firstIndex { $0.rawValue == response }.map { [$0] } ?? []
    default:
      return []
    }
  }

  /// The options of a choice-like question (empty for typed answers): option, text, whether right.
  static func optionList(_ q: Question) -> [(option: String, text: String, correct: Bool)] {
    switch q.body {
    case .single(let choices, let answer):
      return choices.indices.map { (choiceLetter($0), choices[$0].text, $0 == answer) }
    case .multiple(let choices, let answers):
      return choices.indices.map { (choiceLetter($0), choices[$0].text, answers.contains($0)) }
    case .truefalse(let answer, _, _):
      return [("true", "True", answer), ("false", "False", !answer)]
    case .flashcard, .openEnded:
      return SelfGrade.allCases.map { ($0.rawValue, $0.rawValue, $0.score >= 0.9999) }
    default:
      return []
    }
  }

  /// The analysis of slot `k` of a test whose attempts fall in `groups`.
  static func analysis(_ q: Question, slot k: Int, _ attempts: [TestAttempt], groups: [Int]) -> ResponseAnalysis {
    var sizes = [0, 0, 0]
    for (a, g) in zip(attempts, groups) where a.marks[k] != nil { sizes[g] += 1 }
    var result = ResponseAnalysis(upper: sizes[0], middle: sizes[1], lower: sizes[2], choices: [], answers: [])
    let list = optionList(q)
    if !list.isEmpty {
      var counts = Array(repeating: [0, 0, 0], count: list.count)
      for (a, g) in zip(attempts, groups) {
        guard a.marks[k] != nil, let response = a.responses[k] else { continue }
        for o in options(q, response) where o < list.count { counts[o][g] += 1 }
      }
      result.choices = list.indices.map { o in
        ChoiceCount(
          option: list[o].option, text: list[o].text, correct: list[o].correct,
          count: counts[o][0] + counts[o][1] + counts[o][2], upper: counts[o][0], middle: counts[o][1],
          lower: counts[o][2])
      }
      return result
    }
    var byText: [String: (count: Int, marks: Double)] = [:]
    for a in attempts {
      guard let mark = a.marks[k], let response = a.responses[k] else { continue }
      var entry = byText[response] ?? (0, 0)
      entry.count += 1
      entry.marks += mark
      byText[response] = entry
    }
    result.answers = byText.map {
      AnswerCount(response: $0.key, count: $0.value.count, mark: $0.value.marks / Double($0.value.count))
    }
    .sorted { ($1.count, $0.response) < ($0.count, $1.response) }
    .prefix(5).map { $0 }
    return result
  }
}
