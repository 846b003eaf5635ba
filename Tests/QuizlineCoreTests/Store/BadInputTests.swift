import Testing

@testable import QuizlineCore

/// Bad input anywhere: one error with a hint, nothing recorded, the state otherwise unchanged, and
/// the loop goes on.
@Suite struct BadInputTests {
  /// (lines typed first, the bad line, the start of the error message, the hint).
  static let cases: [([String], String, String, String)] = [
    ([], "frobnicate", "unknown command 'frobnicate'", "Type help to see the commands."),
    (
      [], "strat sample", "unknown command 'strat'; did you mean 'start'?",
      "Type help to see the commands."
    ),
    ([], "skip", "skip can only be used during a quiz", "Type start BANK or review to begin a quiz."),
    ([], "start nope", "there is no bank 'nope'", "Type list to see them."),
    ([], "start sampel", "there is no bank 'sampel'", "Did you mean sample?"),
    ([], "start", "'start' needs BANK", "usage: start [options] BANK"),
    ([], "start sample --bogus", "unknown option '--bogus'", "usage: start [options] BANK"),
    ([], "start sample --count", "option --count needs a value (N)", "usage: start [options] BANK"),
    (
      [], "start sample --tags zzz", "no question of sample has the tags zzz",
      "Tags in sample: fixture, layout, state."
    ),
    (
      [], "start sample --only-missed", "no question of sample was missed last time",
      "Type start sample for the whole bank."
    ),
    (
      [], "start sample --only-flagged", "no question of sample is flagged",
      "Type flag during a quiz to flag a question."
    ),
    ([], "cram --tags zzz", "no question has the tags zzz", "Tags: fixture, layout, state."),
    ([], "cram sample --tags zzz", "no question has the tags zzz", "Tags: fixture, layout, state."),
    ([], "read nope", "there is no session 'nope'", "Type list to see them."),
    ([], "read", "'read' needs SESSION", "usage: read SESSION [SECTION]"),
    ([], "complete nope", "there is no session 'nope'", "Type list to see them."),
    (
      [], "complete intro", "intro can be completed once its checkpoint quiz reaches 60%",
      "Type quiz intro to take it."
    ),
    ([], "quiz layout --count 2", "unknown option '--count'", "usage: quiz [options] [SESSION]"),
    ([], "help bogus", "help: there is no command 'bogus'", "Type help to see the commands."),
    ([], "resume", "there is no unfinished quiz to resume", "Type start BANK to begin one."),
    ([], "retry", "there is no finished quiz to retry", "Type start BANK to begin one."),
    (
      ["start sample"], "z", "\"z\" is not one of a-d.",
      "Type a letter (a-d). Or skip, hint, flag, end, help."
    ),
    (
      ["start sample"], "bb", "\"bb\" is not one of a-d.",
      "Type a letter (a-d). Or skip, hint, flag, end, help."
    ),
    (
      ["start sample", "skip"], "q", "\"q\" is not a list of letters a-d",
      "Type every right letter (a-d), e.g. a,c. Or skip, flag, end, help."
    ),
    (
      ["start sample", "skip"], "hint", "this question has no hint",
      "Type every right letter (a-d), e.g. a,c."
    ),
    (
      ["start sample", "skip", "skip"], "maybe", "\"maybe\" is neither true nor false.",
      "Type true or false. Or skip, flag, end, help."
    ),
    (
      ["start sample --tags fixture --count 5", "skip", "skip", "skip", "skip"], "abc",
      "\"abc\" is not a number", "Type a number (in steps). Or skip, flag, end, help."
    ),
    (
      ["start sample", "skip", "skip", "skip", "skip", "skip"], "1a 1b",
      "\"1a 1b\" does not pair each of 1-3 with a letter a-d",
      "Pair each number with a letter, e.g. 1b 2c 3a. Or skip, flag, end, help."
    ),
    (
      ["start sample", "skip", "skip", "skip", "skip", "skip"], "1a 2b 3c 4d",
      "\"1a 2b 3c 4d\" does not pair",
      "Pair each number with a letter, e.g. 1b 2c 3a. Or skip, flag, end, help."
    ),
    (
      ["start sample", "skip", "skip", "skip", "skip", "skip", "skip"], "a a b",
      "\"a a b\" does not put all 3 letters a-c in an order",
      "Type the letters in the right order, e.g. a b c. Or skip, flag, end, help."
    ),
    (
      ["start sample", "skip", "skip", "skip", "skip", "skip", "skip", "skip"], "one",
      "\"one\" does not fill 2 gaps separated by |.",
      "Type the 2 missing words separated by |, e.g. one | two. Or skip, flag, end, help."
    ),
    (
      ["start sample", "skip", "skip", "skip", "skip", "skip", "skip", "skip", "skip", ""], "meh",
      "\"meh\" is not a grade", "Type again, hard, good or easy (or 1-4)."
    ),
    (
      [
        "start sample", "skip", "skip", "skip", "skip", "skip", "skip", "skip", "skip", "skip",
        "my answer", "",
      ], "ok", "\"ok\" is not a grade", "Type again, hard, good or easy (or 1-4)."
    ),
  ]

  @Test(arguments: cases)
  func badInputShowsOneErrorWithAHintAndChangesNothing(
    setup: [String], line: String, message: String, hint: String
  ) {
    var d = StoreDriver()
    d.type(setup)
    let before = d.state
    let count = d.journal.events.count
    #expect(d.type(line).isEmpty)
    #expect(d.journal.events.count == count)
    #expect(d.state.display.count == 1)
    guard case .error(let shown, let shownHint) = d.state.display.first else {
      Issue.record("not an error: \(d.state.display)")
      return
    }
    #expect(shown.hasPrefix(message), "\(shown)")
    #expect(shownHint == hint)
    var after = d.state
    after.display = before.display
    #expect(after == before, "nothing but the display changed")
    let text = d.screen().text
    #expect(text.hasPrefix("error: "))
    #expect(text.components(separatedBy: "error:").count == 2, "one error")
    d.type("status")
    #expect(d.state.display == [.status] && !d.state.quitRequested, "the loop goes on")
  }
}
