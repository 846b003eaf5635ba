import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// The byte-level text helpers of the Markdown reader against the `Character` walks they replace
/// (the held forms), on random strings built from pieces that test where a byte is not a
/// Character: combining marks after a space or a colon, a prepended mark before a space, CRLF,
/// white space outside ASCII, emoji.
@Suite struct MarkdownByteTextTests {
  static let pieces: [String] = [
    " ", "\t", "\r", "\n", "\r\n", "a", "Q", "Z", ":", "-", ">", ".", "+", "{", "}", "#", "c", "1", "\\", "é",
    "e\u{301}",
    "\u{301}", "\u{200D}", "\u{600}", "\u{00A0}", "\u{3000}", "\u{2028}", "\u{85}", "\u{0B}", "\u{0C}", "日", "👍🏽",
    "±", "K", "\u{212A}", "Hint", "Explanation", "Type", "{{c", "->", "..", "+-", "{#", "<!-- id:",
  ]

  static func randomString(_ rng: inout SplitMix64) -> String {
    var s = ""
    for _ in 0..<Int(rng.next() % 9) { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
    return s
  }

  @Test func trimmingMatchesTheCharacterWalks() {
    var rng = SplitMix64(seed: 3601)
    for _ in 0..<20_000 {
      // As Substrings: QuizlineCore has a `String.trimmingSpaces` of its own (any white space).
      let whole = Self.randomString(&rng)
      for s in [Substring(whole), Substring(whole).dropFirst()] {
        let scalars = Array(s.unicodeScalars)
        #expect(s.trimmingSpaces == s.trimmingSpacesByCharacter, "\(scalars)")
        #expect(s.trimmingBlankLines == s.trimmingBlankLinesByCharacter, "\(scalars)")
        #expect(s.trimmingTrailingSpaces == s.trimmingTrailingSpacesByCharacter, "\(scalars)")
        // The held forms, as the reader had them.
        #expect(s.trimmingSpaces == s.heldTrimmingSpaces, "\(scalars)")
        #expect(s.trimmingBlankLines == s.heldTrimmingBlankLines, "\(scalars)")
        #expect(s.trimmingTrailingSpaces == s.heldTrimmingTrailingSpaces, "\(scalars)")
      }
    }
  }

  @Test func fieldNamesMatchTheCharacterWalk() {
    var rng = SplitMix64(seed: 3602)
    let starts = [
      "Hint:", "Explanation: ", "Model answer:\t", "Hint:\u{301} x", "A:", "Über:", "Hint :", "hint:", "",
      "Key points in it: ", "Ignore  punctuation:", "Model-answer:", "Note id1:", "Three word name:",
    ]
    for _ in 0..<20_000 {
      let s = starts[Int(rng.next() % UInt64(starts.count))] + Self.randomString(&rng)
      let line = Substring(s)
      #expect(
        MarkdownFieldName.name(in: line) == MarkdownFieldName.nameByCharacter(in: line), "\(Array(s.unicodeScalars))")
      #expect(MarkdownFieldName.name(in: line) == HeldMarkdownFieldName.name(in: line))
    }
  }

  @Test func searchesMatchTheCharacterWalk() {
    var rng = SplitMix64(seed: 3603)
    for _ in 0..<20_000 {
      let s = Self.randomString(&rng) + Self.randomString(&rng)
      for needle in ["->", "{{c", "..", "+-", "±", "{#", "<!-- id:", "K"] {
        #expect(s.firstRangeOnBytes(of: needle) == s.firstRange(of: needle), "\(needle) in \(Array(s.unicodeScalars))")
        #expect(s.containsOnBytes(needle) == (s.firstRange(of: needle) != nil))
        #expect(
          MarkdownQuestionReader.lastRange(of: needle, in: s) == HeldMarkdownQuestionReader.lastRange(of: needle, in: s)
        )
      }
      let (n, body) = MarkdownFields.indentation(s)
      let indent = s.prefix { $0 == " " || $0 == "\t" }.count
      #expect(n == indent && body == s.dropFirst(indent), "\(Array(s.unicodeScalars))")
      let tail = Substring(s).dropFirst()
      let (m, tailBody) = MarkdownFields.indentation(tail)
      let tailIndent = tail.prefix { $0 == " " || $0 == "\t" }.count
      #expect(m == tailIndent && tailBody == tail.dropFirst(tailIndent), "\(Array(tail.unicodeScalars))")
    }
  }

  @Test func numericAnswersMatchTheHeldReader() {
    var rng = SplitMix64(seed: 3604)
    let numbers = ["4", "-2.5", "1e3", "40", " ", "..", "±", "+-", " ± ", "0.5", "x", "\u{301}", "\r"]
    for _ in 0..<20_000 {
      var s = ""
      for _ in 0..<Int(rng.next() % 5) { s += numbers[Int(rng.next() % UInt64(numbers.count))] }
      #expect(MarkdownAnswerReader.numericMatch(s) == HeldMarkdownAnswerReader.numericMatch(s), "\(s)")
    }
  }

  @Test func controlCharactersAreFoundWhereTheScalarWalkFindsThem() {
    var rng = SplitMix64(seed: 3605)
    let parts = [
      "a", "\n", "\t", "\r\n", "\r", "\u{1}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}", "±", "\u{61C}", "\u{600}",
      "\u{200E}",
      "\u{2029}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{2070}", "—", "日", "👍",
    ]
    for _ in 0..<20_000 {
      var s = ""
      for _ in 0..<Int(rng.next() % 8) { s += parts[Int(rng.next() % UInt64(parts.count))] }
      MarkdownByteScanTests.expectTheHeldCheck(Array(s.utf8), "\(Array(s.unicodeScalars))")
    }
  }

  @Test func splitsMatchTheCharacterSplit() {
    var rng = SplitMix64(seed: 3606)
    for _ in 0..<20_000 {
      let marks = [",", "|", ",\u{301}", "\u{600}|", ",,", "| "]
      let whole =
        Self.randomString(&rng) + marks[Int(rng.next() % 6)] + Self.randomString(&rng) + marks[Int(rng.next() % 6)]
      for s in [Substring(whole), Substring(whole).dropFirst()] {
        for separator in ["," as Unicode.Scalar, "|", "\n", ":", "-"] {
          for omitting in [true, false] {
            let held = s.split(separator: Character(separator), omittingEmptySubsequences: omitting)
            let now = s.splitOnBytes(separator, omittingEmptySubsequences: omitting)
            #expect(now == held, "\(separator) \(omitting) \(Array(s.unicodeScalars))")
            #expect(now.map { $0.startIndex } == held.map { $0.startIndex })
          }
        }
      }
      #expect(whole.containsByte(0x5C) == whole.utf8.contains(0x5C))
      #expect(whole.isPlainASCII == !whole.utf8.contains { $0 >= 0x80 || $0 == 0x0D })
    }
  }

  @Test func itemMarkersMatchTheCharacterWalk() {
    var rng = SplitMix64(seed: 3608)
    let starts = [
      "- ", "* ", "+\t", "1. ", "12) ", "3.", "-", "- [x] ", "- [ ]\t x", "-  [x]", "1. [ ] ", "[x]", "- [", "",
    ]
    var checked = 0
    for _ in 0..<20_000 {
      let line = starts[Int(rng.next() % UInt64(starts.count))] + Self.randomString(&rng)
      guard line.isPlainASCII else { continue }
      checked += 1
      for task in [false, true] {
        var rest = Substring(line)
        let width = MarkdownAnswerReader.itemMarkerByCharacter(&rest, task: task)
        let (skip, byteWidth) = MarkdownAnswerReader.itemMarker(line, task: task)
        #expect(byteWidth == width && String(line.utf8.dropFirst(skip))! == String(rest), "\(task) \(line)")
      }
    }
    #expect(checked > 1_000)
  }
}
