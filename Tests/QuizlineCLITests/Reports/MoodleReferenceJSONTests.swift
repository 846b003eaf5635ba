import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// What a teacher's tools read: `report --all-profiles --attempts CHOICE --format json`, run as a
/// teacher runs it, holds the reference's figures within 1e-9 (the JSON writer loses nothing of the
/// statistics ``MoodleReferenceTests`` checks in memory), with every undefined figure `null` and its
/// reason, and the response analysis count for count.
@Suite(.serialized) struct MoodleReferenceJSONTests {
  static let figures = [
    "mean", "median", "standardDeviation", "skewness", "kurtosis", "internalConsistency", "errorRatio",
    "standardError",
  ]
  static let questionFigures = [
    "facility", "standardDeviation", "randomGuessScore", "discriminationIndex", "discriminativeEfficiency",
  ]

  /// The largest difference between two objects' figures; both must agree on which are undefined.
  static func compare(_ got: [String: Any], _ expected: [String: Any], _ names: [String], at place: String) -> Double {
    var largest = 0.0
    let reasons = got["undefined"] as? [String: String] ?? [:]
    for name in names {
      if let e = expected[name] as? Double {
        let g = got[name] as? Double
        #expect(g != nil, "\(place) \(name): \(String(describing: got[name])) in the report, \(e) in the reference")
        let difference = abs((g ?? .infinity) - e)
        #expect(difference <= MoodleReferenceTests.tolerance, "\(place) \(name): \(g ?? .nan) against \(e)")
        largest = max(largest, difference)
      } else {
        #expect(got[name] is NSNull, "\(place) \(name): \(String(describing: got[name])), the reference has null")
        #expect(reasons[name]?.isEmpty == false, "\(place) \(name): null without a reason in the report")
      }
    }
    return largest
  }

  @Test(arguments: AttemptChoice.allCases) func theJSONReportHoldsTheReferencesFigures(choice: AttemptChoice) throws {
    let progress = try MoodleClassFixture.named.get()
    let run = runInProcess([
      "--quizzes", MoodleClassFixture.quizzes, "--progress", progress, "--now", MoodleClassFixture.now, "report",
      "--all-profiles", "--attempts", choice.rawValue, "--format", "json",
    ])
    try #require(run.status == 0, "\(run.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let klass = try #require(report["class"] as? [String: Any])
    let expected = try MoodleClassFixture.expected(choice)
    #expect(klass["attempts"] as? String == choice.rawValue)
    let tests = try #require(klass["tests"] as? [[String: Any]])
    let expectedTests = try #require(expected["tests"] as? [[String: Any]])
    try #require(tests.count == expectedTests.count && !tests.isEmpty)
    var largest = 0.0
    for (test, e) in zip(tests, expectedTests) {
      let id = test["id"] as? String ?? "?"
      #expect(id == e["id"] as? String && test["attempts"] as? Int == e["attempts"] as? Int)
      #expect(test["partialAttempts"] as? Int == e["partialAttempts"] as? Int, "\(id) partial attempts")
      largest = max(largest, Self.compare(test, e, Self.figures, at: id))
      let questions = try #require(test["questions"] as? [[String: Any]])
      let expectedQuestions = try #require(e["questions"] as? [[String: Any]])
      try #require(questions.map { $0["question"] as? String } == expectedQuestions.map { $0["question"] as? String })
      for (q, x) in zip(questions, expectedQuestions) {
        let place = q["question"] as? String ?? "?"
        largest = max(largest, Self.compare(q, x, Self.questionFigures, at: place))
        #expect(q["groups"] as? [String: Int] == x["groups"] as? [String: Int], "\(place) groups")
        let counts = { (o: [[String: Any]]) in
          o.map { c in ["count", "upper", "middle", "lower"].map { c[$0] as? Int } }
        }
        #expect(
          counts(q["choices"] as? [[String: Any]] ?? []) == counts(x["choices"] as? [[String: Any]] ?? []), "\(place)")
      }
    }
    print("MoodleReferenceJSON \(choice.rawValue): largest difference from the Python reference \(largest)")
  }
}
