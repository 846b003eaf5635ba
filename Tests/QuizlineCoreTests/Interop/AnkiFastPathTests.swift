import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop

/// The Anki import's shortcuts (issue 36) against the code they replaced, kept here as the oracle:
/// `trimmingSpaces` without the reversed views, the front-side mark removed only when its scalar is
/// there, and the cheap tests that skip Foundation's case-insensitive searches for `<hr id=answer>`,
/// `<style` and `<script`. Random texts are built from the pieces those paths care about (spaces,
/// CR LF, combining marks, the mark, rules in every spelling, `≮`, `ſ`).
@Suite struct AnkiFastPathTests {
  /// U+FDEE (a noncharacter: Swift refuses it in a literal).
  static let mark = AnkiTemplate.frontSideMark
  static let pieces = [
    " ", "\t", "\n", "\r\n", "\r", "a", "h", "H", "r", "<", ">", "\u{301}", "\u{338}", "e\u{301}", "é", "ſ", "≮", "K",
    mark, mark + "\u{301}", "<hr id=answer>", "<HR ID=\"Answer\">", "<hr id='answer'>", "<Hr id=answer",
    "<hr", "<ĥr id=answer>", "<hR Id=AnSwEr>", "<HR ID='ANSWER'>", "\u{7}", "\u{85}", "\u{A0}", "\u{200E}", "<style>",
    "<STYLE", "<ſtyle>", "<script>", "<SCRİPT", "{{", "}}", "日本", "😀", "\u{0}",
  ]

  static func texts(_ count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      (0..<Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }
  }

  /// The implementation before issue 36.
  static func oldTrimmingSpaces<S: StringProtocol>(_ s: S) -> String {
    String(
      s.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" }).reversed().drop(while: {
        $0 == " " || $0 == "\t" || $0 == "\n"
      }).reversed())
  }

  /// ``AnkiCardConverter/back(_:)`` before issue 36.
  static func oldBack(_ html: String) -> String {
    let mark = AnkiTemplate.frontSideMark
    let rule = ["<hr id=answer>", "<hr id=\"answer\">", "<hr id='answer'>"].lazy.compactMap {
      html.range(of: $0, options: .caseInsensitive)
    }.first
    guard let rule else { return html.replacingOccurrences(of: mark, with: "") }
    if let front = html.range(of: mark), front.lowerBound < rule.lowerBound {
      return (html[..<rule.lowerBound] + html[rule.upperBound...]).replacingOccurrences(of: mark, with: "")
    }
    return String(html[rule.upperBound...]).replacingOccurrences(of: mark, with: "")
  }

  @Test func trimmingSpacesIsTheOldTrim() {
    for text in Self.texts(4000, seed: 1) {
      // On a Substring: QuizlineCore's own `String.trimmingSpaces` (internal, seen here through
      // @testable) would be chosen for a String; the importer's code sees only this one.
      let whole = Substring(text)
      #expect(Array(whole.trimmingSpaces.unicodeScalars) == Array(Self.oldTrimmingSpaces(text).unicodeScalars))
      let inner = text.dropFirst()
      #expect(Array(inner.trimmingSpaces.unicodeScalars) == Array(Self.oldTrimmingSpaces(inner).unicodeScalars))
    }
  }

  @Test func theMarkIsRemovedAsFoundationRemovesIt() {
    for text in Self.texts(4000, seed: 2) {
      let old = text.replacingOccurrences(of: AnkiTemplate.frontSideMark, with: "")
      #expect(Array(text.withoutFrontSideMark.unicodeScalars) == Array(old.unicodeScalars))
    }
  }

  @Test func theBackIsTheOldBack() {
    for text in Self.texts(4000, seed: 3) + ["a<hr id=answer>b", Self.mark + "x<HR id='ANSWER'>y" + Self.mark] {
      #expect(Array(AnkiCardConverter.back(text).unicodeScalars) == Array(Self.oldBack(text).unicodeScalars), "\(text)")
    }
  }

  @Test func theASCIISearchIsFoundations() {
    for text in Self.texts(4000, seed: 5) where text.utf8.allSatisfy({ $0 < 0x80 }) {
      for rule in ["<hr id=answer>", "<hr id=\"answer\">", "<hr id='answer'>"] {
        #expect(
          AnkiCardConverter.asciiCaseInsensitiveRange(of: rule, in: text)
            == text.range(of: rule, options: .caseInsensitive), "\(text)")
      }
    }
  }

  @Test func controlsAreRemovedAsBefore() {
    for text in Self.texts(4000, seed: 6) + ["plain", "a\u{301}", "x\u{7}y", " x", "x\n"] {
      let old = String(text.unicodeScalars.filter { !isControl($0) || $0 == "\n" }.map(Character.init))
        .trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(Array(AnkiCardConverter.withoutControls(text).unicodeScalars) == Array(old.unicodeScalars), "\(text)")
    }
  }

  @Test func theCheapTestsNeverSkipAMatch() {
    for text in Self.texts(4000, seed: 4) {
      if !AnkiCardConverter.mayHoldRule(text) {
        for rule in ["<hr id=answer>", "<hr id=\"answer\">", "<hr id='answer'>", "<hr"] {
          #expect(text.range(of: rule, options: .caseInsensitive) == nil, "\(text)")
        }
      }
      if !AnkiCardConverter.mayHoldTag(text) {
        #expect(text.range(of: "<style", options: .caseInsensitive) == nil, "\(text)")
        #expect(text.range(of: "<script", options: .caseInsensitive) == nil, "\(text)")
      }
      #expect(AnkiNotetypeReport.hasScript(text) == (text.range(of: "<script", options: .caseInsensitive) != nil))
    }
  }

  @Test func aPackageLooksUpTheFirstEntryOfAName() throws {
    var writer = ZipWriter()
    writer.add("a", Array("first".utf8))
    writer.add("b", Array("other".utf8))
    writer.add("a", Array("second".utf8))
    let zip = try ZipArchive(bytes: writer.finish())
    #expect(try zip.entry("a").map { try zip.data($0) } == Array("first".utf8))
    #expect(zip.entry("c") == nil)
  }
}
