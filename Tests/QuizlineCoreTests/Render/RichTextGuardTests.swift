import Testing

@testable import QuizlineCore

/// `RichText.marked` skips plain prose on a byte check before the character one; the check may
/// only let through prose the character check would have let through.
struct RichTextGuardTests {
  static func heldGuard(_ prose: String) -> Bool { prose.contains(where: { "`*_\\[~<!".contains($0) }) }

  @Test func theByteCheckNeverPassesOverProseTheCharacterCheckStopsAt() {
    #expect(Character("\u{1FEF}") == Character("`"), "Unicode makes the varia a grave accent")
    let pieces = [
      "a", " ", "`", "\u{1FEF}", "*", "_", "_\u{301}", "\\", "[", "~", "<", "<\u{338}", "!", "é", "“", "”", "🙂",
      "\u{1F00}", "ᾯ", "\n", "(", "x-y",
    ]
    var random = SplitMix64(seed: 1_989)
    var caught = 0
    for _ in 0..<20_000 {
      let prose = (0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      if Self.heldGuard(prose) {
        caught += 1
        #expect(RichText.mayHoldMarkup(prose), "\(prose.debugDescription)")
      }
      for style in [Style.plain, Style(unicode: true, color: true)] {
        let held = Self.heldGuard(prose) ? RichText.marked(InlineMarkup.parse(prose), style) : prose
        #expect(RichText.marked(prose, style) == held, "\(prose.debugDescription)")
      }
    }
    #expect(caught > 5_000)
    #expect(!RichText.mayHoldMarkup("Reviews: nothing due; read session 1 (declarative-ui) to unlock it."))
  }
}
