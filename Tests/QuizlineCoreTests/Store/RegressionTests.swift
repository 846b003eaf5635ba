import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// A journal that fails its `n`th append (1-based).
final class FailingJournal: Journal {
  var events: [RecordedEvent] = []
  var failAt: Int
  private var appends = 0

  init(failAt: Int) { self.failAt = failAt }

  func append(_ event: RecordedEvent) throws(JournalError) {
    appends += 1
    if appends == failAt { throw JournalError("disk full") }
    events.append(event)
  }
}

/// Bugs found by the REPL test suite, each pinned so it stays fixed.
@Suite struct RegressionTests {
  @Test(arguments: [
    ([], "start sample --count 0"), ([], "start sample --count x"), ([], "start sample --seed x"),
    ([], "undo"),
    (["start sample"], "back"),
  ])
  func everyBadInputGetsAHint(setup: [String], line: String) {
    var d = StoreDriver()
    d.type(setup)
    d.type(line)
    guard case .error(_, let hint) = d.state.display.first else {
      Issue.record("no error for \(line): \(d.state.display)")
      return
    }
    #expect(hint?.isEmpty == false, "\(line) has no hint")
  }

  @Test func anUnknownCommandSaysTypeHelpOnlyOnce() {
    var d = StoreDriver()
    d.type("frobnicate")
    let text = d.screen().text.lowercased()
    #expect(text.components(separatedBy: "type help to see the commands").count - 1 == 1, "\(text)")
  }

  @Test func retryingOnlyTheMissedCheckpointQuestionsDoesNotPassTheCheckpoint() {
    var d = StoreDriver()
    d.type(["quiz intro", "b", "a", "f", "nope", "7"])
    #expect(d.progress.sessions["intro"]?.bestCheckpointPercent == 30)
    d.type(["retry", "a,c", "true", "zstack", "2"])
    #expect(
      !d.progress.isCompleted("intro"),
      "4 of 5 right in a retry of the missed ones is not the checkpoint")
    #expect(d.progress.sessions["intro"]?.bestCheckpointPercent == 30)
  }

  @Test func undoInANewRunDoesNotTakeBackAnAnswerOfAnEarlierRunBehindItsBack() {
    var d = StoreDriver()
    d.type(["start sample --count 2", "b", "a,c", "start sample --count 2", "undo"])
    let inRuns = (d.progress.runs + [d.progress.activeRun].compactMap { $0 }).flatMap(\.outcomes)
      .filter { $0?.score != nil }.count
    let attempts = d.progress.questions.values.reduce(0) { $0 + $1.attempts }
    #expect(inRuns == attempts, "runs hold \(inRuns) answers, question progress counts \(attempts)")
  }

  @Test func aFailedSaveOfTheRunsEndLeavesAQuizThatCanStillBeUsed() {
    let journal = FailingJournal(failAt: 3)
    var store = Store(state: AppState(catalog: fixtureCatalog), journal: journal)
    var now = scriptStart
    for line in ["start sample --count 1", "b", "status"] {
      now = now.adding(seconds: 5)
      store.send(.lineEntered(line, at: now, entropy: 1), at: now)
      if line == "b" {
        guard case .error(let message, _) = store.state.display.first else {
          Issue.record("no error after the failed save: \(store.state.display)")
          return
        }
        #expect(message == "could not save your progress: disk full")
      }
    }
    #expect(
      store.state.display == [.status],
      "a line after the failure is understood, not 'there is no quiz in progress'")
  }
}

/// Findings of the code review, pinned.
@Suite struct ReviewRegressionTests {
  @Test func hugeStepValuesAreRefusedNotOverflowed() {
    var d = StoreDriver()
    d.type("config learning-steps 999999999999999d")
    guard case .error(let message, _) = d.state.display.first else {
      Issue.record("no error: \(d.state.display)")
      return
    }
    #expect(message.hasPrefix("'999999999999999d' is out of range for learning-steps"))
  }

  @Test func anEmptyBankDoesNotStartAQuiz() throws {
    let empty = Bank(id: "empty", title: "Empty", questions: [])
    var state = AppState(catalog: Catalog(banks: [empty]))
    let reduction = Reducer.reduce(&state, .lineEntered("start empty", at: scriptStart, entropy: 1))
    #expect(reduction.events.isEmpty)
    #expect(state.quiz == nil)
  }

  @Test func oneOfSomethingIsSingular() throws {
    var d = StoreDriver()
    d.type(["start sample --certainty --count 1", "b", "3"])
    #expect(
      d.screen().text.contains("Certainty-based marks: 3 over 1 answer (average 3.0 of at most 3)\n"),
      "\(d.screen().text)")

    let single = try #require(fixtureCatalog.bank("sample")?.questions.first)
    var one = StoreDriver(catalog: Catalog(banks: [Bank(id: "one", title: "One", questions: [single])]))
    one.type("start one --count 0")
    guard case .error(_, let hint) = one.state.display.first else {
      Issue.record("no error: \(one.state.display)")
      return
    }
    #expect(hint == "For example: --count 10 (there is 1 question to choose from)")
  }

  @Test func quizCommandsIgnoreCase() {
    var d = StoreDriver()
    d.type(["start sample --count 2", "SKIP"])
    #expect(d.progress.activeRun?.position == 1)
    d.type("END")
    #expect(d.progress.activeRun == nil)
  }

  @Test func recordedSecondsAreWhatTheJournalKeeps() throws {
    var d = StoreDriver()
    d.type("start sample --count 1")
    d.now = d.now.adding(microseconds: 1_234_567)
    d.type("b")
    let line = try #require(d.journal.events.last.map(EventCoding.encode))
    var replayed = LearnerProgress()
    for e in d.journal.events { replayed.apply(try EventCoding.decode(Array(EventCoding.encode(e).utf8))) }
    #expect(replayed == d.progress, "\(line)")
  }

  @Test func ctrlCCancelsAPendingReset() {
    var d = StoreDriver()
    d.type(["start sample --count 1", "b", "reset sample"])
    d.interrupt()
    d.type("yes")
    #expect(d.progress.questions.values.contains { $0.attempts == 1 })
  }

  @Test func negativeCertaintyAveragesKeepTheirSign() {
    #expect(Renderer.format1(-0.5) == "-0.5")
    #expect(Renderer.format1(2.25) == "2.3")
    #expect(Renderer.format1(-0.04) == "0.0")
  }

  @Test func controlCharactersInFileNamesAreEscapedInDiagnostics() {
    #expect(Diagnostic.error("bad\u{1B}[31m.json", 1, 2, "x").description == "bad\\u{1B}[31m.json:1:2: error: x")
  }
}

@Suite struct OpenAnswerRecordingTests {
  @Test func theWrittenAnswerIsKeptInTheJournal() throws {
    var d = StoreDriver()
    d.type(["start sample --tags state --count 1", "skip", "skip"])
    d.type([
      "start sample", "skip", "skip", "skip", "skip", "skip", "skip", "skip", "skip", "skip", "=end of story",
      "second line", "", "good",
    ])
    guard
      case .answered(let a) = d.journal.events.last(where: { if case .answered = $0.payload { true } else { false } })?
        .payload
    else {
      Issue.record("no answer recorded")
      return
    }
    #expect(a.written == "end of story\nsecond line")
    #expect(
      try EventCoding.decode(
        Array(
          EventCoding.encode(d.journal.events.last { if case .answered = $0.payload { true } else { false } }!).utf8)
      ).payload == .answered(a))
  }
}

@Suite struct TypedControlCharacterTests {
  /// Found by the REPL fuzz target: a NUL typed into an answer was journalled as `\u0000`, which the
  /// journal reader refuses, so the next start set the whole journal aside as damaged.
  @Test func controlCharactersTypedInALineNeverReachTheJournal() throws {
    var d = StoreDriver()
    d.startSample(at: .text)
    d.type("z st\u{0}ac\u{1B}k\u{202E}")
    for event in d.journal.events {
      let line = EventCoding.encode(event)
      #expect(try EventCoding.decode(Array(line.utf8)) == event, "\(line)")
      #expect(!line.lowercased().contains("\\u00") && !line.lowercased().contains("\\u202e"), "\(line)")
    }
    guard case .answered(let a) = d.journal.events.last?.payload else {
      Issue.record("no answer recorded")
      return
    }
    #expect(a.response == "z stack" && a.score == 1)
  }
}
