import Testing

@testable import QuizlineCore

/// A snapshot is a cache quizline can rebuild, so one it cannot trust is refused rather than used:
/// a newer schema is "newer" (never overwritten), and counts that contradict each other are damage.
/// Written for mutants F27, F28 and FB29.
@Suite struct SnapshotTrustTests {
  static func snapshot(_ edit: (String) -> String) -> [UInt8] {
    var progress = LearnerProgress()
    let ref = QuestionRef(bank: "b", question: "q")
    progress.apply(
      RecordedEvent(
        sequence: 1, at: Timestamp(seconds: 1_796_200_000),
        payload: .answered(AnswerRecord(run: 0, question: ref, response: "a", score: 1, seconds: 2, rating: .good))))
    return Array(edit(SnapshotCoding.encode(progress, writtenAt: Timestamp(seconds: 1_796_200_001))).utf8)
  }

  @Test func aSnapshotOfTheNextSchemaIsNewerNotDamaged() throws {
    #expect(throws: Never.self) { _ = try SnapshotCoding.decode(Self.snapshot { $0 }) }
    for version in [2, 3, 99] {
      let bytes = Self.snapshot {
        $0.replacingOccurrences(of: #""schemaVersion": 1"#, with: #""schemaVersion": \#(version)"#)
      }
      #expect(throws: SnapshotCoding.DecodeError.newerSchema(version)) { _ = try SnapshotCoding.decode(bytes) }
    }
  }

  @Test func moreRightAnswersThanAttemptsIsDamage() throws {
    // Only the question's count (the day's and the bank's are other figures).
    let bytes = Self.snapshot { text in
      guard let questions = text.range(of: #""questions""#),
        let count = text.range(of: #""correct": 1"#, range: questions.upperBound..<text.endIndex)
      else { return text }
      return text.replacingCharacters(in: count, with: #""correct": 2"#)
    }
    #expect(String(decoding: Self.snapshot { $0 }, as: UTF8.self).contains(#""correct": 1"#))
    do {
      _ = try SnapshotCoding.decode(bytes)
      Issue.record("a question with 2 right answers of 1 attempt was trusted")
    } catch {
      guard case .damaged = error else {
        Issue.record("\(error)")
        return
      }
    }
  }

  /// An unfinished run records one outcome (or none yet) per question; a run whose outcomes do not
  /// match its questions is damage, never loaded for a resume to index past its end. FB29.
  @Test func aRunWhoseOutcomesDoNotMatchItsQuestionsIsDamage() throws {
    var progress = LearnerProgress()
    let refs = [QuestionRef(bank: "b", question: "q1"), QuestionRef(bank: "b", question: "q2")]
    let at = Timestamp(seconds: 1_796_200_000)
    progress.apply(
      RecordedEvent(sequence: 1, at: at, payload: .quizStarted(RunStart(source: .bank("b"), questions: refs, seed: 1))))
    progress.apply(
      RecordedEvent(
        sequence: 2, at: at.adding(seconds: 5),
        payload: .answered(AnswerRecord(run: 1, question: refs[0], response: "a", score: 1, seconds: 2, rating: .good))
      ))
    let whole = Array(SnapshotCoding.encode(progress, writtenAt: at.adding(seconds: 6)).utf8)
    #expect(try SnapshotCoding.decode(whole).activeRun == progress.activeRun)
    for cut in [1, 2] {
      var damaged = progress
      damaged.activeRun?.outcomes.removeLast(cut)
      let bytes = Array(SnapshotCoding.encode(damaged, writtenAt: at.adding(seconds: 6)).utf8)
      #expect(throws: SnapshotCoding.DecodeError.damaged("run 1 does not add up"), "\(cut) outcome(s) missing") {
        _ = try SnapshotCoding.decode(bytes)
      }
    }
  }
}
