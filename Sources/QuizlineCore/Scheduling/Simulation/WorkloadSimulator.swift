/// `simulate`: the learner's own collection run forward day by day under each desired retention,
/// with their weights, their new-card rate, their ratings and their answer times, as Anki's
/// workload view does. Every retention sees the same random numbers (one generator per run, seeded
/// alike), so the figures differ only by the retention; the same seed gives the same figures.
public struct WorkloadSimulator: Sendable {
  /// A card as it stands now: its memory state, when it was last reviewed and when it is due, in
  /// days from the start of the simulation (negative: in the past).
  public struct Card: Sendable, Equatable {
    public var stability: Double
    public var difficulty: Double
    public var lastReviewDay: Int
    public var dueDay: Int
    public init(stability: Double, difficulty: Double, lastReviewDay: Int, dueDay: Int) {
      self.stability = stability
      self.difficulty = difficulty
      self.lastReviewDay = lastReviewDay
      self.dueDay = dueDay
    }
  }

  /// How the learner behaves, from their history (``LearnerBehaviour/from(_:)``).
  public struct LearnerBehaviour: Sendable, Equatable {
    /// Share of first ratings again, hard, good, easy.
    public var firstRatings: [Double] = [0.2, 0.15, 0.5, 0.15]
    /// Share of hard, good, easy among passed reviews.
    public var passRatings: [Double] = [0.1, 0.8, 0.1]
    /// Seconds per first answer, per passed review, per failed review (with its relearning step).
    public var newSeconds = 20.0
    public var passSeconds = 10.0
    public var failSeconds = 25.0
    public init() {}
  }

  public struct Outcome: Sendable, Equatable {
    public var retention: Double
    public var reviewsPerDay: Double
    public var minutesPerDay: Double
    /// The expected number of cards recalled on the last day (sum of their recall probabilities).
    public var knownAtEnd: Double
    /// Minutes of study over the whole simulation per card known at the end.
    public var totalMinutes: Double
    /// Reviews on each simulated day (first answers of new cards and their relearning included).
    public var dailyReviews: [Int] = []
    public var minutesPerCardKnown: Double { knownAtEnd > 0 ? totalMinutes / knownAtEnd : .infinity }
  }

  public var weights: [Double]
  public var cards: [Card]
  public var newCards: Int
  public var newPerDay: Double
  public var behaviour: LearnerBehaviour
  public var maximumInterval: Int
  /// The day a review falls on, as the scheduler picks it: fuzz (`scheduler.enableFuzzing`) within
  /// py-fsrs's range, and the load balancer and easy days (``DayBalancer``) from the simulated due
  /// counts. `startDay` is the UTC day number of the first simulated day (for the weekdays).
  public var scheduler: SchedulerSettings
  public var loadBalance: Bool
  public var easyDays: EasyDays
  public var startDay: Int64

  public init(
    scheduler: SchedulerSettings, cards: [Card], newCards: Int, newPerDay: Double, behaviour: LearnerBehaviour,
    loadBalance: Bool = false, easyDays: EasyDays = .normal, startDay: Int64 = 0
  ) {
    self.weights = scheduler.weights
    self.maximumInterval = scheduler.maximumInterval
    self.cards = cards
    self.newCards = newCards
    self.newPerDay = newPerDay
    self.behaviour = behaviour
    self.scheduler = scheduler
    self.loadBalance = loadBalance
    self.easyDays = easyDays
    self.startDay = startDay
  }

  /// Cards due on each day, kept as cards move, so the balancer sees the simulated load.
  private struct DueLoad {
    var counts: [Int]
    mutating func move(from old: Int?, to new: Int) {
      if let old, old >= 0, old < counts.count { counts[old] -= 1 }
      if new >= 0, new < counts.count { counts[new] += 1 }
    }
    func count(_ day: Int) -> Int { day >= 0 && day < counts.count ? counts[day] : 0 }
  }

  /// The whole days until a card of stability `s` reviewed on `day` is due: the model's interval,
  /// fuzzed and balanced as the scheduler would.
  private func interval(
    _ s: Double, _ m: FSRSModel, day: Int, _ fuzzer: FSRSScheduler, _ load: DueLoad, _ random: inout SplitMix64
  ) -> Int {
    let days = m.intervalDays(s, maximum: maximumInterval)
    guard scheduler.enableFuzzing, days >= 3 else { return days }
    let u = random.nextUniform()
    let bounds = fuzzer.fuzzBounds(days)
    guard loadBalance || !easyDays.isNormal, bounds.count > 1 else { return fuzzer.fuzzedDays(days, u) }
    return DayBalancer.choose(
      in: bounds, today: startDay + Int64(day), dueCounts: bounds.map { load.count(day + $0) },
      balanceLoad: loadBalance, easyDays: easyDays, uniform: u)
  }

  /// Runs `days` days at desired retention `retention`.
  public func run(retention: Double, days: Int, seed: UInt64) -> Outcome {
    let m = FSRSModel(weights: weights, desiredRetention: retention)
    var random = SplitMix64(seed: seed)
    var deck = cards
    var remainingNew = newCards
    var reviews = 0
    var seconds = 0.0
    var newBudget = 0.0
    var daily = [Int](repeating: 0, count: max(days, 0))
    // Days are drawn from their own generator, so ratings meet the same numbers with or without
    // balancing.
    var dayRandom = SplitMix64(seed: seed ^ 0xD1B5_4A32_D192_ED03)
    let fuzzer = FSRSScheduler(settings: scheduler)
    var load = DueLoad(counts: [Int](repeating: 0, count: max(days, 0) + maximumInterval + 2))
    for c in deck { load.move(from: nil, to: c.dueDay) }
    func pick(_ shares: [Double], _ u: Double) -> Int {
      var acc = 0.0
      for (i, s) in shares.enumerated() {
        acc += s
        if u < acc { return i }
      }
      return shares.count - 1
    }
    for day in 0..<days {
      for k in deck.indices where deck[k].dueDay <= day {
        var c = deck[k]
        let r = m.retrievability(elapsedDays: Int64(day - c.lastReviewDay), stability: c.stability)
        let passed = random.nextUniform() < r
        let g: Rating = passed ? Rating(rawValue: 2 + pick(behaviour.passRatings, random.nextUniform()))! : .again
        var s = m.nextStability(c.stability, c.difficulty, r, g)
        var d = m.nextDifficulty(c.difficulty, g)
        reviews += 1
        daily[day] += 1
        seconds += passed ? behaviour.passSeconds : behaviour.failSeconds
        if !passed {
          s = m.shortTermStability(s, .good)
          d = m.nextDifficulty(d, .good)
        }
        c.stability = s
        c.difficulty = d
        c.lastReviewDay = day
        let old = c.dueDay
        c.dueDay = day + interval(s, m, day: day, fuzzer, load, &dayRandom)
        load.move(from: old, to: c.dueDay)
        deck[k] = c
      }
      newBudget += newPerDay
      while newBudget >= 1 && remainingNew > 0 {
        newBudget -= 1
        remainingNew -= 1
        let g = Rating(rawValue: 1 + pick(behaviour.firstRatings, random.nextUniform()))!
        var s = FSRSModel.pick(m.initialStability, g)
        var d = FSRSModel.pick(m.initialDifficulty, g)
        reviews += 1
        daily[day] += 1
        seconds += behaviour.newSeconds
        if g == .again || g == .hard {
          s = m.shortTermStability(s, .good)
          d = m.nextDifficulty(d, .good)
          reviews += 1
          daily[day] += 1
          seconds += behaviour.passSeconds
        }
        let due = day + interval(s, m, day: day, fuzzer, load, &dayRandom)
        load.move(from: nil, to: due)
        deck.append(Card(stability: s, difficulty: d, lastReviewDay: day, dueDay: due))
      }
      if remainingNew == 0 { newBudget = 0 }
    }
    var known = 0.0
    for c in deck {
      known += m.retrievability(elapsedDays: Int64(days - c.lastReviewDay), stability: c.stability)
    }
    let n = Double(max(days, 1))
    return Outcome(
      retention: retention, reviewsPerDay: Double(reviews) / n, minutesPerDay: seconds / 60 / n, knownAtEnd: known,
      totalMinutes: seconds / 60, dailyReviews: daily)
  }
}

extension WorkloadSimulator.LearnerBehaviour {
  /// The learner's rating shares and mean answer times from their reviews (defaults where the
  /// history has none).
  public static func from(_ reviews: [ReviewRecord]) -> Self {
    var b = Self()
    let seq = ReviewSequences(reviews)
    var first = [0.0, 0, 0, 0]
    var pass = [0.0, 0, 0]
    var times = (new: [Double](), pass: [Double](), fail: [Double]())
    let secondsByIndex: [Double] = {
      // ReviewSequences keeps ratings and times; answer times come from the records in the same order.
      let order = reviews.indices.sorted {
        let a = reviews[$0]
        let c = reviews[$1]
        return a.card != c.card ? a.card < c.card : a.at != c.at ? a.at < c.at : $0 < $1
      }
      return order.map { reviews[$0].seconds }
    }()
    for c in 0..<seq.cardCount {
      let start = seq.cardStart[c]
      first[seq.ratings[start].rawValue - 1] += 1
      if secondsByIndex[start] > 0 { times.new.append(secondsByIndex[start]) }
      for i in (start + 1)..<seq.cardStart[c + 1] where seq.deltas[i] > 0 {
        let g = seq.ratings[i]
        if g == .again {
          if secondsByIndex[i] > 0 { times.fail.append(secondsByIndex[i]) }
        } else {
          pass[g.rawValue - 2] += 1
          if secondsByIndex[i] > 0 { times.pass.append(secondsByIndex[i]) }
        }
      }
    }
    func shares(_ x: [Double]) -> [Double]? {
      let t = x.reduce(0, +)
      return t > 0 ? x.map { $0 / t } : nil
    }
    func mean(_ x: [Double]) -> Double? { x.isEmpty ? nil : x.reduce(0, +) / Double(x.count) }
    if let s = shares(first) { b.firstRatings = s }
    if let s = shares(pass) { b.passRatings = s }
    if let m = mean(times.new) { b.newSeconds = m }
    if let m = mean(times.pass) { b.passSeconds = m }
    // A lapse costs the failed answer and the relearning step after it.
    if let m = mean(times.fail) { b.failSeconds = m + b.passSeconds }
    return b
  }
}
