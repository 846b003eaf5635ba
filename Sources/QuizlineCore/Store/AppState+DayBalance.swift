/// Load balancing and easy days at the answer (`config load-balance`, `config easy-days`): the
/// reducer picks the day of a fuzzed review from the cards due on each day of its fuzz range and
/// records it in the event (`days`), so `apply` and replay need no due counts.
extension AppState {
  /// The interval in days that load balancing and easy days choose for an answer rated `rating`,
  /// to be recorded as event `sequence` at `at` for `question` (whose card is `card`); nil when the
  /// seeded fuzz decides: no rating, an interval that is not fuzzed, a fuzz range of one day, or
  /// both options off. The draw comes from the event's own generator (``LearnerProgress/eventRandom(sequence:question:)``).
  mutating func balancedDays(
    question: QuestionRef, card: FSRSCard?, rating: Rating?, at: Timestamp, sequence: Int, skippingLearningSteps: Bool
  ) -> Int? {
    let settings = progress.settings
    guard let rating, settings.loadBalance || !settings.easyDays.isNormal,
      let bounds = progress.schedulerCache.fuzzBounds(
        after: card ?? .new(at: at), rating: rating, at: at, settings: settings.scheduler,
        skippingLearningSteps: skippingLearningSteps),
      bounds.count > 1
    else { return nil }
    let today = at.dayNumber
    let counts = dueCounts(
      onDays: (today + Int64(bounds.lowerBound))...(today + Int64(bounds.upperBound)), excluding: question)
    var random = LearnerProgress.eventRandom(sequence: sequence, question: question)
    return DayBalancer.choose(
      in: bounds, today: today, dueCounts: counts, balanceLoad: settings.loadBalance, easyDays: settings.easyDays,
      uniform: random.nextUniform())
  }

  /// The cards due on each UTC day of `days` (in order), of every bank, leaving out `excluding`
  /// (the card being scheduled), suspended cards and questions no longer in the catalog. One pass
  /// over the progress: O(cards).
  func dueCounts(onDays days: ClosedRange<Int64>, excluding: QuestionRef) -> [Int] {
    var counts = [Int](repeating: 0, count: Int(days.upperBound - days.lowerBound + 1))
    for (ref, p) in progress.questions {
      guard let card = p.card, !p.suspended else { continue }
      let day = card.due.dayNumber
      guard days.contains(day), ref != excluding, catalog.question(ref) != nil else { continue }
      counts[Int(day - days.lowerBound)] += 1
    }
    return counts
  }
}
