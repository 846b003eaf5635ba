import Testing

@testable import QuizlineCore

/// What the answer syntax refuses (AnswerParser's promises): a letter past the last choice, and a
/// matching answer that pairs one left item twice. Written for mutants F10 and F11.
@Suite struct AnswerSyntaxPromiseTests {
  static let single = Question(
    id: "s", prompt: "P", explanation: "",
    body: .single(choices: ["w", "x", "y", "z"].map { Choice(text: $0) }, answer: 0))
  static let multiple = Question(
    id: "m", prompt: "P", explanation: "",
    body: .multiple(choices: ["w", "x", "y", "z"].map { Choice(text: $0) }, answers: [0, 1]))
  static let matching = Question(
    id: "p", prompt: "P", explanation: "",
    body: .matching(
      pairs: [MatchPair(left: "one", right: "1"), MatchPair(left: "two", right: "2")], distractors: ["3"]))

  static func accepted(_ typed: String, _ q: Question) -> Bool {
    if case .success = AnswerParser.parse(typed, for: q) { return true }
    return false
  }

  @Test func aLetterPastTheLastChoiceIsRefused() {
    #expect(Self.accepted("d", Self.single))
    #expect(!Self.accepted("e", Self.single))
    #expect(Self.accepted("a,d", Self.multiple))
    #expect(!Self.accepted("a,e", Self.multiple))
  }

  @Test func aMatchingAnswerPairsEachLeftItemOnce() {
    #expect(Self.accepted("1a 2b", Self.matching))
    #expect(Self.accepted("1c 2b", Self.matching), "a distractor may be chosen")
    #expect(!Self.accepted("1a 1b 2c", Self.matching), "left item 1 twice")
    #expect(!Self.accepted("1a 1b", Self.matching), "left item 1 twice, 2 missing")
  }
}
