import Testing

@testable import QuizlineCore

/// `QuestionRef(text)` splits `bank/question` exactly as `String.split` on the Character "/" does
/// (its ASCII fast path included).
@Suite struct QuestionRefParsingTests {
  static func oracle(_ text: String) -> QuestionRef? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    return QuestionRef(bank: String(parts[0]), question: String(parts[1]))
  }

  @Test(arguments: [
    "", "/", "a/", "/b", "a/b", "a/b/c", "a//b", "bank-1/q-2", "no slash", "é/x", "x/é",
    "a/\u{301}b", "a\u{301}/b", "/\u{301}", "a\r\n/b", "日本/語", "a/b/",
  ])
  func parsesLikeSplit(text: String) {
    #expect(QuestionRef(text) == Self.oracle(text))
  }

  @Test func parsesRandomTextsLikeSplit() {
    let alphabet: [String] = ["a", "b", "-", "/", "/", "é", "\u{301}", "\r\n", "0", " "]
    var random = SplitMix64(seed: 7)
    for _ in 0..<20_000 {
      let length = Int(random.next() % 8)
      let text = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
      #expect(QuestionRef(text) == Self.oracle(text), "\(text.debugDescription)")
    }
    #expect(QuestionRef("bank/question") == QuestionRef(bank: "bank", question: "question"))
  }
}
