import Testing

@testable import QuizlineFormats

/// Ids written into a Markdown bank's text: where they go, what they replace, and that nothing
/// else of the file changes.
@Suite struct IdentityMarkersTests {
  @Test func anIDIsAppendedToAHeadingAndAQLine() {
    let text = "# Title\n\n## Which one?  \n\n- [x] a\n\nQ: Capital of France?\nA: Paris\n"
    let out = IdentityMarkers.apply(
      [.init(line: 3, id: "which-one-k3f9q2ab", form: .heading), .init(line: 7, id: "capital-5x", form: .comment)],
      to: text)
    #expect(
      out
        == "# Title\n\n## Which one? {#which-one-k3f9q2ab}\n\n- [x] a\n\nQ: Capital of France? <!-- id: capital-5x -->\nA: Paris\n"
    )
  }

  @Test func anExistingMarkerIsReplacedNotRepeated() {
    let text = "## Old wording {#old-wording-aaaa1111}\nQ: x <!-- id: x-aaaa1111 --> trailing\n"
    let out = IdentityMarkers.apply(
      [.init(line: 1, id: "new-bbbb2222", form: .heading), .init(line: 2, id: "x-cccc3333", form: .comment)], to: text)
    #expect(out == "## Old wording {#new-bbbb2222}\nQ: x <!-- id: x-cccc3333 --> trailing\n")
  }

  @Test func aClosingSequenceOfHashesStaysLastAndCRLFIsKept() {
    let out = IdentityMarkers.apply([.init(line: 2, id: "q", form: .heading)], to: "\r\n## Which one? ##\r\nrest")
    #expect(out == "\r\n## Which one? {#q} ##\r\nrest")
  }

  @Test func withoutEditsTheTextIsReturnedByteForByte() {
    let text = "## A\r\n\n\tB  \n"
    #expect(IdentityMarkers.apply([], to: text) == text)
    #expect(IdentityMarkers.apply([.init(line: 9, id: "q", form: .heading)], to: text) == text)
  }
}
