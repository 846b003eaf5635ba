/// A fast reader for the journal lines ``EventCoding/encode(_:)`` writes for the frequent event
/// types (`quizStarted`, `answered`, `skipped`, `runEnded`, `undone`, `flagged`, `sessionCompleted`,
/// `sessionReopened`), in exactly that key order; `settingsChanged` and `reset` (rare) always take
/// the generic path.
///
/// It accepts only the canonical form (keys in encoder order, no whitespace, no escapes inside
/// strings, plain numbers) and returns nil for anything else; the caller then decodes the line with
/// ``EventCoding/decode(_:)``, which either gives the event or says why the line is bad. So every
/// line means the same on both paths: the fast one only takes lines it can read exactly (numbers
/// are converted with correct rounding, text must be valid UTF-8, ids are interned as the generic
/// path would intern the decoded strings).
public enum FastEventLine {
  /// The event on `line`, or nil when the line is not in the canonical form (nothing is then added
  /// to `table`).
  public static func parse(_ line: UnsafeBufferPointer<UInt8>, table: inout StringTable) -> HistoryEvent? {
    var state = State()
    return parse(line, table: &table, state: &state)
  }

  /// What the reader keeps from line to line: the last date seen (consecutive events share it), and
  /// whether responses are wanted (only the attempt log and the test statistics use them; when not, they
  /// are checked but not kept, and ``HistoryEvent/response`` stays -1).
  public struct State: Sendable {
    public var keepResponses = true
    var dateHead: UInt64 = 0
    var dateTail: UInt16 = 0
    var hasDate = false
    var dateDays: Int64 = 0
    /// `answered`: where the response's text (between its quotes) lies on the line last read, so
    /// that a reader that does not keep responses can still hand it on (``ReplayConverter``).
    public internal(set) var responseBytes: Range<Int>?
    /// `answered`: whether the line last read carries a written answer (`"written"`, which the
    /// compact form does not keep).
    public internal(set) var hasWritten = false
    /// `quizStarted`: where the seed's digits begin on the line last read (``ReplayConverter``
    /// reads the seed and the bank hashes from there).
    public internal(set) var seedStart = 0
    /// `quizStarted`: the questions as they are read, before they become the event's array (made
    /// once at its size, not grown question by question).
    var questions: [Int32] = []

    public init(keepResponses: Bool = true) { self.keepResponses = keepResponses }
  }

  public static func parse(_ line: UnsafeBufferPointer<UInt8>, table: inout StringTable, state: inout State)
    -> HistoryEvent?
  {
    let mark = table.count
    guard let event = parseCanonical(line, table: &table, state: &state) else {
      table.truncate(to: mark)
      return nil
    }
    return event
  }

  private static func parseCanonical(_ line: UnsafeBufferPointer<UInt8>, table: inout StringTable, state: inout State)
    -> HistoryEvent?
  {
    var c = JournalLineCursor(line)
    guard c.literal("{\"seq\":"), let seq = c.integer(), seq > 0, c.literal(",\"at\":\""), let at = c.timestamp(&state),
      c.literal("\",\"type\":\"")
    else { return nil }
    var e = HistoryEvent(kind: .answered, sequence: seq, at: at)
    if c.literal("answered\",\"run\":") {
      guard let run = c.integer(), c.literal(",\"question\":"), let q = c.reference(&table),
        c.literal(",\"response\":")
      else { return nil }
      let responseStart = c.i + 1
      guard let r = state.keepResponses ? c.string(&table) : c.skipString() ? -1 : nil else { return nil }
      state.responseBytes = responseStart..<(c.i - 1)
      guard c.literal(",\"score\":"), let score = c.number(), c.literal(",\"seconds\":"), let seconds = c.number()
      else { return nil }
      (e.run, e.subject, e.response, e.score, e.seconds) = (run, q, r, score, seconds)
      if c.literal(",\"selfGrade\":\"") {
        guard let g = c.word(["again", "hard", "good", "easy"]), c.literal("\"") else { return nil }
        e.selfGrade = UInt8(g + 1)
      }
      if c.literal(",\"certainty\":") {
        guard let k = c.integer() else { return nil }
        e.certainty = k
      }
      if c.literal(",\"rating\":\"") {
        guard let k = c.word(["again", "hard", "good", "easy"]), c.literal("\"") else { return nil }
        e.rating = UInt8(k + 1)
      }
      e.skipsSteps = c.literal(",\"skipSteps\":true")
      if c.literal(",\"days\":") {
        guard let d = c.integer(), ProgressLimits.days.contains(d) else { return nil }
        e.scheduledDays = Int32(d)
      }
      // An open question's written answer is not part of any report figure.
      state.hasWritten = c.literal(",\"written\":")
      if state.hasWritten {
        guard c.skipString() else { return nil }
      }
    } else if c.literal("quizStarted\",\"source\":\"") {
      e.kind = .quizStarted
      if c.literal("bank:") {
        e.sourceKind = .bank
      } else if c.literal("checkpoint:") {
        e.sourceKind = .checkpoint
      } else if c.literal("review\"") {
        e.sourceKind = .review
      } else if c.literal("cram\"") {
        e.sourceKind = .cram
      } else if c.literal("retry\"") {
        e.sourceKind = .retry
      } else {
        return nil
      }
      if e.sourceKind == .bank || e.sourceKind == .checkpoint {
        guard let id = c.stringBody(&table) else { return nil }
        e.sourceID = id
      }
      guard c.literal(",\"questions\":[") else { return nil }
      if !c.literal("]") {
        state.questions.removeAll(keepingCapacity: true)
        repeat {
          guard let q = c.reference(&table) else { return nil }
          state.questions.append(q)
        } while c.literal(",")
        guard c.literal("]") else { return nil }
        e.questions = state.questions.withUnsafeBufferPointer { Array($0) }
      }
      guard c.literal(",\"seed\":\"") else { return nil }
      state.seedStart = c.i
      guard c.digits(max: 20), c.literal("\",\"bankHashes\":{") else { return nil }
      if !c.literal("}") {
        repeat {
          guard c.skipString(), c.literal(":"), c.skipString() else { return nil }
        } while c.literal(",")
        guard c.literal("}") else { return nil }
      }
      e.practice = c.literal(",\"practice\":true")
      e.certaintyRun = c.literal(",\"certainty\":true")
    } else if c.literal("skipped\",\"run\":") {
      e.kind = .skipped
      guard let run = c.integer(), c.literal(",\"question\":"), let q = c.reference(&table) else { return nil }
      (e.run, e.subject) = (run, q)
    } else if c.literal("runEnded\",\"run\":") {
      e.kind = .runEnded
      guard let run = c.integer(), c.literal(",\"reason\":\"") else { return nil }
      e.run = run
      if c.literal("ended\"") {
        e.endedEarly = true
      } else if !c.literal("finished\"") {
        return nil
      }
    } else if c.literal("undone\",\"target\":") {
      e.kind = .undone
      guard let target = c.integer() else { return nil }
      e.run = target
    } else if c.literal("flagged\",\"question\":") {
      e.kind = .flagged
      guard let q = c.reference(&table), c.literal(",\"on\":") else { return nil }
      e.subject = q
      if c.literal("true") {
        e.on = true
      } else if !c.literal("false") {
        return nil
      }
    } else if c.literal("sessionCompleted\",\"session\":") {
      e.kind = .sessionCompleted
      guard let id = c.string(&table) else { return nil }
      e.subject = id
    } else if c.literal("sessionReopened\",\"session\":") {
      e.kind = .sessionReopened
      guard let id = c.string(&table) else { return nil }
      e.subject = id
    } else {
      return nil
    }
    guard c.literal("}"), c.atEnd, inLimits(e) else { return nil }
    return e
  }

  /// The generic decoder's range checks (``ProgressLimits``): a line outside them goes to the
  /// generic decoder, which refuses it with its reason.
  private static func inLimits(_ e: HistoryEvent) -> Bool {
    guard ProgressLimits.sequence.contains(e.sequence), ProgressLimits.count.contains(e.run) else { return false }
    guard e.kind == .answered else { return true }
    return ProgressLimits.score.contains(e.score) && ProgressLimits.seconds.contains(e.seconds)
      && e.certainty.map { (1...3).contains($0) } ?? true
  }
}
