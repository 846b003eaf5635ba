/// The reviews the optimizer trains on, as fsrs-rs chooses them: the scored reviews of the training
/// part (the first `trainingCount` by time), without the cards the outlier filter drops and without
/// reviews past the 256th of a card, each weighted by recency, 0.25 + 0.75·(j/(N−1))³ over the
/// time-ordered training items.
///
/// **Outlier filter** (fsrs-rs `filter_outlier`): each card's first review a day or more after the
/// previous one is grouped by (first rating, days since the first review). Per first rating, the
/// smallest groups (ties: shorter intervals first) are dropped until at least max(20, 5 %) of the
/// rating's cards are gone; a group under 6 cards, or with an interval over 100 days (365 for easy),
/// is dropped too. A dropped group's cards leave training whole.
struct TrainingSelection: Sendable {
  /// Per review: its weight in the loss, 0 when not trained on.
  var weight: [Double]
  /// How many reviews are trained on.
  var count = 0
  /// Each kept card's first long-term review: first rating, its interval, whether it passed.
  var firstLongTerm: [(rating: Rating, delta: Int, passed: Bool)] = []
  /// The pass rate of all training reviews before filtering.
  var averageRecall = 0.0
  /// Cards the outlier filter dropped.
  var droppedCards = 0

  static let maxSequenceLength = 256

  init(_ seq: ReviewSequences, trainingCount cut: Int) {
    weight = Array(repeating: 0, count: seq.ratings.count)
    var cardOf = Array(repeating: 0, count: seq.ratings.count)
    var candidates: [(card: Int, rating: Rating, delta: Int, passed: Bool)] = []
    for c in 0..<seq.cardCount {
      let range = seq.cardStart[c]..<seq.cardStart[c + 1]
      for i in range { cardOf[i] = c }
      if let p = range.first(where: { seq.deltas[$0] > 0 }), seq.rank[p] < cut {
        candidates.append((c, seq.ratings[range.lowerBound], seq.deltas[p], seq.passed(p)))
      }
    }
    let dropped = TrainingSelection.outlierGroups(candidates.map { ($0.rating, $0.delta) })
    var excluded = Array(repeating: false, count: seq.cardCount)
    for c in candidates {
      if dropped.contains(GroupKey(rating: c.rating, delta: c.delta)) {
        excluded[c.card] = true
        droppedCards += 1
      } else {
        firstLongTerm.append((c.rating, c.delta, c.passed))
      }
    }
    var passes = 0
    var kept: [Int] = []
    for k in 0..<min(cut, seq.scoredCount) {
      let i = seq.byRank[k]
      if seq.passed(i) { passes += 1 }
      let c = cardOf[i]
      if !excluded[c] && i - seq.cardStart[c] < TrainingSelection.maxSequenceLength { kept.append(i) }
    }
    averageRecall = cut > 0 ? Double(passes) / Double(min(cut, seq.scoredCount)) : 0
    let denominator = Double(max(kept.count - 1, 1))
    for (j, i) in kept.enumerated() {
      let x = Double(j) / denominator
      weight[i] = 0.25 + 0.75 * x * x * x
    }
    count = kept.count
  }

  struct GroupKey: Hashable {
    var rating: Rating
    var delta: Int
  }

  /// The (first rating, interval) groups fsrs-rs's outlier filter removes.
  static func outlierGroups(_ items: [(rating: Rating, delta: Int)]) -> Set<GroupKey> {
    var sizes: [GroupKey: Int] = [:]
    for item in items { sizes[GroupKey(rating: item.rating, delta: item.delta), default: 0] += 1 }
    var removed: Set<GroupKey> = []
    for rating in Rating.allCases {
      let groups = sizes.filter { $0.key.rating == rating }.map { (delta: $0.key.delta, size: $0.value) }
        .sorted { $0.size != $1.size ? $0.size < $1.size : $0.delta < $1.delta }
      let total = groups.reduce(0) { $0 + $1.size }
      var removedSoFar = 0
      for g in groups {
        let key = GroupKey(rating: rating, delta: g.delta)
        if removedSoFar + g.size >= max(20, total / 20) {
          let longest = rating == .easy ? 365 : 100
          if g.size < 6 || g.delta > longest { removed.insert(key) }
        } else {
          removedSoFar += g.size
          removed.insert(key)
        }
      }
    }
    return removed
  }
}
