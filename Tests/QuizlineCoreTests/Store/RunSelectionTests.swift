import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// Which questions a run asks, in which order: `--count`, `--tags`, `--shuffle`, `--seed`,
/// `--only-missed`, `--only-flagged`, `retry` and `resume`.
@Suite struct RunSelectionTests {
  static let fileOrder = QuestionKind.allCases.map { sample(sampleQuestionIDs[$0]!) }

  /// The questions of the run `line` starts.
  static func started(_ d: inout StoreDriver, _ line: String) -> RunStart? {
    guard case .quizStarted(let start) = d.type(line).first else { return nil }
    return start
  }

  @Test(arguments: [
    ("start sample", fileOrder),
    ("start sample --count 3", Array(fileOrder.prefix(3))),
    ("start sample --count 99", fileOrder),
    ("start sample --tags layout", [sample("multiple-containers")]),
    ("start sample --tags state,LAYOUT", [sample("single-owner"), sample("multiple-containers")]),
    ("start sample --tags fixture", fileOrder),
    ("start sample --tags layout,state --count 1", [sample("single-owner")]),
  ])
  func optionsChooseTheQuestionsInFileOrder(line: String, expected: [QuestionRef]) {
    var d = StoreDriver()
    let start = Self.started(&d, line)
    #expect(start?.questions == expected)
    #expect(start?.source == .bank("sample"))
    #expect(start?.bankHashes == ["sample": fixtureCatalog.bank("sample")!.contentHash])
    #expect(d.screen().prompt == "sample 1/\(expected.count)> ")
  }

  @Test func aSeedGivesTheSameShuffleEveryTime() {
    var d = StoreDriver()
    let a = Self.started(&d, "start sample --shuffle --seed 42")
    d.type("end")
    let b = Self.started(&d, "start sample --seed 42")
    d.type("end")
    let c = Self.started(&d, "start sample --shuffle --seed 43")
    #expect(a?.questions == Presentation.shuffled(Self.fileOrder, seed: 42))
    #expect(a?.questions == b?.questions, "--seed alone shuffles too")
    #expect(a?.seed == 42 && c?.seed == 43)
    #expect(a?.questions != c?.questions)
    #expect(a?.questions != Self.fileOrder)
    #expect(Set(a?.questions ?? []) == Set(Self.fileOrder))
  }

  @Test func shuffleWithoutASeedUsesTheEntropyAndRecordsIt() {
    var d = StoreDriver()
    d.entropy = 12345
    let start = Self.started(&d, "start sample --shuffle --count 4")
    #expect(start?.seed == 12345)
    #expect(
      start?.questions == Array(Presentation.shuffled(Self.fileOrder, seed: 12345).prefix(4)),
      "count applies after shuffling")
  }

  @Test func aCheckpointCanBeShuffled() {
    var d = StoreDriver()
    let start = Self.started(&d, "quiz intro --seed 5")
    let checkpoint = fixtureCatalog.session("intro")!.checkpoint!.questions
    #expect(start?.questions == Presentation.shuffled(checkpoint, seed: 5))
    #expect(start?.source == .checkpoint(session: "intro"))
  }

  @Test func onlyMissedTakesTheQuestionsWhoseLastAnswerWasNotRight() {
    var d = StoreDriver()
    // The skipped question is offered again at the end, and skipped again.
    d.type(["start sample --count 5", "b", "a", "f", "skip", "2", "skip"])
    #expect(
      Self.started(&d, "start sample --only-missed")?.questions == [
        sample("multiple-containers"), sample("tf-declarative"),
      ])
    d.type(["a,c", "end"])
    #expect(Self.started(&d, "start sample --only-missed")?.questions == [sample("tf-declarative")])
  }

  @Test func onlyFlaggedTakesTheFlaggedQuestions() {
    var d = StoreDriver()
    d.type(["start sample", "flag", "skip", "skip", "skip", "skip", "flag", "end"])
    #expect(
      Self.started(&d, "start sample --only-flagged")?.questions == [
        sample("single-owner"), sample("numeric-steps"),
      ])
  }

  @Test func retryAsksTheMissedAndSkippedQuestionsOfTheLastRun() {
    var d = StoreDriver()
    d.type(["start sample --count 5", "b", "a", "f", "skip", "2", "skip"])
    let start = Self.started(&d, "retry")
    #expect(
      start?.questions == [
        sample("multiple-containers"), sample("tf-declarative"), sample("text-stack"),
      ])
    // A retry is practice of the missed questions, not another quiz on the bank (or its checkpoint).
    #expect(start?.source == .retry)
    d.type(["a,c", "t", "zstack"])
    #expect(d.type("retry").isEmpty)
    #expect(d.state.display == [.notice("You missed nothing in the last quiz. Nothing to retry.")])
  }

  @Test func retryOfAnEndedRunIncludesTheQuestionsNotReached() {
    var d = StoreDriver()
    d.type(["start sample --count 3", "b", "end"])
    #expect(
      Self.started(&d, "retry")?.questions == [
        sample("multiple-containers"), sample("tf-declarative"),
      ])
  }

  @Test func resumeContinuesAtTheSameQuestionAfterARestart() {
    var d = StoreDriver()
    d.type(["start sample", "b", "a,c", "quit"])
    var again = d.restarted()
    #expect(again.progress == d.progress)
    #expect(again.type("resume").isEmpty)
    #expect(
      again.state.display == [.notice("Resuming sample at question 3 of 10."), .currentQuestion])
    #expect(again.screen().prompt == "sample 3/10> ")
    guard case .answered(let a) = again.type("true").first else {
      Issue.record("not answered")
      return
    }
    #expect(a.question == sample("tf-declarative") && a.run == 1)
  }

  @Test func resumeSkipsQuestionsRemovedFromAnEditedBank() throws {
    var d = StoreDriver()
    d.type(["start sample", "b", "quit"])
    let bank = try #require(fixtureCatalog.bank("sample"))
    var edited = bank
    edited.questions.removeAll { $0.id == "multiple-containers" || $0.id == "tf-declarative" }
    edited.contentHash = "edited"
    let catalog = Catalog(
      banks: [edited], sessions: fixtureCatalog.sessions, courses: fixtureCatalog.courses)
    var again = StoreDriver(catalog: catalog, progress: d.replayed, at: d.now)
    let events = again.type("resume")
    #expect(
      events == [
        .skipped(run: 1, question: sample("multiple-containers")),
        .skipped(run: 1, question: sample("tf-declarative")),
      ])
    #expect(
      again.state.display.first
        == .notice(
          "Bank sample has changed since this quiz began; removed questions will be skipped."))
    #expect(again.screen().prompt == "sample 4/10> ")
  }
}
