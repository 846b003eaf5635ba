/// Follows a profile's history event by event and keeps what reports need from it: every answer
/// that still counts (the attempt log), each bank's quiz scores over time, and each question's first
/// answer in the period (for item analysis).
///
/// Runs and `undo` follow exactly the rules of ``LearnerProgress/apply(_:)`` (an answer is undone by
/// `undone`; undoing the last answer of a finished quiz reopens it and takes its score back; `reset`
/// of a bank clears its scores, and undoing the reset restores them). Tests replay the same events
/// through `apply` and check that the score series give the same ``ScoreStats`` and the attempts
/// the same daily counts.
public struct HistoryAccumulator: HistorySink, Sendable {
  /// Only answers and runs on or after this day (UTC day number) are kept; nil keeps everything.
  public let sinceDay: Int64?
  /// Keep the attempt log (needed for CSV; other formats need only the summaries).
  public let keepAttempts: Bool

  public private(set) var attempts: [Attempt] = []
  /// Ended bank quizzes that count, newest first, per bank (a string index).
  private var series: [Int32: ScoreNode] = [:]
  /// Per string index (a question): its first answer in the period, and its answers in the period.
  private var first: [FirstAnswer?] = []
  private var counts: [Int] = []
  /// Per UTC day in the period (an index into `dayScores` through `dayIndex`, the last day cached).
  private var dayScores: [DayScore] = []
  private var dayNumbers: [Int64] = []
  private var dayIndex: [Int64: Int] = [:]
  private var lastDay: (day: Int64, index: Int) = (Int64.min, -1)
  /// Quiz runs by id: where they were drawn from (only kept for the attempt log).
  private var runSources: [Int: (HistoryEvent.SourceKind, Int32, Bool)] = [:]
  private var active: HistoryRunState?
  /// Ended runs that an undo record may still reopen.
  private var endedRuns: [Int: HistoryRunState] = [:]
  /// The undo stack as `apply` keeps it (at most ``LearnerProgress/undoLimit``); entries before
  /// `undoStart` have fallen off (kept a while so that dropping one does not move the rest).
  private var undo: [HistoryUndoRecord] = []
  private var undoStart = 0
  private var undoneAttempts = 0

  public init(sinceDay: Int64? = nil, keepAttempts: Bool = false) {
    self.sinceDay = sinceDay
    self.keepAttempts = keepAttempts
  }

  /// The scores of a bank's quizzes that count, oldest first.
  public func scoreHistory(bank: Int32) -> [ScorePoint] {
    var out: [ScorePoint] = []
    var node = series[bank]
    while let n = node {
      out.append(n.point)
      node = n.next
    }
    return out.reversed()
  }

  /// Banks (string indexes) with at least one quiz that counts.
  var banksWithScores: [Int32] { series.map(\.key) }

  /// The attempt log without undone answers.
  var countedAttempts: [Attempt] { undoneAttempts == 0 ? attempts : attempts.filter { !$0.undone } }

  /// Each question's first answer in the period, by question (a string index).
  var firstAnswers: [Int32: FirstAnswer] {
    var out: [Int32: FirstAnswer] = [:]
    for (k, f) in first.enumerated() { if let f { out[Int32(k)] = f } }
    return out
  }

  /// Answers per question in the period (undone ones excluded), by question (a string index).
  var answerCounts: [Int32: Int] {
    var out: [Int32: Int] = [:]
    for (k, n) in counts.enumerated() where n > 0 { out[Int32(k)] = n }
    return out
  }

  /// Per UTC day in the period: answers and the sum of their credit (undo puts the previous value
  /// back, as `apply` does for ``LearnerProgress/days``).
  public var days: [Int64: DayScore] {
    var out: [Int64: DayScore] = [:]
    for (k, d) in dayScores.enumerated() where d.answers > 0 { out[dayNumbers[k]] = d }
    return out
  }

  public mutating func consume(_ e: HistoryEvent, table: StringTable) {
    switch e.kind {
    case .quizStarted:
      if let old = active { ended(old, at: e.at, early: true) }
      active = HistoryRunState(id: e.sequence, start: e, outcomes: Array(repeating: nil, count: e.questions.count))
      // As `apply`: answers of earlier runs can no longer be taken back once a new run began.
      if undo[undoStart...].contains(where: { $0.runID != 0 || $0.overruledRun != 0 }) {
        undo = undo[undoStart...].filter { $0.runID == 0 && $0.overruledRun == 0 }
        undoStart = 0
      }
      if keepAttempts { runSources[e.sequence] = (e.sourceKind, e.sourceID, e.practice) }
    case .answered:
      var record = HistoryUndoRecord(sequence: e.sequence)
      if active?.id == e.run, active?.current == e.subject {
        record.runID = e.run
        record.runPosition = active!.position
        record.runLength = active!.start.questions.count
        active!.outcomes[active!.position] = e.score
        active!.position += 1
      }
      let dayNumber = floorDiv(e.at, 86_400_000_000)
      if sinceDay.map({ dayNumber >= $0 }) ?? true {
        let q = Int(e.subject)
        if q >= counts.count {
          counts += Array(repeating: 0, count: q + 1 - counts.count + 64)
          first += Array(repeating: nil, count: counts.count - first.count)
        }
        let d = dayIndex(dayNumber)
        record.day = d
        record.previousDay = dayScores[d]
        dayScores[d].answers += 1
        if e.score >= 0.9999 { dayScores[d].correct += 1 }
        dayScores[d].score += e.score
        counts[q] += 1
        if first[q] == nil {
          first[q] = FirstAnswer(sequence: e.sequence, score: e.score, response: e.response)
          record.setFirstAnswer = true
        }
        if keepAttempts {
          let source =
            active?.id == e.run
            ? (active!.start.sourceKind, active!.start.sourceID, active!.start.practice) : runSources[e.run]
          record.attempt = attempts.count
          attempts.append(
            Attempt(
              sequence: e.sequence, at: e.at, run: e.run, score: e.score, seconds: e.seconds, question: e.subject,
              response: e.response,
              sourceID: source?.1 ?? -1, certainty: e.certainty.map { Int32(clamping: $0) } ?? Attempt.noCertainty,
              rating: e.rating,
              selfGrade: e.selfGrade, sourceKind: source?.0 ?? .review, known: source != nil,
              practice: source?.2 ?? false))
        }
        record.question = e.subject
      }
      push(record)
    case .skipped:
      if active?.id == e.run, active?.current == e.subject {
        active!.outcomes[active!.position] = .some(nil)
        active!.position += 1
      }
    case .runEnded:
      guard let run = active, run.id == e.run else { return }
      if run.start.sourceKind == .bank, run.answeredCount > 0, undo.count > undoStart,
        undo[undo.count - 1].movedRun == e.run,
        undo[undo.count - 1].seriesBank < 0
      {
        undo[undo.count - 1].seriesBank = run.start.sourceID
        undo[undo.count - 1].seriesPrevious = series[run.start.sourceID]
      }
      ended(run, at: e.at, early: e.endedEarly)
      active = nil
    case .sessionCompleted, .sessionReopened:
      push(HistoryUndoRecord(sequence: e.sequence))
    case .reset:
      var record = HistoryUndoRecord(sequence: e.sequence)
      if e.sourceKind == .bank {
        record.seriesBank = e.subject
        record.seriesPrevious = series[e.subject]
        series[e.subject] = nil
      }
      push(record)
    case .overridden:
      overrule(e)
    case .requeued:
      if var run = active, run.id == e.run {
        run.start.questions += e.questions
        run.outcomes += Array(repeating: nil, count: e.questions.count)
        active = run
      }
    case .undone:
      guard let index = undo[undoStart...].lastIndex(where: { $0.sequence == e.run }) else { return }
      let record = undo.remove(at: index)
      restore(record)
    case .flagged, .other:
      break
    }
  }

  /// An answer's mark overruled, by the rules of `LearnerProgress.applyOverride`: the answer's day,
  /// attempt, first answer and run take the new score (an ended bank run's point in the series
  /// too); nothing when the answer's undo record is gone.
  private mutating func overrule(_ e: HistoryEvent) {
    guard let k = undo[undoStart...].lastIndex(where: { $0.sequence == e.target }), undo[k].runID == e.run,
      e.run != 0
    else { return }
    let answer = undo[k]
    var record = HistoryUndoRecord(sequence: e.sequence)
    let delta = e.score - e.previousScore
    let correctDelta = (e.score >= 0.9999 ? 1 : 0) - (e.previousScore >= 0.9999 ? 1 : 0)
    if answer.day >= 0 {
      record.day = answer.day
      record.previousDay = dayScores[answer.day]
      dayScores[answer.day].correct += correctDelta
      dayScores[answer.day].score += delta
    }
    if answer.attempt >= 0 {
      record.overruledAttempt = answer.attempt
      record.previousAttempt = attempts[answer.attempt]
      attempts[answer.attempt].score = e.score
      attempts[answer.attempt].rating = e.rating
    }
    if answer.question >= 0, let f = first[Int(answer.question)], f.sequence == e.target {
      record.overruledFirst = answer.question
      record.previousFirst = f
      first[Int(answer.question)]?.score = e.score
    }
    record.overruledRun = e.run
    record.runPosition = answer.runPosition
    if var run = active, run.id == e.run {
      record.previousRunState = run
      record.overruledWhileActive = true
      run.outcomes[answer.runPosition] = .some(e.score)
      active = run
    } else if var run = endedRuns[e.run] {
      record.previousRunState = run
      run.outcomes[answer.runPosition] = .some(e.score)
      endedRuns[e.run] = run
      let bank = run.start.sourceID
      if run.start.sourceKind == .bank, let head = series[bank], head.point.run == e.run {
        record.seriesBank = bank
        record.seriesPrevious = head
        var point = head.point
        point.percent = run.percent
        series[bank] = ScoreNode(point: point, next: head.next)
      }
    }
    push(record)
  }

  private mutating func dayIndex(_ day: Int64) -> Int {
    if lastDay.day == day { return lastDay.index }
    let index: Int
    if let known = dayIndex[day] {
      index = known
    } else {
      index = dayScores.count
      dayScores.append(DayScore())
      dayNumbers.append(day)
      dayIndex[day] = index
    }
    lastDay = (day, index)
    return index
  }

  private mutating func ended(_ run: HistoryRunState, at: Int64, early: Bool) {
    if undo[undoStart...].contains(where: { $0.runID == run.id }) {
      endedRuns[run.id] = run
      if endedRuns.count > 64 {
        let live = Set(undo[undoStart...].map(\.runID))
        endedRuns = endedRuns.filter { live.contains($0.key) }
      }
    }
    guard run.start.sourceKind == .bank, run.answeredCount > 0 else { return }
    let bank = run.start.sourceID
    let point = ScorePoint(run: run.id, endedAt: at, percent: run.percent, endedEarly: early)
    series[bank] = ScoreNode(point: point, next: series[bank] ?? nil)
  }

  private mutating func push(_ record: HistoryUndoRecord) {
    undo.append(record)
    if undo.count - undoStart > LearnerProgress.undoLimit { undoStart = undo.count - LearnerProgress.undoLimit }
    if undoStart >= 4096 {
      undo.removeFirst(undoStart)
      undoStart = 0
    }
  }

  private mutating func restore(_ record: HistoryUndoRecord) {
    if record.overruledRun != 0 {
      if record.overruledAttempt >= 0 { attempts[record.overruledAttempt] = record.previousAttempt! }
      if record.overruledFirst >= 0 { first[Int(record.overruledFirst)] = record.previousFirst }
      if record.day >= 0 { dayScores[record.day] = record.previousDay }
      if record.seriesBank >= 0 { series[record.seriesBank] = record.seriesPrevious }
      if let run = record.previousRunState {
        if active?.id == run.id || (record.overruledWhileActive && active == nil) {
          active = run
        } else if !record.overruledWhileActive, endedRuns[run.id] != nil {
          endedRuns[run.id] = run
        }
      }
      return
    }
    if record.attempt >= 0 {
      let k = record.attempt
      attempts[k].undone = true
      undoneAttempts += 1
      if k == attempts.count - 1 {
        attempts.removeLast()
        undoneAttempts -= 1
      }
    }
    if record.question >= 0 {
      let q = Int(record.question)
      counts[q] -= 1
      if record.setFirstAnswer, first[q]?.sequence == record.sequence { first[q] = nil }
    }
    if record.day >= 0 { dayScores[record.day] = record.previousDay }
    if record.seriesBank >= 0 { series[record.seriesBank] = record.seriesPrevious }
    // The run as it was before the answer: the same run rewound to the answer's position (nothing
    // after it can have been recorded, as the answer was the newest undoable step).
    if record.runID != 0, active == nil || active?.id == record.runID {
      guard var run = active?.id == record.runID ? active : endedRuns[record.runID] else { return }
      // Questions added to the run after the answer (requeued) go too, as the run before it had none.
      if record.runLength < run.start.questions.count {
        run.start.questions.removeLast(run.start.questions.count - record.runLength)
        run.outcomes.removeLast(run.outcomes.count - record.runLength)
      }
      for k in record.runPosition..<run.outcomes.count { run.outcomes[k] = nil }
      run.position = record.runPosition
      active = run
    }
  }
}
