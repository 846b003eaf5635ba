import Foundation
import Testing

/// `export-anki` writes into `MyQuizzes/exports/` (created when missing) or `--out`, never into the
/// current folder, never over a file without `--force` (exit 73, and with `--all` nothing is
/// written then); `--all` exports every bank of the learner's own folders (not the shipped
/// course), and the summary names each file with its size.
@Suite struct ExportAnkiFolderTests {
  /// A study folder as a learner has it: the shipped course in `Quizzes/` (here the test catalog)
  /// and two banks imported into `MyQuizzes/`.
  func studyFolder() throws -> String {
    let dir = try temporaryDirectory()
    try FileManager.default.createSymbolicLink(atPath: dir + "/Quizzes", withDestinationPath: Fixtures.catalog)
    for id in ["smp", "words"] {
      let r = try runBinary(["import", InteropCommandTests.sampler, "--id", id], directory: dir)
      #expect(r.status == 0, "\(r.stderr)")
    }
    return dir
  }

  /// `4 KB` for a file of that many bytes (1024 to the KB, rounded), as the summary says it.
  func size(_ path: String) throws -> String {
    let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1
    return bytes < 1024 ? "\(bytes) bytes" : "\(Int((Double(bytes) / 1024).rounded())) KB"
  }

  @Test func oneBankGoesIntoMyQuizzesExportsNotTheCurrentFolder() throws {
    let dir = try studyFolder()
    let r = try runBinary(["export-anki", "sample"], directory: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let file = dir + "/MyQuizzes/exports/sample.anki.txt"
    #expect(FileManager.default.fileExists(atPath: file))
    #expect(!FileManager.default.fileExists(atPath: dir + "/sample.anki.txt"))
    #expect(
      r.stdout.hasPrefix(
        "Wrote 10 notes to 'MyQuizzes/exports/sample.anki.txt' (deck 'Sample bank with every question type', \(try size(file)))."
      ), "\(r.stdout)")
    let again = try runBinary(["export-anki", "sample"], directory: dir)
    #expect(again.status == 73)
    #expect(
      again.stderr == "quizline: 'MyQuizzes/exports/sample.anki.txt' already exists; pass --force to replace it\n")
    #expect(try runBinary(["export-anki", "sample", "--force"], directory: dir).status == 0)
  }

  @Test func allWritesEveryImportedBankAndListsEachFileWithItsSize() throws {
    let dir = try studyFolder()
    let r = try runBinary(["export-anki", "--all"], directory: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let exports = dir + "/MyQuizzes/exports"
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: exports).sorted() == ["smp.anki.txt", "words.anki.txt"])
    #expect(
      r.stdout == """
        Wrote 2 files:
          'MyQuizzes/exports/smp.anki.txt': 21 notes, deck 'sampler', \(try size(exports + "/smp.anki.txt"))
          'MyQuizzes/exports/words.anki.txt': 21 notes, deck 'sampler', \(try size(exports + "/words.anki.txt"))
        In Anki: File > Import, once for each file (one deck each).

        """)
    // Packages too, into another folder.
    let packages = try runBinary(["export-anki", "--all", "--apkg", "--out", "decks"], directory: dir)
    #expect(packages.status == 0, "\(packages.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/decks").sorted() == ["smp.apkg", "words.apkg"])
    #expect(
      packages.stdout.contains("'decks/smp.apkg': 21 notes, deck 'sampler', \(try size(dir + "/decks/smp.apkg"))"))
  }

  @Test func allReplacesNothingWhenOneFileExistsWithoutForce() throws {
    let dir = try studyFolder()
    try FileManager.default.createDirectory(atPath: dir + "/MyQuizzes/exports", withIntermediateDirectories: true)
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: dir + "/MyQuizzes/exports/words.anki.txt"))
    let r = try runBinary(["export-anki", "--all"], directory: dir)
    #expect(r.status == 73)
    #expect(r.stderr.contains("'MyQuizzes/exports/words.anki.txt'") && r.stderr.contains("nothing was written"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/MyQuizzes/exports/smp.anki.txt"))
    #expect(FileManager.default.contents(atPath: dir + "/MyQuizzes/exports/words.anki.txt") == Data("mine\n".utf8))
    let forced = try runBinary(["export-anki", "--all", "--force"], directory: dir)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(FileManager.default.contents(atPath: dir + "/MyQuizzes/exports/words.anki.txt") != Data("mine\n".utf8))
  }

  @Test func allWithoutBanksOfYourOwnOrWithABankIsRefused() throws {
    let dir = try temporaryDirectory()
    try FileManager.default.createSymbolicLink(atPath: dir + "/Quizzes", withDestinationPath: Fixtures.catalog)
    let none = try runBinary(["export-anki", "--all"], directory: dir)
    #expect(none.status == 66)
    #expect(none.stderr.contains("you have no banks of your own yet ('MyQuizzes' does not exist)"), "\(none.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/MyQuizzes"))
    let both = try runBinary(["export-anki", "sample", "--all"], directory: dir)
    #expect(both.status == 64)
    #expect(both.stderr.hasPrefix("quizline: export-anki: give a BANK or --all, not both"), "\(both.stderr)")
    let neither = try runBinary(["export-anki"], directory: dir)
    #expect(neither.status == 64)
  }
}
