import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// `JournalReader.replay` on journal bytes: complete lines are applied once, a last line without
/// its newline is a torn write that is neither applied nor counted as complete.
@Suite struct JournalReaderTests {
  static let events = ProfileOpenerTests.events(4)
  static let lines = events.map { Array((EventCoding.encode($0) + "\n").utf8) }

  static func replay(_ bytes: [UInt8], into progress: inout LearnerProgress) -> JournalReader.Outcome {
    JournalReader.replay(bytes, into: &progress)
  }

  @Test func aLastLineWithoutItsNewlineIsATornTailAndIsNotApplied() {
    let torn = Array(Self.lines[2].dropLast())
    var p = LearnerProgress()
    let outcome = Self.replay(Self.lines[0] + Self.lines[1] + torn, into: &p)
    #expect(outcome.tornTail)
    #expect(outcome.applied == 2)
    #expect(outcome.completeLength == Self.lines[0].count + Self.lines[1].count)
    #expect(p == ProfileOpenerTests.progress(Array(Self.events.prefix(2))))
    #expect(outcome.badLines.isEmpty)
  }

  @Test func aTornTailOfOneByteIsStillTorn() {
    var p = LearnerProgress()
    let outcome = Self.replay(Self.lines[0] + [UInt8(ascii: "{")], into: &p)
    #expect(outcome.tornTail)
    #expect(outcome.applied == 1)
    #expect(outcome.completeLength == Self.lines[0].count)
  }

  @Test func aJournalEndingInANewlineHasNoTornTail() {
    var p = LearnerProgress()
    let outcome = Self.replay(Self.lines.flatMap { $0 }, into: &p)
    #expect(!outcome.tornTail)
    #expect(outcome.applied == 4)
    #expect(outcome.completeLength == Self.lines.reduce(0) { $0 + $1.count })
    #expect(outcome.firstSequence == 1 && outcome.lastSequence == 4)
  }

  @Test func emptyLinesAreSkippedWithoutComplaint() {
    var p = LearnerProgress()
    let newline = [UInt8(ascii: "\n")]
    let outcome = Self.replay(newline + Self.lines[0] + newline + newline + Self.lines[1], into: &p)
    #expect(outcome.applied == 2)
    #expect(outcome.badLines.isEmpty)
    #expect(!outcome.tornTail)
  }

  @Test func replayingTheSameJournalTwiceAppliesNothingTheSecondTime() {
    var p = LearnerProgress()
    let bytes = Self.lines.flatMap { $0 }
    _ = Self.replay(bytes, into: &p)
    let once = p
    _ = Self.replay(bytes, into: &p)
    #expect(p == once)
    #expect(p.question(ProfileOpenerTests.q).attempts == 1)
  }

  @Test func anEventAtOrBelowTheLastSequenceIsIgnored() {
    var p = ProfileOpenerTests.progress(Array(Self.events.prefix(2)))
    let before = p
    p.apply(Self.events[1])
    #expect(p == before)
    // The same answer under a fresh sequence number counts again.
    var again = Self.events[1]
    again.sequence = 5
    p.apply(again)
    #expect(p.question(ProfileOpenerTests.q).attempts == 2)
    #expect(p.lastSequence == 5)
  }

  @Test func aBadMiddleLineIsReportedByNumberAndTheRestApplied() {
    var p = LearnerProgress()
    let outcome = Self.replay(Self.lines[0] + Array("not json\n".utf8) + Self.lines[1], into: &p)
    #expect(outcome.applied == 2)
    #expect(outcome.badLines.map(\.line) == [2])
    #expect(!outcome.tornTail)
  }
}
