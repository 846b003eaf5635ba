import Foundation
import QuizlineTestSupport
import Testing

/// `quizline cards`: the REPL's card browser from the command line, its JSON rows against
/// `schemas/cards.schema.json`, and a bad query refused with its place and exit 64.
@Suite(.serialized) struct CardsCommandTests {
  /// A profile where two cards were answered (one again, one good) and one suspended.
  private func profile() throws -> String {
    let progress = try temporaryDirectory()
    let run = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-03-01T09:00:00Z"],
      input: "start sample --count 2\nb\na,c\nsuspend sample/single-owner\n")
    #expect(run.status == 0, "\(run.stderr)")
    return progress
  }

  @Test func jsonRowsMatchTheSchemaAndTellTheState() throws {
    let progress = try profile()
    let run = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-03-02T09:00:00Z", "cards", "--json"])
    #expect(run.status == 0, "\(run.stderr)")
    let file = try temporaryDirectory() + "/cards.json"
    try Data(run.stdout.utf8).write(to: URL(fileURLWithPath: file))
    let schemas = SchemaConformanceTests()
    let result = try schemas.validate("cards.schema.json", [file])
    #expect(schemas.verdict(result)?.documents == 1 && schemas.verdict(result)?.problems == 0, "\(result.stdout)")
    #expect(run.stdout.contains("\"state\": \"suspended\""))
    #expect(run.stdout.contains("\"reviews\": 1"))
  }

  @Test func aNegatedTermIsAQueryNotAnOption() throws {
    let progress = try profile()
    let run = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-03-02T09:00:00Z", "cards", "-is:new"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("2 of "), "\(run.stdout)")
    #expect(run.stdout.contains("match '-is:new', by due."), "\(run.stdout)")
  }

  @Test func aBadQueryIsRefusedWithItsPlaceAndExit64() throws {
    let progress = try profile()
    let run = try runBinary(
      ["--quizzes", Fixtures.catalog, "--progress", progress, "cards", "is:due (tag:x"])
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr == """
        error: cards: 1:8: this '(' is not closed (add a ')')
          is:due (tag:x
                 ^
          Type help cards for the search syntax.

        """, "\(run.stderr)")
  }
}
