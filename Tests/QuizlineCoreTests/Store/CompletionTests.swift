import Testing

@testable import QuizlineCore

/// TAB completion, derived from the state like every screen.
@Suite struct CompletionTests {
  static func complete(_ d: StoreDriver, _ line: String) -> Completion.Result {
    let start =
      line.lastIndex(of: " ").map { line.distance(from: line.startIndex, to: $0) + 1 } ?? 0
    return Completion.complete(d.state, line: line, wordStart: start)
  }

  @Test(arguments: [
    ("sta", ["start", "status"]), ("star", ["start"]),
    ("re", ["read", "reopen", "resume", "review", "reschedule", "reset", "retry", "reload"]),
    ("edit ", ["sample", "intro", "layout"]), ("edit sample/s", ["sample/single-owner"]), ("q", ["quiz", "quit"]),
    ("start ", ["sample"]), ("start sa", ["sample"]), ("read ", ["intro", "layout"]),
    ("read in", ["intro"]),
    ("complete l", ["layout"]), ("help sk", ["skip"]), ("start sample --co", ["--count"]),
    ("start sample --only-", ["--only-missed", "--only-flagged"]),
    ("start sample --tags ", ["fixture", "layout", "state"]),
    ("start sample --tags f", ["fixture"]), ("skip", []), ("read intro ", []),
    ("frobnicate ", []),
  ])
  func atHomeCompletesCommandsIdsAndOptions(line: String, expected: [String]) {
    #expect(Self.complete(StoreDriver(), line) == .words(expected))
  }

  @Test func insideAQuizOffersQuizCommandsAndTheAnswerLetters() {
    var d = StoreDriver()
    d.type("start sample")
    #expect(
      Self.complete(d, "")
        == .words([
          "help", "status", "undo", "override", "again", "edit", "info", "play", "open", "clear", "skip", "hint",
          "flag", "back", "end",
          "quit",
          "a",
          "b",
          "c", "d",
        ]))
    #expect(Self.complete(d, "s") == .words(["status", "skip"]))
    #expect(Self.complete(d, "st") == .words(["status"]))
    d.type(["skip", "skip"])
    #expect(Self.complete(d, "t") == .words(["true"]))
    #expect(Self.complete(d, "f") == .words(["flag", "false"]))
  }

  @Test func gradingASelfGradedQuestionOffersTheFourGrades() {
    var d = StoreDriver()
    d.startSample(at: .flashcard)
    d.type("")
    #expect(
      Self.complete(d, "")
        == .words([
          "help", "status", "undo", "override", "edit", "info", "play", "open", "clear", "skip", "hint", "flag", "back",
          "end", "quit",
          "again", "hard", "good", "easy",
        ]))
    #expect(Self.complete(d, "ea") == .words(["easy"]))
  }

  @Test func orderingOffersItsLetters() {
    var d = StoreDriver()
    d.startSample(at: .ordering)
    #expect(Self.complete(d, "c") == .words(["c"]))
  }

  @Test func anOpenAnswerBeingWrittenOffersNoCommands() {
    var d = StoreDriver()
    d.startSample(at: .open)
    #expect(
      Self.complete(d, "sk") == .words(["skip"]), "before the first line, quiz commands still apply"
    )
    d.type("my first line")
    #expect(Self.complete(d, "sk") == .words([]))
    #expect(Self.complete(d, "") == .words([]))
    d.type("skip")
    #expect(
      d.state.quiz == .writing(shownAt: d.state.quiz!.shownAt, lines: ["my first line", "skip"]),
      "typed skip became part of the answer")
  }
}
