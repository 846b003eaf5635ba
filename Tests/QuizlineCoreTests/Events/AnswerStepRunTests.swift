import Testing

@testable import QuizlineCore

@Suite struct AnswerStepRunTests {
  /// Random histories through `apply` (answers and skips, requeues, runs ended early or finished,
  /// undos, overrides): every answer's undo step holds, whenever it is read, exactly the run as it
  /// was just before that answer (watched from outside, before each event), also after the run
  /// moved on, ended or was rescored, and in the snapshot written at the end.
  @Test(arguments: [11, 12, 13, 14] as [UInt64])
  func anAnswersStepHoldsTheRunAsItWasBeforeTheAnswer(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    let refs = (0..<4).map { QuestionRef(bank: "b", question: "q\($0)") }
    let responses = ["a", "true", "a typed response longer than fifteen bytes"]
    var progress = LearnerProgress()
    var at = Timestamp(iso8601: "2026-01-05T09:00:00Z")!
    var expected: [Int: QuizRun?] = [:]
    var answers: [(sequence: Int, answer: AnswerRecord, at: Timestamp)] = []
    for sequence in 1...3000 {
      at = at.adding(seconds: 7)
      let active = progress.activeRun
      let run = active.map { pick(10) == 0 ? $0.id - 1 : $0.id } ?? sequence - 1 - pick(5)
      let question = active.flatMap { pick(6) == 0 ? nil : $0.current } ?? refs[pick(refs.count)]
      let payload: EventPayload
      switch pick(100) {
      case 0..<9:
        let source: RunSource = pick(3) == 0 ? .review : .bank("b")
        payload = .quizStarted(
          RunStart(source: source, questions: (0..<(1 + pick(8))).map { _ in refs[pick(refs.count)] }, seed: 1))
      case 9..<60:
        let answer = AnswerRecord(
          run: run, question: question, response: responses[pick(responses.count)], score: Double(pick(3)) / 2,
          seconds: Double(1 + pick(30)), certainty: pick(4) == 0 ? 2 : nil, rating: pick(3) == 0 ? nil : .good)
        answers.append((sequence, answer, at))
        payload = .answered(answer)
      case 60..<67: payload = .skipped(run: run, question: question)
      case 67..<70: payload = .requeued(run: run, questions: [refs[pick(refs.count)]])
      case 70..<79: payload = .runEnded(run: run, reason: pick(2) == 0 ? .finished : .ended)
      case 79..<90: payload = .undone(target: sequence - 1 - pick(6))
      default:
        guard !answers.isEmpty, let a = answers.dropLast(pick(min(4, answers.count))).last else { continue }
        payload = .overridden(
          MarkOverride(
            run: a.answer.run, question: a.answer.question, target: a.sequence, answeredAt: a.at,
            previousScore: a.answer.score, score: 1 - a.answer.score, rating: .easy))
      }
      progress.apply(RecordedEvent(sequence: sequence, at: at, payload: payload))
      if case .answered(let a) = payload, progress.undoStack.last?.sequence == sequence {
        expected[sequence] = active?.id == a.run && active?.current == a.question ? active : nil
      }
      for step in progress.undoStack {
        guard let run = expected[step.sequence] else { continue }
        #expect(step.previousRun == run, "the step of answer \(step.sequence), after event \(sequence)")
      }
    }
    let text = SnapshotCoding.encode(progress, writtenAt: at)
    let decoded = try SnapshotCoding.decode(Array(text.utf8))
    #expect(decoded.undoStack == progress.undoStack)
    #expect(decoded.activeRun == progress.activeRun)
  }
}
