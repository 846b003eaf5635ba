/// How long until a card comes back, said the same way everywhere: the one home for rounding an
/// interval. The grade previews (`hard 6m`), the answer's `next review: in 6 min` and the review's
/// `(next step in 6 min)` all round with ``whole(_:)``, as Anki's answer buttons do (seconds,
/// minutes, hours and days whole; years to a tenth); from a day on, the text counts calendar days
/// (UTC, as `forecast` does) to the due day and names it: `in 11 days, Mon 14 Dec`.
enum IntervalText {
  /// `x` rounded to a whole number, at least 1 (half away from zero: 5.5 minutes is `6`).
  static func whole(_ x: Double) -> Int { max(1, Int(saturating: x.rounded())) }

  /// `45s`, `1m`, `6m`, `2h`, `12d`, `1.4y`: an interval as Anki's rating buttons show it.
  static func compact(_ interval: ReviewInterval) -> String {
    let s = Double(interval.microseconds) / 1_000_000
    if s < 60 { return "\(whole(s))s" }
    if s < 3600 { return "\(whole(s / 60))m" }
    if s < 86_400 { return "\(whole(s / 3600))h" }
    if s < 365 * 86_400 { return "\(whole(s / 86_400))d" }
    let tenths = Int(saturating: (s / (365.25 * 86_400) * 10).rounded())
    return tenths % 10 == 0 ? "\(tenths / 10)y" : "\(tenths / 10).\(tenths % 10)y"
  }

  /// `now`, `in 45 s`, `in 6 min`, `in 2 h`; from 24 hours on, the calendar days to the due day
  /// and its date: `tomorrow, Fri 4 Dec`, `in 11 days, Mon 14 Dec`, `in 3 months, Tue 2 Mar 2027`.
  static func until(_ due: Timestamp, from now: Timestamp) -> String {
    let delta = due.microseconds - now.microseconds
    if delta <= 0 { return "now" }
    let s = Double(delta) / 1e6
    if s < 60 { return "in \(whole(s)) s" }
    if s < 3600 { return "in \(whole(s / 60)) min" }
    if s < 86_400 { return "in \(whole(s / 3600)) h" }
    let days = max(1, due.dayNumber - now.dayNumber)
    let date = ", " + due.weekdayDate(relativeTo: now)
    if days == 1 { return "tomorrow" + date }
    if days < 60 { return "in \(days) days" + date }
    if days < 730 { return "in \(days / 30) months" + date }
    return "in \(days / 365) years" + date
  }

  /// When a card just answered comes back, measured from the answer (the card's last review), not
  /// from when the screen is drawn: the feedback and the review's notice say the same.
  static func nextReview(_ card: FSRSCard, now: Timestamp) -> String {
    until(card.due, from: card.lastReview ?? now)
  }
}

extension Timestamp {
  static let weekdayAbbreviations = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  /// `Mon 14 Dec` (the UTC day), with the year when it is not `now`'s: `Tue 2 Mar 2027`.
  func weekdayDate(relativeTo now: Timestamp) -> String {
    let day = dayNumber
    // 1 January 1970 was a Thursday.
    let weekday = Timestamp.weekdayAbbreviations[Int(((day % 7) + 7 + 4) % 7)]
    let (y, m, d) = Timestamp.civil(fromDays: day)
    let year = Timestamp.civil(fromDays: now.dayNumber).0 == y ? "" : " \(y)"
    return "\(weekday) \(d) \(Timestamp.monthAbbreviations[Int(max(1, min(12, m))) - 1])\(year)"
  }
}
