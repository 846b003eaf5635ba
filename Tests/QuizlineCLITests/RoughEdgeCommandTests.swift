import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// Rough edges of the command line a first user hit (issue 15, item 9): `quizline status`,
/// `--profile Alice`, `report --profile typo`, `check` on a folder with GIFT/Aiken files,
/// `export-anki` ordering items, and `clear` on a terminal.
@Suite struct RoughEdgeCommandTests {
  static let catalog = Fixtures.catalog

  @Test func statusIsACommandLineCommandThatPrintsTheSummary() throws {
    let progress = try temporaryDirectory()
    let r = runInProcess(["status", "--quizzes", Self.catalog, "--progress", progress])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.hasPrefix("Status | profile default\n"), "\(r.stdout)")
    #expect(r.stdout.contains("  Sessions completed"))
    #expect(r.stderr.isEmpty)
  }

  @Test func aProfileNameInUpperCaseIsThatNameInLowerCase() throws {
    let progress = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: progress + "/alice", withIntermediateDirectories: true)
    let r = runInProcess(["status", "--quizzes", Self.catalog, "--progress", progress, "--profile", "Alice"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.hasPrefix("Status | profile alice\n"), "\(r.stdout)")
  }

  @Test func aProfileNameThatCannotBeAFolderIsRefusedInWords() {
    let r = runInProcess(["list", "--quizzes", Self.catalog, "--profile", "Ann Lee"])
    #expect(r.status == 64)
    #expect(
      r.stderr.hasPrefix(
        "quizline: profile name 'Ann Lee' is not allowed: a profile name uses letters a-z, digits and '-' (not first)"
      ), "\(r.stderr)")
    #expect(!r.stderr.contains("[a-z0-9]"))
  }

  @Test func aReportForAProfileThatDoesNotExistIsMissingInput() throws {
    let progress = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: progress + "/alice", withIntermediateDirectories: true)
    try Data("".utf8).write(to: URL(fileURLWithPath: progress + "/alice/journal.jsonl"))
    let r = runInProcess(["report", "--quizzes", Self.catalog, "--progress", progress, "--profile", "alcie"])
    #expect(r.status == 66)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr == "quizline: no such profile 'alcie' in '\(progress)'; did you mean 'alice'?\nProfiles: alice.\n")
    #expect(
      runInProcess(["report", "--quizzes", Self.catalog, "--progress", progress, "--profile", "alice"]).status == 0)
    let status = runInProcess(["status", "--quizzes", Self.catalog, "--progress", progress, "--profile", "alcie"])
    #expect(status.status == 66)
    #expect(status.stderr.hasPrefix("quizline: no such profile 'alcie'"))
  }

  @Test func checkOnAFolderNamesTheGIFTAndAikenFilesItDoesNotRead() throws {
    let dir = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir + "/imports", withIntermediateDirectories: true)
    try Data("::q1:: 2+2 {=4 ~5}\n".utf8).write(to: URL(fileURLWithPath: dir + "/imports/moodle.gift"))
    try Data("Which?\nA. one\nB. two\nANSWER: A\n".utf8).write(to: URL(fileURLWithPath: dir + "/quiz.txt"))
    try Data("just notes\n".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
    let r = runInProcess(["check", dir])
    #expect(r.status == 0, "\(r.stdout)")
    let notes = r.stdout.split(separator: "\n").filter { $0.contains(": note: ") }
    #expect(
      notes == [
        "\(dir)/imports/moodle.gift: note: a GIFT file, not read in a folder (only *.json is); check it by naming it (quizline check \(dir)/imports/moodle.gift) or convert it with quizline import",
        "\(dir)/quiz.txt: note: an Aiken file, not read in a folder (only *.json is); check it by naming it (quizline check \(dir)/quiz.txt) or convert it with quizline import",
      ])
  }

  @Test func ankiExportListsOrderingItemsInTheShuffledOrderNotSorted() throws {
    let dir = try temporaryDirectory()
    let bank = """
      {"kind": "bank", "schemaVersion": 1, "id": "o", "title": "O", "questions": [
        {"id": "abc", "type": "ordering", "prompt": "Order", "items": ["alpha", "beta", "gamma", "delta"],
         "explanation": "x"}]}
      """
    try Data(bank.utf8).write(to: URL(fileURLWithPath: dir + "/o.json"))
    let r = runInProcess(["export-anki", "o", "--quizzes", dir, "-o", "-"])
    #expect(r.status == 0, "\(r.stderr)")
    let shown = Presentation.orderingItems(questionID: "abc", items: ["alpha", "beta", "gamma", "delta"])
    #expect(shown != ["alpha", "beta", "gamma", "delta"])
    #expect(shown != ["alpha", "beta", "delta", "gamma"])
    #expect(r.stdout.contains("Put in order:<br>" + shown.map { "- \($0)" }.joined(separator: "<br>")), "\(r.stdout)")
  }

  @Test func clearWritesTheClearScreenSequenceOnlyWhenTheRuntimeHasOne() {
    for sequence in ["", "\u{1B}[H\u{1B}[2J"] {
      let out = BufferSink()
      let reader = ScriptedLineReader([.line("clear"), .line("quit")], echoTo: out)
      var runtime = REPLRuntime(
        store: Store(state: AppState(catalog: RuntimeTranscriptTests.catalog), journal: MemoryJournal()),
        reader: reader, output: out, clock: { RuntimeTranscriptTests.start }, entropy: { 7 },
        context: { RenderContext(width: 80, style: .plain, now: RuntimeTranscriptTests.start) })
      runtime.clearScreen = sequence
      runtime.terminationRequested = { false }
      #expect(runtime.run() == .ok)
      #expect(out.text.contains("quizline> clear\n" + sequence + "quizline> quit\n"), "\(out.text)")
    }
  }
}
