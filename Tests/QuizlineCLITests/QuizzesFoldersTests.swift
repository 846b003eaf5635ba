import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineInterop
import QuizlineReports
import QuizlineStorage
import Testing

/// Several quizzes folders (`--quizzes` more than once, `QUIZLINE_QUIZZES=a:b`, the learner's own
/// `MyQuizzes`), and a quiz whose bank is in a folder not loaded this time.
@Suite struct QuizzesFoldersTests {
  static let now = "2026-03-01T09:00:00Z"

  /// A bank `id` of three true/false questions, written to `dir/name.json`.
  @discardableResult
  static func writeBank(_ id: String, in dir: String, name: String? = nil) throws -> String {
    let questions = (1...3).map { k in
      """
          {"id": "q\(k)", "type": "truefalse", "prompt": "Statement \(k) of \(id) is true.", "answer": true,
           "explanation": "It is."}
      """
    }
    let text = """
      {
        "kind": "bank",
        "schemaVersion": 1,
        "id": "\(id)",
        "title": "Own bank \(id)",
        "questions": [
      \(questions.joined(separator: ",\n"))
        ]
      }

      """
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = dir + "/" + (name ?? id) + ".json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func quizzesGivenTwiceLoadsTheBanksOfBothFolders() throws {
    let mine = try temporaryDirectory()
    try Self.writeBank("extra", in: mine)
    let listed = runInProcess(["list", "--ids", "bank", "--quizzes", Fixtures.catalog, "--quizzes", mine])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout == "extra\nsample\n")
  }

  @Test func theEnvironmentVariableTakesAColonSeparatedList() throws {
    let mine = try temporaryDirectory()
    try Self.writeBank("extra", in: mine)
    let listed = runInProcess(
      ["list", "--ids", "bank"], variables: ["QUIZLINE_QUIZZES": Fixtures.catalog + ":" + mine])
    #expect(listed.stdout == "extra\nsample\n", "\(listed.stderr)")
    let flagWins = runInProcess(
      ["list", "--ids", "bank", "--quizzes", mine], variables: ["QUIZLINE_QUIZZES": Fixtures.catalog + ":" + mine])
    #expect(flagWins.stdout == "extra\n")
  }

  @Test func aMissingFolderAmongSeveralIsNamed() throws {
    let missing = try temporaryDirectory() + "/nope"
    let result = runInProcess(["list", "--quizzes", Fixtures.catalog, "--quizzes", missing])
    #expect(result.status == 66)
    #expect(result.stderr.contains("quizzes folder '\(missing)' does not exist"), "\(result.stderr)")
  }

  @Test func anIdDeclaredInTwoFoldersIsALocatedError() throws {
    let mine = try temporaryDirectory()
    let copy = try Self.writeBank("sample", in: mine, name: "my-sample")
    let checked = runInProcess(["check", "--quizzes", Fixtures.catalog, "--quizzes", mine])
    #expect(checked.status == 65)
    let expected =
      "\(copy):4:9: error: bank id \"sample\" is already used by \(Fixtures.catalog)/banks/sample.json:5:9; ids must be unique"
    #expect(checked.stdout.contains(expected), "\(checked.stdout)")
  }

  @Test func theLearnersOwnFolderIsLoadedBesideTheDefaultOneAndImportWritesThere() throws {
    let home = try temporaryDirectory()
    try FileManager.default.copyItem(atPath: Fixtures.catalog, toPath: home + "/Quizzes")
    let gift = home + "/mine.gift"
    try Data("::One:: Two plus two is four. {T}\n".utf8).write(to: URL(fileURLWithPath: gift))
    let imported = try runBinary(["import", gift, "--id", "mine"], directory: home)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(FileManager.default.fileExists(atPath: home + "/MyQuizzes/mine.json"))
    let shipped = try FileManager.default.subpathsOfDirectory(atPath: home + "/Quizzes")
    #expect(!shipped.contains { $0.contains("mine") }, "the shipped folder is left alone")
    let listed = try runBinary(["list", "--ids", "bank"], directory: home)
    #expect(listed.stdout == "mine\nsample\n", "\(listed.stderr)")
    let named = try runBinary(["list", "--ids", "bank", "--quizzes", "Quizzes"], directory: home)
    #expect(named.stdout == "sample\n", "a named folder list is taken as it is")
  }

  @Test func importWithNamedFoldersSaysHowToLoadWhatItWrote() throws {
    let home = try temporaryDirectory()
    let gift = home + "/mine.gift"
    try Data("::One:: Two plus two is four. {T}\n".utf8).write(to: URL(fileURLWithPath: gift))
    let imported = try runBinary(["import", gift, "--id", "mine", "--quizzes", Fixtures.catalog], directory: home)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stdout.contains("'MyQuizzes' is not among the quizzes folders of this start; load it with --quizzes"))
  }
}
