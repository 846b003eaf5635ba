import Testing

@testable import QuizlineCore

/// A question label looks for media only in texts whose bytes may hold some
/// (``ReportBuilder/mayHoldMedia(_:)``): over random texts with images, sounds, brackets and
/// combining marks, a text it passes over has no media reference, and every text that has the
/// characters ``InlineMarkup/mediaReferences(_:)`` looks for is looked at.
@Suite struct ReportLabelTests {
  static let pieces = [
    "a", " ", "!", "[", "]", "(", ")", "pic.png", "![x](a.png)", "[sound:b.mp3]", "[sound", ":", "sound:", "\u{301}",
    "é", "*", "_", "`", "\\", "![", "[sound:", "!\u{301}[", "![\u{301}",
  ]

  @Test func aTextPassedOverHasNoMediaReference() {
    var random = SplitMix64(seed: 36)
    var withMedia = 0
    var passedOver = 0
    for _ in 0..<20_000 {
      let text = (0..<Int(random.next() % 12)).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
        .joined()
      let references = InlineMarkup.mediaReferences(text)
      if !references.isEmpty { withMedia += 1 }
      if ReportBuilder.mayHoldMedia(text) {
        continue
      }
      passedOver += 1
      #expect(references.isEmpty, "\(text.debugDescription)")
      #expect(!text.contains("![") && !text.contains("[sound:"), "\(text.debugDescription)")
    }
    #expect(withMedia > 1_000)
    #expect(passedOver > 1_000)
  }
}
