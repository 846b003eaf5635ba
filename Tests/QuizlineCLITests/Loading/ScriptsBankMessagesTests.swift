import Foundation
import Testing

/// Duplicate choices, items and left items written in Japanese, accented Latin, emoji (with
/// joiners) and the characters the fast paths leave to the Unicode tables (the Kelvin sign, İ, a
/// space joined by an accent), and control characters led by 0xC2 and 0xE2 next to harmless ones:
/// `check` says exactly what main's binary (fbc0d09) said, raw and written with `\u` escapes.
@Suite struct ScriptsBankMessagesTests {
  static let folder = Fixtures.repositoryRoot + "/Tests/Fixtures/loading"

  @Test(arguments: ["scripts-edge", "scripts-edge-escaped"])
  func messagesAreMainsByteForByte(name: String) throws {
    let empty = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: empty) }
    let result = try runBinary(["check", "--quizzes", empty, name + ".json"], directory: Self.folder)
    let expected = try String(contentsOfFile: Self.folder + "/" + name + ".expected", encoding: .utf8)
    #expect(result.stdout + result.stderr + "status \(result.status)\n" == expected)
  }
}
