import Foundation
import Testing

/// A per-device profile written by the binary (two devices' folders meeting in one copy) matches
/// `schemas/device.schema.json`, `snapshot.schema.json` (with `devices` and `mergedThrough`) and
/// `journal-event.schema.json` (sequence numbers from a device's tag).
@Suite(.serialized) struct DeviceSchemaTests {
  @Test func deviceFilesAndTheMergedSnapshotMatchTheirSchemas() throws {
    let base = try temporaryDirectory()
    let progress = base + "/P"
    for (k, device) in ["laptop", "desk"].enumerated() {
      let run = try runBinary(
        [
          "--quizzes", Fixtures.catalog, "--progress", progress, "--device", device, "--now",
          "2026-03-0\(k + 1)T09:00:00Z",
        ],
        input: "start sample\nb\na,c\nundo\nquit\n", environment: ["XDG_STATE_HOME": base + "/state-\(device)"])
      #expect(run.status == 0, "\(run.stderr)")
    }
    let schemas = SchemaConformanceTests()
    let devices = progress + "/default/devices"
    let ids = try FileManager.default.contentsOfDirectory(atPath: devices)
    #expect(ids.count == 2)
    let records = try schemas.validate("device.schema.json", ids.map { devices + "/" + $0 + "/device.json" })
    #expect(schemas.verdict(records)?.documents == 2 && schemas.verdict(records)?.problems == 0, "\(records.stdout)")
    let segments = ids.flatMap { id in
      ((try? FileManager.default.contentsOfDirectory(atPath: devices + "/" + id + "/archive")) ?? []).map {
        devices + "/" + id + "/archive/" + $0
      }
    }
    let lines = try schemas.validate("journal-event.schema.json", segments, lines: true)
    #expect(schemas.verdict(lines)?.problems == 0 && (schemas.verdict(lines)?.documents ?? 0) > 4, "\(lines.stdout)")
    let snapshotText = try String(contentsOfFile: progress + "/default/snapshot.json", encoding: .utf8)
    #expect(snapshotText.contains("\"devices\"") && snapshotText.contains("\"mergedThrough\""))
    let snapshot = try schemas.validate("snapshot.schema.json", [progress + "/default/snapshot.json"])
    #expect(schemas.verdict(snapshot)?.documents == 1 && schemas.verdict(snapshot)?.problems == 0, "\(snapshot.stdout)")
  }
}
