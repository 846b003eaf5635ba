/// The profile's review history as the one fold sees it: replays events through
/// ``LearnerProgress/apply(_:)`` and reads, after each one, what `apply` did to the cards it could
/// have touched. A review is an answer with a rating whose card `apply` scheduled; an answer taken
/// back (`undone`), a card cleared (`reset`) or an overruled mark (`overridden`) shows as the card
/// going back to (or being scheduled again from) an earlier state, and the log follows the card.
/// No rule of runs or undo is restated here: whatever `apply` keeps is the history.
public struct ReviewHistoryCollector: Sendable {
  /// The progress after the events applied so far.
  public private(set) var progress = LearnerProgress()

  private struct Entry: Sendable {
    var at: Timestamp
    var rating: Rating
    var seconds: Double
    var card: FSRSCard
  }
  private var logs: [QuestionRef: [Entry]] = [:]
  /// Logs a reset cleared, kept so that undoing the reset brings them back.
  private var cleared: [QuestionRef: [[Entry]]] = [:]

  public init() {}

  public mutating func apply(_ event: RecordedEvent) {
    progress.apply(event)
    switch event.payload {
    case .answered(let a):
      if let rating = a.rating { record(a.question, at: event.at, rating: rating, seconds: a.seconds) }
    case .overridden(let o):
      if let rating = o.rating, let card = progress.questions[o.question]?.card, card != logs[o.question]?.last?.card {
        var log = logs[o.question] ?? []
        let seconds = log.last?.at == o.answeredAt ? log.removeLast().seconds : 0
        log.append(Entry(at: o.answeredAt, rating: rating, seconds: seconds, card: card))
        logs[o.question] = log
      }
    case .undone, .reset:
      for ref in Array(logs.keys) + Array(cleared.keys) { reconcile(ref) }
    default: break
    }
  }

  private mutating func record(_ ref: QuestionRef, at: Timestamp, rating: Rating, seconds: Double) {
    guard let card = progress.questions[ref]?.card, card != logs[ref]?.last?.card, card.lastReview == at else {
      return
    }
    logs[ref, default: []].append(Entry(at: at, rating: rating, seconds: seconds, card: card))
  }

  /// Makes the log of `ref` end at the card `apply` left.
  private mutating func reconcile(_ ref: QuestionRef) {
    let card = progress.questions[ref]?.card
    var log = logs[ref] ?? []
    if log.last?.card == card { return }
    guard let card else {
      if !log.isEmpty { cleared[ref, default: []].append(log) }
      logs[ref] = nil
      return
    }
    while let last = log.last, last.card != card { log.removeLast() }
    if log.isEmpty, let stash = cleared[ref]?.last, stash.last?.card == card {
      log = stash
      cleared[ref]?.removeLast()
    }
    logs[ref] = log.isEmpty ? nil : log
  }

  /// Every review kept, one card id per question (questions in sorted order), ordered by card and time.
  public var reviews: [ReviewRecord] {
    var out: [ReviewRecord] = []
    for (id, ref) in logs.keys.sorted().enumerated() {
      for e in logs[ref]! { out.append(ReviewRecord(card: id, at: e.at, rating: e.rating, seconds: e.seconds)) }
    }
    return out
  }
}
