import Testing

@testable import QuizlineCore

/// The ASCII fast path of answer and duplicate folding gives exactly what the Unicode path gives.
@Suite struct NormalizationTests {
  static let alphabet: [UInt8] = Array(0x20...0x7E) + [0x09, 0x0A, 0x0D, 0x0B, 0x0C]

  @Test(arguments: [false, true])
  func asciiFoldingEqualsUnicodeFoldingOnRandomText(ignoringPunctuation: Bool) throws {
    var random = SplitMix64(seed: ignoringPunctuation ? 2 : 1)
    for _ in 0..<20_000 {
      let length = Int(random.next() % 24)
      let bytes = (0..<length).map { _ in Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] }
      let text = String(decoding: bytes, as: UTF8.self)
      let fast = try #require(asciiNormalizedForComparison(text, ignoringPunctuation: ignoringPunctuation))
      #expect(
        fast == unicodeNormalizedForComparison(text, ignoringPunctuation: ignoringPunctuation),
        "\(text.debugDescription)")
    }
  }

  @Test func nonASCIIAndControlTextTakesTheUnicodePath() {
    #expect(asciiNormalizedForComparison("Zürich", ignoringPunctuation: false) == nil)
    #expect(asciiNormalizedForComparison("a\u{1}b", ignoringPunctuation: false) == nil)
    #expect(normalizedForComparison("  Z\u{00DC}RICH\u{00A0} Stack ") == "zürich stack")
    #expect(normalizedForComparison("@State, #Preview; $x!", ignoringPunctuation: true) == "@state #preview $x")
  }
}

extension NormalizationTests {
  /// The duplicate-check key is the hash of the folded text, on either path.
  @Test func comparisonKeysAreHashesOfTheFoldedText() {
    for text in ["  Z Stack ", "zstack", "Zürich  Stack", "a\u{A0}b", "@State, #Preview!", ""] {
      for ignoring in [false, true] {
        #expect(
          comparisonKey(text, ignoringPunctuation: ignoring)
            == fnv1a(normalizedForComparison(text, ignoringPunctuation: ignoring).utf8), "\(text)")
      }
    }
    #expect(comparisonKey("a\u{A0}b") == comparisonKey("A  b"), "a no-break space folds like a space")
  }
}
