import Foundation
import Testing

@testable import QuizlineCore

/// Simulated devices (each its own clone and state folder) study offline and `quizline sync`
/// through one local bare git remote in random orders; some sessions and syncs are killed with
/// SIGKILL. Afterwards every answer recorded on any device is in every clone exactly once, every
/// device writes the same snapshot byte for byte, and no sync ever met a conflict.
@Suite(.serialized) struct DeviceSyncTests {
  struct Device {
    var name: String
    var clone: String
    var state: String
    var clock: Timestamp
  }

  /// After `start sample`: the sample bank's answers in order, with now and then a skip, an undo,
  /// a completion, a review or the end of the run.
  static let answers = ["b", "a,c", "true", "ZStack", "2", "1b 2a 3d", "c b a", "modifier | padding"]
  static let others = ["skip", "undo", "undo", "complete layout", "end", "review", "good", "reopen layout", "resume"]

  func git(_ arguments: [String], in directory: String) throws -> RunResult {
    try runProcess(
      "/usr/bin/env", ["git"] + arguments, environment: ProcessInfo.processInfo.environment, directory: directory)
  }

  func arguments(_ d: Device, _ rest: [String]) -> [String] {
    ["--quizzes", Fixtures.catalog, "--progress", d.clone, "--device", d.name, "--now", d.clock.iso8601] + rest
  }

  func environment(_ d: Device) -> [String: String] { ["XDG_STATE_HOME": d.state, "QUIZLINE_SNAPSHOT_EVERY": "4"] }

  /// Waits until a killed sync's git children have finished (their index lock is gone).
  func settle(_ d: Device) {
    for _ in 0..<200 where FileManager.default.fileExists(atPath: d.clone + "/.git/index.lock") {
      usleep(50_000)
    }
  }

  /// Answer lines per device folder of a clone: "<device folder> <seq>" for each `answered` event.
  func answerLines(_ clone: String) throws -> [String] {
    let devices = clone + "/default/devices"
    var out: [String] = []
    for id in (try? FileManager.default.contentsOfDirectory(atPath: devices)) ?? [] {
      let folder = devices + "/" + id
      let files = ((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []).filter {
        $0.hasSuffix(".jsonl")
      }
      for file in files {
        let text = String(decoding: FileManager.default.contents(atPath: folder + "/" + file) ?? Data(), as: UTF8.self)
        for line in text.split(separator: "\n") where line.contains("\"type\":\"answered\"") {
          let event = try EventCoding.decode(Array(line.utf8))
          out.append("\(id) \(event.sequence)")
        }
      }
    }
    return out.sorted()
  }

  func simulate(devices count: Int, seed: UInt64, steps: Int, kills: Bool) throws {
    let base = try temporaryDirectory()
    _ = try git(["init", "-q", "--bare", "-b", "main", base + "/remote.git"], in: base)
    var devices: [Device] = []
    for k in 0..<count {
      let clone = base + "/clone\(k)"
      _ = try git(["clone", "-q", base + "/remote.git", clone], in: base)
      _ = try git(["checkout", "-q", "-b", "main"], in: clone)
      devices.append(
        Device(
          name: ["laptop", "desk", "server"][k], clone: clone, state: base + "/state\(k)",
          clock: Timestamp(iso8601: "2026-03-01T09:00:00Z")!.adding(seconds: Int64(k * 40))))
    }
    var random = SplitMix64(seed: seed)
    var recorded = Set<String>()
    var syncs = 0
    for _ in 0..<steps {
      let k = Int(random.next() % UInt64(count))
      devices[k].clock = devices[k].clock.adding(seconds: Int64(30 + random.next() % 600))
      let d = devices[k]
      if random.next() % 2 == 0 {
        var script = ["start sample"]
        for answer in Self.answers.prefix(2 + Int(random.next() % 7)) {
          script.append(answer)
          if random.next() % 4 == 0 { script.append(Self.others[Int(random.next() % UInt64(Self.others.count))]) }
        }
        if kills, random.next() % 4 == 0 {
          let p = try SpawnedProcess(arguments(d, []), environment: environment(d))
          p.send(script.joined(separator: "\n") + "\n")
          usleep(useconds_t(random.next() % 400_000))
          p.kill9()
          _ = p.finish()
        } else {
          // Now and then the session ends with the REPL's own `sync`.
          let ending = random.next() % 3 == 0 ? ["end", "sync", "quit"] : ["quit"]
          let r = try runBinary(
            arguments(d, []), input: (script + ending).joined(separator: "\n") + "\n", environment: environment(d))
          #expect(r.status == 0, "\(r.stderr)")
          #expect(ending.count == 1 || r.stdout.contains("Synced: "), "\(r.stdout.suffix(300))")
        }
      } else if kills, random.next() % 4 == 0 {
        let p = try SpawnedProcess(arguments(d, ["sync"]), environment: environment(d))
        usleep(useconds_t(random.next() % 600_000))
        p.kill9()
        _ = p.finish()
        settle(d)
      } else {
        let r = try runBinary(arguments(d, ["sync"]), environment: environment(d))
        #expect(r.status == 0 && !r.stderr.contains("CONFLICT") && !r.stderr.contains("conflict"), "\(r.stderr)")
        syncs += 1
      }
      // What this device shows as recorded is what its own log holds now.
      let mine = ownFolder(d)
      recorded.formUnion(try answerLines(d.clone).filter { $0.hasPrefix(mine) })
    }
    // Everyone syncs twice, in order: then every clone holds every event.
    for _ in 0..<2 {
      for k in devices.indices {
        devices[k].clock = devices[k].clock.adding(seconds: 60)
        let r = try runBinary(arguments(devices[k], ["sync"]), environment: environment(devices[k]))
        #expect(r.status == 0 && !r.stderr.contains("onflict"), "\(r.stderr)")
      }
    }
    #expect(syncs > 0 && recorded.count > 10, "the simulation recorded answers (\(recorded.count)) and synced")
    var snapshots: [Data?] = []
    for d in devices {
      let lines = try answerLines(d.clone)
      #expect(Set(lines).count == lines.count, "every answer once in \(d.name)'s clone")
      #expect(Set(lines) == recorded, "every answer recorded anywhere is in \(d.name)'s clone")
      let status = try git(["status", "--porcelain"], in: d.clone)
      #expect(!status.stdout.contains("UU "), "no conflict left")
      snapshots.append(FileManager.default.contents(atPath: d.clone + "/default/snapshot.json"))
    }
    #expect(snapshots[0] != nil)
    #expect(Set(snapshots.map { $0 ?? Data() }).count == 1, "byte-identical snapshots on every device")
  }

  /// This device's folder id (from its identity file outside the clone).
  func ownFolder(_ d: Device) -> String {
    let data = FileManager.default.contents(atPath: d.state + "/quizline/device.json") ?? Data()
    let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    return json?["id"] as? String ?? "?"
  }

  /// `make soak` sets QUIZLINE_SYNC_STEPS for longer runs.
  static let scale = ProcessInfo.processInfo.environment["QUIZLINE_SYNC_STEPS"].flatMap(Int.init) ?? 1

  @Test func twoDevicesThroughOneGitRemoteConverge() throws {
    try simulate(devices: 2, seed: 11, steps: 14 * Self.scale, kills: false)
  }

  @Test func threeDevicesThroughOneGitRemoteConvergeAfterKilledSessionsAndSyncs() throws {
    try simulate(devices: 3, seed: 29, steps: 18 * Self.scale, kills: true)
  }
}
