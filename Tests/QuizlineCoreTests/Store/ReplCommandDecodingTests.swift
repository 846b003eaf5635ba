import Testing

@testable import QuizlineCore

/// The REPL command table decodes lines into typed commands: each entry gives its own command, options
/// arrive as typed values, and whether a command records progress is the entry's property.
@Suite struct ReplCommandDecodingTests {
  func decode(_ line: String, in context: ReplContext = .home) throws -> ReplCommand? {
    try ReplCommands.decode(ReplCommands.tokenize(line), in: context)?.1
  }

  /// The fewest words each entry accepts (its required positionals filled in).
  func minimalLine(_ spec: ReplCommandSpec) -> [String] {
    [spec.name] + Array(repeating: "x", count: spec.minPositionals)
  }

  @Test func everyTableEntryDecodesToACommandOfTheSameName() throws {
    for spec in ReplCommands.all {
      let context = spec.contexts[0]
      let decoded = try #require(try ReplCommands.decode(minimalLine(spec), in: context))
      #expect(decoded.0.name == spec.name)
      #expect(decoded.1.name == spec.name, "\(spec.name) decodes to \(decoded.1)")
      #expect(decoded.1.spec.name == spec.name)
    }
  }

  @Test func aliasesDecodeToTheirCommand() throws {
    #expect(try decode("ls") == .list)
    #expect(try decode("exit") == .quit)
    #expect(try decode("? start") == .help(topic: "start"))
  }

  /// `open` was another name of `read`; it now opens a card's media (and `open SESSION` says so).
  @Test func openAndPlayDecodeToTheirCardCommands() throws {
    #expect(try decode("open intro") == .openMedia(card: "intro"))
    #expect(try decode("open") == .openMedia(card: nil))
    #expect(try decode("play lang/hello") == .play(card: "lang/hello"))
  }

  @Test func startOptionsArriveTyped() throws {
    #expect(
      try decode("start sample --count 3 --tags a,b --shuffle --seed 42 --only-missed --only-flagged --certainty")
        == .start(
          bank: "sample",
          RunOptions(
            count: .valid(3), tags: "a,b", shuffle: true, seed: .valid(42), onlyMissed: true, onlyFlagged: true,
            certainty: true)))
    #expect(try decode("start sample") == .start(bank: "sample", RunOptions()))
  }

  @Test func optionValuesThatDoNotFitAreKeptAsInvalidForTheReducerToWord() throws {
    #expect(try decode("start sample --count 0") == .start(bank: "sample", RunOptions(count: .invalid("0"))))
    #expect(try decode("start sample --count x") == .start(bank: "sample", RunOptions(count: .invalid("x"))))
    #expect(try decode("start sample --seed -1") == .start(bank: "sample", RunOptions(seed: .invalid("-1"))))
    #expect(try decode("review --limit 0") == .review(bank: nil, all: false, limit: .invalid("0"), certainty: false))
    #expect(
      try decode("review b --limit 5 --certainty") == .review(bank: "b", all: false, limit: .valid(5), certainty: true))
  }

  @Test func checkpointQuizzesAcceptOnlyTheirOptions() throws {
    #expect(try decode("quiz s --shuffle --seed 7") == .quiz(session: "s", RunOptions(shuffle: true, seed: .valid(7))))
    #expect(throws: UsageError.self) { try decode("quiz s --count 2") }
    #expect(ReplCommands.checkpointOptions.map(\.name) == ["shuffle", "seed", "certainty"])
  }

  @Test func commandsThatRecordProgressAreMarkedInTheTable() {
    let recording = Set(ReplCommands.all.filter(\.recordsProgress).map(\.name))
    #expect(
      recording == [
        "start", "quiz", "retry", "review", "cram", "resume", "complete", "reopen", "reset", "config", "undo",
        "override", "suspend", "unsuspend", "bury", "unbury", "forget", "reschedule",
      ])
  }

  @Test func quizCommandsDecodeOnlyDuringAQuiz() throws {
    #expect(try decode("skip", in: .quiz) == .skip)
    #expect(throws: UsageError.self) { try decode("skip", in: .home) }
    #expect(throws: UsageError.self) { try decode("start sample", in: .quiz) }
  }

  @Test func aLineOfOnlySpacesIsNoCommand() throws {
    #expect(try ReplCommands.decode([], in: .home) == nil)
  }

  @Test func aTypedCommandIsCarriedOutAsTheLineWouldBe() {
    var typed = StoreDriver()
    var issued = StoreDriver()
    typed.type("read layout")
    issued.send { .commandIssued(.read(session: "layout"), at: $0, entropy: 0) }
    #expect(issued.state.display == typed.state.display)
    #expect(issued.state.reading == "layout")
  }

  @Test func aRefusedCommandSaysSoInItsOutcome() {
    var state = StoreDriver().state
    let refused = Reducer.reduce(&state, .commandIssued(.read(session: "nope"), at: Timestamp(seconds: 0), entropy: 0))
    #expect(refused.outcome == .refused)
    let accepted = Reducer.reduce(&state, .commandIssued(.list, at: Timestamp(seconds: 0), entropy: 0))
    #expect(accepted.outcome == .accepted)
  }
}
