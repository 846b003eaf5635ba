import Testing

@testable import QuizlineCore

/// The edges of Moodle's quiz statistics (``TestStatisticsBuilder``): too few attempts, no variance,
/// a constant question, a partial attempt, and the random guess score of every question type. The
/// expected figures are worked out here from the formulas, on classes small enough to follow.
struct QuizStatisticsEdgeTests {
  static func single(_ id: String, credits: [Double?] = [nil, nil, nil, nil]) -> Question {
    Question(
      id: id, prompt: "Pick one", explanation: "",
      body: .single(choices: credits.map { Choice(text: "choice", credit: $0) }, answer: 0))
  }

  /// The statistics of a bank whose questions are single choice, over attempts given as marks (nil:
  /// not answered); every response is `a`.
  static func build(_ marks: [[Double?]]) -> TestStatistics {
    let n = marks.first?.count ?? 0
    let questions = (0..<n).map { (QuestionRef(bank: "b", question: "q\($0)"), single("q\($0)")) }
    let attempts = marks.map { TestAttempt(marks: $0, responses: $0.map { $0 == nil ? nil : "a" }) }
    return TestStatisticsBuilder.build(kind: .bank, id: "b", title: "B", questions: questions, attempts: attempts)
  }

  static func sampleMean(_ xs: [Double]) -> Double { xs.reduce(0, +) / Double(xs.count) }
  static func sampleCovariance(_ xs: [Double], _ ys: [Double]) -> Double {
    let mx = sampleMean(xs)
    let my = sampleMean(ys)
    return zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / Double(xs.count - 1)
  }
  static func close(_ f: Figure, _ x: Double) -> Bool { abs((f.value ?? .nan) - x) <= 1e-9 }

  /// Attempts that got all or nothing make a perfectly consistent test: Cronbach's alpha is 100
  /// exactly (the sums round to 100.00000000000001 for some classes), so the error ratio and the
  /// standard error are 0, not undefined.
  @Test func allOrNothingAttemptsGiveAnInternalConsistencyOf100AndNoError() {
    for marks: [[Double?]] in [
      [[1, 1, 1], [0, 0, 0], [0, 0, 0]], [[1, 1, 1], [1, 1, 1], [0, 0, 0]],
      [
        [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
      ],
    ] {
      let t = Self.build(marks)
      #expect(t.internalConsistency == .value(100), "\(marks)")
      #expect(t.errorRatio == .value(0) && t.standardError == .value(0), "\(t.errorRatio) \(t.standardError)")
    }
  }

  @Test func oneAttemptHasAMeanAndNothingThatNeedsASpread() {
    let t = Self.build([[1, 0, 1]])
    #expect(t.attempts == 1 && t.partialAttempts == 0)
    #expect(Self.close(t.mean, 200.0 / 3) && Self.close(t.median, 200.0 / 3))
    for f in [t.standardDeviation, t.skewness, t.kurtosis, t.internalConsistency, t.errorRatio, t.standardError] {
      #expect(f.value == nil && f.reason?.isEmpty == false, "\(f)")
    }
    let q = t.questions[0]
    #expect(q.facility == .value(100))
    for f in [q.standardDeviation, q.discriminationIndex, q.discriminativeEfficiency] {
      #expect(f.value == nil && f.reason?.isEmpty == false, "\(f)")
    }
  }

  @Test func twoAttemptsHaveASpreadButNoShapeNorConsistency() {
    let t = Self.build([[1, 1, 0], [0, 0, 0]])
    // Totals 66.67 % and 0 %: SD = |difference| / sqrt(2).
    #expect(Self.close(t.standardDeviation, 200.0 / 3 / 2.0.squareRoot()))
    for f in [t.skewness, t.kurtosis, t.internalConsistency, t.errorRatio, t.standardError] {
      #expect(f.value == nil && f.reason?.isEmpty == false, "\(f)")
    }
    // Question 0 against the rest (mean of the other two): (1, 0.5) and (0, 0): a perfect correlation.
    #expect(Self.close(t.questions[0].discriminationIndex, 100))
    #expect(Self.close(t.questions[0].discriminativeEfficiency, 100))
    #expect(Self.close(t.questions[0].standardDeviation, 100 / 2.0.squareRoot()))
  }

  @Test func identicalTotalsHaveNoShapeAndNoConsistency() {
    let t = Self.build([[1, 1, 0], [1, 0, 1], [0, 1, 1], [1, 1, 0]])
    #expect(t.standardDeviation == .value(0))
    for f in [t.skewness, t.kurtosis, t.internalConsistency, t.errorRatio, t.standardError] {
      #expect(f.value == nil && f.reason?.contains("variance") == true, "\(f)")
    }
    // Each question still correlates with the rest of its attempt (here: perfectly against it).
    #expect(Self.close(t.questions[0].discriminationIndex, -100))
  }

  @Test func aConstantQuestionHasNoDiscriminationButCountsInAlpha() {
    let marks: [[Double]] = [[1, 1, 1], [1, 1, 0], [1, 0, 0], [1, 0, 1], [1, 1, 1]]
    let t = Self.build(marks)
    let q = t.questions[0]
    #expect(q.facility == .value(100) && q.standardDeviation == .value(0))
    #expect(q.discriminationIndex.reason?.contains("same mark") == true)
    #expect(q.discriminativeEfficiency.reason?.contains("same mark") == true)
    // Alpha over the three questions, the constant one's variance (0) included: P = 3.
    let items = (0..<3).map { k in Self.sampleCovariance(marks.map { $0[k] }, marks.map { $0[k] }) }
    let totals = marks.map { $0.reduce(0, +) }
    let alpha = 100 * 3.0 / 2 * (1 - items.reduce(0, +) / Self.sampleCovariance(totals, totals))
    #expect(Self.close(t.internalConsistency, alpha))
    #expect(Self.close(t.errorRatio, 100 * (1 - alpha / 100).squareRoot()))
    #expect(Self.close(t.standardError, t.errorRatio.value! * t.standardDeviation.value! / 100))
  }

  @Test func aPartialAttemptLeavesAlphaUndefinedAndTheRestComputed() {
    let marks: [[Double?]] = [[1, 1, 1, 0], [1, 1, 1, nil], [0, 0, 1, 0], [0, 1, 0, 0], [1, 1, 0, 1]]
    let t = Self.build(marks)
    #expect(t.attempts == 5 && t.partialAttempts == 1)
    for f in [t.internalConsistency, t.errorRatio, t.standardError] {
      #expect(f.value == nil && f.reason?.contains("1 of 5 attempts were asked only part of the test") == true, "\(f)")
    }
    // Totals are percentages of what each attempt answered: 75, 100, 25, 25, 75.
    #expect(Self.close(t.mean, 60) && Self.close(t.median, 75))
    #expect(t.skewness.value != nil && t.kurtosis.value != nil)
    // Question 0's rest of the test is the mean mark of the attempt's other answered questions
    // (Moodle's X - x_i, 2 2 1 1 2, would make it a perfect correlation).
    let rest = [2.0 / 3, 1, 1.0 / 3, 1.0 / 3, 2.0 / 3]
    let x = [1.0, 1, 0, 0, 1]
    let di =
      100 * Self.sampleCovariance(x, rest)
      / (Self.sampleCovariance(x, x) * Self.sampleCovariance(rest, rest)).squareRoot()
    #expect(Self.close(t.questions[0].discriminationIndex, di))
    let de = 100 * Self.sampleCovariance(x, rest) / Self.sampleCovariance(x.sorted(), rest.sorted())
    #expect(Self.close(t.questions[0].discriminativeEfficiency, de))
    // The question the partial attempt did not reach counts the four that answered it.
    #expect(t.questions[3].attempts == 4 && Self.close(t.questions[3].facility, 25))
  }

  /// The random guess score is the expected mark of a random answer (percent); undefined where
  /// neither Moodle nor quizline can say what a random answer is.
  static let guesses: [(Question, Double)] = [
    (single("s"), 25.0),
    (single("c", credits: [nil, 0.5, nil, nil]), 37.5),
    (single("n", credits: [nil, -0.5, nil]), 100.0 / 3),
    (
      Question(
        id: "t", prompt: "p", explanation: "", body: .truefalse(answer: true, feedbackTrue: nil, feedbackFalse: nil)),
      50
    ),
    (
      Question(
        id: "x", prompt: "p", explanation: "",
        body: .text(accept: [TextAnswer(text: "a")], ignorePunctuation: false, otherFeedback: nil)), 0
    ),
    (
      Question(
        id: "n", prompt: "p", explanation: "",
        body: .numeric(accept: [NumericAnswer(match: .value(2, tolerance: 0))], unit: nil, otherFeedback: nil)), 0
    ),
    (
      Question(
        id: "m", prompt: "p", explanation: "",
        body: .matching(
          pairs: [
            MatchPair(left: "1", right: "a"), MatchPair(left: "2", right: "b"), MatchPair(left: "3", right: "c"),
          ], distractors: ["d"])), 25
    ),
    (
      Question(
        id: "z", prompt: "p", explanation: "",
        body: .cloze(text: "{{1}}", gaps: [ClozeGap(accept: [TextAnswer(text: "a")])])), 0
    ),
  ]

  @Test(arguments: guesses)
  func theRandomGuessScoreIsTheExpectedMarkOfARandomAnswer(question: Question, expected: Double) {
    #expect(Self.close(QuestionFigures.randomGuessScore(question), expected))
  }

  @Test func typesWithoutARandomAnswerHaveNoGuessScore() {
    let bodies: [QuestionBody] = [
      .multiple(choices: [Choice(text: "a"), Choice(text: "b")], answers: [0]), .ordering(items: ["a", "b"]),
      .flashcard(back: "b"), .openEnded(modelAnswer: "m", keyPoints: []),
    ]
    for body in bodies {
      let f = QuestionFigures.randomGuessScore(Question(id: "q", prompt: "p", explanation: "", body: body))
      #expect(f.value == nil && f.reason?.isEmpty == false, "\(body)")
    }
  }

  /// The response analysis's groups: at most a third in each outer group, and totals tied across a
  /// boundary all in the middle, wherever they stand in the list.
  @Test func tiesAcrossAGroupBoundaryGoToTheMiddle() {
    // Six totals, a third is two: 80 is tied across the upper boundary, so only 90 is upper.
    #expect(ResponseCounts.groups([80, 50, 90, 70, 80, 60]) == [1, 2, 0, 1, 1, 2])
    #expect(ResponseCounts.groups([60, 50, 90, 70, 80, 60]) == [1, 2, 0, 1, 0, 1])
    #expect(ResponseCounts.groups([70, 70, 70, 70, 70, 70]) == [1, 1, 1, 1, 1, 1])
    #expect(ResponseCounts.groups([10, 20]) == [1, 1])
  }
}
