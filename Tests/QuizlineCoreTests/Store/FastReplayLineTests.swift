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
}
