import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// The Markdown reader's word-at-a-time scans and byte shortcuts (issue 36, fifth round) against
/// the plain walks they replace, on random texts long enough that every word position and every
/// tail length is met.
@Suite struct MarkdownByteScanTests {
  /// A random text of `count` pieces: mostly runs of printable ASCII, with the bytes the scans
  /// look for (control characters, newlines, CR, and lead bytes beyond ASCII) here and there.
  static func randomText(_ rng: inout SplitMix64, pieces count: Int) -> String {
    let rare = [
      "\n", "\t", "\r\n", "\r", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}", "±", "\u{61C}", "\u{600}",
      "\u{200E}", "\u{2029}", "\u{202E}", "\u{2066}", "—", "日", "👍", " ", "~", "\u{20}\u{7E}",
    ]
    var s = ""
    for _ in 0..<count {
      if rng.next() % 4 == 0 {
        s += rare[Int(rng.next() % UInt64(rare.count))]
      } else {
        s += String(repeating: "abcdefgh", count: Int(rng.next() % 3)) + String("xyz=-> #".prefix(Int(rng.next() % 8)))
      }
    }
    return s
  }

  /// 100,000 random 8-byte words (a third of the bytes drawn from `interesting`), each with whether
  /// one of its bytes `counts`, for the word tests against the byte-by-byte answer.
  static func randomWords(seed: UInt64, interesting: [UInt8], counts: (UInt8) -> Bool) -> [(UInt64, Bool)] {
    var rng = SplitMix64(seed: seed)
    return (0..<100_000).map { _ in
      var word: UInt64 = 0
      var expected = false
      for k in 0..<8 {
        let b =
          rng.next() % 3 == 0 ? interesting[Int(rng.next() % UInt64(interesting.count))] : UInt8(rng.next() & 0xFF)
        expected = expected || counts(b)
        word |= UInt64(b) << (8 * UInt64(k))
      }
      return (word, expected)
    }
  }

  @Test func wordTestForControlBytesIsExact() {
    let interesting: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xC2, 0xFF]
    for (word, expected) in Self.randomWords(seed: 3651, interesting: interesting, counts: { $0 < 0x20 || $0 > 0x7E }) {
      #expect(MarkdownFile.mayHoldControl(word) == expected, "\(String(word, radix: 16))")
    }
  }

  @Test func controlCharactersInLongTextsAreFoundWhereTheScalarWalkFindsThem() {
    var rng = SplitMix64(seed: 3652)
    for _ in 0..<5_000 {
      let bytes = Array(Self.randomText(&rng, pieces: Int(rng.next() % 40)).utf8)
      Self.expectTheHeldCheck(bytes, "\(bytes)")
    }
  }

  /// The file's text check on `bytes` against the held reader's: the same verdict, the same messages.
  static func expectTheHeldCheck(_ bytes: [UInt8], _ label: String) {
    let now = DecodeContext(path: "x.md", bytes: bytes)
    let held = DecodeContext(path: "x.md", bytes: bytes)
    #expect(MarkdownFile.check(bytes, context: now) == (HeldMarkdownFile.text(of: bytes, context: held) != nil))
    #expect(now.diagnostics == held.diagnostics, "\(label)")
  }

  @Test func utf8ValidationMatchesTheStandardLibrary() {
    var rng = SplitMix64(seed: 3658)
    // Sequences at the edges of table 3-7, well-formed or not, and stray bytes.
    let pieces: [[UInt8]] = [
      [0x41], [0x7F], [0x0A], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF], [0xC2],
      [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80], [0xE1, 0x80, 0x80], [0xEC, 0xBF, 0xBF], [0xED, 0x9F, 0xBF],
      [0xED, 0xA0, 0x80], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xEF, 0xBF], [0xF0, 0x8F, 0x80, 0x80],
      [0xF0, 0x90, 0x80, 0x80], [0xF3, 0xBF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
      [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE], [0xE2, 0x80, 0x41], [0xF0, 0x90, 0x80],
      Array("abcdefghijklmnop".utf8), Array("±日👍".utf8),
    ]
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(rng.next() % 12) {
        if rng.next() % 8 == 0 {
          bytes.append(UInt8(rng.next() & 0xFF))
        } else {
          bytes += pieces[Int(rng.next() % UInt64(pieces.count))]
        }
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      #expect(bytes.withUnsafeBufferPointer { MarkdownFile.isValidUTF8($0) } == expected, "\(bytes)")
    }
  }

  @Test func numbersWithoutADigitAreNoNumbers() {
    var rng = SplitMix64(seed: 3659)
    let pieces = [
      "0", "00", "0.0", "-0", "7", ".", "e", " ", "±", "..", "+-", "x", "inf", "nan", "0x1p3", "\u{661}", "+",
    ]
    for _ in 0..<20_000 {
      var s = ""
      for _ in 0..<Int(rng.next() % 4) { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
      #expect(MarkdownAnswerReader.numericMatch(s) == HeldMarkdownAnswerReader.numericMatch(s), "\(s)")
    }
  }

  @Test func lineStartsMatchAPlainWalk() {
    var rng = SplitMix64(seed: 3653)
    for _ in 0..<5_000 {
      let bytes = Array(Self.randomText(&rng, pieces: Int(rng.next() % 40)).utf8)
      var expected = [0]
      for (i, b) in bytes.enumerated() where b == 0x0A { expected.append(i + 1) }
      let (starts, plain) = MarkdownSource.lines(bytes)
      #expect(starts == expected, "\(bytes)")
      // A line is plain when none of its bytes up to its newline is beyond ASCII or a CR.
      let ends = expected.dropFirst().map { $0 - 1 } + [bytes.count]
      let expectedPlain = zip(expected, ends).map { s, e in !bytes[s..<e].contains { $0 >= 0x80 || $0 == 0x0D } }
      #expect(plain == expectedPlain, "\(bytes)")
    }
  }

  @Test func joinedLinesAndPlainLinesMatchTheLineTexts() {
    var rng = SplitMix64(seed: 3657)
    for _ in 0..<5_000 {
      let source = MarkdownSource(bytes: Array(Self.randomText(&rng, pieces: Int(rng.next() % 30)).utf8))
      let first = 1 + Int(rng.next() % UInt64(source.lineCount))
      let last = first + Int(rng.next() % 4) - 1
      let expected = source.lines(first, last).joined(separator: "\n")
      #expect(source.joinedLines(first, last) == expected, "\(source.bytes) \(first) \(last)")
      for n in 0...source.lineCount + 1 {
        let line = source.line(n)
        if let range = source.plainLine(n) {
          #expect(source.text(range) == line && line.isPlainASCII, "\(source.bytes) \(n)")
        } else {
          #expect(!(n >= 1 && n <= source.lineCount && line.isPlainASCII), "\(source.bytes) \(n)")
        }
      }
    }
  }

  @Test func frontMatterLinesReadAsBlankGiveTheBlankedTextsTree() throws {
    // A front matter closing the file (with and without its newline) and one before a question.
    for text in [
      "---\nkind: bank\nid: b\n---", "---\nkind: bank\nid: b\n---\n", "---\r\nkind: bank\r\n---\r\n\n## Q\n\n= a",
      "---\nkind: bank\n---\n## Q\n\n- [x] a\n- [ ] b\n",
    ] {
      let front = try #require(try FrontMatterParser.parse(String(MarkdownFile.frontMatterPrefix(text))))
      let blanked = FrontMatterParser.blankingFrontMatter(text, closingLine: front.closingLine)
      let bytes = Array(text.utf8)
      #expect(
        MarkdownBlockReader.blocks(bytes[...], blankThrough: front.closingLine) == MarkdownBlockReader.blocks(blanked),
        "\(text)")
    }
  }

  @Test func headingIDsOnBytesMatchTheStringSplit() throws {
    var rng = SplitMix64(seed: 3654)
    let pieces = [
      "{#", "}", "<!-- id:", "-->", " ", "\t", "a", "q-1", "Q", "#", "{", "-", ">", "!", "é", "\u{600}", "\u{301}",
      "<!--", " id:", "x y",
    ]
    var onBytes = 0
    for _ in 0..<20_000 {
      var s = ""
      for _ in 0..<Int(rng.next() % 8) { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
      let bytes = Array(s.utf8)
      let nowContext = DecodeContext(path: "x.md", bytes: bytes)
      let heldContext = DecodeContext(path: "x.md", bytes: bytes)
      let nowReader = MarkdownQuestionReader(file: try #require(MarkdownFile(bytes: [], context: nowContext)))
      let heldReader = MarkdownQuestionReader(file: try #require(MarkdownFile(bytes: [], context: heldContext)))
      let held = heldReader.splitID(s, line: 3, column: 4)
      // As a slice of a longer line, as the reader passes it.
      let junk = Array("## ".utf8)
      let line = junk + bytes
      guard let now = nowReader.splitIDOnBytes(line[junk.count...], line: 3, column: 4) else {
        #expect(!s.isPlainASCII, "\(Array(s.unicodeScalars))")
        continue
      }
      onBytes += 1
      #expect(now.text == held.text && now.id == held.id && now.idAt == held.idAt, "\(Array(s.unicodeScalars))")
      #expect(nowContext.diagnostics == heldContext.diagnostics, "\(Array(s.unicodeScalars))")
    }
    #expect(onBytes > 5_000)
  }

  @Test func wordTestForLineEndsIsExact() {
    let interesting: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x7F, 0x80, 0x8A, 0xA0, 0xFF]
    for (word, expected) in Self.randomWords(seed: 3655, interesting: interesting, counts: { $0 < 0x20 }) {
      #expect(MarkdownBlockReader.mayHoldControlOrNewline(word) == expected, "\(String(word, radix: 16))")
    }
  }

  /// A random question in the shapes the byte paths read (choices, `=` lines with feedback,
  /// pairs, numbered items, fields), its lines given pieces now and then (escapes, credits, text
  /// beyond ASCII, combining marks, CR, tabs, indentation).
  static func randomQuestion(_ rng: inout SplitMix64, _ k: Int) -> String {
    let pieces = MarkdownReaderOracleTests.pieces
    func text() -> String {
      var s = ["alpha beta", "Gamma", "x", "42", "true", "a -> b", "%50% c", ""][Int(rng.next() % 8)]
      for _ in 0..<Int(rng.next() % 3) { s += pieces[Int(rng.next() % UInt64(pieces.count))] + "word" }
      return s
    }
    var lines = ["## Question \(k) " + text() + (rng.next() % 2 == 0 ? " {#q\(k)}" : "")]
    lines.append("")
    switch rng.next() % 5 {
    case 0: for n in 0..<(1 + Int(rng.next() % 4)) { lines.append("- [\(n == 0 ? "x" : " ")] " + text()) }
    case 1:
      for _ in 0..<(1 + Int(rng.next() % 3)) {
        lines.append(["=", "= ", "  =  ", "=\t"][Int(rng.next() % 4)] + text())
        if rng.next() % 3 == 0 { lines.append(["> ", ">", "  > "][Int(rng.next() % 3)] + text()) }
      }
    case 2: for _ in 0..<(1 + Int(rng.next() % 4)) { lines.append("- " + text() + " -> " + text()) }
    case 3: for n in 1..<(2 + Int(rng.next() % 4)) { lines.append("\(n). " + text()) }
    default: lines += ["---", "", text()]
    }
    lines.append("")
    let fields = [
      "Explanation: ", "Hint: ", "Tags: t1, t2", "Difficulty: easy", "Source: f | s", "Unknown: ", "  Hint: ",
      "Hint:\t", "Hïnt: ", "Model answer: ", "Ignore punctuation: yes", "Type: text", "", "continued ",
    ]
    for _ in 0..<Int(rng.next() % 5) { lines.append(fields[Int(rng.next() % UInt64(fields.count))] + text()) }
    for _ in 0..<Int(rng.next() % 3) {
      let n = Int(rng.next() % UInt64(lines.count - 1)) + 1
      lines[n] = rng.next() % 2 == 0 ? lines[n] + "\r" : "  " + lines[n]
    }
    return lines.joined(separator: "\n")
  }

  @Test func generatedBanksReadAsTheHeldReaderReadsThem() {
    var rng = SplitMix64(seed: 3656)
    for b in 0..<1_500 {
      var text = "---\nkind: bank\nid: generated\ntitle: Generated\n---\n\n"
      for k in 0..<(1 + Int(rng.next() % 4)) { text += Self.randomQuestion(&rng, k) + "\n\n" }
      MarkdownReaderOracleTests.expectSame(text, "bank \(b):\n\(text)")
    }
  }
}
