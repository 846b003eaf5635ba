import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// A `kind: session` Markdown file read into the session it means, and malformed ones refused at
/// their line and column with what is allowed.
@Suite struct MarkdownSessionReaderTests {
  static let everyBlock = """
    ---
    kind: session
    id: previews
    title: Previews that pay off
    minutes: 10
    objectives:
      - Make good use of Xcode previews.
      - Write deterministic previews.
    completion: checkpoint
    checkpoint: swiftui-quality/preview-purpose, swiftui-quality/preview-data
    pass: 70
    sources:
      - 001_51d8ce5bb881dd3b.txt | Previews | SwiftUI Framework Guide
      - notes.txt | Extra
    ---

    # Previews that pay off

    ## A fast *feedback* loop

    Open a file that contains `#Preview`
    and show the **canvas**.

    - Light and dark
    - Large text, with `dynamicTypeSize`

    3. Write the sample
    4. Show it

    | View | Shows |
    | --- | :-: |
    | `Text` | a *string* |
    | Image | |

    > A preview is not a test.
    >
    > - Use tests too

    ```swift
    #Preview { HabitRow(habit: .sample) }
    ```

    <!-- a note for the author -->

    ---

    ## Key terms

    - **Preview**: A view drawn by Xcode, declared with `#Preview`.
    - **Fixture:** Sample data.
    """

  static func read(_ text: String, path: String = "s.md") -> (StudySession?, [String]) {
    let (session, diagnostics) = MarkdownSessionReader.decode(text: text, path: path)
    return (session, diagnostics.map(\.description))
  }

  @Test func aSessionWithEveryBlockKindBecomesTheSessionItMeans() throws {
    let (session, diagnostics) = Self.read(Self.everyBlock)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let expected = StudySession(
      id: "previews", title: "Previews that pay off",
      objectives: ["Make good use of Xcode previews.", "Write deterministic previews."], estimatedMinutes: 10,
      body: [
        .heading("A fast *feedback* loop"),
        .paragraph("Open a file that contains `#Preview` and show the **canvas**."),
        .bullets(["Light and dark", "Large text, with `dynamicTypeSize`"]),
        .numbered(["Write the sample", "Show it"], start: 3),
        .table(header: ["View", "Shows"], rows: [["`Text`", "a *string*"], ["Image", ""]]),
        .quote([.paragraph("A preview is not a test."), .bullets(["Use tests too"])]),
        .code("#Preview { HabitRow(habit: .sample) }", language: "swift"),
      ],
      keyTerms: [
        KeyTerm(term: "Preview", definition: "A view drawn by Xcode, declared with `#Preview`."),
        KeyTerm(term: "Fixture", definition: "Sample data."),
      ],
      checkpoint: Checkpoint(
        questions: [
          QuestionRef(bank: "swiftui-quality", question: "preview-purpose"),
          QuestionRef(bank: "swiftui-quality", question: "preview-data"),
        ], passPercent: 70),
      completion: .checkpoint,
      sources: [
        SourceReference(file: "001_51d8ce5bb881dd3b.txt", section: "Previews", title: "SwiftUI Framework Guide"),
        SourceReference(file: "notes.txt", section: "Extra"),
      ])
    let got = try #require(session)
    #expect(got.body == expected.body)
    #expect(got == expected)
  }

  @Test func checkpointQuestionsKeepWhereEachIsWritten() throws {
    let context = DecodeContext(path: "s.md", bytes: Array(Self.everyBlock.utf8))
    let frontMatter = try #require(try FrontMatterParser.parse(Self.everyBlock))
    let (_, references) = try #require(
      MarkdownSessionReader.read(text: Self.everyBlock, frontMatter: frontMatter, context: context))
    #expect(references.checkpoint.map { context.location(of: $0.offset).line } == [10, 10])
    #expect(references.checkpoint.map { context.location(of: $0.offset).column } == [13, 46])
  }

  /// The front matter of a good session with `line` replaced (by its key) or added.
  static func session(replacing key: String, with line: String?, body: String = "## Intro\n\nText.\n") -> String {
    var lines = [
      "kind: session", "id: intro", "title: Intro", "minutes: 5", "objectives:", "  - Know it.",
    ]
    if let k = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) {
      if key == "objectives" { lines.remove(at: k + 1) }
      if let line { lines[k] = line } else { lines.remove(at: k) }
    } else if let line {
      lines.append(line)
    }
    return "---\n" + lines.joined(separator: "\n") + "\n---\n\n" + body
  }

  @Test(
    arguments: [
      (
        session(replacing: "minutes", with: "minutes: ten"),
        "s.md:5:10: error: \"minutes:\" in session \"intro\" must be a whole number of minutes from 1 to 240, found \"ten\""
      ),
      (
        session(replacing: "minutes", with: "minutes: 300"),
        "s.md:5:10: error: \"minutes:\" in session \"intro\" must be a whole number of minutes from 1 to 240, found \"300\""
      ),
      (
        session(replacing: "completion", with: "completion: sometimes"),
        "s.md:8:13: error: completion rule \"sometimes\" in session \"intro\" is not allowed; use \"manual\" or \"checkpoint\""
      ),
      (
        session(replacing: "checkpoint", with: "checkpoint: bank/one, two"),
        "s.md:8:23: error: checkpoint question \"two\" must be written \"bank-id/question-id\""
      ),
      (
        session(replacing: "objectives", with: nil),
        "s.md:6:1: error: session \"intro\" has no objectives (what the learner can do afterwards): write objectives: and then one \"  - item\" line each"
      ),
      (
        session(replacing: "estimatedMinutes", with: "estimatedMinutes: 5"),
        "s.md:8:1: error: unknown front-matter key \"estimatedMinutes\" in a session; the keys are kind, id, title, minutes, objectives, completion, checkpoint, pass, sources; \"estimatedMinutes\" is what JSON calls minutes"
      ),
      (
        session(replacing: "titel", with: "titel: Intro"),
        "s.md:8:1: error: unknown front-matter key \"titel\" in a session; the keys are kind, id, title, minutes, objectives, completion, checkpoint, pass, sources; did you mean \"title\"?"
      ),
      (
        session(replacing: "completion", with: "completion: checkpoint"),
        "s.md:8:13: error: session \"intro\" uses the \"checkpoint\" completion rule but has no \"checkpoint:\" list of questions"
      ),
      (
        session(replacing: "id", with: nil),
        "s.md:7:1: error: the session has no id: add a line \"id: …\" (lower-case letters, digits and -), for example id: s"
      ),
      (
        session(replacing: "pass", with: "pass: 70"),
        "s.md:8:1: error: \"pass:\" is the pass mark of a checkpoint, and session \"intro\" has no \"checkpoint:\" list"
      ),
      (
        session(replacing: "sources", with: "sources: guide.txt"),
        "s.md:8:10: error: source \"guide.txt\" of session \"intro\" must be written \"file | section\" or \"file | section | title\""
      ),
      (
        session(replacing: "x", with: nil, body: "## Intro\n\n- one\n\n  more\n"),
        "s.md:14:3: error: a list item in session \"intro\" holds one paragraph; a second paragraph, a nested list or code inside an item is not shown: put it after the list"
      ),
      (
        session(replacing: "x", with: nil, body: "## Intro\n\n<div>hi</div>\n"),
        "s.md:12:1: error: HTML is not shown in a terminal: write this part of session \"intro\" in Markdown (an HTML comment <!-- … --> is left out)"
      ),
      (
        session(replacing: "x", with: nil, body: "Text.\n\n## Key terms\n\n- Preview: a view\n"),
        "s.md:14:1: error: a key term is written \"- **term**: definition\", found \"Preview: a view\""
      ),
      (
        session(replacing: "x", with: nil, body: "<!-- nothing yet -->\n"),
        "s.md:9:1: error: session \"intro\" has no text: write its body in Markdown after the front matter (headings, paragraphs, lists…)"
      ),
      (
        session(replacing: "x", with: nil, body: "Bell \u{7} here.\n"),
        "s.md:10:6: error: control character U+0007 in the file; only newline and tab are allowed"
      ),
    ])
  func aMalformedSessionIsRefusedAtItsLineAndColumn(text: String, message: String) {
    let (session, diagnostics) = Self.read(text)
    #expect(session == nil)
    #expect(diagnostics == [message], "\(text)")
  }

  @Test func aRepeatedKeyTermIsAWarningNotAnError() throws {
    let text = Self.session(
      replacing: "x", with: nil, body: "Text.\n\n## Key terms\n\n- **View**: one\n- **view**: two\n")
    let (session, diagnostics) = Self.read(text)
    #expect(session?.keyTerms.count == 2)
    #expect(diagnostics == ["s.md:15:1: warning: key term \"view\" is listed twice in session \"intro\""])
  }

  @Test func aColumnAfterWideCharactersCountsCharactersNotBytes() {
    let text = Self.session(replacing: "minutes", with: "minutes: ≈ 5")
    #expect(Self.read(text).1.first?.hasPrefix("s.md:5:10: error: \"minutes:\"") == true)
    let later = Self.session(replacing: "checkpoint", with: "checkpoint: é/ok, b/q, nope")
    #expect(
      Self.read(later).1 == [
        "s.md:8:13: error: checkpoint question \"é/ok\" must be written \"bank-id/question-id\"",
        "s.md:8:24: error: checkpoint question \"nope\" must be written \"bank-id/question-id\"",
      ])
  }
}
