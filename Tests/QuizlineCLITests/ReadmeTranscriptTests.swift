import Foundation
import Testing

/// README's first example is true: its `printf … | quizline` line, piped into the real binary on a
/// fresh profile of the shipped quizzes, prints the transcript README shows (a line `...` stands
/// for lines left out). A newcomer's first session reads a session before it reviews.
@Suite struct ReadmeTranscriptTests {
  /// The first ```text block of README.md: its command line and the lines shown after it.
  static func firstExample() throws -> (input: String, lines: [String]) {
    let readme = try String(contentsOfFile: Fixtures.repositoryRoot + "/README.md", encoding: .utf8)
    let start = try #require(readme.range(of: "```text\n"))
    let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
    var lines = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    let command = lines.removeFirst()
    // `$ printf 'LINES' | quizline`: the lines typed, with printf's `\n`.
    let prefix = "$ printf '"
    let suffix = "' | quizline"
    try #require(command.hasPrefix(prefix) && command.hasSuffix(suffix), "README's first example: \(command)")
    let typed = command.dropFirst(prefix.count).dropLast(suffix.count)
    return (typed.replacingOccurrences(of: "\\n", with: "\n"), lines)
  }

  /// Whether `output` is `expected` line for line, where a line `...` (indented or not) of `expected`
  /// stands for any number of lines of `output`; on a mismatch, the first line that differs.
  static func mismatch(_ expected: [String], _ output: [String]) -> String? {
    func match(_ e: Int, _ o: Int) -> Bool {
      if e == expected.count { return o == output.count }
      if expected[e].trimmingCharacters(in: .whitespaces) == "..." {
        return (o...output.count).contains { match(e + 1, $0) }
      }
      return o < output.count && expected[e] == output[o] && match(e + 1, o + 1)
    }
    if match(0, 0) { return nil }
    // The longest prefix of README that matches, for the message.
    var e = 0
    var o = 0
    while e < expected.count, o < output.count, expected[e] == output[o] {
      e += 1
      o += 1
    }
    let shown = e < expected.count ? expected[e] : "(end)"
    let got = o < output.count ? output[o] : "(end)"
    return "README line \(e + 2) of the example: \(shown)\n  quizline printed: \(got)"
  }

  @Test func readmesFirstTranscriptIsWhatQuizlinePrintsOnAFreshProfile() throws {
    let (input, expected) = try Self.firstExample()
    #expect(input.hasPrefix("next\n"), "a newcomer reads first")
    let home = NSTemporaryDirectory() + "quizline-readme-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    // The defaults README's reader has, whatever the test's own environment says.
    let environment = [
      "QUIZLINE_QUIZZES": Fixtures.repositoryRoot + "/Quizzes", "QUIZLINE_PROGRESS": "Progress",
      "QUIZLINE_PROFILE": "default", "QUIZLINE_NOW": "2026-12-02T10:00:00Z", "QUIZLINE_DEVICE": "readme",
    ]
    let result = try runBinary([], input: input, environment: environment, directory: home)
    #expect(result.status == 0, "\(result.stderr)")
    let output = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let problem = Self.mismatch(expected, output.last == "" ? Array(output.dropLast()) : output)
    #expect(problem == nil, "\(problem ?? "")\n\nquizline printed:\n\(result.stdout)")
  }

  @Test func anElidedLineMatchesAnyRunOfLinesAndNothingElse() {
    #expect(Self.mismatch(["a", "...", "d"], ["a", "b", "c", "d"]) == nil)
    #expect(Self.mismatch(["a", "  ...", "b"], ["a", "b"]) == nil)
    #expect(Self.mismatch(["a", "...", "d"], ["a", "b", "c", "e"]) != nil)
    #expect(Self.mismatch(["a", "b"], ["a", "b", "c"]) != nil)
  }
}
