import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineReports
@testable import QuizlineStorage

/// The fixed class of `Tests/Fixtures/statistics/` (made by `scripts/statistics/make-fixture.py`):
/// 33 students' answers to a 20-question bank, some with a second attempt. The class is built for
/// real, each attempt typed into the quizline binary's REPL, and its statistics are computed the way
/// `report --all-profiles` computes them.
enum MoodleClassFixture {
  static let folder = Fixtures.repositoryRoot + "/Tests/Fixtures/statistics"
  static let quizzes = folder + "/quizzes"
  static let matrixPath = folder + "/class.json"
  static let reference = Fixtures.repositoryRoot + "/scripts/statistics/reference.py"
  static let now = "2026-12-02T10:00:00Z"

  /// The class matrix: per student, their attempts' responses in the bank's order (nil: not
  /// answered, the attempt ended early).
  struct Matrix: Decodable {
    struct Student: Decodable {
      var name: String
      var attempts: [Attempt]
    }
    struct Attempt: Decodable {
      var at: String
      var responses: [String?]
    }
    var bank: String
    var students: [Student]
  }

  static func matrix() throws -> Matrix {
    try JSONDecoder().decode(Matrix.self, from: Data(contentsOf: URL(fileURLWithPath: matrixPath)))
  }

  /// What a student types for one attempt: the bank, the answers in order, `end` where the attempt
  /// stops early.
  static func script(_ attempt: Matrix.Attempt, bank: String) -> String {
    var lines = ["start " + bank]
    for response in attempt.responses {
      guard let response else {
        lines.append("end")
        break
      }
      lines.append(response)
    }
    return (lines + ["quit"]).joined(separator: "\n") + "\n"
  }

  /// The class's progress folder, each student's profile named `rename(their name)`, every attempt
  /// typed into the binary at its time.
  static func classFolder(rename: (String) -> String = { $0 }) throws -> String {
    let progress = try temporaryDirectory() + "/Progress"
    let m = try matrix()
    let bankID = URL(fileURLWithPath: m.bank).deletingPathExtension().lastPathComponent
    for student in m.students {
      for attempt in student.attempts {
        let args = [
          "--quizzes", quizzes, "--progress", progress, "--profile", rename(student.name), "--now", attempt.at,
        ]
        let r = try runBinary(args, input: script(attempt, bank: bankID))
        #expect(r.status == 0, "\(student.name) at \(attempt.at): \(r.stderr)")
        #expect(!r.stdout.contains("error:"), "\(student.name) at \(attempt.at): \(r.stdout.suffix(400))")
      }
    }
    return progress
  }

  /// The class statistics over `progress` (its `first` profiles, by name, when given), as the class
  /// report computes them: every profile's history with its attempt log, through ``ClassReportStream``.
  static func statistics(_ progress: String, choice: AttemptChoice, first: Int? = nil) throws -> ClassStatistics {
    let now = try #require(Timestamp(iso8601: Self.now))
    let catalog = CatalogLoader.load(directory: quizzes).catalog
    var stream = ClassReportStream(catalog: catalog, now: now, options: ReportOptions(attemptChoice: choice))
    for name in ReportProfiles.names(in: progress).prefix(first ?? .max) {
      let layout = ProfileLayout(progressDirectory: progress, profile: name)
      let history = try HistoryLoader.load(layout, keepAttempts: true, keepResponses: true)
      let input = ReportInput(
        profile: name, progress: try ProfileOpener.view(layout, now: now).progress, history: history)
      _ = stream.add(input)
    }
    return try #require(stream.finish().classReport).statistics
  }

  /// The reference's figures for `choice`, as committed (`expected-CHOICE.json`).
  static func expected(_ choice: AttemptChoice) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/expected-\(choice.rawValue).json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// What `reference.py` computes for the class's `first` students (in the matrix's order, which is
  /// their names' order) with `choice`.
  static func reference(first: Int, choice: AttemptChoice) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: matrixPath))
    var m = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    m["students"] = try #require(m["students"] as? [Any]).prefix(first).map { $0 }
    m["bank"] = folder + "/" + (m["bank"] as? String ?? "")
    let path = try temporaryDirectory() + "/class.json"
    try JSONSerialization.data(withJSONObject: m).write(to: URL(fileURLWithPath: path))
    let run = try runProcess(
      "/usr/bin/env", ["python3", reference, path, "--attempts", choice.rawValue],
      environment: ProcessInfo.processInfo.environment)
    try #require(run.status == 0, "\(run.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  /// The class folder as the matrix names the students, built once for the suites that read it.
  static let named: Result<String, any Error> = Result { try classFolder() }
}
