import Foundation
import QuizlineCore
import Testing

/// `quizline optimize` on a profile through the real binary: the dry run changes nothing, the fit is
/// adopted as a journal event that `status` and `config` show, and `undo` takes it back.
@Suite struct OptimizeCommandTests {
  /// 150 cards answered right at 1, 3, 8, 20 and 45 days: a learner who remembers far better than
  /// FSRS-6's defaults predict, so the fitted parameters predict the recent reviews better.
  static func journal() -> String {
    let start = Timestamp(seconds: 1_790_000_000)
    var lines: [String] = []
    var seq = 1
    lines.append(
      EventCoding.encode(
        RecordedEvent(sequence: 1, at: start, payload: .quizStarted(RunStart(source: .review, questions: [], seed: 1))))
    )
    var reviews: [(Timestamp, QuestionRef)] = []
    for card in 0..<150 {
      let ref = QuestionRef(bank: "sample", question: "card-\(card)")
      var day: Int64 = Int64(card % 30)
      reviews.append((start.adding(days: day).adding(seconds: Int64(card)), ref))
      for gap in [1, 3, 8, 20, 45] as [Int64] {
        day += gap
        reviews.append((start.adding(days: day).adding(seconds: Int64(card)), ref))
      }
    }
    reviews.sort { $0.0 < $1.0 }
    for (at, ref) in reviews {
      seq += 1
      let answer = AnswerRecord(run: 1, question: ref, response: "a", score: 1, seconds: 5, rating: .good)
      lines.append(EventCoding.encode(RecordedEvent(sequence: seq, at: at, payload: .answered(answer))))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func optimizeAdoptsABetterFitThatStatusShowsAndUndoTakesBack() throws {
    let home = try temporaryDirectory()
    let profile = home + "/Progress/default"
    try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
    try Data(Self.journal().utf8).write(to: URL(fileURLWithPath: profile + "/journal.jsonl"))
    /// Every journal line, archived segments first (a snapshot moves the journal into archive/).
    func lines() throws -> [Substring] {
      try profileLogFiles(profile).flatMap {
        try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n")
      }
    }
    func run(_ arguments: [String], input: String = "") throws -> RunResult {
      try runBinary(
        ["--quizzes", Fixtures.catalog, "--now", "2027-03-01T09:00:00Z"] + arguments, input: input, directory: home)
    }
    let dry = try run(["optimize", "--dry-run"])
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stdout.contains("Dry run: nothing was changed"), "\(dry.stdout)")
    #expect(try !lines().contains { $0.contains("parametersAdopted") })

    let adopted = try run(["optimize"])
    #expect(adopted.stdout.contains("Adopted:"), "\(adopted.stdout)")
    #expect(try lines().last?.contains("\"type\":\"parametersAdopted\"") == true)

    let status = try run(["status"])
    #expect(status.stdout.contains("  Scheduler           fitted 2027-03-01 on "), "\(status.stdout)")

    let undone = try run([], input: "undo\nconfig\nquit\n")
    #expect(undone.stdout.contains("Undone: adoption of fitted scheduler parameters."), "\(undone.stdout)")
    #expect(undone.stdout.contains("  parameters        FSRS-6 defaults"), "\(undone.stdout)")
  }

  @Test func revlogWithAnUnreadableRowIsALocatedError() throws {
    let home = try temporaryDirectory()
    let path = home + "/log.csv"
    try Data("card_id,review_time,review_rating,review_state,review_duration\n1,17000,9,0,5\n".utf8).write(
      to: URL(fileURLWithPath: path))
    let result = runInProcess(["optimize", "--revlog", path])
    #expect(result.status == 65)
    #expect(result.stderr == "\(path):2:9: error: review_rating \"9\" is not a whole number in 1...4\n")
  }
}
