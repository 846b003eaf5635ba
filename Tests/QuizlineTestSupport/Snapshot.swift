import Foundation
import Testing

/// Golden text files for screens and transcripts: `Tests/Fixtures/snapshots/<name>.txt`.
///
/// A screen is compared with its file; `RECORD_SNAPSHOTS=1 swift test --filter Preview` rewrites the
/// files, and a test that records fails, so a recording run is never mistaken for a passing one.
public enum Snapshot {
  public static let directory = TestPaths.fixtures + "/snapshots"
  public static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

  public static func path(_ name: String) -> String { directory + "/" + name + ".txt" }

  /// Fails the test unless `text` equals the golden file `name` (or records it when asked).
  public static func check(
    _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let file = path(name)
    if recording {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        Issue.record(
          "recorded \(file); run again without RECORD_SNAPSHOTS to check it",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("could not record \(file): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      Issue.record(
        "no snapshot \(file); record it with RECORD_SNAPSHOTS=1. The screen was:\n\(text)",
        sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != text else { return }
    Issue.record(
      "\(name) differs from \(file):\n\(difference(expected, text))\nThe screen was:\n\(text)",
      sourceLocation: sourceLocation)
  }

  /// Every differing line of two texts (up to 40), for the failure message.
  public static func difference(_ expected: String, _ actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for k in 0..<max(a.count, b.count) {
      let x = k < a.count ? String(a[k]) : "<no line>"
      let y = k < b.count ? String(b[k]) : "<no line>"
      guard x != y else { continue }
      if out.count == 40 {
        out.append("(more lines differ)")
        break
      }
      out.append("line \(k + 1):\n  expected: \(x)\n  actual:   \(y)")
    }
    return out.isEmpty ? "(same lines; line endings differ)" : out.joined(separator: "\n")
  }
}
