import Testing

@testable import QuizlineCore

/// The load balancer and easy days (issue 33, item 6): a fuzzed review's day is picked inside its
/// fuzz range, by fewer cards due and by the weekday's weight; the memory state never changes.
@Suite struct DayBalancerTests {
  static let now = Timestamp(iso8601: "2026-06-03T09:00:00Z")!  // a Wednesday

  /// A random card in the review phase, last reviewed 1 to 120 days ago.
  static func randomCard(_ r: inout SplitMix64) -> FSRSCard {
    let last = now.adding(seconds: -Int64(1 + r.next() % 120) * 86_400)
    return FSRSCard(
      phase: .review, step: nil, stability: 0.5 + r.nextUniform() * 200, difficulty: 1 + r.nextUniform() * 9,
      due: now, lastReview: last)
  }

  static func randomEasyDays(_ r: inout SplitMix64) -> EasyDays {
    EasyDays(weights: (0..<7).map { _ in [0, 0.5, 1, r.nextUniform()][Int(r.next() % 4)] })!
  }

  @Test func theScheduledDayAlwaysStaysInsideTheFuzzRangeAndTheMemoryStateIsUnchanged() throws {
    let scheduler = FSRSScheduler(settings: .default)
    var r = SplitMix64(seed: 33)
    var balanced = 0
    for _ in 0..<3000 {
      let card = Self.randomCard(&r)
      let rating = Rating(rawValue: 1 + Int(r.next() % 4))!
      guard let bounds = scheduler.fuzzBounds(after: card, rating: rating, at: Self.now) else { continue }
      // Due counts from nothing to several hundred a day, shaped at random.
      let peak = Int(r.next() % 400)
      let counts = bounds.map { _ in Int(r.next() % UInt64(peak + 1)) }
      let days = DayBalancer.choose(
        in: bounds, today: Self.now.dayNumber, dueCounts: counts, balanceLoad: r.next() % 4 != 0,
        easyDays: Self.randomEasyDays(&r), uniform: r.nextUniform())
      #expect(bounds.contains(days), "\(days) outside \(bounds)")
      var fuzz = SplitMix64(seed: r.next())
      var same = fuzz
      let chosen = scheduler.review(card, rating: rating, at: Self.now, random: &fuzz, chosenDays: days)
      let plain = scheduler.review(card, rating: rating, at: Self.now, random: &same)
      #expect(chosen.due == Self.now.adding(days: Int64(days)))
      #expect(chosen.stability == plain.stability && chosen.difficulty == plain.difficulty)
      #expect(chosen.phase == plain.phase && chosen.step == plain.step && chosen.lastReview == plain.lastReview)
      balanced += 1
    }
    #expect(balanced > 1000, "only \(balanced) fuzzed outcomes")
  }

  @Test func aDayWithoutCardsDueIsChosenOverLoadedOnes() {
    // 5…7 days: 10 cards on the 5th and the 7th, none on the 6th.
    let picks = stride(from: 0.0, to: 1, by: 0.01).map {
      DayBalancer.choose(
        in: 5...7, today: 0, dueCounts: [10, 0, 10], balanceLoad: true, easyDays: .normal, uniform: $0)
    }
    #expect(picks.filter { $0 == 6 }.count >= 99, "\(picks)")
  }

  @Test func theWeightsAreAnkisInverseSquareOfTheDueCountOverTheInterval() {
    let w = DayBalancer.weights(in: 4...6, today: 0, dueCounts: [2, 1, 0], balanceLoad: true, easyDays: .normal)
    let expected: [Double] = [0.0625, 0.2, 1]
    #expect(w == expected)
    let off = DayBalancer.weights(in: 4...6, today: 0, dueCounts: [2, 1, 0], balanceLoad: false, easyDays: .normal)
    #expect(off == [1, 1, 1], "without load balancing every day weighs alike")
  }

  @Test func aDayOfWeightZeroGetsNoReviewWhenTheRangeOffersAnotherDay() throws {
    let noSunday = try EasyDays.parse("sun=0").get()
    var r = SplitMix64(seed: 7)
    var sundaysInRange = 0
    for _ in 0..<5000 {
      let lo = 2 + Int(r.next() % 60)
      let range = lo...(lo + Int(r.next() % 8))
      let today = Int64(20_000 + r.next() % 7)
      let counts = range.map { _ in Int(r.next() % 30) }
      let days = DayBalancer.choose(
        in: range, today: today, dueCounts: counts, balanceLoad: r.next() % 2 == 0, easyDays: noSunday,
        uniform: r.nextUniform())
      let weekdays = range.map { EasyDays.weekday(of: today + Int64($0)) }
      if weekdays.contains(0) { sundaysInRange += 1 }
      if weekdays.contains(where: { $0 != 0 }) {
        #expect(EasyDays.weekday(of: today + Int64(days)) != 0, "Sunday chosen in \(range) from day \(today)")
      }
    }
    #expect(sundaysInRange > 1000)
    // A range of Sundays only (one day): easy days cannot apply, the day is still given.
    let sunday: Int64 = 20_457  // 2026-01-04
    #expect(EasyDays.weekday(of: sunday) == 0)
    #expect(
      DayBalancer.choose(
        in: 3...3, today: sunday - 3, dueCounts: [5], balanceLoad: true, easyDays: noSunday, uniform: 0.5) == 3)
  }

  @Test func aReducedDayTakesReviewsOnlyWhileItsLoadIsUnderItsShare() throws {
    let halfSaturday = try EasyDays.parse("sat=0.5").get()
    // Fri, Sat, Sun: the other days hold 20 cards over a weight of 2, so 10 per unit of weight; the
    // Saturday's 6 cards are 12 per unit (over its share, off), 4 cards are 8 (under, on).
    let friday: Int64 = 20_455  // 2026-01-02
    #expect(EasyDays.weekday(of: friday) == 5)
    let over = DayBalancer.easyDayFactors(halfSaturday, weekdays: [5, 6, 0], dueCounts: [10, 6, 10])
    #expect(over == [1, 0, 1])
    let under = DayBalancer.easyDayFactors(halfSaturday, weekdays: [5, 6, 0], dueCounts: [10, 4, 10])
    #expect(under == [1, 1, 1])
  }

  @Test func weekdaysAreUTCDaysFromAThursdayEpoch() {
    #expect(EasyDays.weekday(of: 0) == 4, "1970-01-01 was a Thursday")
    #expect(EasyDays.weekday(of: Self.now.dayNumber) == 3, "2026-06-03 is a Wednesday")
    #expect(EasyDays.weekday(of: -1) == 3)
  }

  @Test func easyDaysReadDaysWithWeightsAndSayWhatIsWrong() throws {
    let days = try EasyDays.parse("sun=0 sat=0.5").get()
    #expect(days.weights == [0, 1, 1, 1, 1, 1, 0.5])
    #expect(days.text == "sun=0 sat=0.5")
    #expect(try EasyDays.parse("Saturday=reduced,sunday=minimum").get() == days)
    #expect(try EasyDays.parse("normal").get() == .normal)
    #expect(EasyDays.normal.text == "normal")
    #expect(try EasyDays.parse("mon=1").get().isNormal)
    func problem(_ text: String) -> EasyDaysError? {
      if case .failure(let e) = EasyDays.parse(text) { e } else { nil }
    }
    #expect(
      problem("funday=0")
        == EasyDaysError(part: "funday=0", problem: "names no weekday (sun, mon, tue, wed, thu, fri, sat)"))
    #expect(problem("sun=2")?.problem == "needs a weight from 0 to 1 (or normal, reduced, minimum)")
    #expect(problem("sun")?.problem == "is not DAY=WEIGHT")
    #expect(problem("sun=0 sun=1")?.problem == "names sun a second time")
  }
}
