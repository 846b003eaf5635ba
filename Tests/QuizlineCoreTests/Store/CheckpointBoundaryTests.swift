import Testing

@testable import QuizlineCore

/// A checkpoint's pass mark at exactly its boundary: the percentage is rounded (2 of 3 is 67 %,
/// not 66 %), and a best score equal to the pass mark completes the session, both when the
/// checkpoint ends and when `complete` is typed after `reopen`.
@Suite struct CheckpointBoundaryTests {
  /// Three true/false questions (all true); session `check` passes at `pass` percent.
  static func catalog(pass: Int) throws -> Catalog {
    let questions = (1...3).map { k in
      #"{ "id": "t\#(k)", "type": "truefalse", "prompt": "Statement \#(k).", "answer": true, "explanation": "It holds." }"#
    }
    let bank = """
      { "kind": "bank", "schemaVersion": 1, "id": "tf", "title": "Three statements", "questions": [\(questions.joined(separator: ", "))] }
      """
    let session = """
      { "kind": "session", "schemaVersion": 1, "id": "check", "title": "Check", "objectives": ["Pass"],
        "estimatedMinutes": 5, "body": [{ "paragraph": "Read this." }],
        "checkpoint": { "questions": ["tf/t1", "tf/t2", "tf/t3"], "passPercent": \(pass) },
        "completion": "checkpoint" }
      """
    let result = try loadCatalog(["tf.json": bank, "check.json": session])
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(located(result.diagnostics))")
    return result.catalog
  }

  static func takeCheckpoint(_ d: inout StoreDriver, rightAnswers: Int) {
    d.type("quiz check")
    for k in 0..<3 { d.type(k < 3 - rightAnswers ? "false" : "true") }  // the wrong ones first
  }

  @Test func twoOfThreeRightRoundsTo67PercentAndPassesA67PercentMark() throws {
    var d = StoreDriver(catalog: try Self.catalog(pass: 67))
    Self.takeCheckpoint(&d, rightAnswers: 2)
    #expect(d.progress.sessions["check"]?.bestCheckpointPercent == 67)
    #expect(d.progress.isCompleted("check"))
    #expect(d.state.display.contains(.sessionMarked(id: "check", completed: true)))
  }

  @Test func aCheckpointEndedEarlyDoesNotCompleteItsSessionWhateverItsScore() throws {
    var d = StoreDriver(catalog: try Self.catalog(pass: 67))
    d.type(["quiz check", "true", "true", "end"])
    #expect(d.progress.runs.last?.percent == 67, "two of three right: at the pass mark")
    #expect(d.progress.runs.last?.endReason == .ended)
    #expect(!d.progress.isCompleted("check"), "only a finished checkpoint completes its session")
    #expect(!d.state.display.contains(.sessionMarked(id: "check", completed: true)))
  }

  @Test func aFailedRetakeAfterReopenDoesNotCompleteOnTheStrengthOfAnEarlierPass() throws {
    var d = StoreDriver(catalog: try Self.catalog(pass: 67))
    Self.takeCheckpoint(&d, rightAnswers: 2)
    d.type("reopen check")
    Self.takeCheckpoint(&d, rightAnswers: 1)
    #expect(d.progress.sessions["check"]?.bestCheckpointPercent == 67, "the best score is kept")
    #expect(d.progress.runs.last?.percent == 33)
    #expect(!d.progress.isCompleted("check"), "the run that just ended decides, not the best one")
  }

  @Test func aScoreJustUnderThePassMarkDoesNotComplete() throws {
    var d = StoreDriver(catalog: try Self.catalog(pass: 68))
    Self.takeCheckpoint(&d, rightAnswers: 2)
    #expect(d.progress.sessions["check"]?.bestCheckpointPercent == 67)
    #expect(!d.progress.isCompleted("check"))
  }

  @Test func completeAfterReopenAcceptsABestScoreExactlyAtThePassMark() throws {
    var d = StoreDriver(catalog: try Self.catalog(pass: 67))
    Self.takeCheckpoint(&d, rightAnswers: 2)
    d.type("reopen check")
    #expect(!d.progress.isCompleted("check"))
    let events = d.type("complete check")
    #expect(events == [.sessionCompleted(session: "check")])
    #expect(d.progress.isCompleted("check"))
  }

  @Test func completeRefusesABestScoreOnePointUnderThePassMark() throws {
    var d = StoreDriver(catalog: try Self.catalog(pass: 68))
    Self.takeCheckpoint(&d, rightAnswers: 2)
    #expect(d.type("complete check").isEmpty)
    #expect(
      d.state.display == [
        .error(
          "check can be completed once its checkpoint quiz reaches 68% (best so far 67%).",
          hint: "Type quiz check to take it.")
      ])
  }
}
