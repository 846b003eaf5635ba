import Testing

@testable import QuizlineCore
@testable import QuizlineInterop
@testable import QuizlineReports

/// Inputs the fuzzer found: whatever an importer keeps must be a bank `quizline check` accepts.
@Suite struct ImporterHostileInputTests {
  @Test func controlCharactersAndBidiOverridesLeaveEveryFieldWithANote() {
    let gift = GIFTImporter().read(
      text: "::N::How far\u{202E}? {#3\u{3}:1#close\u{85}}\n\n::M::Pick {=a\u{7}#ok\u{202E} ~b}", path: "x.gift")
    #expect(gift.diagnostics.filter { $0.severity == .error }.isEmpty)
    for q in gift.bank.questions {
      #expect(!BankJSONWriter.json(gift.bank).unicodeScalars.contains { $0 != "\n" && isControl($0) }, "\(q.id)")
    }
    #expect(gift.bank.questions[0].prompt == "How far?")
    #expect(gift.notes.map(\.kind) == [.controlCharacterRemoved, .controlCharacterRemoved])
    #expect(
      gift.notes[0].line == 1 && gift.notes[0].detail == "U+202E at column 13, U+3 at column 19, U+85 at column 28")

    let aiken = AikenImporter().read(text: "Why\u{7F}?\nA. yes\u{1B}\nB. no\nANSWER: A\n", path: "x.txt")
    #expect(aiken.bank.questions.count == 1)
    #expect(aiken.bank.questions[0].explanation == "The correct answer is a: yes.")
    #expect(aiken.notes.map(\.line) == [1, 2])
  }

  @Test func anEmptyGIFTChoiceThatGivesCreditIsAnError() {
    let r = GIFTImporter().read(text: "::Q::Pick {~%50%~%50%b =c}", path: "x.gift")
    #expect(r.bank.questions.isEmpty)
    #expect(r.diagnostics.map(\.message) == ["question \"Q\": choice a is empty but gives 50% credit"])
  }

  @Test func aBlankGIFTTitleIsNoTitle() {
    let r = GIFTImporter().read(text: ":: ::Capital of France? {=Paris =paris}", path: "x.gift")
    #expect(r.bank.questions.count == 1)
    #expect(r.bank.questions[0].title == nil)
  }

  @Test func anAikenChoiceWithoutTextIsReportedAndTheQuestionLeftOut() {
    let r = AikenImporter().read(text: "Pick one\nA) x\nB)\nANSWER: A\n\nNext\nA. p\nB. q\nANSWER: B\n", path: "x.txt")
    #expect(r.bank.questions.map(\.prompt) == ["Next"])
    #expect(r.diagnostics.map(\.description) == ["x.txt:3:1: error: question \"Pick one\": choice B has no text"])
  }
}

extension ImporterHostileInputTests {
  @Test func aGIFTNumericQuestionWhereNoAnswerGetsCreditIsAnError() {
    let r = GIFTImporter().read(text: "::N::How many? {#=%0%5:0#Not quite}", path: "x.gift")
    #expect(r.bank.questions.isEmpty)
    #expect(
      r.diagnostics.map(\.message) == [
        "question \"N\": no numerical answer gets credit, so no answer could ever be right"
      ])
  }
}

extension ImporterHostileInputTests {
  @Test func aGIFTMatchingQuestionWithARepeatedLeftItemIsAnError() {
    let r = GIFTImporter().read(text: "::M::Match {=Italy -> Rome =France -> Paris =italy -> Milan}", path: "x.gift")
    #expect(r.bank.questions.isEmpty)
    #expect(
      r.diagnostics.map(\.message) == [
        "question \"M\": the matching item \"italy\" appears twice; quizline needs each left item once"
      ])
  }

  @Test func anAikenQuestionWithMoreThan26ChoicesIsAnError() {
    let choices = (0..<27).map { "\(["A", "B"][$0 % 2]). option \($0)" }.joined(separator: "\n")
    let r = AikenImporter().read(text: "Pick\n\(choices)\nANSWER: A\n", path: "x.txt")
    #expect(r.bank.questions.isEmpty)
    #expect(r.diagnostics.map(\.message) == ["question \"Pick\": needs 2 to 26 choices (A to Z), found 27"])
  }
}

extension ImporterHostileInputTests {
  @Test func aGIFTMatchWhoseLeftSideIsOnlyMarkupIsADistractor() throws {
    let r = GIFTImporter().read(
      text: "::M::[html]Match {=<span></span> -> Oslo =France -> Paris =Italy -> Rome}", path: "x.gift")
    #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty)
    let q = try #require(r.bank.questions.first)
    #expect(
      q.body
        == .matching(
          pairs: [MatchPair(left: "France", right: "Paris"), MatchPair(left: "Italy", right: "Rome")],
          distractors: ["Oslo"]))
  }
}
