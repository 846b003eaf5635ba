import Testing

@testable import QuizlineCore

/// The duplicate-check fold of kana, CJK, accented Latin-1 and emoji straight from the bytes
/// (`scriptFold`) gives exactly the key the Unicode path gives, or declines.
@Suite struct ScriptFoldingTests {
  static func unicodeKey(_ text: String) -> UInt64 {
    fnv1a(unicodeNormalizedForComparison(text, ignoringPunctuation: false).utf8)
  }

  /// Every scalar of the ranges the fast path knows, alone and among letters, spaces and joiners.
  @Test func everyKnownScalarFoldsAsTheUnicodePathFoldsIt() {
    let ranges: [ClosedRange<UInt32>] = [
      0xC0...0xFF, 0x3041...0x30FF, 0x4E00...0x9FFF, 0x2600...0x27BF, 0x1F000...0x1FAFF, 0xFE00...0xFE0F,
      0x200D...0x200D,
    ]
    var checked = 0
    for range in ranges {
      for value in range {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let s = String(scalar)
        for text in [s, "A\(s)B", " \(s) ", "x \(s)", "\(s)\u{200D}\(s)", "\t\(s)\n", "Q\(s)\u{FE0F}  z"] {
          #expect(comparisonKey(text) == Self.unicodeKey(text), "\(text.unicodeScalars.map { $0.value })")
        }
        checked += 1
      }
    }
    #expect(checked > 20_000)
  }

  @Test func randomTextWithTrickyNeighboursFoldsTheSame() {
    var random = SplitMix64(seed: 36)
    // Known scalars, ASCII, whitespace of every kind, extenders (which join a space before them
    // into one whitespace character), and scalars the fast path must leave to the tables: İ, the
    // Kelvin sign, Σ, Ÿ, ǅ, a combining acute, a prepended mark, NBSP, the ideographic space.
    let pieces: [String] = [
      "a", "Z", "7", "!", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{A0}", "\u{3000}", "\u{200D}",
      "\u{FE0F}", "\u{1F3FD}", "\u{3099}", "\u{301}", "\u{130}", "\u{212A}", "\u{3A3}", "\u{178}", "\u{1C5}",
      "\u{600}", "\u{C9}", "\u{E9}", "\u{D7}", "\u{F7}", "\u{DF}", "\u{FF}", "\u{C5}", "\u{DE}", "状", "ビ", "ー",
      "ゔ", "🙂", "🚀", "👩", "💻", "🇯", "🇵", "✅", "\u{1F130}", "\u{1F1E6}", "\u{7F}", "\u{85}",
    ]
    for _ in 0..<50_000 {
      var text = ""
      for _ in 0..<Int(random.next() % 12) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
      #expect(comparisonKey(text) == Self.unicodeKey(text), "\(text.unicodeScalars.map { $0.value })")
    }
  }

  /// The texts of a bank in Japanese, French or emoji take the fast path (what it is for).
  @Test func commonNonASCIITextTakesTheFastPath() {
    for text in ["Élève naïve à Zürich.", "状態 ビュー 🙂 ✅ 👩‍💻 🇯🇵", "Ångström  crème\tdéjà vu"] {
      var sink = FNVSink()
      #expect(scriptFold(text, into: &sink), "\(text)")
      #expect(sink.value == Self.unicodeKey(text), "\(text)")
    }
    var sink = FNVSink()
    #expect(!scriptFold("x \u{301}", into: &sink), "a space joined by an accent is left to the tables")
    #expect(!scriptFold("\u{130}", into: &sink))
  }
}
