import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// Moodle's quiz statistics of a real class (``MoodleClassFixture``: 33 students typed into the
/// binary) against `scripts/statistics/reference.py`, an independent Python implementation of
/// Moodle's published formulas: every figure within 1e-9, every undefined figure undefined in both,
/// the response analysis count for count; for each attempt choice (first, last, best, all).
@Suite(.serialized) struct MoodleReferenceTests {
  static let tolerance = 1e-9
  static var testFigures: [(String, KeyPath<TestStatistics, Figure>)] {
    [
      ("mean", \.mean), ("median", \.median), ("standardDeviation", \.standardDeviation), ("skewness", \.skewness),
      ("kurtosis", \.kurtosis), ("internalConsistency", \.internalConsistency), ("errorRatio", \.errorRatio),
      ("standardError", \.standardError),
    ]
  }
  static var questionFigures: [(String, KeyPath<QuestionStatistics, Figure>)] {
    [
      ("facility", \.facility), ("standardDeviation", \.standardDeviation), ("randomGuessScore", \.randomGuessScore),
      ("discriminationIndex", \.discriminationIndex), ("discriminativeEfficiency", \.discriminativeEfficiency),
    ]
  }

  /// Compares one figure with the reference's (a number, or null with a reason); returns the
  /// difference (0 when both are undefined).
  static func compare(_ figure: Figure, _ object: [String: Any], _ name: String, at place: String) -> Double {
    let undefined = object["undefined"] as? [String: String] ?? [:]
    guard let expected = object[name] as? Double else {
      #expect(object[name] is NSNull && undefined[name] != nil, "\(place) \(name): the reference has no reason")
      #expect(figure.value == nil, "\(place) \(name): \(figure) but the reference has none (\(undefined[name] ?? ""))")
      #expect(figure.reason?.isEmpty == false, "\(place) \(name): undefined without a reason")
      return 0
    }
    guard let value = figure.value else {
      Issue.record("\(place) \(name): undefined (\(figure.reason ?? "")) but the reference has \(expected)")
      return .infinity
    }
    let difference = abs(value - expected)
    #expect(difference <= tolerance, "\(place) \(name): \(value), the reference \(expected)")
    return difference
  }

  /// Compares the statistics with the reference's, everything but the figures exactly; returns the
  /// largest difference of a figure.
  static func compare(_ stats: ClassStatistics, _ reference: [String: Any]) throws -> Double {
    #expect(reference["attempts"] as? String == stats.choice.rawValue)
    let tests = try #require(reference["tests"] as? [[String: Any]])
    try #require(stats.tests.count == tests.count)
    var largest = 0.0
    for (test, expected) in zip(stats.tests, tests) {
      #expect(test.kind.rawValue == expected["kind"] as? String)
      #expect(test.id == expected["id"] as? String && test.title == expected["title"] as? String)
      #expect(test.attempts == expected["attempts"] as? Int)
      #expect(test.partialAttempts == expected["partialAttempts"] as? Int)
      for (name, path) in testFigures {
        largest = max(largest, compare(test[keyPath: path], expected, name, at: test.id))
      }
      let questions = try #require(expected["questions"] as? [[String: Any]])
      try #require(test.questions.map(\.ref.description) == questions.map { $0["question"] as? String ?? "" })
      for (q, e) in zip(test.questions, questions) {
        let place = q.ref.description
        #expect(q.type == e["type"] as? String && q.attempts == e["attempts"] as? Int, "\(place)")
        for (name, path) in questionFigures { largest = max(largest, compare(q[keyPath: path], e, name, at: place)) }
        largest = max(largest, try compareResponses(q.responses, e, at: place))
      }
    }
    return largest
  }

  /// The groups, the choices chosen by group, and the typed answers with their mean marks.
  static func compareResponses(_ r: ResponseAnalysis, _ e: [String: Any], at place: String) throws -> Double {
    let groups = try #require(e["groups"] as? [String: Int])
    #expect([r.upper, r.middle, r.lower] == [groups["upper"], groups["middle"], groups["lower"]], "\(place) groups")
    let choices = e["choices"] as? [[String: Any]] ?? []
    #expect(r.choices.count == choices.count, "\(place) choices")
    for (c, x) in zip(r.choices, choices) {
      #expect(c.option == x["option"] as? String && c.text == x["text"] as? String, "\(place) \(c.option)")
      #expect(c.correct == x["correct"] as? Bool, "\(place) choice \(c.option) right or not")
      let counts = ["count", "upper", "middle", "lower"].map { x[$0] as? Int }
      #expect([c.count, c.upper, c.middle, c.lower] == counts, "\(place) choice \(c.option) counts")
    }
    let answers = e["answers"] as? [[String: Any]] ?? []
    #expect(r.answers.map(\.response) == answers.map { $0["response"] as? String ?? "" }, "\(place) answers")
    #expect(r.answers.map(\.count) == answers.map { $0["count"] as? Int ?? -1 }, "\(place) answer counts")
    var largest = 0.0
    for (a, x) in zip(r.answers, answers) {
      let difference = abs(a.mark * 100 - (x["mark"] as? Double ?? .nan) * 100)
      #expect(difference <= tolerance, "\(place) answer \(a.response): mark \(a.mark)")
      largest = max(largest, difference)
    }
    return largest
  }

  /// The statistics as lines (`place figure value`), to name what differs.
  static func lines(_ stats: ClassStatistics) -> [String] {
    var out: [String] = []
    for t in stats.tests {
      out += testFigures.map { "\(t.id) \($0.0) \(t[keyPath: $0.1])" }
      for q in t.questions {
        out += questionFigures.map { "\(q.ref) \($0.0) \(q[keyPath: $0.1])" }
        out += ["\(q.ref) groups \([q.responses.upper, q.responses.middle, q.responses.lower])"]
        out += q.responses.choices.map { "\(q.ref) choice \($0)" } + q.responses.answers.map { "\(q.ref) answer \($0)" }
        out += ["\(q.ref) flags \(q.flags)"]
      }
    }
    return out
  }

  @Test(arguments: AttemptChoice.allCases) func everyFigureIsTheReferencesWithin1e9(choice: AttemptChoice) throws {
    let progress = try MoodleClassFixture.named.get()
    let stats = try MoodleClassFixture.statistics(progress, choice: choice)
    let largest = try Self.compare(stats, try MoodleClassFixture.expected(choice))
    print("MoodleReference \(choice.rawValue): largest difference from the Python reference \(largest)")
  }

  /// The smallest classes (the first one to four students, one or two attempts each) agree with the
  /// reference too: the same figures, and the same ones undefined (one attempt, too few for the
  /// skewness, the kurtosis or Cronbach's alpha).
  @Test(arguments: AttemptChoice.allCases) func smallClassesAgreeWithTheReferenceAtTheEdges(choice: AttemptChoice)
    throws
  {
    let progress = try MoodleClassFixture.named.get()
    var undefined = 0
    for first in 1...4 {
      let stats = try MoodleClassFixture.statistics(progress, choice: choice, first: first)
      _ = try Self.compare(stats, try MoodleClassFixture.reference(first: first, choice: choice))
      undefined += Self.lines(stats).filter { $0.contains("undefined(") }.count
    }
    #expect(undefined > 0)
  }

  /// The four choices count different attempts of the class (so each comparison above pins its own
  /// selection): the means differ. The attempt that ended early (in the last and all choices) is whole:
  /// the questions its quiz asked and it never answered score 0, as in a submitted Moodle attempt,
  /// and pick no option.
  @Test func theAttemptChoicesCountDifferentAttempts() throws {
    let progress = try MoodleClassFixture.named.get()
    let tests = try AttemptChoice.allCases.map {
      try #require(MoodleClassFixture.statistics(progress, choice: $0).tests.first)
    }
    #expect(Set(tests.compactMap(\.mean.value)).count == 4)
    #expect(tests.map(\.attempts) == [33, 33, 33, 42])
    #expect(tests.map(\.partialAttempts) == [0, 0, 0, 0])
    #expect(tests.map { $0.internalConsistency.value == nil } == [false, false, false, false])
    for test in tests { #expect(test.questions.allSatisfy { $0.attempts == test.attempts }, "\(test.attempts)") }
    // q13 was the first question the early ending left unanswered: asked in all 33 last attempts,
    // chosen in 32.
    let q13 = try #require(tests[1].questions.first { $0.ref.question == "q13" })
    #expect(q13.attempts == 33 && q13.responses.choices.reduce(0) { $0 + $1.count } == 32)
  }

  /// The class has what the comparison needs: a question everyone got right (its discrimination
  /// undefined), questions with a negative discrimination index, and totals tied across both group
  /// boundaries, which go to the middle group (so the outer groups hold fewer than a third).
  @Test func theClassHasTiesAConstantQuestionAndNegativeDiscriminations() throws {
    let stats = try MoodleClassFixture.statistics(try MoodleClassFixture.named.get(), choice: .first)
    let test = try #require(stats.tests.first)
    let constant = try #require(test.questions.first)
    #expect(constant.facility == .value(100) && constant.discriminationIndex.value == nil)
    #expect(test.questions.filter { ($0.discriminationIndex.value ?? 0) < 0 }.count >= 2)
    for q in test.questions where (q.discriminationIndex.value ?? 0) < 0 {
      #expect(q.flags.contains { $0.hasPrefix("negative discrimination") }, "\(q.ref)")
    }
    let r = constant.responses
    #expect(r.upper + r.middle + r.lower == 33)
    #expect(r.upper < 11 && r.lower < 11 && r.middle > 11)
  }

  /// Renaming every student (other names, another order of profiles) changes no figure, no group
  /// and no count, for any attempt choice.
  @Test func renamingEveryStudentChangesNoFigure() throws {
    let named = try MoodleClassFixture.named.get()
    let renamed = try MoodleClassFixture.classFolder { "learner-" + String($0.reversed()) }
    #expect(
      ReportProfiles.names(in: renamed) != ReportProfiles.names(in: named).map { "learner-" + String($0.reversed()) })
    for choice in AttemptChoice.allCases {
      let before = try MoodleClassFixture.statistics(named, choice: choice)
      let after = try MoodleClassFixture.statistics(renamed, choice: choice)
      let (a, b) = (Self.lines(after), Self.lines(before))
      #expect(a.count == b.count, "\(choice)")
      for (x, y) in zip(a, b) where x != y { Issue.record("\(choice): renamed \(x), named \(y)") }
      #expect(after == before, "\(choice)")
    }
  }
}

/// The committed expected figures are what `reference.py` computes from the committed class today:
/// the reference runs again (system Python 3, standard library only) and must print them byte for byte.
@Suite struct MoodleReferenceScriptTests {
  @Test(arguments: AttemptChoice.allCases) func theCommittedFiguresAreTheReferencesOutput(choice: AttemptChoice) throws
  {
    let folder = MoodleClassFixture.folder
    let run = try runProcess(
      "/usr/bin/env", ["python3", MoodleClassFixture.reference, folder + "/class.json", "--attempts", choice.rawValue],
      input: "", environment: ProcessInfo.processInfo.environment, directory: nil)
    try #require(run.status == 0, "\(run.stderr)")
    let committed = try String(contentsOfFile: folder + "/expected-\(choice.rawValue).json", encoding: .utf8)
    #expect(run.stdout == committed)
  }

  /// The class matrix and its bank match their schemas (PyPI jsonschema, from the committed wheels).
  @Test func theClassAndItsBankMatchTheirSchemas() throws {
    let folder = MoodleClassFixture.folder
    let files = [
      ("statistics-class.schema.json", folder + "/class.json"),
      ("bank.schema.json", folder + "/quizzes/banks/moodle-class.json"),
    ]
    for (schema, file) in files {
      let run = try runProcess(
        Fixtures.repositoryRoot + "/scripts/schemas/validate.sh",
        [Fixtures.repositoryRoot + "/schemas/" + schema, file])
      #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
      #expect(run.stdout.contains("validated 1 document(s)") && run.stdout.contains(": 0 problem(s)"), "\(run.stdout)")
    }
  }
}
