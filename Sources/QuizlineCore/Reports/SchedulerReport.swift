/// The scheduler part of a report: which parameters are in use, when and how well they were fitted,
/// and the learner's true retention by interval band (the share of reviews a day or more after the
/// card's previous one that passed, grouped by that interval, as Anki's statistics show it).
public struct SchedulerReport: Sendable, Equatable {
  /// `FSRS-6 defaults`, or `fitted 2026-12-03 on 1,234 reviews (…)`.
  public var parameters: String
  public var weights: [Double]
  /// The health check of the adoption (nil: never fitted).
  public var fit: ParameterFit?
  public var retention: [RetentionBand]

  /// Reviews whose interval since the card's previous review is within `minDays...maxDays`.
  public struct RetentionBand: Sendable, Equatable {
    public var label: String
    public var minDays: Int
    /// nil: no upper bound.
    public var maxDays: Int?
    public var reviews: Int
    public var passed: Int
    public var retention: Double? { reviews > 0 ? Double(passed) / Double(reviews) : nil }
  }

  static let bands: [(label: String, min: Int, max: Int?)] = [
    ("1 day", 1, 1), ("2-3 days", 2, 3), ("4-7 days", 4, 7), ("8-15 days", 8, 15), ("16-30 days", 16, 30),
    ("31-90 days", 31, 90), ("91+ days", 91, nil),
  ]

  /// The figures for `settings` and the profile's reviews (read through the fold).
  public static func build(settings: ProfileSettings, reviews: [ReviewRecord]) -> SchedulerReport {
    let seq = ReviewSequences(reviews)
    var rows = bands.map { RetentionBand(label: $0.label, minDays: $0.min, maxDays: $0.max, reviews: 0, passed: 0) }
    for i in seq.byRank {
      let t = seq.deltas[i]
      guard let k = rows.firstIndex(where: { t >= $0.minDays && t <= ($0.maxDays ?? .max) }) else { continue }
      rows[k].reviews += 1
      if seq.passed(i) { rows[k].passed += 1 }
    }
    return SchedulerReport(
      parameters: Renderer.parameterSummary(settings), weights: settings.scheduler.weights, fit: settings.parameterFit,
      retention: rows)
  }
}

extension Dashboard {
  mutating func scheduler(_ s: SchedulerReport) {
    heading("Scheduler")
    field("Parameters", s.parameters)
    let seen = s.retention.filter { $0.reviews > 0 }
    guard !seen.isEmpty else {
      field("True retention", "no review a day or more after the previous one yet")
      return
    }
    add("  True retention by interval:")
    for band in seen {
      add(
        "    " + TextWrap.pad(band.label, to: 12) + TextWrap.pad(ReportFormat.percent(band.retention ?? 0), to: 6)
          + "of \(Renderer.count(band.reviews, "review"))")
    }
  }
}
