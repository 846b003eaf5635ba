import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// Two devices, each with its own copy of the progress folder, and a copier standing for
/// Syncthing, Dropbox or rsync: at random moments it mirrors one device's folder into the other
/// copy, sometimes only partly (a file cut anywhere, even mid-line; a rename seen as a new file
/// before the old one goes). Once the copying stops and a last full copy is made, both devices
/// hold every event once and write byte-identical snapshots.
@Suite struct FolderSyncSimulationTests {
  static let ids = ["aaaa0000aaaa0000aaaa0000aaaa0000", "bbbb1111bbbb1111bbbb1111bbbb1111"]
  static let names = ["laptop", "desk"]
  static let refs = (1...4).map { QuestionRef(bank: "sample", question: "q\($0)") }

  /// Records `count` events on device `k` of the copy at `root` (open, append, apply, close).
  func study(_ root: String, _ k: Int, count: Int, clock: inout Timestamp, random: inout SplitMix64) throws {
    let layout = ProfileLayout(directory: root, device: Self.ids[k])
    var opened: OpenedProfile? = try DeviceProfileOpener.open(
      layout, name: Self.names[k], profile: "default", now: clock, snapshotEvery: 3)
    guard let store = opened?.store, var progress = opened?.progress else {
      throw ProfileError("no store", exitCode: .failure)
    }
    for _ in 0..<count {
      clock = clock.adding(seconds: Int64(1 + random.next() % 50))
      let ref = Self.refs[Int(random.next() % 4)]
      let payload: EventPayload =
        random.next() % 5 == 0
        ? .flagged(question: ref, on: random.next() % 2 == 0)
        : .answered(
          AnswerRecord(
            run: 0, question: ref, response: "x", score: random.next() % 2 == 0 ? 1 : 0, seconds: 2,
            rating: random.next() % 2 == 0 ? .good : .again))
      let event = RecordedEvent(sequence: progress.lastSequence + 1, at: clock, payload: payload)
      try store.append(event)
      progress.apply(event)
      _ = store.didApply(progress, at: clock)
    }
    _ = store.close(progress, at: clock)
    opened = nil
  }

  /// The files of device `k`'s folder under `root` (relative paths).
  func files(_ root: String, _ k: Int) -> [String] {
    let folder = root + "/devices/" + Self.ids[k]
    let all = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []
    return all.filter { !$0.hasSuffix("archive") }.sorted()
  }

  /// Mirrors device `k`'s folder from `from` into `to`; with `partial`, files are taken in a random
  /// order, the copy may stop early, and the file it stops at is cut at a random byte.
  func mirror(_ k: Int, from: String, to: String, partial: Bool, random: inout SplitMix64) throws {
    let source = from + "/devices/" + Self.ids[k]
    let target = to + "/devices/" + Self.ids[k]
    try FileManager.default.createDirectory(atPath: target + "/archive", withIntermediateDirectories: true)
    var names = files(from, k)
    if partial { names.shuffle(using: &random) }
    for (n, name) in names.enumerated() {
      guard let data = FileManager.default.contents(atPath: source + "/" + name) else { continue }
      if partial, n == names.count - 1 || random.next() % 4 == 0 {
        let cut = data.isEmpty ? 0 : Int(random.next() % UInt64(data.count))
        try data.prefix(cut).write(to: URL(fileURLWithPath: target + "/" + name))
        return
      }
      try data.write(to: URL(fileURLWithPath: target + "/" + name))
    }
    // Deletions (a journal renamed into the archive) reach the copy last.
    for name in files(to, k) where !names.contains(name) {
      try FileManager.default.removeItem(atPath: target + "/" + name)
    }
  }

  /// Every event line of every device under `root`, once per (device folder, sequence number).
  func eventSequences(_ root: String) throws -> [Int] {
    var out: [Int] = []
    for k in 0..<2 {
      let folder = root + "/devices/" + Self.ids[k]
      for name in files(root, k) where name.hasSuffix(".jsonl") {
        let text = String(decoding: FileManager.default.contents(atPath: folder + "/" + name) ?? Data(), as: UTF8.self)
        for line in text.split(separator: "\n") { out.append(try EventCoding.decode(Array(line.utf8)).sequence) }
      }
    }
    return out.sorted()
  }

  @Test(arguments: [UInt64(1), 2, 3, 4])
  func copiesAtRandomMomentsIncludingHalfCopiedFilesConverge(seed: UInt64) throws {
    let base = try temporaryDirectory()
    let roots = [base + "/laptop/default", base + "/desk/default"]
    var random = SplitMix64(seed: seed)
    var clocks = [Timestamp(iso8601: "2026-03-01T09:00:00Z")!, Timestamp(iso8601: "2026-03-01T09:03:00Z")!]
    for _ in 0..<40 {
      let k = Int(random.next() % 2)
      switch random.next() % 3 {
      case 0: try study(roots[k], k, count: 1 + Int(random.next() % 4), clock: &clocks[k], random: &random)
      default:
        let other = 1 - k
        let before = files(roots[other], other).map {
          FileManager.default.contents(atPath: roots[other] + "/devices/" + Self.ids[other] + "/" + $0)
        }
        try mirror(k, from: roots[k], to: roots[other], partial: random.next() % 2 == 0, random: &random)
        // Opening with another device's files half there works, and never touches them.
        _ = try DeviceProfileOpener.view(
          ProfileLayout(directory: roots[other], device: Self.ids[other]), now: clocks[other])
        let after = files(roots[other], other).map {
          FileManager.default.contents(atPath: roots[other] + "/devices/" + Self.ids[other] + "/" + $0)
        }
        #expect(before == after)
      }
    }
    try mirror(0, from: roots[0], to: roots[1], partial: false, random: &random)
    try mirror(1, from: roots[1], to: roots[0], partial: false, random: &random)
    let sequences = try eventSequences(roots[0])
    #expect(sequences == (try eventSequences(roots[1])))
    #expect(Set(sequences).count == sequences.count, "every event once")
    #expect(sequences.count > 10)
    var snapshots: [Data?] = []
    for k in 0..<2 {
      let layout = ProfileLayout(directory: roots[k], device: Self.ids[k])
      let opened = try DeviceProfileOpener.open(layout, name: Self.names[k], profile: "default", now: clocks[k])
      _ = opened.store?.checkpoint(opened.progress, at: clocks[k])
      snapshots.append(FileManager.default.contents(atPath: layout.snapshot))
    }
    #expect(snapshots[0] != nil && snapshots[0] == snapshots[1], "\(base)")
  }
}
