/// What ``HistoryAccumulator`` keeps of runs and undo steps, on interned ids.

/// A quiz run as reports follow it (scores only), by the rules of ``RunLedger``.
struct HistoryRunState: LedgerRun {
  var id: Int
  /// Where the run's questions were drawn from (a bank, a checkpoint, a review) and its id.
  var sourceKind: HistoryEvent.SourceKind
  var sourceID: Int32
  var practice: Bool
  var questions: [Int32]
  var position = 0
  /// nil: not reached; .some(nil): skipped; .some(score): answered.
  var outcomes: [Double??]
  var isEnded = false

  /// The run a `quizStarted` event begins.
  init(started e: HistoryEvent) {
    id = e.sequence
    sourceKind = e.sourceKind
    sourceID = e.sourceID
    practice = e.practice
    questions = e.questions
    outcomes = Array(repeating: nil, count: e.questions.count)
  }

  mutating func record(_ outcome: Double?) {
    outcomes[position] = .some(outcome)
    position += 1
  }

  mutating func append(_ subjects: [Int32]) {
    questions += subjects
    outcomes += Array(repeating: nil, count: subjects.count)
  }

  mutating func rescore(at position: Int, _ score: Double) -> Bool {
    guard position < outcomes.count else { return false }
    if outcomes[position] != nil { outcomes[position] = .some(score) }
    return true
  }

  mutating func end(_ ending: Void) { isEnded = true }

  /// The position, the outcome there (nil: no question there) and whether the run had ended.
  var mark: (position: Int, outcome: Double???, isEnded: Bool) {
    (position, position < outcomes.count ? .some(outcomes[position]) : nil, isEnded)
  }

  mutating func rewind(to mark: (position: Int, outcome: Double???, isEnded: Bool)) {
    if case .some(let outcome) = mark.outcome { outcomes[mark.position] = outcome }
    position = mark.position
    isEnded = mark.isEnded
  }

  var current: Int32? { position < questions.count ? questions[position] : nil }
  /// Whether any of the run's questions was answered (skipped and unreached ones are not).
  var hasAnswers: Bool { outcomes.contains { ($0 ?? nil) != nil } }
  /// Exactly `QuizRun.percent`: each question once (its last answered score, else 0), the same
  /// sum in the same order. A run of at most ``percentScanLimit`` questions (nearly every run) finds
  /// a repeated question by looking back along the run, without a dictionary or an array;
  /// `AccumulatorShortcutTests` checks it against the dictionary's result for random runs.
  var percent: Int {
    let n = min(questions.count, outcomes.count)
    guard n <= Self.percentScanLimit else { return percentBySlot }
    guard n > 0 else { return 0 }
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { scores in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { slots in
        var distinct = 0
        for i in 0..<n {
          var k = -1
          for j in 0..<i where questions[j] == questions[i] {
            k = slots[j]
            break
          }
          if k < 0 {
            k = distinct
            distinct += 1
            scores[k] = 0
          }
          slots[i] = k
          if case .some(.some(let score)) = outcomes[i] { scores[k] = score }
        }
        let total = UnsafeBufferPointer(rebasing: scores[..<distinct]).reduce(0.0) { $0 + $1 }
        return Int(saturating: (total / Double(distinct) * 100).rounded())
      }
    }
  }

  /// Runs longer than this count their questions through a dictionary (``percentBySlot``).
  static let percentScanLimit = 48

  /// ``percent`` through a dictionary of each question's slot (long runs).
  var percentBySlot: Int {
    var slot: [Int32: Int] = [:]
    var scores: [Double] = []
    for (q, outcome) in zip(questions, outcomes) {
      let k: Int
      if let known = slot[q] {
        k = known
      } else {
        k = scores.count
        slot[q] = k
        scores.append(0)
      }
      if case .some(.some(let score)) = outcome { scores[k] = score }
    }
    let total = scores.reduce(0.0) { $0 + $1 }
    return scores.isEmpty ? 0 : Int(saturating: (total / Double(scores.count) * 100).rounded())
  }
}

/// What undoing one step puts back in the reports' counts (``RunLedger`` puts the runs back).
struct HistoryUndoRecord: LedgerStep {
  var sequence: Int
  var previousRun: HistoryRunState?
  var overriddenRun: HistoryRunState?
  /// The bank whose score series this step changed (-1: none) and the series before.
  var seriesBank: Int32 = -1
  var seriesPrevious: ScoreNode?
  /// The attempt-log entry, the question counted and the day changed (-1: none).
  var attempt = -1
  var question: Int32 = -1
  var setFirstAnswer = false
  var day = -1
  var previousDay = DayScore()
  /// An `overridden` event: what it changed as it was (boxed: rare, and steps are copied often).
  var override: OverrideUndo?

  init(sequence: Int) { self.sequence = sequence }
}

/// The attempt and first answer an `overridden` event changed (-1: none), as they were. Written
/// only while its step is made, never after (so sharing it between copies of the step is safe).
final class OverrideUndo: @unchecked Sendable {
  var attempt = -1
  var previousAttempt: Attempt?
  var first: Int32 = -1
  var previousFirst: FirstAnswer?
}
