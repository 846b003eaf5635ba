import Testing
@testable import QuizlineCore

@Suite struct IdentifierTests {
  @Test(arguments: ["a", "swiftui-basics", "0-intro", String(repeating: "x", count: 64)])
  func acceptsValidIDs(id: String) { #expect(Identifier.isValid(id)) }

  @Test(arguments: ["", "-a", "A", "a_b", "../x", "a b", "é", String(repeating: "x", count: 65), "a/b"])
  func rejectsInvalidIDs(id: String) {
    #expect(!Identifier.isValid(id))
    #expect(Identifier.problem(id) != nil)
  }

  @Test func suggestsCloseNamesOnly() {
    #expect(closestMatch(to: "promt", in: ["prompt", "type"]) == "prompt")
    #expect(closestMatch(to: "lisst", in: ["list", "check"]) == "list")
    #expect(closestMatch(to: "zzzzzz", in: ["list", "check"]) == nil)
    #expect(editDistance("kitten", "sitting") == 3)
  }

  @Test func escapesControlCharactersForTheTerminal() {
    #expect(escapingControlCharacters("red\u{1B}[31m\u{7}ok\n") == "red\\u{1B}[31m\\u{7}ok\n")
    #expect(escapingControlCharacters("a\u{202E}b") == "a\\u{202E}b")
    #expect(quoted("x\ny") == "\"x\\u{A}y\"")
  }
}
