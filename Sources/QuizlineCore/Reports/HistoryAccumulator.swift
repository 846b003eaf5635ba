/// Follows a profile's history event by event and keeps what reports need from it: every answer
/// that still counts (the attempt log), each bank's quiz scores over time, and each question's first
/// answer in the period (which learners were active in a class report).
///
/// Runs and `undo` follow the rules of ``RunLedger``, the same code ``LearnerProgress/apply(_:)``
/// runs (an answer is undone by `undone`; undoing the last answer of a finished quiz reopens it and
/// takes its score back). This type only says what reports count: `reset` of a bank clears its score
/// series, and undoing the reset restores it. Tests replay the same events through `apply` and
/// check that the score series give the same ``ScoreStats`` and the attempts the same daily counts.
public struct HistoryAccumulator: HistorySink, Sendable {
  /// Only answers and runs on or after this day (UTC day number) are kept; nil keeps everything.
  public let sinceDay: Int64?
  /// Keep the attempt log (needed for CSV; other formats need only the summaries).
  public let keepAttempts: Bool

  /// The attempt log, from the attempt numbered `attemptBase` on (``drainAttempts(all:_:)`` hands
  /// out the older ones); steps and overrides refer to attempts by their number.
  public private(set) var attempts: [Attempt] = []
  private var attemptBase = 0
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
  /// The last run looked up in `runSources` (or started) and its entry there: a run's answers
  /// come together, so the dictionary is read about once a run.
  private var lastRunSource: (run: Int, source: (HistoryEvent.SourceKind, Int32, Bool)?) = (Int.min, nil)
  /// The questions each bank or checkpoint run started in the period asked (kept with the attempt
  /// log): a question a run asked and never got an answer to scores 0 in the class's test
  /// statistics, as in a submitted Moodle attempt (``TestAttemptCollector``).
  private(set) var testRunQuestions: [Int: [Int32]] = [:]
  /// The runs and the undo stack, as `apply` keeps them (only the last ended run can be reopened or
  /// overridden, so one is enough here).
  private(set) var ledger = RunLedger<HistoryUndoRecord>(stepLimit: LearnerProgress.undoLimit, endedLimit: 1)
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

  /// Hands out the attempts that nothing can change any more, oldest first (undone ones with
  /// ``Attempt/undone`` set), and forgets them, so the attempt log can be written as the history
  /// is read. An attempt can still be undone or overridden only through a step on the undo stack
  /// (its answer's, or an override's), so every attempt older than the oldest one a step refers
  /// to is final. With `all` (the history is over), every attempt.
  public mutating func drainAttempts(all: Bool = false, _ body: (ArraySlice<Attempt>) -> Void) {
    var limit = attemptBase + attempts.count
    if !all {
      for step in ledger.steps {
        if step.attempt >= 0 { limit = min(limit, step.attempt) }
        if let backup = step.override, backup.attempt >= 0 { limit = min(limit, backup.attempt) }
      }
    }
    let n = limit - attemptBase
    guard n > 0 else { return }
    body(attempts[..<n])
    if undoneAttempts > 0 { undoneAttempts -= attempts[..<n].reduce(0) { $0 + ($1.undone ? 1 : 0) } }
    attempts.removeFirst(n)
    attemptBase = limit
  }

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
      let run = HistoryRunState(started: e)
      if let old = ledger.begin(run, ending: ()) { countEnded(old, at: e.at, early: true) }
      if keepAttempts {
        runSources[e.sequence] = (e.sourceKind, e.sourceID, e.practice)
        lastRunSource = (e.sequence, (e.sourceKind, e.sourceID, e.practice))
        let inPeriod = sinceDay.map { floorDiv(e.at, 86_400_000_000) >= $0 } ?? true
        if inPeriod, e.sourceKind == .bank || e.sourceKind == .checkpoint { testRunQuestions[e.sequence] = e.questions }
      }
    case .answered:
      var record = HistoryUndoRecord(sequence: e.sequence)
      let dayNumber = floorDiv(e.at, 86_400_000_000)
      if sinceDay.map({ dayNumber >= $0 }) ?? true {
        countAnswer(e, day: dayNumber, into: &record)
      }
      ledger.answer(record, run: e.run, subject: e.subject, outcome: e.score)
    case .skipped:
      ledger.skip(run: e.run, subject: e.subject, outcome: nil)
    case .runEnded:
      guard let run = ledger.end(run: e.run, ()) else { return }
      if run.sourceKind == .bank, run.hasAnswers {
        let bank = run.sourceID
        let previous = series[bank]
        ledger.amendStepThatMoved(e.run) { top in
          if top.seriesBank < 0 {
            top.seriesBank = bank
            top.seriesPrevious = previous
          }
        }
      }
      countEnded(run, at: e.at, early: e.endedEarly)
    case .sessionCompleted, .sessionReopened:
      ledger.push(HistoryUndoRecord(sequence: e.sequence))
    case .reset:
      var record = HistoryUndoRecord(sequence: e.sequence)
      if e.sourceKind == .bank {
        record.seriesBank = e.subject
        record.seriesPrevious = series[e.subject]
        series[e.subject] = nil
      }
      ledger.push(record)
    case .overridden:
      override(e)
    case .requeued:
      ledger.requeue(run: e.run, e.questions)
    case .undone:
      guard let record = ledger.undo(e.run) else { return }
      restore(record)
    case .other:
      // Not counted, but on `apply`'s undo stack (an adoption of parameters): the same stack here.
      if e.isUndoable { ledger.push(HistoryUndoRecord(sequence: e.sequence)) }
    case .flagged:
      break
    }
  }

  /// An answer in the period: its day, its question's count and first answer, its attempt.
  private mutating func countAnswer(_ e: HistoryEvent, day dayNumber: Int64, into record: inout HistoryUndoRecord) {
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
      // Every run began with a `quizStarted` counted here, so `runSources` has each run's source
      // (the active run's too, without copying it out of the ledger).
      if lastRunSource.run != e.run { lastRunSource = (e.run, runSources[e.run]) }
      let source = lastRunSource.source
      record.attempt = attemptBase + attempts.count
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

  /// An answer's mark overridden, as `LearnerProgress.applyOverride` does: the answer's day,
  /// attempt, first answer and run take the new score (an ended bank run's point in the series
  /// too); nothing when the answer's undo step is gone.
  private mutating func override(_ e: HistoryEvent) {
    guard let answer = ledger.answerStep(e.target, run: e.run), let before = answer.previousRun else { return }
    var record = HistoryUndoRecord(sequence: e.sequence)
    let backup = OverrideUndo()
    record.override = backup
    let delta = e.score - e.previousScore
    let correctDelta = (e.score >= 0.9999 ? 1 : 0) - (e.previousScore >= 0.9999 ? 1 : 0)
    if answer.day >= 0 {
      record.day = answer.day
      record.previousDay = dayScores[answer.day]
      dayScores[answer.day].correct += correctDelta
      dayScores[answer.day].score += delta
    }
    if answer.attempt >= 0 {
      backup.attempt = answer.attempt
      let k = answer.attempt - attemptBase
      backup.previousAttempt = attempts[k]
      attempts[k].score = e.score
      attempts[k].rating = e.rating
    }
    if answer.question >= 0, let f = first[Int(answer.question)], f.sequence == e.target {
      backup.first = answer.question
      backup.previousFirst = f
      first[Int(answer.question)]?.score = e.score
    }
    if let (old, run) = ledger.rescore(run: e.run, at: before.position, e.score) {
      record.overriddenRun = old
      let bank = run.sourceID
      if run.isEnded, run.sourceKind == .bank, let head = series[bank], head.point.run == e.run {
        record.seriesBank = bank
        record.seriesPrevious = head
        var point = head.point
        point.percent = run.percent
        series[bank] = ScoreNode(point: point, next: head.next)
      }
    }
    ledger.push(record)
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

  /// Counts an ended run: a bank quiz with an answer adds a point to the bank's score series.
  private mutating func countEnded(_ run: HistoryRunState, at: Int64, early: Bool) {
    guard run.sourceKind == .bank, run.hasAnswers else { return }
    let bank = run.sourceID
    let point = ScorePoint(run: run.id, endedAt: at, percent: run.percent, endedEarly: early)
    series[bank] = ScoreNode(point: point, next: series[bank] ?? nil)
  }

  /// Puts back the counts an undone step changed (``RunLedger/undo(_:)`` put the runs back).
  private mutating func restore(_ record: HistoryUndoRecord) {
    if let backup = record.override {
      if backup.attempt >= 0 { attempts[backup.attempt - attemptBase] = backup.previousAttempt! }
      if backup.first >= 0 { first[Int(backup.first)] = backup.previousFirst }
    } else {
      if record.attempt >= 0 {
        let k = record.attempt - attemptBase
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
    }
    if record.day >= 0 { dayScores[record.day] = record.previousDay }
    if record.seriesBank >= 0 { series[record.seriesBank] = record.seriesPrevious }
  }
}
