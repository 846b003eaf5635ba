import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineReports

/// `quizline import`, `quizline export-anki` and `quizline check` on GIFT/Aiken files.
@Suite struct InteropCommandTests {
  /// quizline's own GIFT file with every question type: 21 questions and 1 description in 9 categories.
  static let sampler = Fixtures.repositoryRoot + "/Tests/Fixtures/interop/sampler.gift"
  static let giftCases = Fixtures.repositoryRoot + "/Tests/Fixtures/gift-cases"
  static let aikenCases = Fixtures.repositoryRoot + "/Tests/Fixtures/aiken-cases"

  func write(_ text: String, _ name: String, in dir: String) throws -> String {
    let path = dir + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func importWritesABankAndNotesThatCheckAccepts() throws {
    let dir = try temporaryDirectory()
    let result = runInProcess(["import", Self.sampler, "--id", "smp", "--out", dir])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "Imported 21 questions from '\(Self.sampler)' (GIFT) into '\(dir)/smp.json':"))
    #expect(
      result.stdout.contains(
        "  single 3, multiple 2, truefalse 4, text 4, numeric 4, matching 2, open 2\n"))
    #expect(result.stdout.contains("1 description → study session '\(dir)/smp-notes.json'"))
    #expect(!result.stdout.contains("warning"))
    // Welcome, Essay one and two, True false 1 and 3, Number 1, Rivers, Short answer 1 and 3, Choice 1-4.
    #expect(result.stdout.contains("Converted with loss:\n  HTML reduced to text: 13 items"))
    #expect(
      result.stdout.contains(
        "line 73, short-answer-1: the pattern '*tangent*' is accepted as the exact answer 'tangent'"
      ))
    #expect(result.stdout.contains("media dropped: 1 note\n    line 27, true-false-3: 1 image"))
    let check = runInProcess(["check", "--quizzes", dir])
    #expect(check.status == 0, "\(check.stdout)")
    #expect(
      check.stdout.contains(
        "checked 2 files (1 bank, 21 questions, 1 session, 0 courses): 0 errors"))
  }

  @Test func importUsesTheBanksAndSessionsSubfoldersWhenTheyExist() throws {
    let dir = try temporaryDirectory()
    for sub in ["banks", "sessions"] {
      try FileManager.default.createDirectory(
        atPath: dir + "/" + sub, withIntermediateDirectories: true)
    }
    #expect(
      runInProcess(["import", Self.sampler, "--id", "smp", "--out", dir]).status == 0)
    #expect(FileManager.default.fileExists(atPath: dir + "/banks/smp.json"))
    #expect(FileManager.default.fileExists(atPath: dir + "/sessions/smp-notes.json"))
  }

  @Test func importNeverReplacesAFileWithoutForce() throws {
    let dir = try temporaryDirectory()
    let existing = try write("{\"kind\": \"bank\"} my own edits", "smp.json", in: dir)
    let refused = runInProcess(["import", Self.sampler, "--id", "smp", "--out", dir])
    #expect(refused.status == 73)
    #expect(refused.stderr.contains("'\(existing)' already exists; pass --force to replace it"))
    #expect(
      try String(contentsOfFile: existing, encoding: .utf8) == "{\"kind\": \"bank\"} my own edits")
    #expect(
      !FileManager.default.fileExists(atPath: dir + "/smp-notes.json"),
      "nothing is written when one target exists")
    #expect(
      runInProcess(["import", Self.sampler, "--id", "smp", "--out", dir, "--force"]).status == 0)
    #expect(
      try String(contentsOfFile: existing, encoding: .utf8).hasPrefix("{\n  \"kind\": \"bank\""))
  }

  @Test func importWithErrorsExits65WithLocatedMessagesAndWritesNothingUnlessPartial() throws {
    let dir = try temporaryDirectory()
    let file = try write(
      "::Good::Capital of Italy? {=Rome}\n\n::Bad::Broken {~only}\n", "quiz.gift", in: dir)
    let out = dir + "/out"
    let result = runInProcess(["import", file, "--out", out])
    #expect(result.status == 65)
    #expect(
      result.stderr.hasPrefix(
        "\(file):3:15: error: question \"Bad\": a multiple-choice question needs at least 2 answers, found 1\n"
      ))
    #expect(result.stderr.contains("nothing written"))
    #expect(!FileManager.default.fileExists(atPath: out + "/quiz.json"))
    let partial = runInProcess(["import", file, "--out", out, "--partial"])
    #expect(partial.status == 65)
    #expect(partial.stdout.hasPrefix("Imported 1 question from"))
    #expect(partial.stdout.contains("\nLeft out: what the 1 error above names.\n"), "\(partial.stdout)")
    #expect(!partial.stdout.contains("Nothing was lost"))
    #expect(FileManager.default.fileExists(atPath: out + "/quiz.json"))
  }

  @Test func importGuessesAikenFromTheContentAndHonoursFormat() throws {
    let dir = try temporaryDirectory()
    let file = try write("Which is red?\nA) sky\nB) blood\nANSWER: B\n", "colours.txt", in: dir)
    let result = runInProcess(["import", file, "--out", dir])
    #expect(result.status == 0)
    #expect(result.stdout.contains("(Aiken) into '\(dir)/colours.json':\n  single 1\n"))
    let forced = runInProcess(["import", file, "--out", dir + "/g", "--format", "gift"])
    #expect(forced.stdout.contains("(GIFT)"))
    #expect(runInProcess(["import", file, "--format", "qti"]).status == 64)
  }

  @Test func anAikenFileWithAMistypedAnswerLineGetsAikensErrorsNotGIFTStudyText() throws {
    let dir = try temporaryDirectory()
    let lower = try write("Pick one?\nA) one\nB) two\nanswer: A\n", "pick.txt", in: dir)
    let named = try write("Pick one?\nA) one\nB) two\n", "pick.aiken.txt", in: dir)
    let gift = try write("::Q::Answer:\nanswer: this {=x ~y}\n", "q.txt", in: dir)
    let result = runInProcess(["check", lower, named, gift])
    #expect(result.status == 65)
    #expect(
      result.stdout.contains(
        "\(lower):4:1: error: question \"Pick one?\" (line 1) is not complete (no ANSWER line)"))
    #expect(
      result.stdout.contains("\(lower):4: error: question \"answer: A\" (line 4) is not complete"))
    #expect(
      result.stdout.contains("\(named):3: error: question \"Pick one?\" (line 1) is not complete"))
    #expect(
      result.stdout.hasSuffix(
        "checked 3 files (3 banks, 1 question, 0 sessions, 0 courses): 3 errors, 0 warnings\n"))
    let imported = runInProcess(["import", lower, "--out", dir + "/out"])
    #expect(imported.status == 65)
    #expect(imported.stderr.hasSuffix("; nothing written. No question could be read.\n"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/out/pick-notes.json"))
  }

  @Test func importRefusesBadInput() throws {
    let dir = try temporaryDirectory()
    let latin1 = dir + "/latin1.gift"
    try Data([0x3A, 0x3A, 0x54, 0x3A, 0x3A, 0x63, 0x61, 0x66, 0xE9, 0x7B, 0x54, 0x7D]).write(
      to: URL(fileURLWithPath: latin1))
    let rejected = runInProcess(["import", latin1, "--out", dir])
    #expect(rejected.status == 65)
    #expect(rejected.stderr.hasPrefix("\(latin1):1:9: error: the file is not UTF-8 (byte 0xE9)"))
    #expect(runInProcess(["import", dir + "/missing.gift"]).status == 66)
    let badID = runInProcess(["import", latin1, "--id", "../x"])
    #expect(badID.status == 64)
    #expect(badID.stderr.contains("--id '../x' is not allowed"))
  }

  @Test func checkReadsGIFTAndAikenFilesNamedAsPaths() {
    let gift = Self.giftCases + "/057-err-mid-file-rest-kept.gift"
    let aiken = Self.aikenCases + "/A005-err-unfinished-at-eof.aiken.txt"
    let bad = runInProcess(["check", gift, aiken])
    #expect(bad.status == 65)
    #expect(bad.stdout.hasPrefix("\(gift):3:38: error: question \"Second\": "))
    #expect(
      bad.stdout.contains(
        "\(aiken):9: error: question \"Which ocean lies between Africa and Aust…\" (line 6) is not complete"
      ))
    #expect(
      bad.stdout.hasSuffix(
        "checked 2 files (2 banks, 3 questions, 0 sessions, 0 courses): 2 errors, 0 warnings\n"))
    let good = runInProcess(["check", Self.sampler])
    #expect(good.status == 0)
    #expect(
      good.stdout
        == "checked 1 file (1 bank, 21 questions, 0 sessions, 0 courses): 0 errors, 0 warnings\n")
  }

  @Test func exportAnkiWritesTheImportFileByIdOrPathAndNeverOverwrites() throws {
    let dir = try temporaryDirectory()
    #expect(runInProcess(["import", Self.sampler, "--id", "smp", "--out", dir]).status == 0)
    let out = dir + "/smp.anki.txt"
    let result = runInProcess(["export-anki", "smp", "--quizzes", dir, "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Wrote 21 notes to '\(out)' (deck 'sampler', 4 KB)."), "\(result.stdout)")
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.hasPrefix("#separator:tab\n#html:true\n#notetype:Basic\n#deck:sampler\n"))
    #expect(text.split(separator: "\n").count == 7 + 21)
    let again = runInProcess(["export-anki", dir + "/smp.json", "-o", out])
    #expect(again.status == 73)
    #expect(again.stderr.contains("already exists; pass --force"))
    #expect(runInProcess(["export-anki", dir + "/smp.json", "-o", out, "--force"]).status == 0)
    #expect(runInProcess(["export-anki", dir + "/smp.json", "-o", "-"]).stdout == text)
    let missing = runInProcess(["export-anki", "nope", "--quizzes", dir])
    #expect(missing.status == 66)
    #expect(missing.stderr == "quizline: no bank 'nope' in '\(dir)' (banks: smp)\n")
  }
}

/// The same commands through the real executable.
@Suite struct InteropBinaryTests {
  @Test func importThenExportAnkiWithDefaultNames() throws {
    let dir = try temporaryDirectory()
    let imported = try runBinary(["import", InteropCommandTests.sampler, "--id", "smp"], directory: dir)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir + "/MyQuizzes/smp.json"), "the learner's own folder")
    #expect(!FileManager.default.fileExists(atPath: dir + "/Quizzes"), "never the shipped folder unless told to")
    let exported = try runBinary(["export-anki", "smp", "--quizzes", "MyQuizzes"], directory: dir)
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir + "/MyQuizzes/exports/smp.anki.txt"), "beside the banks")
    #expect(!FileManager.default.fileExists(atPath: dir + "/smp.anki.txt"), "not in the current folder")
    let check = try runBinary([
      "check", InteropCommandTests.giftCases + "/050-err-missing-closing-brace.gift",
    ])
    #expect(check.status == 65)
    #expect(
      check.stdout.contains(
        "050-err-missing-closing-brace.gift:1:44: error: question \"Unclosed\": '{' opens an answer block that is never closed"
      ))
  }
}
