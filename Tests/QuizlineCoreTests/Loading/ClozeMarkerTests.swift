import Testing

@testable import QuizlineCore

/// The byte-level gap scan finds exactly the gaps the renderer's ``ClozeText/parts(of:)`` finds.
@Suite struct ClozeMarkerTests {
  @Test func markersEqualTheGapsOfPartsOnRandomTexts() {
    var random = SplitMix64(seed: 9)
    let alphabet: [Character] = ["{", "{", "}", "}", "1", "2", "0", "9", " ", "a", "é", "🎉"]
    for _ in 0..<30_000 {
      let text = String(
        (0..<Int(random.next() % 30)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
      let fromParts = ClozeText.parts(of: text).compactMap { part -> Int? in
        if case .gap(let n) = part { return n }
        return nil
      }
      #expect(ClozeText.markers(in: text) == fromParts, "\(text.debugDescription)")
    }
  }

  @Test func markersOfTypicalTexts() {
    #expect(ClozeText.markers(in: "A {{1}} owns its state; a {{2}} borrows it.") == [1, 2])
    #expect(ClozeText.markers(in: "{{{1}}} and {{1234}} and {{}}") == [], "as parts(of:) reads them: none is a gap")
  }
}
