/// One review as the optimizer reads it: which card, when, the rating, and the answer time.
public struct ReviewRecord: Sendable, Equatable {
  /// Any id that is the same for every review of one card.
  public var card: Int
  public var at: Timestamp
  public var rating: Rating
  /// Seconds spent answering (0 when unknown).
  public var seconds: Double

  public init(card: Int, at: Timestamp, rating: Rating, seconds: Double = 0) {
    self.card = card
    self.at = at
    self.rating = rating
    self.seconds = seconds
  }
}

/// Every card's reviews in time order, flattened, with the whole days since the card's previous
/// review (0 for the first and for same-day reviews) and, for each review the loss scores (not a
/// card's first, at least a day after the previous one), its rank among them by time.
///
/// Cards are ordered by id and reviews of one card by time (ties by their order in the input), so
/// the same records give the same sequences whatever their order.
struct ReviewSequences: Sendable {
  var ratings: [Rating] = []
  var deltas: [Int] = []
  var times: [Int64] = []
  /// Card `c`'s reviews are `cardStart[c] ..< cardStart[c + 1]`.
  var cardStart: [Int] = [0]
  /// The rank by time among scored reviews, or -1 for a review that is not scored.
  var rank: [Int] = []
  /// Review index of each rank.
  var byRank: [Int] = []

  var cardCount: Int { cardStart.count - 1 }
  var scoredCount: Int { byRank.count }

  init(_ records: [ReviewRecord]) {
    let order = records.indices.sorted {
      let a = records[$0]
      let b = records[$1]
      if a.card != b.card { return a.card < b.card }
      if a.at != b.at { return a.at < b.at }
      return $0 < $1
    }
    var previous: ReviewRecord?
    var scored: [(time: Int64, index: Int)] = []
    for i in order {
      let r = records[i]
      var delta = 0
      if let p = previous, p.card == r.card {
        delta = Int((r.at.microseconds - p.at.microseconds) / 86_400_000_000)
      } else if previous != nil {
        cardStart.append(ratings.count)
      }
      if delta > 0 { scored.append((r.at.microseconds, ratings.count)) }
      ratings.append(r.rating)
      deltas.append(delta)
      times.append(r.at.microseconds)
      previous = r
    }
    if !ratings.isEmpty { cardStart.append(ratings.count) }
    scored.sort { $0.time != $1.time ? $0.time < $1.time : $0.index < $1.index }
    rank = Array(repeating: -1, count: ratings.count)
    byRank = scored.map(\.index)
    for (k, i) in byRank.enumerated() { rank[i] = k }
  }

  /// Whether review `i` passed (any rating but again).
  func passed(_ i: Int) -> Bool { ratings[i] != .again }
}
