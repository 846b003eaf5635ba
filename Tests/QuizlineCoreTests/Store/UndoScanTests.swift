import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// The streaming merge's scan of `undone` lines must find every line the fold decodes as `undone`,
/// however the line spells it, or the merge would fold an event the held merge leaves out.
struct UndoScanTests {
  static func line(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { UndoScan.mayBeUndone($0) }
  }

  @Test func findsUndoneLinesInEveryFormTheFoldDecodes() throws {
    let canonical = #"{"seq":12,"at":"2026-12-01T10:00:00Z","type":"undone","target":11}"#
    let escapedType = #"{"seq":12,"at":"2026-12-01T10:00:00Z","type":"\u0075ndone","target":11}"#
    let reordered = #"{"type":"undone","seq":12,"target":11,"at":"2026-12-01T10:00:00Z"}"#
    let escapedReordered = #"{"type":"und\u006Fne","seq":12,"target":11,"at":"2026-12-01T10:00:00Z"}"#
    for text in [canonical, escapedType, reordered, escapedReordered] {
      // Each is an `undone` to the fold's decoder…
      let event = try EventCoding.decode(Array(text.utf8))
      guard case .undone(11) = event.payload else {
        Issue.record("not an undone: \(text)")
        continue
      }
      // …so the scan must look at it.
      #expect(Self.line(text), "\(text)")
    }
  }

  @Test func passesOverCanonicalLinesOfOtherTypes() {
    #expect(!Self.line(#"{"seq":12,"at":"2026-12-01T10:00:00Z","type":"answered","run":3}"#))
  }

  @Test func countsTheTargetsOfEscapedUndoneLinesInAFile() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("undo-scan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("journal.jsonl").path
    let lines = [
      #"{"seq":11,"at":"2026-12-01T09:59:00Z","type":"settingsChanged","settings":{}}"#,
      #"{"seq":12,"at":"2026-12-01T10:00:00Z","type":"\u0075ndone","target":11}"#,
    ]
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    #expect(try UndoScan.targets([path]) == [11: 1])
  }

  /// What the scan must find, the plain way: every complete line of every file decoded, each
  /// `undone` kept by its sequence number (a torn last line has no newline and is not read).
  static func expectedTargets(_ paths: [String]) throws -> [Int: Int] {
    var undos: [Int: Int] = [:]
    for path in paths {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
        guard let event = try? EventCoding.decode(Array(line)), case .undone(let target) = event.payload else {
          continue
        }
        undos[event.sequence] = target
      }
    }
    var targets: [Int: Int] = [:]
    for target in undos.values { targets[target, default: 0] += 1 }
    return targets
  }

  /// The buffer is sized to each file (up to ``UndoScan/bufferLimit``) and reused: files small and
  /// large in either order, a line across the limit, a line longer than it, an empty file and a
  /// torn last line must read as the plain decoding of every line reads them.
  @Test func findsTheSameTargetsAsDecodingEveryLineWhateverTheFilesSizes() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("undo-scan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var seq = 0
    func undone(_ target: Int) -> String {
      seq += 1
      return #"{"seq":\#(seq),"at":"2026-12-01T10:00:00Z","type":"undone","target":\#(target)}"#
    }
    func filler(_ bytes: Int) -> String {
      seq += 1
      let head = #"{"seq":\#(seq),"at":"2026-12-01T09:00:00Z","type":"settingsChanged","settings":{"note":""#
      return head + String(repeating: "x", count: max(0, bytes - head.count - 3)) + #""}}"#
    }
    func write(_ name: String, _ lines: [String], torn: String? = nil) throws -> String {
      let path = dir.appendingPathComponent(name).path
      let text = lines.map { $0 + "\n" }.joined() + (torn ?? "")
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    let limit = UndoScan.bufferLimit
    let small = try write("a.jsonl", [filler(100), undone(1)])
    let empty = try write("b.jsonl", [])
    // An undone line across the buffer's end, then a line longer than the buffer, then more.
    let straddling = try write(
      "c.jsonl", [filler(limit - 40), undone(2), filler(limit + 5_000), undone(3), undone(1)], torn: undone(9))
    let afterLarge = try write("d.jsonl", [undone(4), filler(3_000), undone(2)])
    let exact = try write("e.jsonl", [filler(limit - 1)])
    for paths in [
      [small, empty, straddling, afterLarge, exact], [exact, straddling, small], [afterLarge, empty], [empty],
    ] {
      let found = try UndoScan.targets(paths)
      #expect(found == (try Self.expectedTargets(paths)), "\(paths.map { ($0 as NSString).lastPathComponent })")
    }
    #expect(try UndoScan.targets([small, straddling, afterLarge]) == [1: 2, 2: 2, 3: 1, 4: 1])
  }
}
