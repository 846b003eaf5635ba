import Testing

@testable import QuizlineCore

/// Replay's fast path gives exactly the event the generic decoder gives, line for line.
struct FastReplayLineTests {
  @Test func theFastPathDecodesEveryLineAsTheGenericDecoderDoes() throws {
    var events = simulatedLogs(seed: 17).flatMap(\.events)
    let ref = QuestionRef(bank: "sample", question: "open-ownership")
    events.append(
      RecordedEvent(
        sequence: 9_000, at: scriptStart,
        payload: .answered(
          AnswerRecord(
            run: 3, question: ref, response: "one owner", score: 1, seconds: 12.5, selfGrade: .easy, certainty: 2,
            rating: .easy, written: "one owner,\nviews derive"))))
    events.append(
      RecordedEvent(
        sequence: 9_001, at: scriptStart,
        payload: .answered(
          AnswerRecord(
            run: 3, question: sample("single-owner"), response: "b", score: 1, seconds: 3, rating: .good,
            skipsLearningSteps: true))))
    events.append(
      RecordedEvent(
        sequence: 9_002, at: scriptStart,
        payload: .answered(
          AnswerRecord(
            run: 3, question: sample("text-stack"), response: "ZStack", score: 1, seconds: 4, rating: .good,
            scheduledDays: 17))))
    var decoder = FastReplayDecoder()
    var kinds = Set<String>()
    for event in events {
      let line = Array(EventCoding.encode(event).utf8)
      let generic = try EventCoding.decode(line)
      let fast = try line.withUnsafeBufferPointer { buffer throws(EventCoding.DecodeError) in try decoder.decode(buffer)
      }
      #expect(fast == generic, "\(String(decoding: line, as: UTF8.self))")
      kinds.insert(event.payload.typeName)
    }
    #expect(kinds.isSuperset(of: ["answered", "skipped", "runEnded", "undone", "quizStarted", "sessionCompleted"]))
    #expect(decoder.genericCount < events.count / 2, "most lines take the fast path")
  }

  @Test func anAnswersBalancedDayTakesTheFastPath() throws {
    let event = RecordedEvent(
      sequence: 4, at: scriptStart,
      payload: .answered(
        AnswerRecord(
          run: 1, question: sample("text-stack"), response: "ZStack", score: 1, seconds: 4, rating: .good,
          scheduledDays: 17)))
    let line = Array(EventCoding.encode(event).utf8)
    #expect(String(decoding: line, as: UTF8.self).contains(#""rating":"good","days":17}"#))
    var decoder = FastReplayDecoder()
    let fast = try line.withUnsafeBufferPointer { buffer throws(EventCoding.DecodeError) in try decoder.decode(buffer) }
    #expect(fast == event)
    #expect(decoder.genericCount == 0)
  }

  @Test func aRunsStartWithBankHashesTakesTheFastPathAndDecodesAsTheGenericDecoderDoes() throws {
    let refs = [QuestionRef(bank: "sample", question: "q1"), QuestionRef(bank: "other", question: "q2")]
    let starts = [
      RunStart(
        source: .bank("sample"), questions: refs, seed: 18_446_744_073_709_551_615,
        bankHashes: ["sample": "9f8e7d", "other": "00aa"]),
      RunStart(source: .checkpoint(session: "intro"), questions: refs, seed: 0, practice: true, certainty: true),
      RunStart(source: .review, questions: [], seed: 42, bankHashes: ["sample": "h\u{e9}"]),
      RunStart(source: .retry, questions: refs.reversed(), seed: 7, certainty: true),
    ]
    var decoder = FastReplayDecoder()
    for (k, start) in starts.enumerated() {
      let event = RecordedEvent(sequence: k + 1, at: scriptStart, payload: .quizStarted(start))
      let line = Array(EventCoding.encode(event).utf8)
      let fast = try line.withUnsafeBufferPointer { buffer throws(EventCoding.DecodeError) in try decoder.decode(buffer)
      }
      #expect(fast == (try EventCoding.decode(line)), "\(String(decoding: line, as: UTF8.self))")
      #expect(fast == event)
    }
    #expect(decoder.genericCount == 0, "every run's start took the fast path")
  }
}
