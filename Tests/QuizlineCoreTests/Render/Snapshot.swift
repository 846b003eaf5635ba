import Foundation
import Testing

@testable import QuizlineCore

/// Golden text files for screens: `Tests/Fixtures/snapshots/<name>.txt`.
///
/// A screen is compared with its file; `RECORD_SNAPSHOTS=1 swift test --filter Preview` rewrites the
/// files, and a test that records fails, so a recording run is never mistaken for a passing one.
enum Snapshot {
  static let directory = Fixtures.root + "/snapshots"
  static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

  static func path(_ name: String) -> String { directory + "/" + name + ".txt" }

  /// Fails the test unless `text` equals the golden file `name` (or records it when asked).
  static func check(
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

  /// The first differing line of two texts, for the failure message.
  static func difference(_ expected: String, _ actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for k in 0..<max(a.count, b.count) {
      let x = k < a.count ? String(a[k]) : "<no line>"
      let y = k < b.count ? String(b[k]) : "<no line>"
      if x != y { return "line \(k + 1):\n  expected: \(x)\n  actual:   \(y)" }
    }
    return "(same lines; line endings differ)"
  }
}

/// Records a transcript the way the piped REPL prints it: the prompt and the typed line, then the screen.
struct Transcript {
  private(set) var text = ""

  mutating func start(_ driver: inout StoreDriver) {
    driver.start()
    text += driver.screen().text
  }

  mutating func type(_ line: String, _ driver: inout StoreDriver) {
    let prompt = driver.screen().prompt
    driver.type(line)
    text += prompt + line + "\n" + driver.screen().text
  }

  mutating func type(_ lines: [String], _ driver: inout StoreDriver) {
    for line in lines { type(line, &driver) }
  }
}
