/// What ``HistoryAccumulator`` keeps of runs and undo steps, on interned ids.

/// The active run, as `QuizRun` keeps it (scores only).
struct HistoryRunState {
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
  /// Exactly `QuizRun.percent`: each question once (its last answered score, else 0), the same
  /// sum in the same order.
  var percent: Int {
    var slot: [Int32: Int] = [:]
    var scores: [Double] = []
    for (q, outcome) in zip(start.questions, outcomes) {
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

/// What undoing one step puts back (the fields of `apply`'s `UndoEntry` that reports need).
struct HistoryUndoRecord {
  var sequence: Int
  /// The run the answer moved on, and the position it was at (0: none).
  var runID = 0
  var runPosition = 0
  /// The run's number of questions when the answer was given (`requeued` adds to it).
  var runLength = 0
  /// The bank whose score series this step changed (-1: none) and the series before.
  var seriesBank: Int32 = -1
  var seriesPrevious: ScoreNode?
  /// The attempt-log entry, the question counted and the day changed (-1: none).
  var attempt = -1
  var question: Int32 = -1
  var setFirstAnswer = false
  var day = -1
  var previousDay = DayScore()
  /// An `overridden` event: the run whose outcome it changed (0: none), the run before, and the
  /// attempt and first answer it changed (-1: none) as they were.
  var overruledRun = 0
  var overruledWhileActive = false
  var previousRunState: HistoryRunState?
  var overruledAttempt = -1
  var previousAttempt: Attempt?
  var overruledFirst: Int32 = -1
  var previousFirst: FirstAnswer?

  init(sequence: Int) { self.sequence = sequence }

  /// As `UndoEntry.movedRun`: the run an answer, or an override during the run, moved (0: none).
  var movedRun: Int { runID != 0 ? runID : overruledWhileActive ? overruledRun : 0 }
}
