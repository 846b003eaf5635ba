/// The FSRS-6 scheduler: given a card, a rating and the review instant, the card's next memory state
/// and due instant, exactly as py-fsrs 6.3.2's `Scheduler.review_card` computes them.
///
/// Pure and deterministic: the clock and the fuzz randomness come in as arguments. Build it from
/// settings that passed `SchedulerSettings.validate()`; with other settings it still never traps
/// (except for a weight count other than 21, a programming error), but its results are unspecified.
public struct FSRSScheduler: Sendable {
  /// The settings this scheduler was built from.
  public let settings: SchedulerSettings
  let model: FSRSModel
  let learningSteps: [Int64]  // microseconds
  let relearningSteps: [Int64]  // microseconds
  let maximumInterval: Int

  static let dayMicros: Int64 = 86_400_000_000

  /// A scheduler for `settings` (whose weights must number 21).
  public init(settings: SchedulerSettings) {
    self.settings = settings
    // The default weights share the static array's storage, so the comparison is usually one check.
    model =
      settings.weights == SchedulerSettings.defaultWeights && settings.desiredRetention == 0.9
      ? FSRSModel.defaults
      : FSRSModel(weights: settings.weights, desiredRetention: settings.desiredRetention)
    learningSteps = settings.learningSteps.map {
      $0.multipliedReportingOverflow(by: 1_000_000).partialValue
    }
    relearningSteps = settings.relearningSteps.map {
      $0.multipliedReportingOverflow(by: 1_000_000).partialValue
    }
    maximumInterval = settings.maximumInterval
  }

  /// The card after a review rated `rating` at `now`, with fuzz (when `settings.enableFuzzing`)
  /// drawn from `random`.
  ///
  /// `random.nextUniform()` is called exactly once per fuzzed interval (a review-phase outcome of
  /// 3 days or more), as py-fsrs calls `random.random()`: with `PythonRandom` seeded like Python's
  /// `random.seed(n)`, fuzzed intervals equal the reference's.
  ///
  /// `skippingLearningSteps`: a card in the learning phase is scheduled as by a scheduler without
  /// learning steps (a new card rated good graduates to its first review interval).
  ///
  /// `chosenDays`: the interval the load balancer or easy days chose (``DayBalancer``); taken in
  /// place of the fuzz when it lies inside the fuzz bounds of the interval computed here (then no
  /// random number is drawn), else ignored.
  public func review(
    _ card: FSRSCard, rating: Rating, at now: Timestamp, random: inout some FuzzRandom,
    skippingLearningSteps: Bool = false, chosenDays: Int? = nil
  ) -> FSRSCard {
    var (next, interval, inDays) = schedule(card, rating, now, skippingLearningSteps: skippingLearningSteps)
    // py-fsrs leaves `interval_days < 2.5` alone and draws no random number for it.
    if inDays && settings.enableFuzzing && interval >= 3 {
      if let chosenDays, fuzzBounds(interval).contains(chosenDays) {
        interval = chosenDays
      } else {
        interval = fuzzedDays(interval, random.nextUniform())
      }
    }
    next.due = now.saturatingAdding(inDays ? Self.days(interval) : Int64(interval))
    return next
  }

  /// The card after a review rated `rating` at `now`, never fuzzed (whatever
  /// `settings.enableFuzzing` says): the reference's result with `enable_fuzzing=False`.
  public func review(_ card: FSRSCard, rating: Rating, at now: Timestamp) -> FSRSCard {
    var (next, interval, inDays) = schedule(card, rating, now)
    next.due = now.saturatingAdding(inDays ? Self.days(interval) : Int64(interval))
    return next
  }

  /// The whole days the next interval of `card` rated `rating` at `now` may be fuzzed to
  /// (``fuzzBounds(_:)``); nil when it is not fuzzed (a step, under 3 days, or fuzz off).
  public func fuzzBounds(
    after card: FSRSCard, rating: Rating, at now: Timestamp, skippingLearningSteps: Bool = false
  ) -> ClosedRange<Int>? {
    let (_, interval, inDays) = schedule(card, rating, now, skippingLearningSteps: skippingLearningSteps)
    guard inDays && settings.enableFuzzing && interval >= 3 else { return nil }
    return fuzzBounds(interval)
  }

  /// The probability of recalling `card` at `now` (0 for a card never reviewed). Elapsed time counts
  /// in whole 24-hour periods since the last review, so it steps once a day.
  func retrievability(of card: FSRSCard, at now: Timestamp) -> Double {
    guard let last = card.lastReview, let s = card.stability else { return 0 }
    return model.retrievability(elapsedDays: Self.elapsedDays(from: last, to: now), stability: s)
  }

  /// The unfuzzed interval each rating would give `card` if reviewed at `now`, for previews such as
  /// "again 1 min · good 10 min".
  func nextIntervals(for card: FSRSCard, at now: Timestamp) -> [Rating: ReviewInterval] {
    var out: [Rating: ReviewInterval] = [:]
    for rating in Rating.allCases {
      let (_, interval, inDays) = schedule(card, rating, now)
      out[rating] = ReviewInterval(microseconds: inDays ? Self.days(interval) : Int64(interval))
    }
    return out
  }

  /// Whole 24-hour periods from `last` to `now`, rounded down (negative when `now` is earlier).
  static func elapsedDays(from last: Timestamp, to now: Timestamp) -> Int64 {
    let (d, overflow) = now.microseconds.subtractingReportingOverflow(last.microseconds)
    if overflow {
      return now.microseconds < last.microseconds ? Int64.min / dayMicros : Int64.max / dayMicros
    }
    return floorDiv(d, dayMicros)
  }

  @inline(__always) static func days(_ n: Int) -> Int64 {
    let (m, overflow) = Int64(n).multipliedReportingOverflow(by: dayMicros)
    return overflow ? (n < 0 ? Int64.min : Int64.max) : m
  }

  /// Memory update and next phase; the interval is in whole days when `inDays` (a review-phase
  /// outcome, fuzz not yet applied), else in microseconds (a step).
  @inline(__always)
  func schedule(_ card: FSRSCard, _ g: Rating, _ now: Timestamp, skippingLearningSteps: Bool = false) -> (
    FSRSCard, interval: Int, inDays: Bool
  ) {
    var c = card
    c.lastReview = now
    // Memory: stability from the old difficulty, then the difficulty.
    if let s = card.stability, let d = card.difficulty {
      if let last = card.lastReview {
        let t = Self.elapsedDays(from: last, to: now)
        if t < 1 {
          c.stability = model.shortTermStability(s, g)
        } else {
          c.stability = model.nextStability(
            s, d, model.retrievability(elapsedDays: t, stability: s), g)
        }
      } else {
        // py-fsrs: retrievability 0 without a last review.
        c.stability = model.nextStability(s, d, 0, g)
      }
      c.difficulty = model.nextDifficulty(d, g)
    } else {
      // First review (py-fsrs requires phase learning here; any phase is treated alike).
      c.stability = FSRSModel.pick(model.initialStability, g)
      c.difficulty = FSRSModel.pick(model.initialDifficulty, g)
    }
    // Phase and interval.
    switch card.phase {
    case .learning, .relearning:
      let steps = card.phase == .learning ? (skippingLearningSteps ? [] : learningSteps) : relearningSteps
      let n = steps.count
      let step = max(card.step ?? 0, 0)
      if n == 0 || (step >= n && g != .again) { return graduate(&c) }
      switch g {
      case .again:
        c.step = 0
        return (c, Int(steps[0]), false)
      case .hard:
        c.step = step
        if step == 0 && n == 1 {
          return (
            c, Int(Self.halfEvenDiv(steps[0].multipliedReportingOverflow(by: 3).partialValue, 2)),
            false
          )
        }
        if step == 0 { return (c, Int(Self.halfEvenDiv(steps[0] &+ steps[1], 2)), false) }
        return (c, Int(steps[step]), false)
      case .good:
        if step + 1 == n { return graduate(&c) }
        c.step = step + 1
        return (c, Int(steps[step + 1]), false)
      case .easy:
        return graduate(&c)
      }
    case .review:
      if g == .again && !relearningSteps.isEmpty {
        c.phase = .relearning
        c.step = 0
        return (c, Int(relearningSteps[0]), false)
      }
      return (c, model.intervalDays(c.stability!, maximum: maximumInterval), true)
    }
  }

  @inline(__always) func graduate(_ c: inout FSRSCard) -> (FSRSCard, interval: Int, inDays: Bool) {
    c.phase = .review
    c.step = nil
    return (c, model.intervalDays(c.stability!, maximum: maximumInterval), true)
  }

  /// `a / b` rounded to the nearest integer, ties to even (Python's timedelta × and / by a float).
  static func halfEvenDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = floorDiv(a, b)
    let r = a - q * b  // 0 ≤ r < b
    let twice = 2 * r
    if twice > b || (twice == b && q & 1 == 1) { return q + 1 }
    return q
  }

  /// py-fsrs's fuzz: a whole-day interval of 3 days or more (shorter ones are the caller's to leave
  /// alone) moved within a range that widens with it (5% to 15% of the interval), `u` uniform in
  /// [0, 1).
  func fuzzedDays(_ days: Int, _ u: Double) -> Int {
    let maximum = Double(maximumInterval)
    let (lo, hi) = clampedFuzzRange(days)
    let fuzzed = min(FSRSModel.roundHalfEven(u * (hi - lo + 1) + lo), maximum)
    return fuzzed >= 0 ? Int(fuzzed) : 0  // negative only for a maximum interval below 2 (invalid)
  }

  /// py-fsrs's range for a whole-day interval of 3 days or more, at least 2 days and at most the
  /// maximum interval.
  @inline(__always) func clampedFuzzRange(_ days: Int) -> (lo: Double, hi: Double) {
    var (lo, hi) = Self.fuzzRange(days)
    lo = max(2, lo)
    hi = min(hi, Double(maximumInterval))
    return (min(lo, hi), hi)
  }

  /// The days a load-balanced interval of `days` (3 or more) may take: py-fsrs's clamped range.
  /// (py-fsrs's own draw rounds `u × (hi − lo + 1) + lo`, so its fuzz reaches `hi + 1` in about one
  /// case in `2 (hi − lo + 1)`; the balancer keeps to the range as Anki does.)
  func fuzzBounds(_ days: Int) -> ClosedRange<Int> {
    let (lo, hi) = clampedFuzzRange(days)
    return Int(lo)...Int(hi)
  }

  /// `fuzzRangeFormula(days)` without its chain of floating-point steps: a table below 20 days, and
  /// from 20 days on its closed form. There `delta = 1 + 0.15 × 4.5 + 0.1 × 13 + 0.05 (n − 20)`
  /// `= (2n + 79) / 40`, so `n ∓ delta` is an odd number of 40ths: never a tie, and at least 1/40
  /// from one, while the Double formula errs by less than 2^-20 for `n < 2^30`. Rounding to the
  /// nearest is then `floor((38n − 59) / 40)` and `floor((42n + 99) / 40)`. `FuzzRangeTests` compares
  /// the two for every interval up to 2^22 days and for samples up to 2^30.
  @inline(__always) static func fuzzRange(_ days: Int) -> (lo: Double, hi: Double) {
    if days >= 20 && days < 1 << 30 {
      return (Double((38 * days - 59) / 40), Double((42 * days + 99) / 40))
    }
    if days >= 0 && days < 20 { return smallFuzzRanges[days] }
    return fuzzRangeFormula(days)
  }

  static let smallFuzzRanges: [(lo: Double, hi: Double)] = (0..<20).map(fuzzRangeFormula)

  /// py-fsrs's fuzz range for a whole-day interval, before the clamps to 2 and the maximum interval.
  static func fuzzRangeFormula(_ days: Int) -> (lo: Double, hi: Double) {
    // py-fsrs rounds to Python ints; every value here is a small whole number, exact as a Double.
    let n = Double(days)
    var delta = 1.0
    delta += 0.15 * max(min(n, 7.0) - 2.5, 0.0)
    delta += 0.1 * max(min(n, 20.0) - 7.0, 0.0)
    delta += 0.05 * max(n - 20.0, 0.0)
    // n - delta > 0 for n >= 3
    return (FSRSModel.roundHalfEven(n - delta), FSRSModel.roundHalfEven(n + delta))
  }
}

extension Timestamp {
  /// This instant moved by `delta` microseconds, stopping at the ends of the range.
  @inline(__always) func saturatingAdding(_ delta: Int64) -> Timestamp {
    let (sum, overflow) = microseconds.addingReportingOverflow(delta)
    return Timestamp(microseconds: overflow ? (delta < 0 ? Int64.min : Int64.max) : sum)
  }
}
