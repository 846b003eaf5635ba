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
}
