import Testing

@testable import QuizlineCore

/// `override` (`!`): the learner overrules the mark of the last auto-graded answer. It is an event
/// of its own; the answer then counts exactly as a right answer given at the same moment would,
/// replay and reports agree, and `undo` takes the override back.
@Suite struct OverrideTests {
  @Test func anOverruledAnswerCountsAsTheRightAnswerGivenAtTheSameMoment() throws {
    var overruled = StoreDriver()
    overruled.type(["start sample", "d"])
    let events = overruled.type("override")
    var right = StoreDriver()
    right.type(["start sample", "b"])
    let ref = sample("single-owner")
    let change = MarkOverride(
      run: 1, question: ref, target: 2, answeredAt: scriptStart.adding(seconds: 10), previousScore: 0, score: 1,
      rating: .good, skipsLearningSteps: true)
    #expect(events == [.overridden(change)])
    #expect(overruled.progress.question(ref) == right.progress.question(ref))
    #expect(overruled.progress.question(ref).card != nil)
    #expect(overruled.progress.days == right.progress.days)
    #expect(overruled.progress.activeRun?.outcomes[0]?.score == 1)
    #expect(overruled.progress.activeRun?.position == 1, "the quiz stays at the next question")
    #expect(overruled.screen().prompt == "sample 2/10> ")
    let text = overruled.screen().text
    #expect(text.hasPrefix("[right] Marked right: sample/single-owner (was 0%). recorded\n"))
    // A right first answer graduates the card (auto-graded-steps skip): so does the overruled one.
    #expect(text.contains("next review: in 2 days"))
    #expect(overruled.replayed == overruled.progress, "replay applies the override as it was applied live")
  }

  @Test func theBangAliasOverrulesTooAndUndoTakesTheOverrideBackFirst() {
    var d = StoreDriver()
    d.type(["start sample", "b", "a"])
    let marked = d.progress
    #expect(d.type("!").map(\.typeName) == ["overridden"])
    #expect(d.progress.question(sample("multiple-containers")).lastScore == 1)
    #expect(d.type("undo") == [.undone(target: 4)])
    #expect(d.state.display.first == .undone(summary: "override of the mark of sample/multiple-containers"))
    #expect(d.progress.questions == marked.questions)
    #expect(d.progress.days == marked.days)
    #expect(d.progress.activeRun == marked.activeRun)
    // The next undo takes the answer itself back.
    #expect(d.type("undo") == [.undone(target: 3)])
    #expect(d.progress.activeRun?.position == 1)
    #expect(d.replayed == d.progress)
  }

  @Test func overrulingTheLastAnswerOfAFinishedQuizRaisesItsScore() throws {
    var d = StoreDriver()
    d.type(["start sample --count 2", "b", "a"])
    #expect(d.progress.activeRun == nil)
    #expect(d.progress.bankScores["sample"] == ScoreStats(runs: 1, best: 75, last: 75, totalPercent: 75))
    d.type("override")
    #expect(d.progress.bankScores["sample"] == ScoreStats(runs: 1, best: 100, last: 100, totalPercent: 100))
    #expect(d.progress.runs.last?.percent == 100)
    #expect(d.state.quiz == nil, "an ended quiz is not reopened")
    d.type("undo")
    #expect(d.progress.bankScores["sample"] == ScoreStats(runs: 1, best: 75, last: 75, totalPercent: 75))
    #expect(d.progress.runs.last?.percent == 75)
    #expect(d.progress.activeRun == nil)
    #expect(d.replayed == d.progress)
  }

  @Test func aCheckpointRaisedToItsPassMarkCompletesItsSession() throws {
    var d = StoreDriver()
    // intro's checkpoint: five questions, pass mark 60 %; two right (40 %), the last one wrong.
    d.type(["read intro", "quiz intro", "b", "a,c", "false", "xstack", "9"])
    let run = try #require(d.progress.runs.last)
    #expect(run.percent == 40)
    #expect(!d.progress.isCompleted("intro"))
    #expect(d.type("override").map(\.typeName) == ["overridden", "sessionCompleted"])
    #expect(d.progress.runs.last?.percent == 60)
    #expect(d.progress.isCompleted("intro"))
    #expect(d.progress.sessions["intro"]?.bestCheckpointPercent == 60)
    #expect(d.replayed == d.progress)
  }

  @Test func rightAnswersSelfGradesAndNothingAtAllAreRefused() {
    var d = StoreDriver()
    #expect(d.type("override") == [])
    #expect(d.state.display.first == .error("there is no answer to overrule", hint: Self.hint))
    d.type(["start sample", "b", "override"])
    #expect(d.journal.events.map(\.payload.typeName) == ["quizStarted", "answered"])
    #expect(d.screen().text.contains("error: your answer to sample/single-owner is already marked right"))
    var f = StoreDriver()
    f.startSample(at: .flashcard)
    f.type(["", "again", "override"])
    #expect(f.screen().text.contains("error: you graded your answer to sample/flash-binding yourself"))
    #expect(f.journal.events.last?.payload.typeName == "answered")
  }

  @Test func overrideFollowedByWordsIsAnAnswerNotTheCommand() {
    var d = StoreDriver()
    d.startSample(at: .text)
    let events = d.type("override setUp")
    #expect(events.map(\.typeName) == ["answered"])
    guard case .answered(let a)? = events.first else { return }
    #expect(a.response == "override setUp")
  }

  @Test func theOverrideLineRoundTripsThroughTheJournalCodec() throws {
    let change = MarkOverride(
      run: 7, question: sample("text-stack"), target: 9, answeredAt: scriptStart, previousScore: 0.5, score: 1,
      rating: .good)
    let event = RecordedEvent(sequence: 10, at: scriptStart.adding(seconds: 3), payload: .overridden(change))
    let line = EventCoding.encode(event)
    #expect(
      line
        == #"{"seq":10,"at":"2026-03-01T09:00:03Z","type":"overridden","run":7,"question":"sample/text-stack","target":9,"answeredAt":"2026-03-01T09:00:00Z","previousScore":0.5,"score":1,"rating":"good"}"#
    )
    #expect(try EventCoding.decode(Array(line.utf8)) == event)
  }

  static let hint = "override counts your last answer as right when the quiz marked it wrong."
}

extension OverrideTests {
  /// `apply` counts the overruled answer with its new score whichever way the mark goes: an
  /// `overridden` event that marks a right answer wrong (the journal format allows it, though the
  /// REPL records only the other way) takes it out of the question's and the day's right answers.
  /// FB25.
  @Test func anOverrideToAWrongMarkTakesTheAnswerOutOfTheRightAnswers() {
    let ref = sample("single-owner")
    let at = scriptStart.adding(seconds: 1)
    let events = [
      RecordedEvent(
        sequence: 1, at: scriptStart,
        payload: .quizStarted(RunStart(source: .bank("sample"), questions: [ref], seed: 1))),
      RecordedEvent(
        sequence: 2, at: at,
        payload: .answered(AnswerRecord(run: 1, question: ref, response: "b", score: 1, seconds: 3, rating: .good))),
      RecordedEvent(
        sequence: 3, at: at.adding(seconds: 5),
        payload: .overridden(
          MarkOverride(run: 1, question: ref, target: 2, answeredAt: at, previousScore: 1, score: 0, rating: .again))),
    ]
    var p = LearnerProgress()
    for e in events.prefix(2) { p.apply(e) }
    #expect(p.question(ref).correct == 1 && p.days[at.dayNumber]?.correct == 1, "right before the override")
    p.apply(events[2])
    #expect(p.question(ref).attempts == 1)
    #expect(p.question(ref).correct == 0)
    #expect(p.question(ref).totalScore == 0)
    #expect(p.days[at.dayNumber]?.correct == 0)
    #expect(p.days[at.dayNumber]?.answers == 1)
  }
}
