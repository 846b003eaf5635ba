/// The profile's review history as the one fold sees it: replays events through
/// ``LearnerProgress/apply(_:)`` (or, for several devices' logs, through ``DeviceMerge/fold(_:into:local:watch:)``)
/// and reads, after each one, what `apply` did to the cards it could have touched. A review is an
/// answer with a rating whose card `apply` scheduled; an answer taken back (`undone`), a card cleared
/// (`reset`) or an overruled mark (`overridden`) shows as the card going back to (or being scheduled
/// again from) an earlier state, and the log follows the card.
/// No rule of runs or undo is restated here: whatever `apply` keeps is the history.
public struct ReviewHistoryCollector: Sendable {
  /// The progress after the events applied so far.
  public private(set) var progress = LearnerProgress()
  private var logs = ReviewLogs()

  public init() {}

  /// A collector that also keeps `question`'s whole history (``history``): its resets, where each
  /// review came from, and the card after each imported review.
  public init(following question: QuestionRef) {
    logs.following = question
  }

  /// Applies the next event of a single journal.
  public mutating func apply(_ event: RecordedEvent) {
    logs.apply(event, to: &progress)
  }

  /// Folds several devices' logs in the merged order (time, device, sequence; undo across another
  /// device's events void), with tag 0 the current device at the end, as ``DeviceMerge`` folds them.
  public mutating func fold(_ deviceLogs: [DeviceLog]) {
    var watcher = logs
    DeviceMerge.fold(deviceLogs, into: &progress, local: 0) { progress, event in
      watcher.apply(event, to: &progress)
    }
    logs = watcher
  }

  /// Folds the next event of a profile's only log (``SingleLogFold``: the same as ``fold(_:)`` of that
  /// one log, without holding it); `finish` the fold after its last event.
  public mutating func fold(_ event: RecordedEvent, _ single: inout SingleLogFold) {
    guard single.next(event, &progress) else { return }
    logs.apply(event, to: &progress)
  }

  /// Ends a fold of one log event by event (tag 0 the current device, as ``fold(_:)`` leaves it).
  public mutating func finish(_ single: SingleLogFold) {
    single.finish(&progress, local: 0)
  }

  /// Every review kept, one card id per question (questions in sorted order), ordered by card and time.
  public var reviews: [ReviewRecord] { logs.reviews }

  /// ``reviews``, taken out of the collector, which is left empty (its progress too): `freed` is
  /// called each time about `every` bytes were let go (``ReviewLogs/takeReviews(freeing:_:)``).
  public mutating func takeReviews(freeing every: Int, _ freed: () -> Void) -> [ReviewRecord] {
    progress = LearnerProgress()
    return logs.takeReviews(freeing: every, freed)
  }

  /// Each question's kept reviews in `bank`, oldest first, with the time spent in milliseconds.
  public func reviews(inBank bank: String) -> [ImportedReview] { logs.reviews(inBank: bank) }

  /// Each question's kept reviews in `bank`, oldest first, each with the card before and after it
  /// (what an Anki review log and card need: type, intervals, reps and lapses).
  public func cardReviews(inBank bank: String) -> [QuestionRef: [LoggedReview]] { logs.cardReviews(inBank: bank) }

  /// The history of the question followed (``init(following:)``), as the fold left it; empty for a
  /// collector that follows none.
  public var history: CardHistory { logs.history }
}

/// One kept review with the cards around it: `before` is nil for a card's first review (or its
/// first after a reset), `after` is the card the review left (nil only when it cannot be known).
public struct LoggedReview: Sendable, Equatable {
  public var review: ImportedReview
  public var before: FSRSCard?
  public var after: FSRSCard?
  public init(review: ImportedReview, before: FSRSCard?, after: FSRSCard?) {
    self.review = review
    self.before = before
    self.after = after
  }
}
