import Foundation
import QuizlineTestSupport
import Testing

/// The JSON Schemas in schemas/ describe what quizline really reads and writes: shipped quizzes,
/// fixtures, and a profile's journal and snapshot produced by the real binary (PyPI jsonschema).
@Suite(.serialized) struct SchemaConformanceTests {
  func validate(_ schema: String, _ files: [String], lines: Bool = false) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Fixtures.repositoryRoot + "/scripts/schemas/validate.sh")
    process.arguments = [Fixtures.repositoryRoot + "/schemas/" + schema] + (lines ? ["--lines"] : []) + files
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(stdout: String(decoding: data, as: UTF8.self), stderr: "", status: process.terminationStatus)
  }

  /// The validator's verdict as it prints it last: `validated N document(s) against SCHEMA: P problem(s)`.
  /// nil when that line is missing (Python, pip or the script failed before validating).
  func verdict(_ result: RunResult) -> (documents: Int, problems: Int)? {
    guard let last = result.stdout.split(separator: "\n").last, last.hasPrefix("validated "),
      let documents = Int(last.dropFirst("validated ".count).prefix { $0 != " " }),
      let colon = last.range(of: ": ", options: .backwards),
      let problems = Int(last[colon.upperBound...].prefix { $0 != " " })
    else { return nil }
    return (documents, problems)
  }

  func jsonFiles(_ dir: String) -> [String] {
    let all = (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? []
    return all.filter { $0.hasSuffix(".json") }.sorted().map { dir + "/" + $0 }
  }

  @Test func shippedAndFixtureCatalogFilesMatchTheirSchemas() throws {
    let files = jsonFiles(Fixtures.repositoryRoot + "/Quizzes") + jsonFiles(Fixtures.catalog)
    for kind in ["bank", "session", "course"] {
      let ofKind = try files.filter {
        try String(contentsOfFile: $0, encoding: .utf8).contains("\"kind\": \"\(kind)\"")
      }
      #expect(!ofKind.isEmpty)
      let result = try validate("\(kind).schema.json", ofKind)
      #expect(result.status == 0, "\(result.stdout)")
      #expect(verdict(result)?.documents == ofKind.count, "\(result.stdout)")
      #expect(verdict(result)?.problems == 0, "\(result.stdout)")
    }
  }

  @Test func journalAndSnapshotWrittenByTheBinaryMatchTheirSchemas() throws {
    let progress = try temporaryDirectory()
    let script =
      "read intro\nstart sample --count 3 --certainty\nb\n3\nc\n1\nflag\nskip\nskip\nconfig retention 0.85\nquiz intro\nb\na,c\ntrue\nzstack\n2\nreset sample\nyes\nundo\ncomplete layout\nstart sample\nd\n!\nb\n"
    let run = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", progress], input: script,
      environment: ["QUIZLINE_SNAPSHOT_EVERY": "4"])
    #expect(run.status == 0)
    let dir = progress + "/default"
    let segments = profileLogFiles(dir).filter { $0.contains("/archive/") }
    #expect(segments.count >= 3)
    let lines = try validate("journal-event.schema.json", segments, lines: true)
    #expect(lines.status == 0, "\(lines.stdout)")
    let eventCount = try segments.map { try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n").count }
      .reduce(0, +)
    #expect(verdict(lines)?.documents == eventCount, "\(lines.stdout)")
    #expect(verdict(lines)?.problems == 0, "\(lines.stdout)")
    for type in [
      "quizStarted", "answered", "skipped", "runEnded", "flagged", "sessionCompleted", "undone", "settingsChanged",
      "reset", "overridden", "requeued", "sessionRead",
    ] {
      let all = try segments.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
      #expect(all.contains("\"type\":\"\(type)\""), "no \(type) event to validate")
    }
    let all = try segments.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
    #expect(all.contains("\"skipSteps\":true"), "no answer that skipped the learning steps to validate")
    let snapshot = try validate("snapshot.schema.json", [dir + "/snapshot.json"])
    #expect(snapshot.status == 0, "\(snapshot.stdout)")
    #expect(verdict(snapshot)?.documents == 1 && verdict(snapshot)?.problems == 0, "\(snapshot.stdout)")
    let written = try String(contentsOfFile: dir + "/snapshot.json", encoding: .utf8)
    #expect(written.contains("\"readAt\"") && written.contains("\"newCardOrder\""), "\(written)")
  }

  @Test func anAnkiHistoryImportWritesAJournalLineAndSnapshotThatMatchTheirSchemas() throws {
    let progress = try temporaryDirectory()
    let r = runInProcess([
      "--progress", progress, "import", try AnkiDecks.path("deck.colpkg"), "--out", progress + "/Q",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let dir = progress + "/default"
    let segments = profileLogFiles(dir).filter { $0.contains("/archive/") }
    let all = try segments.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
    #expect(all.contains("\"type\":\"historyImported\""))
    let lines = try validate("journal-event.schema.json", segments, lines: true)
    #expect(verdict(lines)?.documents == 1 && verdict(lines)?.problems == 0, "\(lines.stdout)")
    #expect(try String(contentsOfFile: dir + "/snapshot.json", encoding: .utf8).contains("\"suspended\""))
    let snapshot = try validate("snapshot.schema.json", [dir + "/snapshot.json"])
    #expect(verdict(snapshot)?.documents == 1 && verdict(snapshot)?.problems == 0, "\(snapshot.stdout)")
  }

  @Test func theJournalSchemaRejectsWhatTheReaderRejects() throws {
    let dir = try temporaryDirectory()
    // The same line with a score of 1 (which the reader accepts) and of 2 (which it refuses).
    func line(score: Int) -> String {
      #"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"answered","run":1,"question":"b/q","response":"x","score":\#(score),"seconds":1}"#
    }
    let good = dir + "/good.jsonl"
    let bad = dir + "/bad.jsonl"
    try Data(line(score: 1).utf8).write(to: URL(fileURLWithPath: good))
    try Data(line(score: 2).utf8).write(to: URL(fileURLWithPath: bad))
    let accepted = try validate("journal-event.schema.json", [good], lines: true)
    #expect(accepted.status == 0, "\(accepted.stdout)")
    #expect(verdict(accepted)?.documents == 1 && verdict(accepted)?.problems == 0, "\(accepted.stdout)")
    // The verdict itself: one document read and found invalid, at its line; only the score differs.
    let refused = try validate("journal-event.schema.json", [bad], lines: true)
    #expect(refused.status == 1, "\(refused.stdout)")
    #expect(verdict(refused)?.documents == 1, "\(refused.stdout)")
    #expect((verdict(refused)?.problems ?? 0) >= 1, "\(refused.stdout)")
    #expect(refused.stdout.hasPrefix("\(bad):1: "), "\(refused.stdout)")
  }
}
