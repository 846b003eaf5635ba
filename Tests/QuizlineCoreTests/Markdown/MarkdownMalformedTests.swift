import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// Malformed Markdown banks, each refused with the line and column of what is wrong (in Unicode
/// scalars, as for JSON), the offending value, and what is allowed.
@Suite struct MarkdownMalformedTests {
  static let cases: [(String, String)] = [
    (
      "unknown-type.md",
      "12:7: error: unknown question type \"singel\"; did you mean \"single\"? Allowed: single, multiple, truefalse, text, numeric, matching, ordering, cloze, flashcard, open"
    ),
    (
      "missing-answer.md",
      "12:1: error: this question has no answer: write choices (- [x] right, - [ ] wrong), = answer lines, a numbered list, left -> right pairs, {{c1::gaps}}, or --- and the back of a card (see docs/markdown-format.md)"
    ),
    (
      "no-checked-box.md",
      "9:1: error: none of the 3 choices is checked: mark the right one with - [x] (a box is - [ ] unchecked, - [x] checked)"
    ),
    (
      "duplicate-id.md",
      "11:13: error: duplicate question id \"same\": the question at line 7 already uses it; ids must be unique in a bank"
    ),
    (
      "bad-front-matter.md",
      "6:1: error: front matter: an indented line that is not a \"- item\"; front matter is key: value lines, not nested YAML"
    ),
    (
      "unknown-field.md",
      "11:1: error: unknown field \"Explenation\"; the fields are Type, Title, Hint, Explanation, Tags, Difficulty, Source, Unit, Ignore punctuation, Other feedback, Feedback if true, Feedback if false, Model answer, Key points, Note id; did you mean \"Explanation\"?"
    ),
    ("cloze-gap-number.md", "12:3: error: = c3: the text has no gap c3 (its gaps are c1, c2)"),
    (
      "numeric-not-number.md",
      "9:3: error: numeric answer \"16 points\" is not a number; write = 42, = 42 ± 0.5 (or +-) or = 40..45"
    ),
    ("ordering-one-item.md", "9:1: error: this question orders 1 item; an ordering question needs at least 2"),
    (
      "matching-no-pairs.md",
      "9:1: error: this question has 0 pairs (left -> right); a matching question needs at least 2"
    ),
    ("unknown-kind.md", "2:7: error: kind \"quiz\" is not a kind of Markdown file: use bank or session"),
    // The column counts "é" as one character, as the JSON messages do (it is two bytes).
    (
      "wide-characters.md",
      "7:28: error: question id \"café\" is not valid: ids may use only lower-case letters a-z, digits and '-' (not first): [a-z0-9][a-z0-9-]{0,63}"
    ),
  ]

  @Test(arguments: cases)
  func eachMalformedFileIsRefusedWithItsLineAndColumn(name: String, expected: String) {
    let path = Fixtures.root + "/markdown/malformed/" + name
    let result = CatalogLoader().load(paths: [path])
    #expect(result.diagnostics.map(\.description) == [path + ":" + expected])
    #expect(result.catalog.banks.isEmpty)
  }

  @Test func aMarkdownFileWithoutKindInAFolderIsPassedOverButNamedItIsRefused() throws {
    let catalog = try loadCatalog([
      "README.md": "# Notes\n\nNot a bank.\n", "jekyll.md": "---\nlayout: post\nauthor:\n  name: Ada\n---\n\nText.\n",
      "bank.md": "---\nkind: bank\nid: b\ntitle: B\n---\n\n## Q {#q}\n\n= a\n",
    ])
    #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
    #expect(catalog.fileCount == 1)
    #expect(catalog.catalog.banks.map(\.id) == ["b"])
    let named = CatalogLoader().load(paths: [Fixtures.root + "/malformed/README.md"])
    #expect(named.errorCount == 1)
    #expect(
      named.diagnostics.first?.message.hasPrefix("not a quizline file: a Markdown bank or session starts") == true)
    // A file with front matter but no kind: is told that kind: is what is missing.
    let folder = try temporaryDirectory()
    try "---\nid: b\ntitle: B\n---\n\n## Q\n\n= a\n".write(toFile: folder + "/b.md", atomically: true, encoding: .utf8)
    let noKind = CatalogLoader().load(paths: [folder + "/b.md"])
    #expect(
      noKind.diagnostics.first?.message.hasPrefix("not a quizline file: its front matter has no kind: line") == true)
  }

  @Test func aMarkdownSessionInAFolderIsLoadedWithItsCheckpointOnAMarkdownBank() throws {
    let result = try loadCatalog([
      "b.md": "---\nkind: bank\nid: b\ntitle: B\n---\n\n## One? {#one}\n\n= yes\n",
      "s.md":
        "---\nkind: session\nid: s\ntitle: S\nminutes: 5\nobjectives: Read it.\ncheckpoint: b/one, b/two\n---\n\nText.\n",
    ])
    #expect(result.catalog.sessions.map(\.id) == ["s"])
    // The cross-file check points at the reference in the session's front matter.
    #expect(
      result.diagnostics.map(\.description).contains { $0.contains("s.md:7:20: error: checkpoint question \"b/two\"") })
  }
}

extension MarkdownMalformedTests {
  /// A lone carriage return ends a line for cmark and not for the line numbers of the messages:
  /// it is refused where it is, as any control character; "\r\n" line ends are read as lines.
  @Test func aLoneCarriageReturnIsRefusedWhereItIsAndCRLFLineEndsAreRead() {
    let lone = MarkdownBankReaderTests.read(
      text: "---\nkind: bank\nid: b\ntitle: B\n---\n\n## Which?\r- [x] a\n- [ ] b\n")
    #expect(lone.0 == nil)
    #expect(located(lone.2) == ["7:10: error: control character U+000D in the file; only newline and tab are allowed"])
    let crlf = MarkdownBankReaderTests.read(
      text:
        "---\r\nkind: bank\r\nid: b\r\ntitle: B\r\n---\r\n\r\n## Which? {#w}\r\n\r\n- [x] a\r\n- [ ] b\r\n\r\nHint: é\r\n"
    )
    #expect(crlf.2.isEmpty, "\(crlf.2)")
    #expect(crlf.0?.questions.first?.hint == "é")
    #expect(crlf.1.entries.first?.line == 7)
  }

  /// Slips that used to turn a graded question into a self-graded flashcard, with no error (a
  /// newcomer's review): a note after the answer, a field with no blank line before it, a task item
  /// without its space. Each is refused at the line that caused it.
  @Test(arguments: [
    ("= être\n\nHint it is irregular.\n", "9:1", "\"= être\" looks like an answer line"),
    ("Note first.\n= être\nExplanation: it is irregular.\n", "10:1", "\"= être\" looks like an answer line"),
    ("-[x] aller\n-[ ] venir\n", "9:1", "\"-[x] aller\" looks like a choice"),
    ("Some words.\n\nexplanation: why\n", "11:1", "\"explanation: why\" looks like a field"),
    ("Je {{c1:suis}}, tu {{c2::es}}.\n", "9:1", "gap {{c1:… has one colon; a gap is written with two: {{c1::answer}}"),
  ])
  func aStrayAnswerOrFieldIsNotReadAsAFlashcardsBack(body: String, at: String, message: String) throws {
    let result = try loadCatalog(["b.md": "---\nkind: bank\nid: b\ntitle: B\n---\n\n## Q?\n\n" + body])
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.description)
    #expect(errors.count == 1, "\(errors)")
    #expect(errors.first?.contains("b.md:\(at): error: \(message)") == true, "\(errors)")
  }

}
