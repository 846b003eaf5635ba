import Testing

@testable import QuizlineCore

/// Answering each question type: the event recorded, and the state after applying it.
@Suite struct AnsweringTests {
  /// (type, lines typed, expected score, expected recorded response, self-grade, expected rating).
  /// With the default settings a full score rates good, at least half hard, less again; a
  /// self-graded answer rates as graded.
  static let cases: [(QuestionKind, [String], Double, String, SelfGrade?, Rating)] = [
    (.single, ["b"], 1, "b", nil, .good),
    (.single, ["(B)"], 1, "b", nil, .good),
    (.single, ["d"], 0, "d", nil, .again),
    (.multiple, ["a,c"], 1, "a,c", nil, .good),
    (.multiple, ["c a"], 1, "a,c", nil, .good),
    (.multiple, ["a"], 0.5, "a", nil, .hard),
    (.multiple, ["abc"], 0.5, "a,b,c", nil, .hard),
    (.multiple, ["a,b"], 0, "a,b", nil, .again),
    (.truefalse, ["yes"], 1, "true", nil, .good),
    (.truefalse, ["F"], 0, "false", nil, .again),
    (.text, ["  z   stack "], 1, "z   stack", nil, .good),
    (.text, ["zstack"], 1, "zstack", nil, .good),
    (.text, ["VStack"], 0, "VStack", nil, .again),
    (.numeric, ["2"], 1, "2", nil, .good),
    (.numeric, ["2 steps"], 1, "2", nil, .good),
    (.numeric, ["2.2 steps"], 0.5, "2.2", nil, .hard),
    (.numeric, ["1e3"], 0, "1000", nil, .again),
    (.matching, ["1b 2a 3d"], 1, "1b 2a 3d", nil, .good),
    (.matching, ["1-b, 2-a, 3-c"], 2.0 / 3, "1b 2a 3c", nil, .hard),
    (.ordering, ["c b a"], 1, "c b a", nil, .good),
    (.ordering, ["cab"], 1.0 / 3, "c a b", nil, .again),
    (.cloze, ["view modifier | .padding()"], 1, "view modifier | .padding()", nil, .good),
    (.cloze, ["modifier|margin"], 0.5, "modifier | margin", nil, .hard),
    (.flashcard, ["", "good"], 1, "good", .good, .good),
    (.flashcard, ["turn it", "2"], 0.5, "hard", .hard, .hard),
    (.flashcard, ["", "again"], 0, "again", .again, .again),
    (.open, ["One owner.", "Views derive.", "", "easy"], 1, "easy", .easy, .easy),
    (.open, ["x", "", "h"], 0.5, "hard", .hard, .hard),
  ]

  @Test(arguments: cases)
  func answeringRecordsOneAnswerAndMovesOn(
    kind: QuestionKind, lines: [String], score: Double, response: String, selfGrade: SelfGrade?, rating: Rating
  ) throws {
    var d = StoreDriver()
    d.startSample(at: kind)
    let index = QuestionKind.allCases.firstIndex(of: kind)!
    let ref = sample(sampleQuestionIDs[kind]!)
    let shownAt = d.now
    let events = d.type(lines)
    let answered = events.compactMap { if case .answered(let a) = $0 { a } else { nil } }
    let answer = try #require(answered.first)
    #expect(answered.count == 1)
    #expect(answer.run == 1)
    #expect(answer.question == ref)
    #expect(answer.response == response)
    #expect(abs(answer.score - score) < 1e-9)
    #expect(answer.seconds == Double(d.now.seconds - shownAt.seconds))
    #expect(answer.selfGrade == selfGrade)

    // The last question ends the first pass: the skipped ones before it are offered again.
    let isLast = index == 9
    #expect(events.count == (isLast ? 2 : 1))
    let run = try #require(d.progress.activeRun)
    #expect(
      run.outcomes[index]
        == RunOutcome(score: answer.score, response: response, seconds: answer.seconds))
    #expect(run.position == index + 1)
    let p = d.progress.question(ref)
    #expect(p.attempts == 1)
    #expect(p.correct == (score == 1 ? 1 : 0))
    #expect(p.lastScore == answer.score)
    #expect(p.lastAnsweredAt == d.now)
    #expect(
      d.progress.days[d.now.dayNumber]
        == DayActivity(
          answers: 1, correct: score == 1 ? 1 : 0, seconds: answer.seconds, newCards: 1))
    // Outside practice every answer rates the card and schedules it.
    #expect(answer.rating == rating)
    #expect(p.card != nil)
    guard case .feedback(let feedback) = d.state.display.first else {
      Issue.record("feedback first, not \(d.state.display)")
      return
    }
    #expect(feedback.question == ref && feedback.typed == response && feedback.recorded)
    if isLast {
      // The nine questions skipped on the way come back before the run ends.
      let skipped = QuestionKind.allCases.prefix(9).map { sample(sampleQuestionIDs[$0]!) }
      #expect(events.last == .requeued(run: 1, questions: skipped))
      #expect(d.state.quiz == .asking(shownAt: d.now))
      #expect(d.state.display.last == .currentQuestion)
    } else {
      #expect(d.state.quiz == .asking(shownAt: d.now))
      #expect(d.state.display == [.feedback(feedback), .currentQuestion])
    }
  }

  @Test func theFlashcardTurnsAndTheOpenAnswerCollectsLinesWithoutRecording() {
    var d = StoreDriver()
    d.startSample(at: .flashcard)
    let shown = d.state.quiz!.shownAt
    #expect(d.type("").isEmpty)
    #expect(d.state.quiz == .flashcardBack(shownAt: shown))
    #expect(d.state.display == [.flashcardBack(sample("flash-binding"))])
    #expect(d.type("maybe").isEmpty)
    #expect(
      d.state.display == [
        .error("\"maybe\" is not a grade", hint: "Type again, hard, good or easy (or 1-4).")
      ])
    d.type(["good"])
    let openShown = d.state.quiz!.shownAt
    #expect(d.type(["first line", "  second line  "]).isEmpty)
    #expect(d.state.quiz == .writing(shownAt: openShown, lines: ["first line", "  second line"]))
    #expect(d.type("").isEmpty)
    #expect(d.state.quiz == .openGrading(shownAt: openShown, written: "first line\n  second line"))
    #expect(
      d.state.display == [
        .modelAnswer(sample("open-ownership"), written: "first line\n  second line")
      ])
  }

  @Test func anEqualsSignAnswersWithAWordThatIsAlsoACommand() {
    var d = StoreDriver()
    d.startSample(at: .text)
    let events = d.type("=skip")
    guard case .answered(let a) = events.first else {
      Issue.record("not answered: \(events)")
      return
    }
    #expect(a.response == "skip" && a.score == 0)
  }

  @Test func timeTakenCountsFromWhenTheQuestionWasShownAndIsCappedAtTenMinutes() {
    var d = StoreDriver()
    d.type("start sample")
    d.step = 3600
    guard case .answered(let a) = d.type("b").first else {
      Issue.record("not answered")
      return
    }
    #expect(a.seconds == 600)
  }
}
