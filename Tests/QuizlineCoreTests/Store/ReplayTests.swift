import Testing

@testable import QuizlineCore

/// The key property of the store: progress rebuilt by replaying the recorded events into a fresh
/// ``LearnerProgress`` equals the live one, after every step of a long session.
@Suite struct ReplayTests {
  /// A long session touching every command and question type, undo, flags, checkpoints and quitting.
  static let script: [String] = [
    // A checkpoint that completes its session; undo and reopen around it.
    "list", "read intro", "complete", "quiz", "b", "a", "flag", "t", "vstack", "2.2", "undo",
    "complete intro", "reopen intro",
    "undo",
    // Retry the missed ones, with an undo in the middle.
    "retry", "a,c", "zstack", "undo", "ZStack", "2",
    // Every question type, with back, a syntax error, a missing hint and an undone self-grade.
    "start sample", "d", "back", "a b c", "no", "z stack", "flag", "abc", "1e3", "1b 2a 3d", "hint",
    "b a c", "modifier | padding",
    "", "hard", "undo", "", "again", "line one", "line two", "", "good",
    // Selections, flags, quitting mid-run and resuming after a restart.
    "start sample --only-missed", "a", "skip", "end",
    "start sample --only-flagged --shuffle --seed 9", "flag", "skip", "quit",
    "resume", "skip", "end",
    // Sessions, tags, double undo, next, a manual checkpoint and an undo that reopens it.
    "read layout", "complete", "undo", "complete layout", "status",
    "start sample --tags layout,state", "b", "a,c", "undo", "undo",
    "b", "a,c", "next", "reopen layout", "next", "quiz", "1a 2b 3c", "skip", "modifier | margin",
    "", "easy", "my answer", "", "hard", "skip",
    "retry", "end", "undo", "quit", "resume", "a thought", "", "good", "start sample --count 2",
    "b", "quit",
  ]

  static func replay(_ events: [RecordedEvent]) -> LearnerProgress {
    var p = LearnerProgress()
    for e in events { p.apply(e) }
    return p
  }

  @Test func replayingTheJournalGivesTheLiveProgressAfterEveryStep() {
    var d = StoreDriver()
    for (k, line) in Self.script.enumerated() {
      d.type(line)
      if d.state.quitRequested {
        #expect(Self.replay(d.journal.events) == d.progress, "after step \(k + 1) (\(line))")
        d = d.restarted()
        continue
      }
      #expect(Self.replay(d.journal.events) == d.progress, "after step \(k + 1) (\(line))")
    }
    #expect(d.journal.events.count > 60)
    #expect(
      d.journal.events.map(\.sequence) == Array(1...d.journal.events.count),
      "sequence numbers have no gaps")
    #expect(d.progress.lastSequence == d.journal.events.count)
  }

  @Test func replayThroughTheJournalLineFormatGivesTheSameProgress() throws {
    var d = StoreDriver()
    for line in Self.script where line != "quit" { d.type(line) }
    var decoded: [RecordedEvent] = []
    for event in d.journal.events {
      let line = EventCoding.encode(event)
      #expect(!line.contains("\n"))
      decoded.append(try EventCoding.decode(Array(line.utf8)))
    }
    #expect(decoded == d.journal.events)
    #expect(Self.replay(decoded) == d.progress)
  }

  @Test func replayingTwiceChangesNothing() {
    var d = StoreDriver()
    for line in Self.script where line != "quit" { d.type(line) }
    var p = Self.replay(d.journal.events)
    for e in d.journal.events { p.apply(e) }
    #expect(p == d.progress)
  }

  /// Lines a learner might type, for a seeded random walk.
  static let vocabulary = [
    "a", "b", "c", "d", "a,c", "true", "false", "zstack", "2", "2.2", "1b 2a 3d", "1a 2b 3c",
    "c b a", "a b c", "modifier | padding",
    "x | y", "", "", "good", "hard", "again", "easy", "skip", "skip", "flag", "back", "hint",
    "undo", "undo", "end", "status",
    "start sample", "start sample --count 3", "start sample --shuffle",
    "start sample --only-missed", "start sample --only-flagged",
    "quiz intro", "quiz layout", "retry", "resume", "complete intro", "complete layout",
    "reopen intro", "reopen layout", "next",
    "read intro", "list", "z", "quit",
  ]

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func aRandomWalkOfFiveHundredLinesReplaysExactly(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var d = StoreDriver()
    d.entropy = seed
    var restarts = 0
    for _ in 0..<500 {
      let line = Self.vocabulary[Int(rng.next() % UInt64(Self.vocabulary.count))]
      d.type(line)
      if d.state.quitRequested {
        guard Self.replay(d.journal.events) == d.progress else {
          Issue.record("replay differs after \(line) (seed \(seed))")
          return
        }
        d = d.restarted()
        restarts += 1
      }
    }
    #expect(Self.replay(d.journal.events) == d.progress)
    #expect(restarts > 0)
  }
}
