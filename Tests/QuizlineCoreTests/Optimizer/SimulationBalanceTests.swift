import Testing

@testable import QuizlineCore

/// `simulate` with the load balancer and easy days (issue 33, item 6): the simulated days' due
/// counts drive the balancer, so a simulated year's daily reviews are flatter with it.
@Suite struct SimulationBalanceTests {
  /// 2026-03-01, a Sunday.
  static let sunday: Int64 = 20_513

  /// A new learner's year: 20 new cards a day (1,500 cards learnt in the first three days as
  /// well when `backlog`), the default parameters.
  static func simulator(
    loadBalance: Bool, easyDays: EasyDays = .normal, newPerDay: Double = 20, backlog: Bool = false
  ) -> WorkloadSimulator {
    var r = SplitMix64(seed: 5)
    let cards = (0..<(backlog ? 1500 : 0)).map { _ in
      WorkloadSimulator.Card(
        stability: 2 + r.nextUniform() * 40, difficulty: 3 + r.nextUniform() * 5, lastReviewDay: -10,
        dueDay: Int(r.next() % 3))
    }
    return WorkloadSimulator(
      scheduler: .default, cards: cards, newCards: 8000, newPerDay: newPerDay,
      behaviour: WorkloadSimulator.LearnerBehaviour(), loadBalance: loadBalance, easyDays: easyDays,
      startDay: sunday)
  }

  static func standardDeviation(_ x: [Double]) -> Double {
    let n = Double(x.count)
    let mean = x.reduce(0, +) / n
    return (x.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / n).squareRoot()
  }

  /// The standard deviation of each day's reviews from the mean of the week around it: how
  /// uneven one day is from the next. (Around the year's mean, the figure measures mostly the
  /// growth of the workload over the year, which no choice of days changes.)
  static func dayToDaySpread(_ x: [Int]) -> Double {
    standardDeviation(
      (3..<(x.count - 3)).map { i in Double(x[i]) - Double(x[(i - 3)...(i + 3)].reduce(0, +)) / 7 })
  }

  @Test func aSimulatedYearsDailyReviewsAreFlatterWithTheLoadBalancer() {
    let without = Self.simulator(loadBalance: false).run(retention: 0.9, days: 365, seed: 1)
    let with = Self.simulator(loadBalance: true).run(retention: 0.9, days: 365, seed: 1)
    #expect(without.dailyReviews.count == 365 && with.dailyReviews.count == 365)
    let spread = (Self.dayToDaySpread(without.dailyReviews), Self.dayToDaySpread(with.dailyReviews))
    let plain = (
      Self.standardDeviation(without.dailyReviews.map(Double.init)),
      Self.standardDeviation(with.dailyReviews.map(Double.init))
    )
    print(
      "simulated year, 20 new cards a day: standard deviation of daily reviews from their week's mean "
        + "\(spread.0) without the load balancer, \(spread.1) with it (around the year's mean: \(plain.0) and \(plain.1))"
    )
    #expect(spread.1 < spread.0 * 0.8, "at least a fifth flatter")
    // Balancing moves days, not memory: the total work stays close (slightly more: it leans early).
    #expect(abs(with.reviewsPerDay - without.reviewsPerDay) < without.reviewsPerDay * 0.05)
    // With a backlog learnt in three days too.
    let backlog = (
      Self.simulator(loadBalance: false, backlog: true).run(retention: 0.9, days: 365, seed: 1),
      Self.simulator(loadBalance: true, backlog: true).run(retention: 0.9, days: 365, seed: 1)
    )
    let backlogSpread = (Self.dayToDaySpread(backlog.0.dailyReviews), Self.dayToDaySpread(backlog.1.dailyReviews))
    print("with 1,500 cards learnt in the first three days: \(backlogSpread.0) without, \(backlogSpread.1) with")
    #expect(backlogSpread.1 < backlogSpread.0)
  }

  @Test func easyDaysEmptyTheSundaysOfASimulatedYear() {
    let noSunday = try! EasyDays.parse("sun=0").get()
    let off = Self.simulator(loadBalance: true, newPerDay: 0, backlog: true).run(retention: 0.9, days: 182, seed: 2)
    let on = Self.simulator(loadBalance: true, easyDays: noSunday, newPerDay: 0, backlog: true).run(
      retention: 0.9, days: 182, seed: 2)
    func sundays(_ o: WorkloadSimulator.Outcome) -> (sunday: Double, other: Double) {
      let days = o.dailyReviews.indices.dropFirst(14)
      let sun = days.filter { $0 % 7 == 0 }.map { o.dailyReviews[$0] }
      let other = days.filter { $0 % 7 != 0 }.map { o.dailyReviews[$0] }
      return (Double(sun.reduce(0, +)) / Double(sun.count), Double(other.reduce(0, +)) / Double(other.count))
    }
    let before = sundays(off)
    let after = sundays(on)
    print("mean reviews on Sundays / other days: easy days normal \(before), sun=0 \(after)")
    #expect(before.sunday > before.other * 0.5)
    // Only intervals under 3 days (never fuzzed) can still fall on a Sunday.
    #expect(after.sunday < after.other * 0.2)
  }

  @Test func theSameSeedGivesTheSameBalancedYear() {
    let a = Self.simulator(loadBalance: true).run(retention: 0.85, days: 120, seed: 3)
    #expect(a == Self.simulator(loadBalance: true).run(retention: 0.85, days: 120, seed: 3))
  }
}
