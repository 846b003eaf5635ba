import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop

/// JSON sessions written as Markdown and read back are the same sessions, field by field; and the
/// new blocks go through JSON and back too.
@Suite struct MarkdownSessionRoundTripTests {
  static let shipped: [String] = {
    let dir = Fixtures.repositoryRoot + "/Quizzes/sessions"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { dir + "/" + $0 }
  }()

  static func jsonSession(_ text: String, path: String) throws -> StudySession {
    let (item, context) = CatalogFileDecoder.decode(bytes: Array(text.utf8), path: path)
    #expect(!context.diagnostics.hasErrors, "\(context.diagnostics)")
    guard case .session(let session, _, _) = try #require(item) else { throw FixtureError.missing(path) }
    return session
  }

  /// Every field compared on its own, so that a difference names the field.
  static func expectSame(_ a: StudySession, _ b: StudySession, _ name: String) {
    #expect(a.id == b.id, "\(name)")
    #expect(a.title == b.title, "\(name)")
    #expect(a.objectives == b.objectives, "\(name)")
    #expect(a.estimatedMinutes == b.estimatedMinutes, "\(name)")
    #expect(a.body.count == b.body.count, "\(name)")
    for (x, y) in zip(a.body, b.body) { #expect(x == y, "\(name)") }
    #expect(a.keyTerms == b.keyTerms, "\(name)")
    #expect(a.checkpoint == b.checkpoint, "\(name)")
    #expect(a.completion == b.completion, "\(name)")
    #expect(a.sources == b.sources, "\(name)")
  }

  static func throughMarkdown(_ session: StudySession, _ name: String) throws -> StudySession {
    let markdown = MarkdownSessionWriter.write(session)
    let (again, diagnostics) = MarkdownSessionReader.decode(text: markdown, path: name + ".md")
    #expect(diagnostics.isEmpty, "\(diagnostics)\n\(markdown)")
    return try #require(again, "\(markdown)")
  }

  @Test func everyShippedSessionComesBackTheSameThroughMarkdown() throws {
    #expect(Self.shipped.count >= 16)
    for path in Self.shipped {
      let name = URL(fileURLWithPath: path).lastPathComponent
      let session = try Self.jsonSession(try String(contentsOfFile: path, encoding: .utf8), path: name)
      Self.expectSame(try Self.throughMarkdown(session, name), session, name)
    }
  }

  static let awkward = StudySession(
    id: "awkward", title: "\"Quoted\" title: with a colon", objectives: [" spaced ", "a, b"], estimatedMinutes: 3,
    body: [
      .heading("Key terms"),
      .heading("Learn C #"),
      .paragraph("2 * 3 * 4, snake_case, a*b*c with *emphasis*, **strong** and `code` and ``a ` tick``, C:\\path"),
      .paragraph("# not a heading\n1. not a list\n- not a bullet\n> not a quote\n| not | a table |\n---"),
      .paragraph("[not a link](x) &amp; <https://x.y> ~~not struck~~ \\*not emphasis\\*"),
      .bullets(["[x] not a task", "two\nlines"]),
      .bullets(["a second list"]),
      .numbered(["ten", "eleven"], start: 10),
      .numbered(["again"], start: 1),
      .table(header: ["a | b", "`c|d`"], rows: [["", "*e*"]]),
      .quote([.paragraph("quoted"), .code("let x = 1", language: nil), .quote([.paragraph("deeper")])]),
      .code("```\nfenced inside\n```", language: "markdown"),
      .code("trailing newline\n", language: "text"),
    ],
    keyTerms: [KeyTerm(term: ".id(_:)", definition: "A `modifier`.")],
    checkpoint: Checkpoint(questions: [QuestionRef(bank: "b", question: "q")], passPercent: 55),
    completion: .checkpoint,
    sources: [SourceReference(file: "f.txt", section: "S")])

  @Test func awkwardTextComesBackTheSameThroughMarkdown() throws {
    Self.expectSame(try Self.throughMarkdown(Self.awkward, "awkward"), Self.awkward, "awkward")
  }

  @Test func theNewBlocksComeBackTheSameThroughJSON() throws {
    let json = BankJSONWriter.json(Self.awkward)
    #expect(json.contains("\"numbered\""))
    #expect(json.contains("\"start\": 10"))
    Self.expectSame(try Self.jsonSession(json, path: "awkward.json"), Self.awkward, "awkward.json")
  }

  @Test func aTableRowWithTheWrongNumberOfCellsIsRefusedInJSON() {
    let text = """
      {"kind": "session", "schemaVersion": 1, "id": "t", "title": "T", "objectives": ["o"], "estimatedMinutes": 1,
       "body": [{"table": {"header": ["a", "b"], "rows": [["1"]]}}, {"numbered": ["x"], "start": -1}]}
      """
    let (_, context) = CatalogFileDecoder.decode(bytes: Array(text.utf8), path: "t.json")
    #expect(
      context.diagnostics.map(\.description) == [
        "t.json:2:53: error: row 1 of the table of body block 1 of session \"t\" has 1 cells; the header has 2, and so must every row",
        "t.json:2:92: error: \"start\" in body block 2 of session \"t\" must be between 0 and 999999999, found -1",
      ])
  }
}
