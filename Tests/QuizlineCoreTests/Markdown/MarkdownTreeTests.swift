import Foundation
import QuizlineCore
import Testing

@testable import QuizlineFormats

/// cmark-gfm's tree as quizline copies it: the kinds the bank and session readers rely on, with
/// the source positions their messages name.
@Suite struct MarkdownTreeTests {
  @Test func headingsTaskItemsAndQuotesKeepTheirKindsAndLines() {
    let doc = MarkdownParser.parse("## Which? {#q1}\n\n- [x] right\n  > why\n- [ ] wrong\n")
    #expect(doc.kind == .document)
    let heading = doc.children[0]
    #expect(heading.kind == .heading(level: 2))
    #expect(heading.plainText == "Which? {#q1}")
    #expect(heading.start == SourcePoint(line: 1, column: 1))
    let list = doc.children[1]
    #expect(
      list.kind == .list(ordered: false, start: 0, tight: false)
        || list.kind == .list(ordered: false, start: 0, tight: true))
    #expect(list.children.map(\.kind) == [.item(task: true), .item(task: false)])
    #expect(list.children[0].children.map(\.kind) == [.paragraph, .blockQuote])
    #expect(list.children[0].children[1].start.line == 4)
    #expect(list.children[1].start.line == 5)
  }

  @Test func aFencedBlockKeepsItsLanguageAndText() {
    let doc = MarkdownParser.parse("text\n\n```swift\nlet x = 1\n```\n")
    #expect(doc.children[1].kind == .codeBlock(info: "swift"))
    #expect(doc.children[1].literal == "let x = 1\n")
    #expect(doc.children[1].start.line == 3)
  }

  @Test func aTableHasAHeaderRowThenItsRowsOfCells() {
    let doc = MarkdownParser.parse("| a | b |\n|---|---|\n| 1 | `2` |\n")
    let table = doc.children[0]
    #expect(table.kind == .table)
    #expect(table.children.map(\.kind) == [.tableRow(header: true), .tableRow(header: false)])
    #expect(table.children[1].children.map(\.plainText) == ["1", "2"])
  }

  @Test func inlineMarksAreKindsAndPlainTextDropsThem() {
    let doc = MarkdownParser.parse("Use *this* and **that** with `code` and ~~not~~ [a link](https://x.org).\n")
    let kinds = doc.children[0].children.map(\.kind)
    #expect(kinds.contains(.emphasis) && kinds.contains(.strong) && kinds.contains(.code))
    #expect(kinds.contains(.strikethrough) && kinds.contains(.link(url: "https://x.org")))
    #expect(doc.children[0].plainText == "Use this and that with code and not a link.")
  }

  @Test func numberedListsKnowTheirStartAndAThematicBreakIsOne() {
    let doc = MarkdownParser.parse("3. c\n4. d\n\n---\n\nafter\n")
    #expect(doc.children[0].kind == .list(ordered: true, start: 3, tight: true))
    #expect(doc.children[1].kind == .thematicBreak)
    #expect(doc.children[2].start.line == 6)
  }

  @Test func invalidUTF8AndNULBytesAreParsedWithoutFailing() {
    let text = String(decoding: [0x23, 0x20, 0xFF, 0x00, 0x61, 0x0A], as: UTF8.self)
    let doc = MarkdownParser.parse(text)
    #expect(doc.children.first?.kind == .heading(level: 1))
  }

  /// The kinds found from core node types equal the kinds found from the type names (the held
  /// way), for whole trees and block trees: on every oracle base, its CRLF form and mutants, and
  /// on text with every kind of node (tables, task lists, strikethrough, footnotes, HTML, images).
  @Test func coreTypesGiveTheKindsTheTypeNamesGive() {
    var texts = MarkdownReaderOracleTests.bases.map(\.text)
    texts.append(
      "# H\n\n> q\n\n1. a\n2. b\n\n- [x] t\n- [ ] u\n\n```swift\nx\n```\n\n<div>h</div>\n\n---\n\n"
        + "| a | b |\n|---|---|\n| 1 | `2` |\n\n*e* **s** ~~d~~ [l](u) ![i](p) <b>x</b>  \nnext\nsoft[^1]\n\n"
        + "[^1]: note\n\n    indented\n\nSetext\n===\n")
    var rng = SplitMix64(seed: 3607)
    for base in MarkdownReaderOracleTests.bases.prefix(6) {
      let cut = base.text.split(separator: "\n", omittingEmptySubsequences: false).prefix(80).joined(separator: "\n")
      for _ in 0..<40 { texts.append(MarkdownReaderOracleTests.mutant(of: cut, &rng)) }
    }
    for text in texts + texts.prefix(20).map({ $0.replacingOccurrences(of: "\n", with: "\r\n") }) {
      #expect(MarkdownParser.parse(text) == MarkdownParser.parseByTypeNames(text, blocksOnly: false), "\(text)")
      #expect(MarkdownParser.parseBlocks(text) == MarkdownParser.parseByTypeNames(text, blocksOnly: true), "\(text)")
    }
  }
}
