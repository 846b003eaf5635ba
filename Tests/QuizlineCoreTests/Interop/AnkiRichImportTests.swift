import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop

/// `rich.apkg`, written by the real Anki (`make-decks.py --rich`): rich fields keep their structure,
/// and the note types' templates render as Anki shows them, with what was not carried said.
@Suite struct AnkiRichImportTests {
  static func imported() throws -> AnkiImport {
    let path = try AnkiDecks.path("rich.apkg")
    return try AnkiImporter().read(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
  }

  static func question(_ imported: AnkiImport, _ guid: String, _ ord: Int = 0) -> Question? {
    imported.banks.flatMap(\.bank.questions).first { $0.id == AnkiDecks.questionID(guid: guid, ord: ord) }
  }

  static func notes(_ imported: AnkiImport, _ guid: String) -> [String] {
    let id = AnkiDecks.questionID(guid: guid, ord: 0)
    return imported.banks.flatMap(\.notes).filter { $0.questionID == id }.map { "\($0.kind.rawValue): \($0.detail)" }
  }

  @Test func aRichFieldKeepsBoldListsTablesImagesSoundsAndFormulas() throws {
    let imported = try Self.imported()
    let q = try #require(Self.question(imported, "qlRich0001"))
    #expect(
      q.prompt == """
        **Heart** sounds: S1 and *S2*
        - lub
        - dub
        | Sound | Valve |
        | --- | --- |
        | S1 | AV closure |
        ![a heart](rich-media/heart.png) [sound:rich-media/lub_dub.mp3] \\(\\frac{a}{b} < 1\\)
        """)
    #expect(q.body == .flashcard(back: "\\(x^2\\) <u>under</u> ~~old~~"))
    #expect(
      InlineMarkup.mediaReferences(q.prompt).map(\.source) == ["rich-media/heart.png", "rich-media/lub_dub.mp3"])
    // The colour is what was lost, and the summary says so (not "Nothing was lost").
    #expect(Self.notes(imported, "qlRich0001").contains { $0.hasPrefix("styling left out: colours") })
    #expect(Set(imported.media.map(\.safeName)) == ["heart.png", "lub_dub.mp3"])
  }

  @Test func frontSideOnTheBackKeepsTheTextAroundItAndConditionalsNest() throws {
    let imported = try Self.imported()
    let q = try #require(Self.question(imported, "qlRich0002"))
    #expect(q.prompt == "Herz", "the tts filter speaks in Anki: nothing shown; the hint is not inline")
    #expect(q.body == .flashcard(back: "Answer:\nheart\ne.g. Das Herz schlägt. (no note)"))
    #expect(q.hint == "*organ*")
    let bare = try #require(Self.question(imported, "qlRich0003"))
    #expect(bare.prompt == "systole")
    #expect(bare.body == .flashcard(back: "contraction"), "a back template without {{FrontSide}}")
  }

  @Test func theImportSaysWhatEachNoteTypeDidNotCarry() throws {
    let notes = Self.notes(try Self.imported(), "qlRich0002")
    #expect(
      notes.contains(
        "styling left out: note type \"Rich Vocab\": its CSS (.word) not carried; quizline draws cards its own way"),
      "\(notes)")
    #expect(
      notes.contains("script left out: note type \"Rich Vocab\": the JavaScript in its card templates is not run"),
      "\(notes)")
    #expect(
      notes.contains("template filter: note type \"Rich Vocab\": {{tts}}: not spoken (quizline has no text-to-speech)"),
      "\(notes)")
    #expect(!notes.contains { $0.contains("a script in a field") }, "the script is the template's, not a field's")
    // Anki's stock stylesheet is no loss.
    #expect(!Self.notes(try Self.imported(), "qlRich0003").contains { $0.contains("CSS") })
  }

  @Test func cssBeyondAnkisStockStylesheetIsNamedAndTheStockOneIsNot() {
    let stock = """
      .card {
          font-family: arial;
          font-size: 20px;
          line-height: 1.5;
          text-align: center;
          color: black;
          background-color: white;
      }
      .cloze { font-weight: bold; color: blue; }
      .nightMode .cloze { color: lightblue; }
      """
    #expect(AnkiNotetypeReport.ownSelectors(stock).isEmpty)
    #expect(AnkiNotetypeReport.ownSelectors(".card { font-family: arial; display: flex; }") == [".card"])
    #expect(
      AnkiNotetypeReport.ownSelectors("/* x { } */ .a, .b { color: red } @media (max-width: 9px) { .c { x: y } }")
        == [".a", ".b", "@media"])
  }

  /// A bank imported before rich text holds placeholders (`[image: x.png]`, `[sound: x.mp3]`): they
  /// read as the same text (the image's is no image reference at all).
  @Test func aBankImportedBeforeShowsItsPlaceholdersAsBefore() {
    let old = "cat [image: diagram_1.png]\nParis.\n[sound: hello.mp3]"
    #expect(InlineMarkup.plainText(InlineMarkup.parse(old)) == old)
    #expect(!InlineMarkup.mediaReferences(old).contains { $0.kind == .image })
  }

  @Test func furiganaFiltersShowTheBaseTheReadingOrBoth() throws {
    let imported = try Self.imported()
    let q = try #require(Self.question(imported, "qlRich0004"))
    #expect(q.prompt == "心臓")
    #expect(q.body == .flashcard(back: "心臓(しんぞう)\nしんぞう"))
    #expect(Self.notes(imported, "qlRich0004").contains { $0.contains("{{furigana:}}") })
  }

  @Test func aClozeTemplateAskingForTypingMakesATypedCloze() throws {
    let q = try #require(Self.question(try Self.imported(), "qlRich0005"))
    #expect(q.body == .cloze(text: "The {{1}} valve", gaps: [ClozeGap(accept: [TextAnswer(text: "mitral")])]))
  }

  /// The whole bank as written, against a golden file (`Tests/Fixtures/interop/rich-anki.json`;
  /// `RECORD_SNAPSHOTS=1` rewrites it).
  @Test func theRichBankIsWrittenAsTheGoldenFileSays() throws {
    let imported = try Self.imported()
    let bank = try #require(imported.banks.first)
    let json = BankJSONWriter.json(bank.bank)
    let golden = TestPaths.repositoryRoot + "/Tests/Fixtures/interop/rich-anki.json"
    if Snapshot.recording { try json.write(toFile: golden, atomically: true, encoding: .utf8) }
    let expected = try String(contentsOfFile: golden, encoding: .utf8)
    #expect(json == expected, "\(json)")
  }
}
