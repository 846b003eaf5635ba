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
    for text in Self.texts(4000, seed: 2) + Self.plainTexts(seed: 10) {
      let old = text.replacingOccurrences(of: AnkiTemplate.frontSideMark, with: "")
      #expect(Array(text.withoutFrontSideMark.unicodeScalars) == Array(old.unicodeScalars))
    }
  }

  @Test func theBackIsTheOldBack() {
    let cases = ["a<hr id=answer>b", Self.mark + "x<HR id='ANSWER'>y" + Self.mark]
    for text in Self.texts(4000, seed: 3) + Self.plainTexts(seed: 9) + cases {
      #expect(Array(AnkiCardConverter.back(text).unicodeScalars) == Array(Self.oldBack(text).unicodeScalars), "\(text)")
    }
  }

  /// Texts of ASCII and the mark, with the patterns split by a mark or a combining accent, and each
  /// text of `texts` that is plain.
  static func plainTexts(seed: UInt64) -> [String] {
    let split = [
      "<st\(mark)yle>", "{\(mark){", "}\(mark)}", "<hr id=ans\(mark)wer>", "\(mark)\(mark)x", "{{\r\n}}",
      "<hr id=answer>\(mark)", "<STYLE\(mark)", "x\r\n<Script>", "<\(mark)script>",
    ]
    return split + texts(6000, seed: seed).filter { $0.unicodeScalars.allSatisfy { $0.isASCII || String($0) == mark } }
  }

  @Test func plainTextIsASCIIAndTheMark() {
    for text in Self.texts(4000, seed: 5) + Self.plainTexts(seed: 7) {
      let plain = text.unicodeScalars.allSatisfy { $0.isASCII || $0 == AnkiTemplate.frontSideScalar }
      #expect(AnkiPlainText.isPlain(text) == plain, "\(text)")
      #expect(AnkiPlainText.isPlain(Substring(text).dropFirst()) == AnkiPlainText.isPlain(String(text.dropFirst())))
    }
  }

  @Test func thePlainSearchesAreFoundations() {
    let texts = Self.plainTexts(seed: 5)
    #expect(texts.count > 500)
    for text in texts {
      for rule in ["<hr id=answer>", "<hr id=\"answer\">", "<hr id='answer'>", "<style", "<script"] {
        #expect(
          AnkiPlainText.range(of: rule, in: text[...], caseInsensitive: true)
            == text.range(of: rule, options: .caseInsensitive), "\(text)")
      }
      for pattern in ["{{", "}}", Self.mark] {
        #expect(AnkiPlainText.range(of: pattern, in: text[...]) == text.range(of: pattern), "\(text)")
        let inner = text.dropFirst()
        #expect(AnkiPlainText.range(of: pattern, in: inner) == inner.range(of: pattern), "\(text)")
      }
      let old = text.replacingOccurrences(of: Self.mark, with: "")
      #expect(Array(AnkiPlainText.withoutMarks(text).unicodeScalars) == Array(old.unicodeScalars), "\(text)")
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
    for text in Self.texts(4000, seed: 4) + Self.plainTexts(seed: 8) {
      if !AnkiCardConverter.mayHoldRule(text) {
        for rule in ["<hr id=answer>", "<hr id=\"answer\">", "<hr id='answer'>", "<hr"] {
          #expect(text.range(of: rule, options: .caseInsensitive) == nil, "\(text)")
        }
      }
      for tag in ["<style", "<script"] {
        #expect(AnkiCardConverter.holdsTag(tag, text) == (text.range(of: tag, options: .caseInsensitive) != nil))
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

  /// The import's questions checked by decks (``StorableCheck/allPass(_:batch:)``) against each checked
  /// alone, as before issue 36's fourth round: the same banks, errors and counts, with cards quizline
  /// cannot store (a field over the 1 MiB a text may hold) among more than a batch of good ones, one of
  /// them with a GUID another note has (its error is still the text's, checked before its id), such a
  /// copy alone, and a package where every card can be stored.
  @Test func checkingByDecksGivesWhatCheckingEachQuestionGave() throws {
    let big = String(repeating: "x", count: 1_100_000)
    let card = { (id: String, front: String) in
      Question(id: id, prompt: front, explanation: "", body: .flashcard(back: "back"))
    }
    let good = (1...1100).map { card("g\($0)", "front \($0)") }
    let french = Bank(
      id: "french", title: "french",
      questions: Array(good[..<700]) + [card("q1", "bonjour"), card("q2", big), card("q1", big), card("q3", "merci")]
        + Array(good[700...]))
    let german = Bank(id: "german", title: "german", questions: [card("d1", "hallo"), card("d2", big)])
    let clean = Bank(id: "clean", title: "clean", questions: good)
    // The copy alone cannot be stored: every bank then passes, and its error must still be its text's.
    let copyOnly = Bank(id: "copy", title: "copy", questions: [card("q1", "bonjour"), card("q1", big)])
    let limits = ZipLimits(
      maxEntries: 100, maxEntryBytes: 1 << 30, maxTotalBytes: 1 << 30, maxRatio: .max, ratioFloor: .max)
    let importer = AnkiImporter(limits: limits)
    let cases = [([french, german], 1103, 3), ([clean], 1100, 0), ([german], 1, 1), ([copyOnly], 1, 1)]
    for (banks, kept, errors) in cases {
      let bytes = try AnkiPackageWriter.package(banks, scheduling: nil, now: Timestamp(seconds: 1_800_000_000))
      let byDecks = try importer.read(source: bytes, path: "p.apkg", checkingEachQuestion: false)
      let eachAlone = try importer.read(source: bytes, path: "p.apkg", checkingEachQuestion: true)
      #expect(Self.summary(byDecks) == Self.summary(eachAlone))
      #expect(byDecks.banks.reduce(0) { $0 + $1.bank.questions.count } == kept)
      #expect(byDecks.diagnostics.count == errors && byDecks.leftOut.cards == errors)
      #expect(!byDecks.diagnostics.contains { $0.message.contains("GUID") }, "the copy's error is its text's")
    }
  }

  /// A text ``MarkupLines/readsAsItself(_:)`` lets through is what serializing it as one span writes;
  /// texts with any other character are left to `serialize` (random texts of the allowed characters,
  /// the marks and their neighbours).
  @Test func aPlainTextIsWrittenAsSerializeWritesIt() {
    let allowed = Array("aZ09 ,.?;:'\"-").map(String.init) + ["answer", "1.", "- x", "a:b", "\"q\""]
    let others =
      Array("*_`~\\<>[]()!$/\n\té#&+=|{}^@%").map(String.init) + ["<u>", "![a](b)", "[sound:x]", "\\(x\\)", "~~", "**"]
    var random = SplitMix64(seed: 11)
    var through = 0
    for _ in 0..<6000 {
      let mixed = random.next() % 3 == 0
      let text = (0..<Int(1 + random.next() % 10)).map { _ -> String in
        let pool = mixed && random.next() % 4 == 0 ? others : allowed
        return pool[Int(random.next() % UInt64(pool.count))]
      }.joined()
      if MarkupLines.readsAsItself(text) {
        through += 1
        #expect(InlineMarkup.serialize([.text(text)]) == text, "\(text)")
      }
    }
    #expect(through > 3000)
    for other in others { #expect(!MarkupLines.readsAsItself("a" + other)) }
  }

  /// What an import gave, as text: each bank's file, its loss notes, the errors and what they left out.
  static func summary(_ i: AnkiImport) -> [String] {
    i.banks.map { String(decoding: BankJSONWriter.bytes($0.bank), as: UTF8.self) }
      + i.banks.flatMap { $0.notes.map { "\($0.questionID): \($0.detail)" } }
      + i.diagnostics.map(\.message) + ["\(i.leftOut)", "\(i.reviews.count) \(i.skippedReviews)"]
  }
}
