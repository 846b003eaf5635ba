import Testing

@testable import QuizlineCore

/// Rough edges a first user hit (issue 15, item 9): `quiz` without a session, numbers typed with a
/// unit word, cloze gaps kept whole, a flashcard's typed guess, `again`, `clear`.
@Suite struct RoughEdgeTests {
  @Test func quizWithNoSessionReadTakesTheNextSessionsCheckpoint() {
    var d = StoreDriver()
    guard case .quizStarted(let start) = d.type("quiz").first else {
      Issue.record("no quiz started: \(d.state.display)")
      return
    }
    #expect(start.source == .checkpoint(session: "intro"))
    #expect(
      d.state.display.first == .notice("The checkpoint of the next session, intro (type quiz SESSION for another)."))
  }

  @Test func quizWithNoSessionReadTakesTheFirstSessionNotCompleted() {
    var d = StoreDriver()
    d.type(["quiz intro", "b", "a,c", "true", "ZStack", "2"])
    #expect(d.progress.isCompleted("intro"))
    guard case .quizStarted(let start) = d.type("quiz").first else {
      Issue.record("no quiz started: \(d.state.display)")
      return
    }
    #expect(start.source == .checkpoint(session: "layout"))
  }

  @Test func aNumberTypedWithAUnitOrLabelWordIsReadAsThatNumber() {
    for typed in ["2", "2 steps", "2 Steps", "steps: 2", "about 2", "iOS 2", "iOS2", "2."] {
      #expect(NumberInWords.number(in: typed, unit: "steps") == 2, "\(typed)")
    }
    #expect(NumberInWords.number(in: "iOS 16", unit: "(iOS major version)") == 16)
    #expect(NumberInWords.number(in: "16 (iOS major version)", unit: "(iOS major version)") == 16)
    #expect(NumberInWords.number(in: "-2.5", unit: nil) == -2.5)
  }

  @Test func wordsThatChangeTheNumberAreNotReadAsAPlainNumber() {
    for typed in ["minus 2", "2 or 3", "less than 5", "between 1 and 2", "1,000", "two", "", "v1.2.3"] {
      #expect(NumberInWords.number(in: typed, unit: "steps") == nil, "\(typed)")
    }
  }

  @Test func aNumericAnswerWithAUnitWordIsGradedAsTheNumber() {
    var d = StoreDriver()
    d.startSample(at: .numeric)
    let events = d.type("iOS 2")
    guard case .answered(let answer) = events.first else {
      Issue.record("not recorded: \(d.state.display)")
      return
    }
    #expect(answer.score == 1)
  }

  @Test func theNumericHintShowsTheUnitInOnePairOfParentheses() {
    #expect(NumberInWords.unitLabel("(iOS major version)") == "iOS major version")
    #expect(NumberInWords.unitLabel("steps") == "steps")
    var d = StoreDriver()
    d.startSample(at: .numeric)
    let text = d.screen().text
    #expect(text.contains("  Type a number (in steps).\n"))
    #expect(!text.contains("(answer in"))
  }

  @Test func aClozeGapIsNeverBrokenAcrossLines() {
    var d = StoreDriver()
    d.startSample(at: .cloze)
    // At every width the gap `[2: _____]` stays on one line.
    for width in 20...80 {
      let lines = d.screen(width: width).text.split(separator: "\n").map(String.init)
      #expect(lines.contains { $0.contains("[2: _____]") }, "width \(width): \(lines)")
      #expect(lines.contains { $0.contains("[1: _____]") }, "width \(width): \(lines)")
      #expect(!lines.contains { $0.contains(TextWrap.glue) })
    }
  }

  @Test func aFlashcardsTypedGuessIsShownBesideItsBack() {
    var d = StoreDriver()
    d.startSample(at: .flashcard)
    d.type("a two-way link")
    #expect(d.state.display == [.flashcardBack(sample("flash-binding"), guess: "a two-way link")])
    let text = d.screen().text
    #expect(
      text.contains("  Your guess: a two-way link\n  Answer: A two-way reference to state owned by another view.\n"))
    d.type("good")
    #expect(d.state.currentRun?.position == 9)
  }

  @Test func againAndAnEmptyAnswerLineShowTheQuestionAgain() {
    var d = StoreDriver()
    d.type(["start sample", "help"])
    #expect(d.type("again").isEmpty)
    #expect(d.state.display == [.currentQuestion])
    d.type("status")
    #expect(d.type("").isEmpty)
    #expect(d.state.display == [.currentQuestion])
    #expect(d.screen().text.contains("sample 1/10"))
  }

  @Test func againAtAFlashcardsGradeIsTheGradeNotTheCommand() {
    var d = StoreDriver()
    d.startSample(at: .flashcard)
    d.type("")
    guard case .answered(let answer) = d.type("again").first else {
      Issue.record("not graded: \(d.state.display)")
      return
    }
    #expect(answer.selfGrade == .again)
  }

  @Test func againAtHomeShowsTheSessionReadLast() {
    var d = StoreDriver()
    d.type("again")
    #expect(
      d.state.display.first
        == .error("there is nothing to show again", hint: "again shows the current question, or the session read last.")
    )
    d.type(["read layout", "list", "again"])
    #expect(d.state.display == [.session(id: "layout")])
  }

  @Test func clearAsksForAClearScreenAndInAQuizShowsTheQuestion() {
    var d = StoreDriver()
    #expect(d.type("clear").isEmpty)
    #expect(d.state.display == [.clearScreen])
    d.type("start sample")
    d.type("clear")
    #expect(d.state.display == [.clearScreen, .currentQuestion])
  }

  @Test func searchLooksAtChoicesAnswersAndExplanationsAndSaysWhere() {
    var d = StoreDriver()
    let cases: [(String, String)] = [
      ("zstack", "sample/text-stack (in the answers): "),
      ("order matters", "sample/cloze-modifier (in the explanation): Fill in the gaps."),
      ("two-way", "sample/flash-binding (in the answers): Binding"),
      ("padding", "sample/multiple-containers (in the choices): "),
    ]
    for (query, expected) in cases {
      d.type("search \(query)")
      #expect(d.state.display == [.searchResults(query: query)])
      #expect(d.screen(width: 200).text.contains("  " + expected), "\(query): \(d.screen(width: 200).text)")
    }
  }
}
