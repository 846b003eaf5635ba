extension Renderer {
  /// Which weights the scheduler uses: `FSRS-6 defaults`, or `fitted 2026-12-03 on 1,234 reviews
  /// (log loss 0.3412 → 0.3201, RMSE(bins) 0.0712 → 0.0455)`.
  public static func parameterSummary(_ settings: ProfileSettings, arrow: String = "->") -> String {
    guard let fit = settings.parameterFit else {
      return settings.scheduler.weights == SchedulerSettings.defaultWeights ? "FSRS-6 defaults" : "set by hand"
    }
    return "fitted \(fit.fittedAt.isoDate) on \(count(fit.trainedOn, "review")) (log loss "
      + "\(fixed(fit.before.logLoss, 4)) \(arrow) \(fixed(fit.after.logLoss, 4)), RMSE(bins) "
      + "\(fixed(fit.before.rmseBins, 4)) \(arrow) \(fixed(fit.after.rmseBins, 4)))"
  }

  /// `x` with `digits` decimals (no Foundation in the core).
  public static func fixed(_ x: Double, _ digits: Int) -> String {
    guard x.isFinite else { return "\(x)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int(saturating: (abs(x) * scale).rounded())
    var fraction = String(n % Int(scale))
    while fraction.count < digits { fraction = "0" + fraction }
    return (x < 0 && n > 0 ? "-" : "") + "\(n / Int(scale))" + (digits > 0 ? "." + fraction : "")
  }

  static func renderOptimization(
    _ r: ParameterOptimization, adopted: Bool, dryRun: Bool, _ state: AppState, _ out: inout Output
  ) {
    let s = out.context.style
    out.line(s.paint("Scheduler optimization", .bold))
    out.field("Reviews", "\(r.reviews) with a rating; \(r.scored) a day or more after the card's previous review")
    guard let fit = r.fit, let before = r.current, let after = r.fitted else {
      out.paragraph(
        "Kept the parameters in use (\(parameterSummary(state.progress.settings, arrow: s.arrow))): optimizing needs at least "
          + "\(ParameterOptimization.minimumScored) reviews made a day or more after the card's previous review, "
          + "\(count(r.scored, "is", "are")) here; \(r.shortfall) more needed.")
      return
    }
    out.field("Fitted on", "\(count(fit.items, "review")) (the oldest; \(fit.extent.words))")
    out.field("Checked on", "the \(count(r.heldOut, "most recent review", "most recent reviews"))")
    out.line("  " + TextWrap.pad("", to: 22) + TextWrap.pad("log loss", to: 11) + "RMSE(bins)")
    out.line(
      "  " + TextWrap.pad("in use", to: 22) + TextWrap.pad(fixed(before.logLoss, 4), to: 11)
        + fixed(before.rmseBins, 4))
    out.line(
      "  " + TextWrap.pad("fitted", to: 22) + TextWrap.pad(fixed(after.logLoss, 4), to: 11) + fixed(after.rmseBins, 4))
    out.line("  weights: " + fit.weights.map { fixed($0, 4) }.joined(separator: ", "))
    if adopted {
      out.paragraph(
        "Adopted: reviews are scheduled with the fitted parameters from now on (undo takes them back).")
    } else if !r.isBetter {
      out.paragraph("Kept the parameters in use: the fitted ones do not predict the recent reviews better.")
    } else if dryRun {
      out.paragraph("Dry run: nothing was changed (without --dry-run they would be adopted).")
    }
  }
}

extension FSRSOptimizer.Extent {
  var words: String {
    switch self {
    case .defaults: "too few for any weight: the defaults"
    case .initialStabilities: "only the initial stabilities w0-w3"
    case .all: "all 21 weights"
    }
  }
}
