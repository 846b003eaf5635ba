import QuizlineTestSupport
import Testing

@testable import QuizlineCore

/// Previews of the screens outside a quiz, each built by driving the store to that state and rendered
/// in plain style at width 80 with a fixed clock; compared with `Tests/Fixtures/snapshots/*.txt`.
@Suite struct HomePreviewTests {
  @Test func welcomeOnAnEmptyCatalogSaysTheFolderIsEmpty() {
    var d = StoreDriver(catalog: .empty)
    d.start()
    let frame = d.screen()
    Snapshot.check(frame.text, named: "welcome-empty-catalog")
    #expect(frame.prompt == "quizline> ")
    d.type("list")
    #expect(d.screen().text == "No banks, sessions or courses found.\n")
  }

  @Test func welcomeOnAFreshProfilePointsToTheFirstSession() {
    var d = StoreDriver()
    d.start()
    Snapshot.check(d.screen().text, named: "welcome-fresh")
  }

  @Test func welcomeAfterQuittingMidQuizOffersResume() {
    var d = StoreDriver()
    d.type(["start sample", "b", "a,c", "quit"])
    var again = d.restarted()
    again.start()
    Snapshot.check(again.screen().text, named: "welcome-unfinished-run")
    #expect(
      again.screen().text.contains(
        "You have an unfinished quiz on sample (2 of 10 done). Type resume to continue."))
  }

  @Test func welcomeWhenEverySessionIsCompleted() {
    var d = StoreDriver()
    d.type(["quiz intro", "b", "a,c", "true", "ZStack", "2", "complete layout"])
    d.start()
    #expect(
      d.screen().text.contains("0.1.0 | profile default | 1 bank, 2 sessions | 2/2 completed\n"))
    #expect(
      d.screen().text.contains(
        "Every study session is completed. Type list to see your scores, help for\ncommands.\n"))
  }

  @Test func homeListShowsACompletedSessionAndBankScores() {
    var d = StoreDriver()
    d.type(["read layout", "complete", "start sample --count 4", "b", "a", "true", "nope", "list"])
    Snapshot.check(d.screen().text, named: "list-completed-session")
  }

  @Test func readingASessionNotCompletedShowsEverythingAndHowToComplete() {
    var d = StoreDriver()
    d.type("read intro")
    Snapshot.check(d.screen().text, named: "session-not-completed")
    #expect(d.state.reading == "intro")
  }

  @Test func readingACompletedSessionShowsTheCompletionDate() {
    var d = StoreDriver()
    d.type(["complete layout", "read layout"])
    Snapshot.check(d.screen().text, named: "session-completed")
  }

  @Test func statusSummarisesSessionsBanksAccuracyFlagsAndTheCurrentRun() {
    var d = StoreDriver()
    d.type(["complete layout", "start sample", "b", "a", "flag", "false", "status"])
    Snapshot.check(d.screen().text, named: "status-mid-quiz")
    #expect(d.screen().prompt == "sample 4/10> ")
    d.type(["quit"])
    var later = d.restarted()
    later.type("status")
    #expect(later.screen().text.contains("  Current quiz        sample, 3/10 done (type resume)\n"))
  }

  @Test(arguments: [
    (1, "  Orphaned            1 question kept (no longer in its bank)\n"),
    (2, "  Orphaned            2 questions kept (no longer in their banks)\n"),
  ])
  func statusCountsOrphanedQuestionsOnOneAlignedLine(orphans: Int, line: String) {
    var progress = LearnerProgress()
    for k in 0..<orphans {
      var q = QuestionProgress()
      q.attempts = 1
      progress.questions[QuestionRef(bank: "sample", question: "removed-\(k)")] = q
    }
    var d = StoreDriver(progress: progress)
    d.type("status")
    #expect(d.screen().text.contains(line), "\(d.screen().text)")
  }

  @Test func statusOnANarrowTerminalPutsEachValueUnderItsLabel() {
    var d = StoreDriver()
    d.type(["complete layout", "start sample", "b", "a", "flag", "false", "status"])
    let text = d.screen(width: 40).text
    #expect(text.split(separator: "\n").allSatisfy { TextWrap.displayWidth(String($0)) <= 40 }, "\(text)")
    #expect(text.contains("\n  Accuracy\n    50% over 3 answers\n"), "\(text)")
    // The two wrong answers are a step away; the right one graduated; the completed layout
    // session unlocked its five questions, intro's wait for it to be read.
    #expect(text.contains("\n  Reviews\n    0 due now, 2 due today (+5 new)\n"), "\(text)")
    #expect(text.contains("\n  Current quiz\n    sample, 3/10 done\n"), "\(text)")
  }

  @Test func sessionHeaderShowsTheWholeTitleAtAnyWidth() {
    var d = StoreDriver()
    d.type("read intro")
    for width in [20, 40, 60, 80] {
      let text = d.screen(width: width).text
      // The header: every line up to the objectives (code blocks further down are kept as written).
      let lines = text.split(separator: "\n").map(String.init).prefix { $0 != "Objectives" }
      #expect(lines.allSatisfy { TextWrap.displayWidth($0) <= width }, "width \(width):\n\(text)")
      let head = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
      #expect(head.contains("-- Introduction to state --"), "width \(width):\n\(text)")
      #expect(head.contains("session 1/2 | ~8 min | [ ] not completed"), "width \(width):\n\(text)")
    }
  }

  @Test func helpListsTheCommandsOfEachContext() {
    var d = StoreDriver()
    d.type("help")
    Snapshot.check(d.screen().text, named: "help-home")
    d.type("help start")
    Snapshot.check(d.screen().text, named: "help-start")
    d.type(["start sample", "help"])
    Snapshot.check(d.screen().text, named: "help-quiz")
  }

  @Test func helpForACommandNeverCutsAWordOnANarrowTerminal() {
    var d = StoreDriver()
    d.type("help start")
    for width in [30, 40, 50] {
      let text = d.screen(width: width).text
      #expect(text.split(separator: "\n").allSatisfy { TextWrap.displayWidth(String($0)) <= width }, "\(text)")
      let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
      #expect(
        words.contains("--certainty certainty-based marking: say how sure you are (1-3) after each answer"), "\(text)")
      #expect(words.contains("--only-missed only questions whose last answer was not right"), "\(text)")
    }
  }

  @Test func searchFindsPromptsAndSessionBodiesCaseInsensitively() {
    var d = StoreDriver()
    d.type("search BINDING")
    Snapshot.check(d.screen().text, named: "search-binding")
    d.type("search no-such-words")
    #expect(d.screen().text == "Nothing matches \"no-such-words\".\n")
  }

  @Test func badInputAtHomeAndInAQuizShowsAnErrorAndAHint() {
    var d = StoreDriver()
    var t = Transcript()
    t.start(&d)
    t.type(
      [
        "frobnicate", "strat sample", "skip", "start nope", "start sampel",
        "start sample --count 0", "start sample --seed x",
        "start sample --count", "start sample --tags zzz", "start sample --only-missed",
        "start sample --only-flagged", "start",
        "start sample --bogus", "read nope", "complete nope", "reopen intro", "complete intro",
        "quiz layout --count 2",
        "help bogus", "resume", "retry", "undo",
        "start sample", "z", "frobnicate", "back", "skip", "q", "skip", "maybe", "skip", "", "skip",
        "abc", "skip", "1a 1b",
        "skip", "a a b", "skip", "one", "skip", "meh", "", "meh", "good", "", "skip",
      ], &d)
    Snapshot.check(t.text, named: "errors-transcript")
  }
}
