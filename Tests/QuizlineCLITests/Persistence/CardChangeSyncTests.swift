import Foundation
import Testing

@testable import QuizlineCore

/// Cards set aside by hand (`suspend`, `bury`, `forget`) through the real binary: kept across a
/// restart, taken back by `undo` after it, and synced by `quizline sync` through a git remote to a
/// second device, which then shows them as the first does.
@Suite(.serialized) struct CardChangeSyncTests {
  struct Device {
    var name: String
    var clone: String
    var state: String
  }

  static let now = "2026-03-02T10:00:00Z"

  func git(_ arguments: [String], in directory: String) throws -> RunResult {
    try runProcess(
      "/usr/bin/env", ["git"] + arguments, environment: ProcessInfo.processInfo.environment, directory: directory)
  }

  func run(_ d: Device, _ rest: [String], input: String = "") throws -> RunResult {
    try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", d.clone, "--device", d.name, "--now", Self.now] + rest,
      input: input, environment: ["XDG_STATE_HOME": d.state])
  }

  /// The refs the card browser finds for `query` on `d`, as `quizline cards QUERY --json` prints them.
  func refs(_ d: Device, _ query: String) throws -> [String] {
    let r = try run(d, ["cards", query, "--json"])
    #expect(r.status == 0, "\(r.stderr)")
    let rows = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
    return rows.compactMap { $0["ref"] as? String }.sorted()
  }

  @Test func suspendBuryAndForgetSurviveARestartAreUndoneAndReachTheOtherDevice() throws {
    let base = try temporaryDirectory()
    _ = try git(["init", "-q", "--bare", "-b", "main", base + "/remote.git"], in: base)
    var devices: [Device] = []
    for (k, name) in ["laptop", "desk"].enumerated() {
      let clone = base + "/clone\(k)"
      _ = try git(["clone", "-q", base + "/remote.git", clone], in: base)
      _ = try git(["checkout", "-q", "-b", "main"], in: clone)
      devices.append(Device(name: name, clone: clone, state: base + "/state\(k)"))
    }
    let (laptop, desk) = (devices[0], devices[1])
    let owner = "sample/single-owner"
    let containers = "sample/multiple-containers"
    let declarative = "sample/tf-declarative"
    let changes = "suspend \(owner)\nbury \(containers)\nforget \(declarative)\n"
    var r = try run(laptop, [], input: "start sample\nb\na,c\ntrue\nend\n" + changes + "quit\n")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("Suspended"), "\(r.stdout.suffix(600))")

    // A restart keeps all three.
    #expect(try refs(laptop, "is:suspended") == [owner])
    #expect(try refs(laptop, "is:buried") == [containers])
    #expect(try refs(laptop, "is:new").contains(declarative))
    #expect(!(try refs(laptop, "is:new").contains(owner)))

    // After the restart, undo takes each back (newest first).
    r = try run(laptop, [], input: "undo\nundo\nundo\nquit\n")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try refs(laptop, "is:suspended").isEmpty)
    #expect(try refs(laptop, "is:buried").isEmpty)
    #expect(!(try refs(laptop, "is:new").contains(declarative)), "forget taken back: the card is scheduled again")

    // Done again, synced: the other device sees what this one does.
    r = try run(laptop, [], input: changes + "quit\n")
    #expect(r.status == 0, "\(r.stderr)")
    r = try run(laptop, ["sync"])
    #expect(r.status == 0, "\(r.stderr)")
    r = try run(desk, ["sync"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try refs(desk, "is:suspended") == [owner])
    #expect(try refs(desk, "is:buried") == [containers])
    #expect(try refs(desk, "is:new").contains(declarative))
    #expect(try refs(desk, "-is:new") == refs(laptop, "-is:new"))
  }
}
