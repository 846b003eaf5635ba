import QuizlineCore

/// The scheduler section of the Markdown, HTML and JSON reports (``SchedulerReport``): parameters in
/// use, when they were fitted with the health check's figures, and true retention by interval.
enum SchedulerSections {
  static func rows(_ s: SchedulerReport) -> [[String]] {
    s.retention.filter { $0.reviews > 0 }.map {
      [$0.label, ReportFormat.percent($0.retention ?? 0), String($0.reviews)]
    }
  }

  static func fitLine(_ s: SchedulerReport) -> String {
    guard let fit = s.fit else { return "Parameters in use: \(s.parameters)." }
    return "Parameters in use: fitted on \(fit.fittedAt.humanDate) on \(fit.trainedOn) reviews. On the "
      + "\(fit.after.count) most recent reviews then, log loss \(Renderer.fixed(fit.before.logLoss, 4)) before, "
      + "\(Renderer.fixed(fit.after.logLoss, 4)) fitted; RMSE(bins) \(Renderer.fixed(fit.before.rmseBins, 4)) before, "
      + "\(Renderer.fixed(fit.after.rmseBins, 4)) fitted."
  }

  static func markdown(_ s: SchedulerReport, _ md: inout MarkdownWriter) {
    md.heading("Scheduler")
    md.line(fitLine(s))
    md.line()
    let rows = rows(s)
    if rows.isEmpty {
      md.line("No review a day or more after the card's previous one yet, so no true retention.")
    } else {
      md.table(["Interval", "True retention", "Reviews"], rows, align: "lrr", escapeColumns: [])
    }
  }

  static func htmlSection(_ s: SchedulerReport, _ h: inout HTMLWriter) {
    h.section("scheduler", "Scheduler")
    h.raw("<p>\(html(fitLine(s)))</p>\n")
    let rows = rows(s)
    if !rows.isEmpty {
      h.table(
        caption: "True retention by interval since the previous review", ["Interval", "True retention", "Reviews"],
        rows, numeric: [1, 2])
    }
    h.raw("</section>\n")
  }

  static func json(_ s: SchedulerReport) -> JSONText {
    .object([
      ("parameters", .string(s.parameters)), ("weights", .array(s.weights.map { .double($0) })),
      ("fittedAt", s.fit.map { .string($0.fittedAt.iso8601) } ?? .null),
      (
        "healthCheck",
        s.fit.map { f in
          .object([
            ("trainedOn", .int(f.trainedOn)), ("heldOut", .int(f.after.count)),
            ("logLossBefore", .double(f.before.logLoss)), ("rmseBinsBefore", .double(f.before.rmseBins)),
            ("logLossAfter", .double(f.after.logLoss)), ("rmseBinsAfter", .double(f.after.rmseBins)),
          ])
        } ?? .null
      ),
      (
        "retention",
        .array(
          s.retention.map { b in
            .object([
              ("interval", .string(b.label)), ("minDays", .int(b.minDays)),
              ("maxDays", b.maxDays.map { .int($0) } ?? .null),
              ("reviews", .int(b.reviews)), ("passed", .int(b.passed)),
            ])
          })
      ),
    ])
  }
}
