import QuizlineTestSupport
import Testing

@testable import QuizlineCore

/// Previews of the quiz screens: each question type mid-quiz, feedback, the self-graded steps and the
/// summaries, plain style at width 80; compared with `Tests/Fixtures/snapshots/*.txt`.
@Suite struct QuizPreviewTests {
  @Test(arguments: QuestionKind.allCases)
  func midQuizShowsTheQuestionItsItemsAndItsSyntax(kind: QuestionKind) {
    var d = StoreDriver()
    d.startSample(at: kind)
    let frame = d.screen()
    Snapshot.check(frame.text, named: "mid-quiz-\(kind.rawValue)")
    let position = QuestionKind.allCases.firstIndex(of: kind)! + 1
    let suffix = kind == .flashcard ? " (Enter to turn)> " : "> "
    #expect(frame.prompt == "sample \(position)/10" + suffix)
    #expect(frame.text.contains(" \(kind.rawValue)\n"), "the header names the type")
  }

  /// Feedback after an answer: (snapshot name, question type, what is typed).
  static let feedbackCases: [(String, QuestionKind, String)] = [
    ("feedback-correct-single", .single, "b"),
    ("feedback-wrong-single", .single, "d"),
    ("feedback-partial-multiple", .multiple, "a"),
    ("feedback-wrong-truefalse", .truefalse, "f"),
    ("feedback-known-wrong-text", .text, "vstack"),
    ("feedback-other-text", .text, "List"),
    ("feedback-partial-numeric", .numeric, "2.2 steps"),
    ("feedback-wrong-matching", .matching, "1a 2b 3c"),
    ("feedback-partial-ordering", .ordering, "c a b"),
    ("feedback-partial-cloze", .cloze, "modifier | margin"),
  ]

  @Test(arguments: feedbackCases)
  func feedbackSaysHowTheAnswerWentAndThatItWasRecorded(
    name: String, kind: QuestionKind, typed: String
  ) {
    var d = StoreDriver()
    d.startSample(at: kind)
    d.type(typed)
    let text = d.screen().text
    Snapshot.check(text, named: name)
    #expect(text.contains(" recorded\n"))
    if !name.contains("correct") {
      #expect(text.contains("  You answered: "))
      #expect(text.contains("  Right answer: "))
    }
  }

  @Test func backShowsThePreviousFeedbackAgainWithoutRecording() {
    var d = StoreDriver()
    d.type(["start sample", "d", "back"])
    Snapshot.check(d.screen().text, named: "feedback-back")
    #expect(d.screen().text.contains("[wrong] Incorrect. (shown again)\n"))
  }

  @Test func flashcardTurnsToItsBackThenAsksForAGrade() {
    var d = StoreDriver()
    d.startSample(at: .flashcard)
    d.type("")
    Snapshot.check(d.screen().text, named: "flashcard-back")
    #expect(d.screen().prompt == "sample 9/10 grade> ")
    d.type("hard")
    #expect(
      d.screen().text.hasPrefix(
        "Graded hard. recorded\n  next review: in 6 min\n\n-- sample 10/10 "))
  }

  @Test func openQuestionShowsTheModelAnswerAndKeyPointsAfterTheDraft() {
    var d = StoreDriver()
    d.startSample(at: .open)
    d.type("One value owns the data.")
    #expect(d.screen().text.isEmpty)
    #expect(d.screen().prompt == "sample 10/10 ... ")
    d.type("Views derive from it.")
    d.type("")
    Snapshot.check(d.screen().text, named: "open-model-answer")
    #expect(d.screen().prompt == "sample 10/10 grade> ")
  }

  @Test func finishedQuizSummaryShowsScoreTagsMissedAnswersAndRetry() {
    var d = StoreDriver()
    d.type([
      "start sample", "b", "a", "f", "ZStack", "skip", "1a 2b 3c", "c b a", "modifier | margin", "",
      "good", "draft", "", "again", "skip",
    ])
    Snapshot.check(d.screen().text, named: "summary-finished")
    #expect(d.screen().prompt == "quizline> ")
  }

  @Test func summaryOfAPerfectRunSuggestsTheNextSession() {
    var d = StoreDriver()
    d.type(["start sample --count 2", "b", "a,c"])
    Snapshot.check(d.screen().text, named: "summary-perfect")
  }

  @Test func endedEarlySummaryCountsWhatWasNotReached() {
    var d = StoreDriver()
    d.type(["start sample", "b", "skip", "true", "end"])
    Snapshot.check(d.screen().text, named: "summary-ended-early")
  }

  @Test func summaryOfARunEndedAtOnceNamesOnlyWhatHappened() {
    var d = StoreDriver()
    d.type(["start sample", "end"])
    let text = d.screen().text
    #expect(text.contains("\n  10 not reached\n"), "\(text)")
    #expect(!text.contains("0 skipped"), "no count of nothing")
    #expect(!text.contains("By tag"), "no tag was asked about")
  }

  @Test func tagBreakdownLeavesOutQuestionsNeverReached() {
    var d = StoreDriver()
    // single-owner (state) answered right; multiple-containers (layout) never reached.
    d.type(["start sample", "b", "end"])
    let text = d.screen().text
    #expect(text.contains("By tag: state 100%\n"), "\(text)")
    #expect(!text.contains("layout 0%"))
  }

  @Test func passingACheckpointCompletesItsSession() {
    var d = StoreDriver()
    d.type(["read intro", "quiz", "b", "a,c", "true", "nope", "2"])
    Snapshot.check(d.screen().text, named: "checkpoint-passed")
    #expect(d.progress.isCompleted("intro"))
  }

  @Test func failingACheckpointShowsThePassMark() {
    var d = StoreDriver()
    d.type(["quiz intro", "a", "b", "false", "nope", "7"])
    Snapshot.check(d.screen().text, named: "checkpoint-not-passed")
    #expect(!d.progress.isCompleted("intro"))
  }

  @Test func resumeSaysWhereTheQuizContinues() {
    var d = StoreDriver()
    d.type(["start sample", "b", "quit"])
    var again = d.restarted()
    again.type("resume")
    Snapshot.check(again.screen().text, named: "resume")
  }
}
