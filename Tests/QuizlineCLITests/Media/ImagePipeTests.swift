import Foundation
import Testing

/// Through a pipe, an image stays its text placeholder: no escape of any kind reaches the output,
/// and the terminal is not queried.
@Suite struct ImagePipeTests {
  @Test func aCardWithAnImageShowsNoEscapeOnAPipe() throws {
    let folder = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder + "/banks", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: ImageFixtures.path("stripes.png"), toPath: folder + "/banks/stripes.png")
    let bank = """
      {"kind": "bank", "schemaVersion": 1, "id": "pictures", "title": "Pictures", "questions": [
        {"id": "stripes", "type": "flashcard", "prompt": "Which colours?\\n![](stripes.png)", "back": "Red, green, blue."}
      ]}
      """
    try Data(bank.utf8).write(to: URL(fileURLWithPath: folder + "/banks/pictures.json"))
    let result = try runBinary(
      ["--quizzes", folder, "--progress", folder + "/Progress"], input: "review\n\ngood\n",
      environment: ["TERM": "xterm-kitty", "TERM_PROGRAM": "iTerm.app", "COLORTERM": "truecolor"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("stripes.png"))
    #expect(!result.stdout.contains("\u{1B}"))
  }
}
