/// Easy days (`config easy-days`): the share of a normal day's reviews each weekday should take,
/// from 0 (none, whenever the fuzz range offers another day) to 1 (normal, the default), Sunday
/// first. Anki 24.11's Normal, Reduced and Minimum are 1, 0.5 and 0. Days are UTC days, as
/// everywhere in quizline.
public struct EasyDays: Sendable, Equatable {
  /// Seven weights in 0…1, Sunday first.
  public private(set) var weights: [Double]

  /// Every day normal (the default).
  public static let normal = EasyDays(unchecked: Array(repeating: 1, count: 7))

  /// Seven weights in 0…1, Sunday first (nil otherwise).
  public init?(weights: [Double]) {
    guard weights.count == 7, weights.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return nil }
    self.weights = weights
  }

  private init(unchecked weights: [Double]) { self.weights = weights }

  public var isNormal: Bool { weights.allSatisfy { $0 >= 1 } }

  static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
  static let fullDayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

  /// The weekday of a UTC day number, 0 for Sunday to 6 for Saturday (day 0, 1970-01-01, was a
  /// Thursday).
  static func weekday(of day: Int64) -> Int { Int(((day % 7) + 11) % 7) }

  /// `normal`, or the days that are not normal, Sunday first: `sun=0 sat=0.5`.
  var text: String {
    guard !isNormal else { return "normal" }
    return weights.indices.filter { weights[$0] < 1 }.map { "\(Self.dayNames[$0])=\(Self.number($0, weights))" }
      .joined(separator: " ")
  }

  private static func number(_ i: Int, _ w: [Double]) -> String {
    w[i] == w[i].rounded() ? String(Int(w[i])) : String(w[i])
  }

  /// Parses `normal`, or days with weights separated by spaces or commas: `sun=0 sat=0.5`,
  /// `saturday=reduced` (`normal` 1, `reduced` 0.5, `minimum` 0). Days not named are normal.
  /// On failure, the part that is wrong and why.
  static func parse(_ text: String) -> Result<EasyDays, EasyDaysError> {
    let parts = text.lowercased().split { $0 == " " || $0 == "," }.map(String.init)
    if parts == ["normal"] { return .success(.normal) }
    guard !parts.isEmpty else { return .failure(EasyDaysError(part: text, problem: "is empty")) }
    var weights = Array(repeating: 1.0, count: 7)
    var named = Set<Int>()
    for part in parts {
      let pair = part.split(separator: "=", omittingEmptySubsequences: false).map(String.init)
      guard pair.count == 2 else {
        return .failure(EasyDaysError(part: part, problem: "is not DAY=WEIGHT"))
      }
      guard let day = dayNames.firstIndex(of: pair[0]) ?? fullDayNames.firstIndex(of: pair[0]) else {
        return .failure(EasyDaysError(part: part, problem: "names no weekday (sun, mon, tue, wed, thu, fri, sat)"))
      }
      guard named.insert(day).inserted else {
        return .failure(EasyDaysError(part: part, problem: "names \(dayNames[day]) a second time"))
      }
      let words = ["normal": 1.0, "reduced": 0.5, "minimum": 0.0]
      guard let w = words[pair[1]] ?? Double(pair[1]), w >= 0, w <= 1 else {
        return .failure(
          EasyDaysError(part: part, problem: "needs a weight from 0 to 1 (or normal, reduced, minimum)"))
      }
      weights[day] = w
    }
    return .success(EasyDays(unchecked: weights))
  }
}

/// What is wrong in an easy-days value: the part, and why.
struct EasyDaysError: Error, Equatable {
  var part: String
  var problem: String
}

/// Anki 24.11's load balancer and easy days: the day a fuzzed review falls on, chosen within its
/// fuzz range. Neither changes the memory state, only the day.
///
/// Each day `t` of the range gets a weight: 1 when no card is due that day, else
/// `(1 / due)² × (1 / t)` (fewer cards, and a little sooner), times its easy-day factor; the day is
/// drawn in proportion to the weights. Easy-day factor: 1 for a normal day; 0 for a day of weight
/// 0; for a reduced day of weight `w`, 1 while its due count divided by `w` stays at most the other
/// days' count divided by their summed weights, else 0 (Anki's rule for Reduced, with `w` for its
/// 0.5). Two differences from Anki, both so that `sun=0` means no Sunday review when another day
/// is possible: the factor also applies to a day with no card due (Anki gives such a day weight 1
/// whatever its easy-day setting), and a day switched off weighs 0 (Anki: 0.0001); when every day
/// of the range is switched off, easy days are ignored for that review.
public enum DayBalancer {
  /// The interval (in days, inside `range`) for a review answered on UTC day `today`, given the
  /// cards due on each day of the range (`dueCounts[i]` for `range.lowerBound + i` days ahead) and
  /// a uniform `u` in [0, 1). `balanceLoad` false: only easy days weigh (the load is ignored).
  public static func choose(
    in range: ClosedRange<Int>, today: Int64, dueCounts: [Int], balanceLoad: Bool, easyDays: EasyDays, uniform u: Double
  ) -> Int {
    let w = weights(in: range, today: today, dueCounts: dueCounts, balanceLoad: balanceLoad, easyDays: easyDays)
    let total = w.reduce(0, +)
    var target = u * total
    var last = 0
    for (i, x) in w.enumerated() where x > 0 {
      last = i
      if target < x { return range.lowerBound + i }
      target -= x
    }
    return range.lowerBound + last
  }

  /// Each day's weight (see the type's description); never all zero.
  static func weights(
    in range: ClosedRange<Int>, today: Int64, dueCounts: [Int], balanceLoad: Bool, easyDays: EasyDays
  ) -> [Double] {
    let load = (0..<range.count).map { k -> Double in
      let count = k < dueCounts.count ? dueCounts[k] : 0
      guard balanceLoad, count > 0 else { return 1 }
      let c = Double(count)
      return 1 / (c * c) / Double(max(1, range.lowerBound + k))
    }
    guard !easyDays.isNormal else { return load }
    let weekdays = (0..<range.count).map { EasyDays.weekday(of: today &+ Int64(range.lowerBound + $0)) }
    let factors = easyDayFactors(easyDays, weekdays: weekdays, dueCounts: dueCounts)
    let weighted = zip(load, factors).map { $0 * $1 }
    return weighted.contains { $0 > 0 } ? weighted : load
  }

  /// Anki's `calculate_easy_days_modifiers`, for any weight in 0…1 (see the type's description).
  static func easyDayFactors(_ easyDays: EasyDays, weekdays: [Int], dueCounts: [Int]) -> [Double] {
    let counts = weekdays.indices.map { $0 < dueCounts.count ? dueCounts[$0] : 0 }
    let totalCount = counts.reduce(0, +)
    // Anki counts a Minimum day as 0.0001 in the sum of the weights.
    let totalWeight = weekdays.map { max(easyDays.weights[$0], 0.0001) }.reduce(0, +)
    return zip(weekdays, counts).map { day, count in
      let w = easyDays.weights[day]
      if w >= 1 { return 1 }
      if w <= 0 { return 0 }
      let others = Double(totalCount - count) / (totalWeight - w)
      return Double(count) / w > others ? 0 : 1
    }
  }
}
