import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// A Markdown bank in a quizzes folder is loaded through the same catalog and cross-file checks
/// as a JSON bank: a JSON session's checkpoint may name its questions.
@Suite struct MarkdownCatalogTests {
  static let bank = """
    ---
    kind: bank
    id: french
    title: French words
    ---

    ## Dog {#dog}

    ---

    chien

    ## Cat {#cat}

    ---

    chat

    Q: Bird?
    A: oiseau
    """

  static func session(_ questions: [String]) -> String {
    """
    {"kind": "session", "schemaVersion": 1, "id": "animals", "title": "Animals", "objectives": ["Name animals"],
     "estimatedMinutes": 3, "body": [{"paragraph": "Animals."}],
     "checkpoint": {"questions": [\(questions.map { "\"french/\($0)\"" }.joined(separator: ", "))], "passPercent": 50},
     "completion": "checkpoint"}
    """
  }

  @Test func aJSONSessionsCheckpointNamesQuestionsOfAMarkdownBank() throws {
    let result = try loadCatalog(["french.md": Self.bank, "animals.json": Self.session(["dog", "cat"])])
    // The card without an id is the one the checkpoint leaves out, named at its line.
    #expect(located(result.diagnostics).count == 1)
    #expect(result.diagnostics.first?.line == 19)
    #expect(
      result.diagnostics.first?.message.hasSuffix(
        "is not used by any session's checkpoint, though other questions of this bank are") == true)
    #expect(result.catalog.bank("french")?.questions.map(\.prompt) == ["Dog", "Cat", "Bird?"])
    #expect(result.catalog.sessions.first?.checkpoint?.questions.count == 2)
  }

  @Test func aCheckpointQuestionMissingFromTheMarkdownBankIsAnErrorWithASuggestion() throws {
    let result = try loadCatalog(["french.md": Self.bank, "animals.json": Self.session(["dog", "caat"])])
    #expect(result.errorCount == 1)
    #expect(
      result.diagnostics.contains {
        $0.message.contains("bank \"french\" has no question \"caat\"; did you mean \"cat\"?")
      })
  }

  @Test func aBankIDUsedByAJSONAndAMarkdownFileIsReportedOnce() throws {
    let json = #"{"kind": "bank", "schemaVersion": 1, "id": "french", "title": "F", "questions": []}"#
    let result = try loadCatalog(["a-french.json": json, "french.md": Self.bank])
    #expect(
      result.diagnostics.contains {
        $0.message.hasPrefix("bank id \"french\" is already used by") && $0.path.hasSuffix("french.md")
      })
  }
}
