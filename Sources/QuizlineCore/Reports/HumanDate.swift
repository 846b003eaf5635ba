/// Dates as people read them in reports: `3 Dec 2026` and `3 Dec 2026, 13:51 UTC` (English month
/// abbreviations, no leading zero on the day, 24-hour UTC time to the minute). Machine forms
/// (JSON, CSV) keep ISO-8601.
extension Timestamp {
  static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// `3 Dec 2026` (the UTC day).
  public var humanDate: String {
    let (y, m, d) = Timestamp.civil(fromDays: dayNumber)
    return "\(d) \(Timestamp.monthAbbreviations[Int(max(1, min(12, m))) - 1]) \(y)"
  }

  /// `3 Dec 2026, 13:51 UTC`.
  public var humanDateTime: String {
    let s = seconds - dayNumber * 86_400
    let (h, m) = (s / 3600, s / 60 % 60)
    return "\(humanDate), \(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m) UTC"
  }
}
