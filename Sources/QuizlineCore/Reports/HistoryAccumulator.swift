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
  /// Each question's first answer in the period, by question (a string index).
  public private(set) var firstAnswers: [Int32: FirstAnswer] = [:]
  /// Answers per question in the period (undone ones excluded).
  public private(set) var answerCounts: [Int32: Int] = [:]
  /// Per UTC day in the period: answers and the sum of their credit (undo puts the previous value
  /// back, as `apply` does for ``LearnerProgress/days``).
  public private(set) var days: [Int64: DayScore] = [:]
  /// Quiz runs by id: where they were drawn from.
  private var runSources: [Int: (HistoryEvent.SourceKind, Int32, Bool)] = [:]
  private var active: RunState?
  private var undo: [UndoRecord] = []
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
  public var banksWithScores: [Int32] { series.filter { $0.value != nil }.map(\.key) }

  /// The attempt log without undone answers.
  public var countedAttempts: [Attempt] { undoneAttempts == 0 ? attempts : attempts.filter { !$0.undone } }

  public mutating func consume(_ e: HistoryEvent, table: StringTable) {
    let inPeriod = sinceDay.map { floorDiv(e.at, 86_400_000_000) >= $0 } ?? true
    switch e.kind {
    case .quizStarted:
      if let old = active { ended(old, at: e.at, early: true) }
      active = RunState(id: e.sequence, start: e, outcomes: Array(repeating: nil, count: e.questions.count))
      runSources[e.sequence] = (e.sourceKind, e.sourceID, e.practice)
    case .answered:
      var record = UndoRecord(sequence: e.sequence)
      if var run = active, run.id == e.run, run.current == e.subject {
        record.previousRun = run
        run.outcomes[run.position] = e.score
        run.position += 1
        active = run
      }
      if inPeriod {
        let day = floorDiv(e.at, 86_400_000_000)
        let before = days[day]
        record.previousDay = (day, before)
        var d = before ?? DayScore()
        d.answers += 1
        if e.score >= 0.9999 { d.correct += 1 }
        d.score += e.score
        days[day] = d
        answerCounts[e.subject, default: 0] += 1
        if firstAnswers[e.subject] == nil {
          firstAnswers[e.subject] = FirstAnswer(sequence: e.sequence, score: e.score, response: e.response)
          record.setFirstAnswer = e.subject
        }
        if keepAttempts {
          let source = runSources[e.run]
          record.attempt = attempts.count
          attempts.append(
            Attempt(
              sequence: e.sequence, at: e.at, run: e.run, score: e.score, seconds: e.seconds, question: e.subject, response: e.response,
              sourceID: source?.1 ?? -1, certainty: e.certainty.map { Int32(clamping: $0) } ?? Attempt.noCertainty, rating: e.rating,
              selfGrade: e.selfGrade, sourceKind: source?.0 ?? .review, known: source != nil, practice: source?.2 ?? false))
        }
        record.countedQuestion = e.subject
      }
      push(record)
    case .skipped:
      if var run = active, run.id == e.run, run.current == e.subject {
        run.outcomes[run.position] = .some(nil)
        run.position += 1
        active = run
      }
    case .runEnded:
      guard let run = active, run.id == e.run else { return }
      if run.start.sourceKind == .bank, run.answeredCount > 0, var top = undo.last, top.previousRun?.id == e.run,
        top.previousSeries[run.start.sourceID] == nil
      {
        top.previousSeries[run.start.sourceID] = .some(series[run.start.sourceID])
        undo[undo.count - 1] = top
      }
      ended(run, at: e.at, early: e.endedEarly)
      active = nil
    case .sessionCompleted, .sessionReopened:
      push(UndoRecord(sequence: e.sequence))
    case .reset:
      var record = UndoRecord(sequence: e.sequence)
      if e.sourceKind == .bank {
        record.previousSeries[e.subject] = .some(series[e.subject])
        series[e.subject] = nil
      }
      push(record)
    case .undone:
      guard let index = undo.lastIndex(where: { $0.sequence == e.run }) else { return }
      let record = undo.remove(at: index)
      restore(record)
    case .flagged, .settingsChanged:
      break
    }
  }

  private mutating func ended(_ run: RunState, at: Int64, early: Bool) {
    guard run.start.sourceKind == .bank, run.answeredCount > 0 else { return }
    let bank = run.start.sourceID
    let point = ScorePoint(run: run.id, endedAt: at, percent: run.percent, endedEarly: early)
    series[bank] = ScoreNode(point: point, next: series[bank] ?? nil)
  }

  private mutating func push(_ record: UndoRecord) {
    undo.append(record)
    if undo.count > LearnerProgress.undoLimit { undo.removeFirst(undo.count - LearnerProgress.undoLimit) }
  }

  private mutating func restore(_ record: UndoRecord) {
    if let k = record.attempt {
      attempts[k].undone = true
      undoneAttempts += 1
      if k == attempts.count - 1 {
        attempts.removeLast()
        undoneAttempts -= 1
      }
    }
    if let q = record.countedQuestion { answerCounts[q, default: 1] -= 1 }
    if let (day, previous) = record.previousDay { days[day] = previous }
    if let q = record.setFirstAnswer, firstAnswers[q]?.sequence == record.sequence { firstAnswers[q] = nil }
    for (bank, previous) in record.previousSeries { series[bank] = previous }
    if let run = record.previousRun, active == nil || active?.id == run.id { active = run }
  }
}

/// One answer in the attempt log (strings are indexes into the history's ``StringTable``).
public struct Attempt: Sendable, Equatable {
  public static let noCertainty = Int32.min
  public var sequence: Int
  public var at: Int64
  public var run: Int
  public var score: Double
  public var seconds: Double
  public var question: Int32
  public var response: Int32
  /// The bank or session the run was drawn from (-1 for review and cram).
  public var sourceID: Int32
  public var certainty: Int32
  /// Rating raw value 1...4, 0 for none.
  public var rating: UInt8
  /// Index into ``SelfGrade/allCases`` plus one, 0 for none.
  public var selfGrade: UInt8
  public var sourceKind: HistoryEvent.SourceKind
  /// False when the run's start is not in the history (the answer is still counted).
  public var known: Bool
  public var practice: Bool
  var undone = false

  public var isCorrect: Bool { score >= 0.9999 }
}

/// The score of one bank quiz that ended.
public struct ScorePoint: Sendable, Equatable {
  /// The run's id (the sequence number of its start).
  public var run: Int
  public var endedAt: Int64
  public var percent: Int
  /// Ended with `end` or by starting another quiz, rather than by answering every question.
  public var endedEarly: Bool
}

/// Answers of one day: how many, how many fully right, and their summed credit.
public struct DayScore: Sendable, Equatable {
  public var answers = 0
  public var correct = 0
  public var score = 0.0
}

/// A question's first answer in the period.
public struct FirstAnswer: Sendable, Equatable {
  public var sequence: Int
  public var score: Double
  public var response: Int32
}

/// A persistent list of score points, so an undo record can hold a whole series in O(1).
final class ScoreNode: @unchecked Sendable {
  let point: ScorePoint
  let next: ScoreNode?

  init(point: ScorePoint, next: ScoreNode?) {
    self.point = point
    self.next = next
  }
}

/// The active run, as `QuizRun` keeps it (scores only).
private struct RunState {
  var id: Int
  var start: HistoryEvent
  var position = 0
  /// nil: not reached; .some(nil): skipped; .some(score): answered.
  var outcomes: [Double??]

  init(id: Int, start: HistoryEvent, outcomes: [Double??]) {
    self.id = id
    self.start = start
    self.outcomes = outcomes
  }

  var current: Int32? { position < start.questions.count ? start.questions[position] : nil }
  var answeredCount: Int { outcomes.filter { ($0 ?? nil) != nil }.count }
  /// Exactly `QuizRun.percent`: the same sum in the same order.
  var percent: Int {
    let total = outcomes.reduce(0.0) { $0 + (($1 ?? nil) ?? 0) }
    return start.questions.isEmpty ? 0 : Int((total / Double(start.questions.count) * 100).rounded())
  }
}

/// What undoing one step puts back.
private struct UndoRecord {
  var sequence: Int
  var previousRun: RunState?
  var previousSeries: [Int32: ScoreNode?] = [:]
  var attempt: Int?
  var countedQuestion: Int32?
  var setFirstAnswer: Int32?
  var previousDay: (Int64, DayScore?)?

  init(sequence: Int) { self.sequence = sequence }
}
