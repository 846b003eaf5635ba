import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// `quizline import` and `quizline check` on the public GIFT/Aiken material of `make conformance`
/// (`$CONFORMANCE_DIR`, default `<repo>/../shared/conformance`): the figures these real files give.
/// The same commands on quizline's own fixtures are in ``InteropCommandTests``. Fails, never skips, when
/// the folder is missing.
@Suite("Conformance: import and check on the public files ($CONFORMANCE_DIR)")
struct ConformanceInteropCommands {
  static let root: String = {
    if let set = ProcessInfo.processInfo.environment["CONFORMANCE_DIR"], !set.isEmpty {
      return URL(fileURLWithPath: set, relativeTo: URL(fileURLWithPath: Fixtures.repositoryRoot))
        .standardizedFileURL.path
    }
    return URL(fileURLWithPath: Fixtures.repositoryRoot + "/../shared/conformance")
      .standardizedFileURL.path
  }()
  static let allGIFT = root + "/corpora/qas-editor/gift/all.gift"

  /// The file at `path`, or a recorded failure naming the folder and the variable.
  func require(_ path: String) throws -> String {
    try #require(
      FileManager.default.fileExists(atPath: path),
      "conformance material missing: no file \(path) (set CONFORMANCE_DIR)")
    return path
  }

  @Test func importOfQASEditorsAllFileReportsItsCountsAndLosses() throws {
    let file = try require(Self.allGIFT)
    let dir = try temporaryDirectory()
    let result = runInProcess(["import", file, "--id", "qas", "--out", dir])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains("Imported 21 questions from '\(file)' (GIFT) into '\(dir)/qas.json':"))
    #expect(
      result.stdout.contains(
        "  single 3, multiple 2, truefalse 4, text 4, numeric 4, matching 2, open 2\n"))
    #expect(result.stdout.contains("1 description → study session '\(dir)/qas-notes.json'"))
    #expect(result.stdout.contains("Converted with loss:\n  HTML reduced to text: 17 items"))
    #expect(
      result.stdout.contains(
        "line 79, short-answer-1: the pattern '*manually*' is accepted as the exact answer 'manually'"
      ))
    let check = runInProcess(["check", "--quizzes", dir])
    #expect(check.status == 0, "\(check.stdout)")
    #expect(
      check.stdout.contains(
        "checked 2 files (1 bank, 21 questions, 1 session, 0 courses): 0 errors"))
    let anki = runInProcess(["export-anki", "qas", "--quizzes", dir, "--out", "-"])
    #expect(anki.status == 0, "\(anki.stderr)")
    #expect(anki.stdout.split(separator: "\n").count == 7 + 21)
  }

  @Test func checkLocatesTheErrorsOfTheMalformedConformanceCases() throws {
    let gift = try require(Self.root + "/gift/047-err-file-error-policy.gift")
    let aiken = try require(Self.root + "/aiken/A001-moodle-errors-fixture.aiken.txt")
    let bad = runInProcess(["check", gift, aiken])
    #expect(bad.status == 65)
    #expect(bad.stdout.hasPrefix("\(gift):3:15: error: question \"Bad\": "))
    #expect(
      bad.stdout.contains(
        "\(aiken):18:1: error: question \"A question started but not finished\" (line 14) is not complete"
      ))
    #expect(
      bad.stdout.hasSuffix(
        "checked 2 files (2 banks, 5 questions, 0 sessions, 0 courses): 5 errors, 0 warnings\n"))
  }

  @Test func checkAcceptsMoodlesExamplesFileWithoutAWarning() throws {
    let examples = try require(Self.root + "/corpora/moodle-examples/examples.txt")
    let good = runInProcess(["check", examples])
    #expect(good.status == 0)
    #expect(
      good.stdout
        == "checked 1 file (1 bank, 43 questions, 0 sessions, 0 courses): 0 errors, 0 warnings\n")
  }
}
