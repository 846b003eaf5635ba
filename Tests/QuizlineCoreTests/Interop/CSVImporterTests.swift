import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop

/// CSV and TSV import: Anki's "Notes in Plain Text" headers, quoting, BOM, CRLF, located errors.
@Suite struct CSVImporterTests {
  func read(_ text: String, path: String = "cards.csv", tsv: Bool = false) -> ImportResult {
    var importer = CSVImporter()
    if tsv { importer.defaultSeparator = "\t" }
    return importer.read(bytes: Array(text.utf8), path: path)
  }

  func errors(_ r: ImportResult) -> [String] {
    r.diagnostics.filter { $0.severity == .error }.map(\.description)
  }

  @Test func headersChooseTheSeparatorHTMLTagsAndDeck() {
    let r = read(
      "\u{FEFF}#separator:Semicolon\r\n#html:true\r\n#tags column:3\r\n#deck:French::Words\r\n"
        + "\"bon<b>jour</b>\";\"hello; you\";greeting fr::basics\r\nchat;cat;\r\n")
    #expect(errors(r).isEmpty)
    #expect(r.bank.title == "French::Words")
    #expect(r.bank.questions.map(\.prompt) == ["bonjour", "chat"])
    #expect(r.bank.questions[0].body == .flashcard(back: "hello; you"))
    #expect(r.bank.questions[0].tags == ["french", "words", "greeting", "fr-basics"])
  }

  @Test func quotedFieldsKeepSeparatorsQuotesAndLineBreaksWithoutHTML() {
    let r = read("one,two\n\"a, b\",\"line one\r\nline \"\"two\"\"\"\nx,y\n")
    #expect(errors(r).isEmpty)
    #expect(r.bank.questions.map(\.prompt) == ["one", "a, b", "x"])
    #expect(r.bank.questions[1].body == .flashcard(back: "line one\nline \"two\""))
  }

  @Test func aFirstRowNamingFrontAndBackIsReadAsColumnNamesAndItsTagsColumnIsUsed() {
    let r = read("Front, Back ,Tags,Notes\nchat,cat,fr animals,said softly\n")
    #expect(errors(r).isEmpty)
    #expect(r.bank.questions.map(\.prompt) == ["chat"])
    #expect(r.bank.questions[0].tags == ["fr", "animals"])
    #expect(r.bank.questions[0].body == .flashcard(back: "cat\nsaid softly"), "the tags are not added to the back")
    #expect(
      r.notes.map(\.description).contains(
        "line 1 (): column names: read as the names of the columns (front, back, tags, notes), not as a card"))
    // Quizlet's and most spreadsheets' words, any case; a tab-separated file too.
    #expect(read("Term\tDefinition\nchat\tcat\n", path: "x.tsv", tsv: true).bank.questions.map(\.prompt) == ["chat"])
    #expect(read("QUESTION;ANSWER\nchat;cat\n").bank.questions.map(\.prompt) == ["chat"])
  }

  @Test func aFirstRowThatIsACardStaysACard() {
    for text in ["hello,world\nchat,cat\n", "front,cat\nchat,cat\n", "answer,question\nchat,cat\n"] {
      let r = read(text)
      #expect(r.bank.questions.count == 2, "\(text)")
      #expect(!r.notes.contains { $0.kind == .columnNames })
    }
  }

  @Test func ankisColumnsHeaderNamesTheColumnsAndKeepsTheFirstRecord() {
    let r = read("#separator:tab\n#columns:Front\tBack\tTags\nfront\tback\tx\nchat\tcat\tfr\n")
    #expect(errors(r).isEmpty)
    #expect(r.bank.questions.map(\.prompt) == ["front", "chat"], "named by the header, not by a row")
    #expect(r.bank.questions.map(\.tags) == [["x"], ["fr"]])
  }

  @Test func theSeparatorIsGuessedFromTheFirstRecordAndTSVDefaultsToTab() {
    #expect(read("a|b\nc|d").bank.questions.map(\.prompt) == ["a", "c"])
    #expect(read("a;b,c\nd;e,f").bank.questions.first?.body == .flashcard(back: "b,c"))
    #expect(read("a,b\tc\n", path: "x.tsv", tsv: true).bank.questions.first?.prompt == "a,b")
  }

  @Test func errorsAreLocatedAtLineAndColumn() {
    #expect(
      errors(read("a,b\nc,\"open\nstill open")) == [
        "cards.csv:2:3: error: a quoted field is never closed (a \" is missing)"
      ])
    #expect(
      errors(read("a,b\nonly one\n")) == [
        "cards.csv:2:1: error: only one field: a card needs a front and a back (separator comma)"
      ])
    #expect(errors(read("a,b\n,back\n")) == ["cards.csv:2:1: error: the front is empty"])
    #expect(
      errors(read("a,\"b\"x\n")) == [
        "cards.csv:1:6: error: text after a closing quote; write \"\" for a quote inside a quoted field"
      ])
    #expect(errors(read("#separator:two\na,b")).first?.hasPrefix("cards.csv:1:1: error: unknown #separator") == true)
    let latin1 = CSVImporter().read(bytes: [0x61, 0x2C, 0xE9, 0x0A], path: "l.csv")
    #expect(latin1.isRejected)
    #expect(errors(latin1) == ["l.csv:1:3: error: the file is not UTF-8: convert it to UTF-8 first"])
  }

  @Test func clozeFrontsBecomeOneCardPerNumber() {
    let r = read("\"{{c1::Paris}} is in {{c2::France::country}}\",extra\n")
    #expect(r.bank.questions.map(\.prompt) == ["[...] is in France", "Paris is in [country]"])
    #expect(r.bank.questions[0].body == .flashcard(back: "Paris is in France\nextra"))
  }

  /// Anki's own "Notes in Plain Text" export of the test deck (`notes.txt`, written by the real Anki).
  @Test func ankisPlainTextExportImportsWithGUIDsTagsAndDecks() throws {
    let path = try AnkiDecks.path("notes.txt")
    let r = CSVImporter().read(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
    #expect(errors(r).isEmpty, "\(r.diagnostics)")
    #expect(r.bank.questions.count == 8, "7 notes, the cloze note giving 2 cards")
    let basic = r.bank.questions.first { $0.prompt == "bonjour bold" }
    #expect(basic?.id == String(AnkiDecks.questionID(guid: "qlBasic001", ord: 0).dropLast(2)) + "-1")
    #expect(basic?.body == .flashcard(back: "hello"))
    #expect(Set(basic?.tags ?? []) == ["lang", "french", "fr-basics", "greeting"])
    #expect(r.bank.questions.contains { $0.prompt == "[...] is the capital of France." })
  }
}
