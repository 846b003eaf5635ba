/// The time from a review to the card's next due instant, as a preview shows it.
struct ReviewInterval: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
  /// The interval in microseconds.
  public var microseconds: Int64

  init(microseconds: Int64) { self.microseconds = microseconds }

  /// Whole days, when the interval is a whole number of days (a review interval), else `nil`.
  var wholeDays: Int64? {
    microseconds % 86_400_000_000 == 0 ? microseconds / 86_400_000_000 : nil
  }

  public static func < (a: ReviewInterval, b: ReviewInterval) -> Bool {
    a.microseconds < b.microseconds
  }

  /// Short English form: `45 s`, `1 min`, `5.5 min`, `2 h`, `12 d`, `1.4 y` (one decimal at most).
  public var description: String {
    let s = Double(microseconds) / 1_000_000
    if s < 60 { return "\(ReviewInterval.short(s)) s" }
    if s < 3600 { return "\(ReviewInterval.short(s / 60)) min" }
    if s < 86_400 { return "\(ReviewInterval.short(s / 3600)) h" }
    if s < 365 * 86_400 { return "\(ReviewInterval.short(s / 86_400)) d" }
    return "\(ReviewInterval.short(s / (365.25 * 86_400))) y"
  }

  private static func short(_ x: Double) -> String {
    let tenths = (x * 10).rounded()
    let whole = Int64(tenths / 10)
    let frac = Int64(tenths) - whole * 10
    return frac == 0 ? "\(whole)" : "\(whole).\(abs(frac))"
  }
}
