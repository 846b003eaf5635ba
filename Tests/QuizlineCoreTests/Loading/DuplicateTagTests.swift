import Testing

@testable import QuizlineCore

/// Tags are ids: each is checked, and one listed twice is an error at the repeated item, for a
/// bank's tags and for a question's.
@Suite struct DuplicateTagTests {
  @Test func aQuestionTaggedTwiceWithTheSameTagIsAnErrorAtTheRepeat() throws {
    let bank =
      CatalogLoaderTests.bankHeader + """
        {"id": "q1", "type": "truefalse", "prompt": "P", "answer": true, "explanation": "E", "tags": ["state", "layout", "state"]}]}
        """
    let result = try loadCatalog(["b.json": bank])
    #expect(located(result.diagnostics) == [#"1:190: error: "state" appears twice in "tags" of question "q1""#])
  }

  @Test func aBankTaggedTwiceWithTheSameTagIsAnError() throws {
    let bank =
      #"{"kind": "bank", "schemaVersion": 1, "id": "b", "title": "B", "tags": ["x", "x"], "questions": ["#
      + #"{"id": "q1", "type": "truefalse", "prompt": "P", "answer": true, "explanation": "E"}]}"#
    let result = try loadCatalog(["b.json": bank])
    #expect(
      located(result.diagnostics).map { $0.split(separator: " ", maxSplits: 1)[1] } == [
        #"error: "x" appears twice in "tags" of bank"#
      ])
  }

  @Test func distinctTagsLoadInTheirOrder() throws {
    let bank =
      CatalogLoaderTests.bankHeader + """
        {"id": "q1", "type": "truefalse", "prompt": "P", "answer": true, "explanation": "E", "tags": ["state", "layout"]}]}
        """
    let result = try loadCatalog(["b.json": bank])
    #expect(result.diagnostics.isEmpty)
    #expect(result.catalog.bank("b")?.questions.first?.tags == ["state", "layout"])
  }

  @Test func anInvalidTagIsReportedAndLeftOut() throws {
    let bank =
      CatalogLoaderTests.bankHeader + """
        {"id": "q1", "type": "truefalse", "prompt": "P", "answer": true, "explanation": "E", "tags": ["State", "ok"]}]}
        """
    let result = try loadCatalog(["b.json": bank])
    #expect(result.diagnostics.count == 1)
    #expect(
      result.diagnostics.first?.message.hasPrefix(#""State" in "tags" of question "q1" is not a valid id"#) == true)
  }
}
