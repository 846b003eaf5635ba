import Testing

@testable import QuizlineFormats

/// The `key: value` front matter of Markdown banks and sessions: what it accepts, and the line and
/// column of what it refuses.
@Suite struct FrontMatterTests {
  func parse(_ text: String) throws -> FrontMatter? { try FrontMatterParser.parse(text) }

  func failure(_ text: String) -> FrontMatterError? {
    do {
      _ = try FrontMatterParser.parse(text)
      return nil
    } catch { return error }
  }

  @Test func keysValuesAndIndentedListsAreRead() throws {
    let text =
      "---\nkind: bank\ntitle: \"Verbs: the irregular ones \"\n# a comment\ntags: french, verbs\nobjectives:\n  - One, with a comma.\n  - Two.\n---\n\n## Q\n"
    let fm = try #require(try parse(text))
    #expect(fm.entry("kind")?.text == "bank")
    #expect(fm.entry("title")?.text == "Verbs: the irregular ones ")
    #expect(fm.entry("tags")?.items.map(\.text) == ["french", "verbs"])
    #expect(fm.entry("objectives")?.items.map(\.text) == ["One, with a comma.", "Two."])
    #expect(fm.entry("objectives")?.items.map(\.at.line) == [7, 8])
    #expect(fm.entry("tags")?.valueAt == SourcePoint(line: 5, column: 7))
    #expect(fm.closingLine == 9)
  }

  @Test func aFileThatDoesNotStartWithThreeDashesHasNone() throws {
    #expect(try parse("# Notes\n\nkind: bank\n") == nil)
    #expect(try parse("") == nil)
  }

  @Test func windowsLineEndingsAreRead() throws {
    let fm = try #require(try parse("---\r\nkind: bank\r\n---\r\n"))
    #expect(fm.entry("kind")?.text == "bank")
  }

  @Test func malformedLinesAreRefusedWithTheirPlace() {
    #expect(failure("---\nkind: bank\n")?.message.contains("never closed") == true)
    let noColon = failure("---\nkind bank\n---\n")
    #expect(noColon?.at == SourcePoint(line: 2, column: 1))
    #expect(noColon?.message.contains("expected key: value, found \"kind bank\"") == true)
    #expect(failure("---\nkind: bank\nkind: session\n---\n")?.message == "\"kind\" is given twice")
    #expect(failure("---\n- loose\n---\n")?.at == SourcePoint(line: 2, column: 1))
    #expect(failure("---\ntitle: x\n  - item\n---\n")?.message.contains("indented under a key") == true)
    #expect(failure("---\nmeta:\n  nested: yes\n---\n")?.message.contains("not nested YAML") == true)
    #expect(failure("---\ntitle: \"open\n---\n")?.at == SourcePoint(line: 2, column: 8))
    #expect(failure("---\nbad key: x\n---\n")?.message.contains("a key is letters") == true)
  }

  @Test func blankingKeepsTheBodysLineNumbers() {
    let text = "---\nkind: bank\n---\n## Q\n"
    let body = FrontMatterParser.blankingFrontMatter(text, closingLine: 3)
    #expect(body == "\n\n\n## Q\n")
    #expect(MarkdownParser.parse(body).children.first?.start.line == 4)
  }

  @Test func aMissingClosingLineIsSuggestedWhenTheBodyIsReadAsFrontMatter() {
    let text = "---\nkind: bank\nid: b\n\n## Which?\n\n- [x] aller\n"
    let missing = failure(text)
    #expect(missing?.at.line == 7)
    #expect(missing?.message.hasSuffix("; is the --- line that ends the front matter missing above it?") == true)
    // A bad line right under the opening one gets no such guess.
    #expect(failure("---\nkind bank\n---\n")?.message.contains("missing above it") == false)
  }
}
