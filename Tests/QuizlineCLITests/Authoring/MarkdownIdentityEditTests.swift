import Foundation
import Testing

/// A Markdown bank's cards written without ids keep their schedule through the edits people make:
/// a typo fix, cards inserted before them, a reorder; a deleted card becomes an orphan, and a card
/// rewritten beyond recognition is a new card (its old id an orphan). Through the real binary.
@Suite(.serialized) struct MarkdownIdentityEditTests {
  struct Setup {
    var base: String
    var bank: String { base + "/q/fr.md" }
  }

  static let cards = """
    ---
    kind: bank
    id: fr
    title: French
    ---

    ## What is the French word for cat?

    = chat

    ## What is the French word for dog?

    = chien

    """

  func start() throws -> Setup {
    let setup = Setup(base: try temporaryDirectory())
    try FileManager.default.createDirectory(atPath: setup.base + "/q", withIntermediateDirectories: true)
    try write(Self.cards, setup.bank)
    // Both cards answered right: each is scheduled, none is new.
    let r = try quizline(setup, input: "start fr\nchat\nchien\nquit\n", at: "2026-03-01T09:00:00Z")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("fr.md: gave ids to 2 new cards (written into the file"), "\(r.stdout)")
    return setup
  }

  func quizline(_ s: Setup, _ rest: [String] = [], input: String = "", at time: String) throws -> RunResult {
    try runBinary(
      ["--quizzes", s.base + "/q", "--progress", s.base + "/p", "--now", time] + rest, input: input,
      environment: ["XDG_STATE_HOME": s.base + "/state"])
  }

  func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
  func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  /// `status`'s review and orphan lines after an edit made by `change`.
  func statusAfter(_ s: Setup, _ change: (String) -> String) throws -> String {
    try write(change(try read(s.bank)), s.bank)
    let opened = try quizline(s, input: "quit\n", at: "2026-03-01T10:00:00Z")
    #expect(opened.status == 0, "\(opened.stderr)")
    return try quizline(s, ["status"], at: "2026-03-01T10:01:00Z").stdout + opened.stdout
  }

  @Test func aTypoFixKeepsTheSchedule() throws {
    let s = try start()
    let status = try statusAfter(s) { $0.replacingOccurrences(of: "word for cat", with: "wrod for cat") }
    #expect(status.contains("Reviews             nothing due now"), "\(status)")
    #expect(!status.contains("Orphaned") && !status.contains("new card"), "\(status)")
  }

  @Test func cardsInsertedBeforeAndAReorderKeepTheSchedules() throws {
    let s = try start()
    let status = try statusAfter(s) { text in
      let parts = text.components(separatedBy: "## ")
      // parts: front matter, cat card, dog card → front matter, new card, dog card, cat card.
      return parts[0] + "## What is the French word for bird?\n\n= oiseau\n\n## " + parts[2] + "## " + parts[1]
    }
    #expect(status.contains("1 new card ready"), "only the inserted card is new: \(status)")
    #expect(!status.contains("Orphaned"), "\(status)")
    #expect(try read(s.bank).contains("## What is the French word for bird? {#what-is-the-french-word-"))
  }

  @Test func aDeletedCardBecomesAnOrphan() throws {
    let s = try start()
    let status = try statusAfter(s) { text in
      let parts = text.components(separatedBy: "## ")
      return parts[0] + "## " + parts[2]
    }
    #expect(status.contains("Orphaned            1 question kept"), "\(status)")
    #expect(!status.contains("new card"), "\(status)")
  }

  @Test func aRewriteBeyondRecognitionIsANewCardAndTheOldIDAnOrphan() throws {
    let s = try start()
    let status = try statusAfter(s) {
      $0.replacingOccurrences(
        of: "What is the French word for cat?", with: "Which French noun names a house, the building people live in?")
    }
    #expect(
      status.contains("rewritten beyond recognition, so it is a new card: which-french-noun-names-a-"), "\(status)")
    #expect(status.contains("1 new card ready") && status.contains("Orphaned            1 question kept"), "\(status)")
    #expect(
      try read(s.bank).contains("## Which French noun names a house, the building people live in? {#which-french-noun"))
    // The wordings this device keeps match their schema.
    let schemas = SchemaConformanceTests()
    let cache = try schemas.validate("card-wording.schema.json", [s.base + "/state/quizline/card-wording.json"])
    #expect(schemas.verdict(cache)?.documents == 1 && schemas.verdict(cache)?.problems == 0, "\(cache.stdout)")
  }

  /// A heading underlined with `---` over two lines: its id goes at the end of its last text line
  /// (not on the underline, which would unmake the heading), and is read back there, so a second
  /// start writes nothing and the id stays.
  @Test func anUnderlinedHeadingGetsItsIDOnceOnItsLastLine() throws {
    let base = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: base + "/q", withIntermediateDirectories: true)
    let bank = base + "/q/s.md"
    try write("---\nkind: bank\nid: sx\ntitle: S\n---\n\nWhat is the French\nword for cat?\n---\n\n= chat\n", bank)
    let s = Setup(base: base)
    let first = try quizline(s, input: "quit\n", at: "2026-03-01T09:00:00Z")
    #expect(first.stdout.contains("s.md: gave ids to 1 new card"), "\(first.stdout)")
    let written = try read(bank)
    let lines = written.components(separatedBy: "\n")
    #expect(lines[7].hasPrefix("word for cat? {#what-is-the-french-word-") && lines[8] == "---", "\(written)")
    let second = try quizline(s, input: "quit\n", at: "2026-03-01T09:01:00Z")
    #expect(!second.stdout.contains("gave ids"), "\(second.stdout)")
    #expect(try read(bank) == written)
    let json = try runBinary(["convert", bank]).stdout
    #expect(json.contains("\"prompt\": \"What is the French\\nword for cat?\""), "\(json)")
  }

  @Test func aFileQuizlineCannotWriteKeepsWorkingAndSaysSo() throws {
    let base = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: base + "/q", withIntermediateDirectories: true)
    try write(Self.cards, base + "/q/fr.md")
    let link = base + "/q/linked.md"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: base + "/q/fr.md")
    try FileManager.default.removeItem(atPath: base + "/q/fr.md")
    try FileManager.default.createDirectory(atPath: base + "/elsewhere", withIntermediateDirectories: true)
    try write(Self.cards.replacingOccurrences(of: "id: fr", with: "id: other"), base + "/elsewhere/real.md")
    try FileManager.default.removeItem(atPath: link)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: base + "/elsewhere/real.md")
    let r = try runBinary(
      ["--quizzes", base + "/q", "--progress", base + "/p", "--now", "2026-03-01T09:00:00Z"], input: "quit\n",
      environment: ["XDG_STATE_HOME": base + "/state"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("linked.md: ids not written (it is not a regular file (a link?))"), "\(r.stdout)")
    #expect(try read(base + "/elsewhere/real.md") == Self.cards.replacingOccurrences(of: "id: fr", with: "id: other"))
  }
}

/// `quizline new bank` in a folder of one's own (no shipped `Quizzes/` there): the next step the
/// command prints, starting quizline, works on `MyQuizzes/` alone.
@Suite struct OwnFolderStartTests {
  @Test func aNewBankInAnEmptyFolderIsStudiedWithoutAQuizzesFolder() throws {
    let base = try temporaryDirectory()
    let env = ["XDG_STATE_HOME": base + "/state"]
    #expect(try runBinary(["new", "bank", "verbs"], environment: env, directory: base).status == 0)
    let r = try runBinary(["list"], environment: env, directory: base)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("verbs"), "\(r.stdout)")
    // Named folders are still required to exist.
    let named = try runBinary(["--quizzes", "Quizzes", "list"], environment: env, directory: base)
    #expect(named.status == 66, "\(named.stderr)")
  }
}
