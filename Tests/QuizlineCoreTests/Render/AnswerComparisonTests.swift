import QuizlineTestSupport
import Testing

@testable import QuizlineCore

/// Typed-answer feedback: a near miss accepted with "Check the spelling", the character comparison
/// of typed against expected (marks and `-`, never colour alone), and `config typo-tolerance`.
@Suite struct AnswerComparisonTests {
  @Test func aMissingLetterIsADashInTheTypedRowAndMarkedBelow() {
    let c = AnswerComparison(typed: "bundle identifer", expected: "bundle identifier")
    let rows = c.rows(.plain)
    #expect(rows.typed == "bundle identif-er")
    #expect(rows.expected == "bundle identifier")
    #expect(rows.marks == String(repeating: " ", count: 14) + "^")
    #expect(c.differences == 1)
  }

  @Test func anExtraLetterIsADashInTheExpectedRowAndCaseIsNoDifference() {
    let c = AnswerComparison(typed: "Spacerr", expected: "spacer")
    #expect(c.rows(.plain).typed == "Spacerr")
    #expect(c.rows(.plain).expected == "space-r")
    #expect(c.rows(.plain).marks == "     ^")
  }

  @Test func colourPaintsOnlyTheDifferingCharacters() {
    let rows = AnswerComparison(typed: "ab", expected: "ac").rows(.rich)
    #expect(rows.typed == "a\u{1B}[31mb\u{1B}[0m")
    #expect(rows.expected == "a\u{1B}[32mc\u{1B}[0m")
    #expect(rows.marks == " ^")
  }

  @Test func aNearMissIsAcceptedWithTheSpellingAndTheComparison() {
    var d = StoreDriver()
    d.startSample(at: .text)
    d.type("Z Stak")
    let text = d.screen().text
    Snapshot.check(text, named: "feedback-near-miss-text")
    #expect(text.hasPrefix("[right] Correct. recorded\n  Check the spelling: Z Stack\n"))
    #expect(d.progress.question(sample("text-stack")).lastScore == 1)
  }

  @Test func theComparisonUsesThePhrasingClosestToWhatWasTyped() {
    var d = StoreDriver(catalog: Curriculum.catalog)
    d.type(["start swiftui-basics --tags devices --count 1", "an Apple Acount"])
    let text = d.screen().text
    #expect(text.contains("  Check the spelling: an Apple Account\n"))
    #expect(
      text.contains(
        "  You typed:   an Apple A-count\n  Expected:    an Apple Account\n" + String(repeating: " ", count: 25) + "^\n"
      ))
  }

  @Test func withTypoToleranceOffTheNearMissIsWrongAndShowsTheComparison() {
    var d = StoreDriver()
    #expect(d.type("config typo-tolerance off").map(\.typeName) == ["settingsChanged"])
    #expect(d.progress.settings.typoTolerance == false)
    d.startSample(at: .text)
    d.type("Z Stak")
    let text = d.screen().text
    Snapshot.check(text, named: "feedback-wrong-text-comparison")
    #expect(text.hasPrefix("[wrong] Incorrect. recorded\n"))
    #expect(text.contains("  You typed:   "))
    #expect(text.contains("(^ marks a difference, - a missing character)"))
    #expect(!text.contains("Check the spelling"))
    #expect(d.replayed.settings.typoTolerance == false, "the setting is an event, replayed")
  }

  @Test func anAnswerTheBankListsAsWrongGetsNoComparison() {
    var d = StoreDriver()
    d.startSample(at: .text)
    d.type("vstack")
    #expect(!d.screen().text.contains("You typed:"))
  }

  @Test func matchingFeedbackNamesEachItemAndWhatWasRight() {
    var d = StoreDriver()
    d.startSample(at: .matching)
    d.type("1b 2b 3d")
    let text = d.screen().text
    #expect(text.contains("  [right] 1. @State -> b) owns a value\n"))
    #expect(text.contains("  [wrong] 2. @Binding -> b) owns a value; right: a) writes to a value owned"))
  }

  @Test func configListsTypoToleranceOnByDefault() {
    var d = StoreDriver()
    d.type("config")
    #expect(d.screen().text.contains("  typo-tolerance    on        accept typed answers a letter or two off\n"))
    d.type("config typo-tolerance maybe")
    #expect(d.screen().text.contains("maybe") && d.screen().text.contains("is not a value for typo-tolerance"))
  }
}
