import Testing

@testable import QuizlineCore

/// The spec's worked example (§7) and py-fsrs 6.3.2's own published tests, values from the reference.
extension SchedulingTests {
  @Suite struct FSRSSchedulerTests {
    static let start = Timestamp(iso8601: "2022-11-29T12:30:00Z")!
    static let noFuzz = FSRSScheduler(settings: SchedulerSettings(enableFuzzing: false))

    /// py-fsrs `test_review_card`: every review exactly at its due instant.
    @Test func workedExampleMatchesReferenceTable() {
      let ratings: [Rating] = [
        .good, .good, .good, .good, .good, .good, .again, .again, .good, .good, .good, .good, .good,
      ]
      let expected: [(CardPhase, Int?, Double, Double, Int64)] = [
        (.learning, 1, 2.3065, 2.118103970459016, 600),
        (.review, nil, 2.3065, 2.111214235785395, 2 * 86_400),
        (.review, nil, 10.971048263078135, 2.1043313908464483, 11 * 86_400),
        (.review, nil, 46.316858440073425, 2.0974554287524403, 46 * 86_400),
        (.review, nil, 162.99981577472244, 2.0905863426205262, 163 * 86_400),
        (.review, nil, 497.8765551245907, 2.083724125574744, 498 * 86_400),
        (.relearning, 0, 6.890412507565338, 7.383202320049203, 600),
        (.relearning, 0, 2.154598374301973, 9.125104766121234, 600),
        (.review, nil, 2.154598374301973, 9.11120803065195, 2 * 86_400),
        (.review, nil, 3.9831233795187773, 9.097325191918136, 4 * 86_400),
        (.review, nil, 7.236254476883319, 9.083456236023055, 7 * 86_400),
        (.review, nil, 12.483043578674472, 9.06960114908387, 12 * 86_400),
        (.review, nil, 20.77035728499242, 9.055759917231622, 21 * 86_400),
      ]
      var card = FSRSCard.new(at: Self.start)
      for (rating, (phase, step, s, d, seconds)) in zip(ratings, expected) {
        let at = card.due
        card = Self.noFuzz.review(card, rating: rating, at: at)
        #expect(card.phase == phase)
        #expect(card.step == step)
        #expect(card.stability == s)
        #expect(card.difficulty == d)
        #expect(card.due == at.adding(seconds: seconds))
        #expect(card.lastReview == at)
      }
    }

    @Test(arguments: [
      (Rating.again, CardPhase.learning, 0.212, 6.4133, Int64(60)),
      (.hard, .learning, 1.2931, 5.112170705601056, 330),
      (.good, .learning, 2.3065, 2.118103970459016, 600),
      (.easy, .review, 8.2956, 1.0, 8 * 86_400),
    ])
    func firstReviewOfNewCard(
      rating: Rating, phase: CardPhase, s: Double, d: Double, seconds: Int64
    ) {
      let card = Self.noFuzz.review(.new(at: Self.start), rating: rating, at: Self.start)
      #expect(card.phase == phase)
      #expect(card.step == (phase == .review ? nil : rating == .good ? 1 : 0))
      #expect(card.stability == s)
      #expect(card.difficulty == d)
      #expect(card.due == Self.start.adding(seconds: seconds))
    }

    /// py-fsrs `test_memo_state`.
    @Test func memoryStateAfterIrregularReviews() {
      var card = FSRSCard.new(at: Self.start)
      var at = Self.start
      for (rating, days) in zip(
        [Rating.again, .good, .good, .good, .good, .good], [Int64(0), 0, 1, 3, 8, 21])
      {
        at = at.adding(days: days)
        card = Self.noFuzz.review(card, rating: rating, at: at)
      }
      #expect(card.stability == 53.626902917141365)
      #expect(card.difficulty == 6.357487083997829)
      #expect(abs(card.stability! - 53.62691) < 1e-4 && abs(card.difficulty! - 6.3574867) < 1e-4)
    }

    /// py-fsrs `test_repeated_correct_reviews`.
    @Test func repeatedEasyReviewsBottomOutDifficulty() {
      var card = FSRSCard.new(at: Self.start)
      for i in 0..<10 {
        card = Self.noFuzz.review(
          card, rating: .easy, at: Self.start.adding(microseconds: Int64(i)))
      }
      #expect(card.difficulty == 1.0)
    }

    /// py-fsrs `test_same_day_hard_review_does_not_decrease_stability` (the 6.3.2 clamp).
    @Test func sameDayHardReviewKeepsStability() {
      let scheduler = FSRSScheduler(
        settings: SchedulerSettings(learningSteps: [], enableFuzzing: false))
      let first = scheduler.review(.new(at: Self.start), rating: .good, at: Self.start)
      #expect(first.phase == .review && first.stability == 2.3065)
      let second = scheduler.review(first, rating: .hard, at: Self.start.adding(seconds: 60))
      #expect(second.stability == 2.3065)
      #expect(second.due == Self.start.adding(seconds: 60).adding(days: 2))
    }

    /// py-fsrs `test_fuzz`: Good, Good at due, Good at due; the last interval with `random.seed(n)`.
    @Test(arguments: [(42, Int64(12)), (12345, 11)])
    func seededFuzzReproducesReference(seed: Int, days: Int64) {
      let scheduler = FSRSScheduler(settings: .default)
      var random = PythonRandom(seed: seed)
      var card = scheduler.review(
        .new(at: Self.start), rating: .good, at: Self.start, random: &random)
      card = scheduler.review(card, rating: .good, at: card.due, random: &random)
      let previousDue = card.due
      card = scheduler.review(card, rating: .good, at: card.due, random: &random)
      #expect(card.stability == 10.971048263078135)
      #expect(card.due == previousDue.adding(days: days))
    }

    /// Spec §6: for 11 days, lo 9 and hi 13, and the `+1` quirk reaches 14.
    @Test func fuzzStaysInReferenceRange() {
      let scheduler = FSRSScheduler(settings: .default)
      var seen = Set<Int>()
      for k in 0..<2000 { seen.insert(scheduler.fuzzedDays(11, Double(k) / 2000)) }
      #expect(seen == Set(9...14))
      #expect(scheduler.fuzzedDays(11, 0.999_999_999) == 14)
      var random = SplitMix64(seed: 1)
      for n in 3...400 {
        let fuzzed = scheduler.fuzzedDays(n, random.nextUniform())
        #expect(
          fuzzed >= max(2, Int((Double(n) * 0.85).rounded(.down)) - 1)
            && fuzzed <= Int(Double(n) * 1.15) + 2)
      }
    }

    @Test func shortIntervalsAndStepsAreNeverFuzzedNorDrawRandomness() {
      struct Counting: FuzzRandom {
        var calls = 0
        mutating func nextUniform() -> Double {
          calls += 1
          return 0.999
        }
      }
      var random = Counting()
      let scheduler = FSRSScheduler(settings: .default)
      var card = scheduler.review(
        .new(at: Self.start), rating: .good, at: Self.start, random: &random)
      card = scheduler.review(card, rating: .good, at: card.due, random: &random)  // 2 days
      #expect(random.calls == 0)
      #expect(card.due == card.lastReview!.adding(days: 2))
      // 11 days, fuzzed.
      card = scheduler.review(card, rating: .good, at: card.due, random: &random)
      #expect(random.calls == 1)
      #expect(card.due == card.lastReview!.adding(days: 14))
    }

    @Test func fastRoundingMatchesRoundHalfEven() {
      var random = SplitMix64(seed: 3)
      var xs: [Double] = [
        0, 0.5, 1.5, 2.5, 3.5, 0.49999999999999994, 4_503_599_627_370_495.5, 1e300,
        2.5000000000000004,
      ]
      for k in 0..<2000 { xs.append(Double(k) / 2) }
      for _ in 0..<20_000 { xs.append(random.nextUniform() * 1e7) }
      for x in xs { #expect(FSRSModel.roundHalfEven(x) == x.rounded(.toNearestOrEven), "\(x)") }
    }

    @Test func maximumIntervalCapsReviews() {
      let scheduler = FSRSScheduler(
        settings: SchedulerSettings(maximumInterval: 5, enableFuzzing: false))
      let card = scheduler.review(.new(at: Self.start), rating: .easy, at: Self.start)
      #expect(card.due == Self.start.adding(days: 5))
    }

    @Test func stepsShorterThanCardsStepGraduate() {
      let long = FSRSScheduler(
        settings: SchedulerSettings(learningSteps: [60, 600, 3600], enableFuzzing: false))
      var card = long.review(.new(at: Self.start), rating: .good, at: Self.start)
      card = long.review(card, rating: .good, at: card.due)
      #expect(card.step == 2)
      let short = FSRSScheduler(
        settings: SchedulerSettings(learningSteps: [60], enableFuzzing: false))
      #expect(short.review(card, rating: .hard, at: card.due).phase == .review)
      #expect(short.review(card, rating: .again, at: card.due).step == 0)
    }

    @Test func retrievabilityStepsDailyAndIgnoresEarlyTime() {
      let card = FSRSCard(
        phase: .review, step: nil, stability: 10, difficulty: 5, due: Self.start,
        lastReview: Self.start)
      let r = { (days: Int64) in
        Self.noFuzz.retrievability(
          of: card, at: Self.start.adding(days: days).adding(seconds: 5 * 3600))
      }
      #expect(r(0) == 1.0)
      #expect(r(1) == 0.9856824087775146)
      #expect(r(10) == 0.9)
      #expect(r(100) == 0.6928266345726217)
      #expect(r(-3) == 1.0)
      #expect(Self.noFuzz.retrievability(of: .new(at: Self.start), at: Self.start) == 0)
    }

    @Test func previewsEachRatingWithoutChangingTheCard() {
      let card = FSRSCard.new(at: Self.start)
      let previews = Self.noFuzz.nextIntervals(for: card, at: Self.start)
      #expect(previews[.again]?.microseconds == 60_000_000)
      #expect(previews[.hard]?.description == "5.5 min")
      #expect(previews[.good]?.description == "10 min")
      #expect(previews[.easy]?.wholeDays == 8)
      #expect(previews[.easy]?.description == "8 d")
      #expect(ReviewInterval(microseconds: 45_000_000).description == "45 s")
      #expect(ReviewInterval(microseconds: 5_400_000_000).description == "1.5 h")
      #expect(ReviewInterval(microseconds: 498 * 86_400_000_000).description == "1.4 y")
    }

    @Test func extremeInstantsDoNotTrap() {
      let scheduler = FSRSScheduler(settings: SchedulerSettings(enableFuzzing: false))
      let far = Timestamp(microseconds: Int64.max - 10)
      var card = scheduler.review(.new(at: far), rating: .easy, at: far)
      #expect(card.due.microseconds == Int64.max)
      card = scheduler.review(card, rating: .good, at: Timestamp(microseconds: Int64.min))
      #expect(card.lastReview == Timestamp(microseconds: Int64.min))
    }
  }
}
