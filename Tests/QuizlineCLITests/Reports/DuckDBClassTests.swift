import Foundation
import Testing

/// A teacher's clone of a class repository (one folder per student, each with its devices' logs and
/// nothing else) is read by `report --all-profiles` as it is, and DuckDB (PyPI `duckdb`, installed
/// into `.build/duckdb-venv` by `scripts/duckdb/answers.sh`) counts the same answers from the raw
/// JSON Lines with README's query.
@Suite(.serialized) struct DuckDBClassTests {
  @Test func duckDBCountsTheSameAnswersAsTheClassReport() throws {
    let base = try temporaryDirectory()
    let students = ["alice", "bob", "carol"]
    let scripts = [
      ["start sample", "b", "a,c", "true", "undo", "true", "quit"],
      ["start sample", "b", "skip", "true", "ZStack", "quit"],
      ["start sample", "a", "quit"],
    ]
    for (k, student) in students.enumerated() {
      // Each student studies on two devices of their own; the folders meet in the teacher's clone.
      for (d, device) in ["laptop", "desk"].enumerated() where d == 0 || k != 2 {
        let folder = base + "/\(student)-\(device)"
        let r = try runBinary(
          [
            "--quizzes", Fixtures.catalog, "--progress", folder, "--device", device, "--now",
            "2026-03-0\(1 + d)T09:00:00Z",
          ], input: scripts[(k + d) % 3].joined(separator: "\n") + "\n",
          environment: ["XDG_STATE_HOME": base + "/state-\(student)-\(device)"])
        #expect(r.status == 0, "\(r.stderr)")
        let devices = base + "/class/\(student)/devices"
        try FileManager.default.createDirectory(atPath: devices, withIntermediateDirectories: true)
        for id in try FileManager.default.contentsOfDirectory(atPath: folder + "/default/devices") {
          try FileManager.default.copyItem(atPath: folder + "/default/devices/" + id, toPath: devices + "/" + id)
        }
      }
    }
    let report = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", base + "/class", "report", "--all-profiles", "--format", "json"])
    #expect(report.status == 0, "\(report.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
    let profiles = (json?["profiles"] as? [[String: Any]]) ?? []
    var fromReport: [String: Int] = [:]
    for p in profiles {
      if let name = p["profile"] as? String, let summary = p["summary"] as? [String: Any] {
        fromReport[name] = summary["answers"] as? Int
      }
    }
    #expect(fromReport.keys.sorted() == students)
    let duck = try runProcess(
      Fixtures.repositoryRoot + "/scripts/duckdb/answers.sh", [base + "/class"],
      environment: ProcessInfo.processInfo.environment)
    #expect(duck.status == 0, "\(duck.stderr)")
    var fromDuckDB: [String: Int] = [:]
    for line in duck.stdout.split(separator: "\n") {
      let parts = line.split(separator: "\t")
      if parts.count == 2 { fromDuckDB[String(parts[0])] = Int(parts[1]) }
    }
    #expect(fromDuckDB == fromReport)
    #expect(fromReport.values.reduce(0, +) > 6, "the class answered something")
  }
}
