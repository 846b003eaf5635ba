/// Journal lines to ``RecordedEvent``s for replay, through the reports' fast reader
/// (``FastEventLine``) for the frequent events whose compact form keeps every field the fold uses
/// (`answered` without a written answer, `skipped`, `runEnded`, `flagged`, `sessionCompleted`,
/// `sessionReopened`, `undone`; `quizStarted` with its seed and bank hashes read from the line
/// the fast reader accepted), and through ``EventCoding/decode(_:)`` for every other line. Both
/// paths give the same event for the same line (`FastReplayLineTests`).
public struct FastReplayDecoder {
  private var table = StringTable()
  private var state = FastEventLine.State(keepResponses: true)
  private var converter = ReplayConverter()
  /// Lines that took the generic path.
  public private(set) var genericCount = 0

  public init() {}

  public mutating func decode(_ line: UnsafeBufferPointer<UInt8>) throws(EventCoding.DecodeError) -> RecordedEvent {
    if let e = FastEventLine.parse(line, table: &table, state: &state),
      let event = converter.convert(e, line, table: table, state: state)
    {
      return event
    }
    genericCount += 1
    return try EventCoding.decode(line)
  }
}

/// A line's compact event (``FastEventLine``) to the fold's ``RecordedEvent``, for the events whose
/// compact form keeps every field the fold uses (nil otherwise: decode the line generically). One
/// parse of a line can so feed both a report's history and the fold (``FastReplayDecoder``, and the
/// reports' one pass). The table must be the one the line was parsed into, every time.
public struct ReplayConverter {
  /// Interned index → question reference, filled as ids are met.
  private var refs: [QuestionRef?] = []

  public init() {}

  private mutating func ref(_ index: Int32, _ table: StringTable) -> QuestionRef? {
    guard index >= 0 else { return nil }
    let k = Int(index)
    if k >= refs.count { refs += Array(repeating: nil, count: k + 1 - refs.count) }
    if let r = refs[k] { return r }
    let r = QuestionRef(table[index])
    refs[k] = r
    return r
  }

  /// The fold's event for `line`, which ``FastEventLine`` read as `e` with `state` (an answer's
  /// response from the table, or, when the reader did not keep responses, from the line itself).
  public mutating func convert(
    _ e: HistoryEvent, _ line: UnsafeBufferPointer<UInt8>, table: StringTable, state: FastEventLine.State
  ) -> RecordedEvent? {
    let payload: EventPayload
    switch e.kind {
    case .answered:
      guard !state.hasWritten, let q = ref(e.subject, table) else { return nil }
      let response: String
      if e.response >= 0 {
        response = table[e.response]
      } else if !state.keepResponses, let range = state.responseBytes {
        // The reader checked it: a string without escapes, valid UTF-8.
        response = String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
      } else {
        return nil
      }
      payload = .answered(
        AnswerRecord(
          run: e.run, question: q, response: response, score: e.score, seconds: e.seconds,
          selfGrade: e.selfGrade > 0 ? SelfGrade.allCases[Int(e.selfGrade) - 1] : nil, certainty: e.certainty,
          rating: e.rating > 0 ? Rating(rawValue: Int(e.rating)) : nil, skipsLearningSteps: e.skipsSteps,
          scheduledDays: e.scheduledDays > 0 ? Int(e.scheduledDays) : nil))
    case .skipped:
      guard let q = ref(e.subject, table) else { return nil }
      payload = .skipped(run: e.run, question: q)
    case .runEnded: payload = .runEnded(run: e.run, reason: e.endedEarly ? .ended : .finished)
    case .flagged:
      guard let q = ref(e.subject, table) else { return nil }
      payload = .flagged(question: q, on: e.on)
    case .sessionCompleted:
      guard e.subject >= 0 else { return nil }
      payload = .sessionCompleted(session: table[e.subject])
    case .sessionReopened:
      guard e.subject >= 0 else { return nil }
      payload = .sessionReopened(session: table[e.subject])
    case .undone: payload = .undone(target: e.run)
    case .quizStarted:
      guard let start = runStart(e, line, seedStart: state.seedStart, table) else { return nil }
      payload = .quizStarted(start)
    default: return nil
    }
    return RecordedEvent(sequence: e.sequence, at: Timestamp(microseconds: e.at), payload: payload)
  }

  /// The run's start of a `quizStarted` line the fast reader took: its source, questions and flags
  /// from the compact event, its seed and bank hashes read here (nil: take the generic path).
  private mutating func runStart(
    _ e: HistoryEvent, _ line: UnsafeBufferPointer<UInt8>, seedStart: Int, _ table: StringTable
  ) -> RunStart? {
    let source: RunSource
    switch e.sourceKind {
    case .bank:
      guard e.sourceID >= 0 else { return nil }
      source = .bank(table[e.sourceID])
    case .checkpoint:
      guard e.sourceID >= 0 else { return nil }
      source = .checkpoint(session: table[e.sourceID])
    case .review: source = .review
    case .cram: source = .cram
    case .retry: source = .retry
    }
    var questions: [QuestionRef] = []
    questions.reserveCapacity(e.questions.count)
    for k in e.questions {
      guard let q = ref(k, table) else { return nil }
      questions.append(q)
    }
    guard let (seed, hashes) = FastReplayDecoder.seedAndHashes(line, from: seedStart) else { return nil }
    return RunStart(
      source: source, questions: questions, seed: seed, bankHashes: hashes, practice: e.practice,
      certainty: e.certaintyRun)
  }
}

extension FastReplayDecoder {
  /// The `"seed"` and `"bankHashes"` of a canonical `quizStarted` line the fast reader took, its
  /// seed's digits beginning at `start` (``FastEventLine/State/seedStart``; strings without escapes,
  /// as the reader checked).
  static func seedAndHashes(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> (UInt64, [String: String])? {
    var c = JournalLineCursor(line)
    c.i = start
    var seed: UInt64 = 0
    while c.i < line.count, line[c.i] >= 0x30, line[c.i] <= 0x39 {
      let (m, o1) = seed.multipliedReportingOverflow(by: 10)
      let (a, o2) = m.addingReportingOverflow(UInt64(line[c.i] - 0x30))
      guard !o1, !o2 else { return nil }
      seed = a
      c.i += 1
    }
    guard c.literal("\",\"bankHashes\":{") else { return nil }
    var hashes: [String: String] = [:]
    if !c.literal("}") {
      repeat {
        guard let key = c.rawString(), c.literal(":"), let value = c.rawString() else { return nil }
        hashes[key] = value
      } while c.literal(",")
      guard c.literal("}") else { return nil }
    }
    return (seed, hashes)
  }
}
