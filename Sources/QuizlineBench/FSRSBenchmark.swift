import QuizlineCore

/// `quizline-bench fsrs`: schedules N reviews of N/20 cards (a realistic mix of ratings and review
/// times, fuzz on with a seeded `PythonRandom`) and prints reviews per second.
///
/// The workload is drawn from SplitMix64(2024) exactly as `scripts/fsrs/bench_reference.py` draws
/// it, so for the same N both print the same checksum: the benchmark provably schedules what
/// py-fsrs schedules. Per review three uniforms u1, u2, u3: rating again/hard/good/easy for u1 below
/// 0.10/0.20/0.90/1; timing for u2 below 0.70 on time (due + u3 × 12 h), 0.85 late (due + (1 + 29 u3)
/// days), 0.95 same day (last + u3 × 20 h), else early (last + u3 × (due − last)).
struct FSRSBenchmark {
  let reviews: Int
  let runs: Int
  let fuzz: Bool

  init(arguments: [String]) throws {
    var options = BenchOptions(arguments)
    reviews = try options.int("--reviews", default: 1_000_000, in: 1...1_000_000_000)
    runs = try options.int("--repeat", default: 5, in: 1...1000)
    fuzz = !options.flag("--no-fuzz")
    try options.finish()
  }

  struct Step {
    var rating: Rating
    var timing: UInt8  // 0 on time, 1 late, 2 same day, 3 early
    var u: Double
  }

  static let start = Timestamp(iso8601: "2024-01-01T00:00:00Z")!

  func run() {
    let cardCount = max(1, reviews / 20)
    var random = SplitMix64(seed: 2024)
    var steps: [Step] = []
    steps.reserveCapacity(reviews)
    for _ in 0..<reviews {
      let u1 = random.nextUniform()
      let u2 = random.nextUniform()
      let u3 = random.nextUniform()
      let rating: Rating = u1 < 0.10 ? .again : u1 < 0.20 ? .hard : u1 < 0.90 ? .good : .easy
      let timing: UInt8 = u2 < 0.70 ? 0 : u2 < 0.85 ? 1 : u2 < 0.95 ? 2 : 3
      steps.append(Step(rating: rating, timing: timing, u: u3))
    }
    let scheduler = FSRSScheduler(settings: SchedulerSettings(enableFuzzing: fuzz))
    var times: [Double] = []
    var cards: [FSRSCard] = []
    for run in 0...runs {  // run 0 warms caches and is not counted
      cards = (0..<cardCount).map { FSRSCard.new(at: Self.start.adding(seconds: Int64($0))) }
      var fuzzRandom = PythonRandom(seed: 42)
      let t0 = monotonicSeconds()
      Self.replay(steps, on: &cards, with: scheduler, random: &fuzzRandom)
      if run > 0 { times.append(monotonicSeconds() - t0) }
    }
    var stabilitySum = 0.0
    var dueSum: Int64 = 0
    for c in cards {
      stabilitySum += c.stability ?? 0
      dueSum &+= c.due.microseconds / 1_000_000
    }
    let m = median(times)
    print(
      "fsrs: \(reviews) reviews of \(cardCount) cards, fuzz \(fuzz ? "on" : "off"), \(runs) runs after a warm-up"
    )
    print("fsrs: median \(String(m)) s, best \(String(times.min()!)) s")
    print(
      "fsrs: reviews/s \(Int((Double(reviews) / m).rounded())) (\(humanRate(Double(reviews) / m)))")
    print("fsrs: checksum stability \(stabilitySum) due \(dueSum)")
  }

  static func replay(
    _ steps: [Step], on cards: inout [FSRSCard], with scheduler: FSRSScheduler,
    random: inout PythonRandom
  ) {
    let n = cards.count
    cards.withUnsafeMutableBufferPointer { cards in
      var j = 0
      for step in steps {
        let card = cards[j]
        let now: Timestamp
        switch step.timing {
        case 0: now = card.due.adding(microseconds: Int64(step.u * 43_200_000_000.0))
        case 1: now = card.due.adding(microseconds: Int64((1 + step.u * 29) * 86_400_000_000.0))
        case 2:
          now = (card.lastReview ?? card.due).adding(microseconds: Int64(step.u * 72_000_000_000.0))
        default:
          if let last = card.lastReview {
            now = last.adding(
              microseconds: Int64(step.u * Double(card.due.microseconds - last.microseconds)))
          } else {
            now = card.due
          }
        }
        cards[j] = scheduler.review(card, rating: step.rating, at: now, random: &random)
        j += 1
        if j == n { j = 0 }
      }
    }
  }
}
