import Foundation
import Testing

/// A one-character file name once trapped inside Foundation's path handling.
@Suite struct ShortExportNameTests {
  @Test func exportToAOneLetterNameWritesTheFile() throws {
    let dir = try temporaryDirectory()
    let result = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", dir + "/p"], input: "export md x\nexport md -\nquit\n",
      directory: dir)
    #expect(result.status == 0)
    #expect(result.stdout.contains("Wrote x ("))
    #expect(result.stdout.contains("error: export writes a file; '-' (standard output) is for quizline report"))
    #expect(FileManager.default.fileExists(atPath: dir + "/x"))
  }
}
