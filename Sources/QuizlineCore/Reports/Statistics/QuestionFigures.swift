/// The per-question figures of Moodle's quiz statistics, over the counted attempts that answered
/// the question.
///
/// The discrimination index is the correlation of the question's mark with the rest of the test,
/// and the discriminative efficiency that covariance over the largest one the same marks allow
/// (both sorted). Moodle's rest of the test is `X − x_i`; quizline takes the mean mark of the
/// attempt's other questions, `(X − x_i)/(n − 1)`, so that attempts of different lengths (a quiz
/// taken with `--count`) compare. When every attempt answered the whole test the two are the same
/// figures: a correlation, and a ratio of covariances, do not change when one side is divided by
/// the same number.
enum QuestionFigures {
  struct Figures {
    var facility: Figure
    var standardDeviation: Figure
    var discriminationIndex: Figure
    var discriminativeEfficiency: Figure
  }

  /// The figures of slot `k` over `attempts`.
  static func figures(slot k: Int, _ attempts: [TestAttempt]) -> Figures {
    var marks: [Double] = []
    var paired: [(mark: Double, rest: Double)] = []
    for a in attempts {
      guard let x = a.marks[k] else { continue }
      marks.append(x)
      let others = a.answered - 1
      if others > 0 { paired.append((x, (a.sum - x) / Double(others))) }
    }
    var f = Figures(
      facility: .undefined("not answered"), standardDeviation: .undefined(TestFigures.oneAttempt),
      discriminationIndex: .undefined("needs two attempts that also answered other questions"),
      discriminativeEfficiency: .undefined("needs two attempts that also answered other questions"))
    guard !marks.isEmpty else { return f }
    f.facility = .value(100 * Moments.mean(marks))
    if let v = Moments.variance(marks) { f.standardDeviation = .value(100 * v.squareRoot()) }
    guard paired.count > 1 else { return f }
    let xs = paired.map(\.mark)
    let rs = paired.map(\.rest)
    let vx = Moments.variance(xs)!
    let vr = Moments.variance(rs)!
    if Moments.isZero(vx) {
      let same = "every attempt got the same mark on it (no variance)"
      f.discriminationIndex = .undefined(same)
      f.discriminativeEfficiency = .undefined(same)
      return f
    }
    if Moments.isZero(vr) {
      let same = "the rest of the test has the same mark in every attempt (no variance)"
      f.discriminationIndex = .undefined(same)
      f.discriminativeEfficiency = .undefined(same)
      return f
    }
    // A covariance that is zero but for rounding (the rest of the test is a mean of marks) is zero:
    // its sign would otherwise flag the question as discriminating negatively.
    let rawCov = Moments.covariance(xs, rs)!
    let cov = Moments.isZero(abs(rawCov)) ? 0 : rawCov
    f.discriminationIndex = .value(100 * cov / (vx * vr).squareRoot())
    let covMax = Moments.covariance(xs.sorted(), rs.sorted())!
    f.discriminativeEfficiency =
      Moments.isZero(covMax) ? .undefined("the marks allow no covariance") : .value(100 * cov / covMax)
    return f
  }

  /// Moodle's random guess score (percent): the expected mark of a random answer. Moodle defines it
  /// for single choice (the mean mark of its choices: 1/choices when only the key earns a mark),
  /// true/false (50), matching (1/answers), short answers and numbers and cloze gaps, which are
  /// typed (0); not for multiple-answer questions.
  static func randomGuessScore(_ q: Question) -> Figure {
    switch q.body {
    case .single(let choices, let answer):
      guard !choices.isEmpty else { return .undefined("no choices") }
      // Each choice's mark as the grader gives it: 1 for the key, else its credit (never below 0).
      var marks = 0.0
      for k in choices.indices { marks += k == answer ? 1 : max(0, choices[k].credit ?? 0) }
      return .value(100 * marks / Double(choices.count))
    case .truefalse:
      return .value(50)
    case .matching(let pairs, let distractors):
      let answers = Set(pairs.map(\.right)).count + distractors.count
      return answers == 0 ? .undefined("no answers") : .value(100 / Double(answers))
    case .text, .numeric, .cloze:
      return .value(0)
    case .multiple:
      return .undefined("not defined for multiple-answer questions (nor in Moodle)")
    case .ordering:
      return .undefined("not defined for ordering questions")
    case .flashcard, .openEnded:
      return .undefined("self-graded: no guess")
    }
  }
}
