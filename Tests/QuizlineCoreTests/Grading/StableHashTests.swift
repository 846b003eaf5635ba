import Testing

@testable import QuizlineCore

@Suite struct StableHashTests {
  /// The fuzz seed's hash of a question reference is FNV-1a over `bank/question` exactly, whatever
  /// the ids' length (small and heap strings) or script: replayed cards depend on it bit for bit.
  @Test func aReferencesHashIsFNV1aOverItsText() {
    let refs = [
      QuestionRef(bank: "swift-basics", question: "q1"),
      QuestionRef(bank: "a-bank-id-longer-than-fifteen-bytes", question: "and-a-question-id-longer-too"),
      QuestionRef(bank: "", question: ""),
      QuestionRef(bank: "größen", question: "frage-ü"),
    ]
    for ref in refs {
      var expected: UInt64 = 0xcbf2_9ce4_8422_2325
      for b in Array("\(ref.bank)/\(ref.question)".utf8) {
        expected ^= UInt64(b)
        expected = expected &* 0x0000_0100_0000_01B3
      }
      #expect(Presentation.stableHash(ref) == expected)
      #expect(Presentation.stableHash(ref) == Presentation.stableHash(ref.description))
    }
    #expect(Presentation.stableHash(QuestionRef(bank: "b", question: "q")) == 0xff73_3719_1290_507d)
  }
}
