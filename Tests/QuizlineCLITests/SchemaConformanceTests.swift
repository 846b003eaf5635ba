import Foundation
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

  func jsonFiles(_ dir: String) -> [String] {
    let all = (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? []
    return all.filter { $0.hasSuffix(".json") }.sorted().map { dir + "/" + $0 }
  }

  @Test func shippedAndFixtureCatalogFilesMatchTheirSchemas() throws {
    let files = jsonFiles(Fixtures.repositoryRoot + "/Quizzes") + jsonFiles(Fixtures.catalog)
    for kind in ["bank", "session", "course"] {
      let ofKind = try files.filter { try String(contentsOfFile: $0, encoding: .utf8).contains("\"kind\": \"\(kind)\"") }
      #expect(!ofKind.isEmpty)
      let result = try validate("\(kind).schema.json", ofKind)
      #expect(result.status == 0, "\(result.stdout)")
    }
  }

  @Test func journalAndSnapshotWrittenByTheBinaryMatchTheirSchemas() throws {
    let progress = try temporaryDirectory()
    let script = "start sample --count 3 --certainty\nb\n3\nc\n1\nflag\nskip\nconfig retention 0.85\nquiz intro\nb\na,c\ntrue\nzstack\n2\nreset sample\nyes\nundo\ncomplete layout\nstart sample\nb\n"
    let run = try runBinary(["--quizzes", Fixtures.catalog, "--progress", progress], input: script, environment: ["QUIZLINE_SNAPSHOT_EVERY": "4"])
    #expect(run.status == 0)
    let dir = progress + "/default"
    let segments = try FileManager.default.contentsOfDirectory(atPath: dir + "/archive").map { dir + "/archive/" + $0 }
    #expect(segments.count >= 3)
    let lines = try validate("journal-event.schema.json", segments, lines: true)
    #expect(lines.status == 0, "\(lines.stdout)")
    for type in ["quizStarted", "answered", "skipped", "runEnded", "flagged", "sessionCompleted", "undone", "settingsChanged", "reset"] {
      let all = try segments.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
      #expect(all.contains("\"type\":\"\(type)\""), "no \(type) event to validate")
    }
    let snapshot = try validate("snapshot.schema.json", [dir + "/snapshot.json"])
    #expect(snapshot.status == 0, "\(snapshot.stdout)")
  }

  @Test func theJournalSchemaRejectsWhatTheReaderRejects() throws {
    let dir = try temporaryDirectory()
    let bad = dir + "/bad.jsonl"
    try Data(#"{"seq":1,"at":"2026-12-02T10:00:00Z","type":"answered","run":1,"question":"b/q","response":"x","score":2,"seconds":1}"#.utf8)
      .write(to: URL(fileURLWithPath: bad))
    let result = try validate("journal-event.schema.json", [bad], lines: true)
    #expect(result.status == 1)
  }
}
