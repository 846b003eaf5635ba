import QuizlineCore

/// Writes a class report as its profiles come from a ``ClassReportStream``, so no format needs
/// every profile's report at once: the JSON form's profile objects and the CSV form's attempt and
/// session rows are written as each profile is added; the rest (the Markdown, HTML and terminal
/// forms, which show one row per profile, the JSON class part and the CSV test statistics) when the
/// stream's report is finished. The bytes are exactly those ``ReportRenderer`` writes for the whole
/// report (`ClassReportStreamTests`).
public struct ClassReportWriter {
  let format: ReportFormat
  let style: Style
  let width: Int
  /// The sinks: one for most formats; for CSV one per table written.
  let targets: [(table: CSVTable, sink: any ReportSink)]
  private var buffers: [CSVReportRenderer.Buffered] = []
  private let frame: (head: String, middle: String, tail: String)?
  private var written = 0

  /// A writer for `format`; `targets` gives the sink of each CSV table (other formats use the
  /// first sink). `generatedAt` and `sinceDay` are the stream's clock and options.
  public init(
    format: ReportFormat, targets: [(table: CSVTable, sink: any ReportSink)], generatedAt: Timestamp, sinceDay: Int64?,
    style: Style = .plain, width: Int = 80
  ) {
    self.format = format
    self.targets = targets
    self.style = style
    self.width = width
    frame = format == .json ? JSONReportRenderer.classFrame(generatedAt: generatedAt, sinceDay: sinceDay) : nil
    if format == .csv {
      for (table, sink) in targets {
        var out = CSVReportRenderer.Buffered(sink)
        CSVReportRenderer.header(table, &out)
        buffers.append(out)
      }
    }
  }

  /// Writes what the format shows of one profile (its whole report, as ``ClassReportStream/add(_:)``
  /// returns it).
  public mutating func add(_ profile: ProfileReport) {
    defer { written += 1 }
    switch format {
    case .json:
      guard let frame, let sink = targets.first?.sink else { return }
      sink.write(written == 0 ? frame.head + "[\n    " : ",\n    ")
      JSONReportRenderer.writeProfile(profile, to: sink)
    case .csv:
      for (k, target) in targets.enumerated() {
        switch target.table {
        case .attempts: CSVReportRenderer.attemptRows(profile, sink: target.sink)
        case .sessions: CSVReportRenderer.sessionRows(profile, &buffers[k])
        case .items, .tests: break
        }
      }
    case .text, .md, .html:
      break
    }
  }

  /// Writes the rest, from the stream's finished report (each profile's row and the class part).
  public mutating func finish(_ report: Report) {
    switch format {
    case .json:
      guard let frame, let sink = targets.first?.sink else { return }
      sink.write(written == 0 ? frame.head + "[]" : "\n  ]")
      sink.write(frame.middle)
      sink.write(report.classReport.map(JSONReportRenderer.classText) ?? "null")
      sink.write(frame.tail + "\n")
    case .csv:
      for (k, target) in targets.enumerated() {
        switch target.table {
        case .items: CSVStatistics.rows(report.classReport?.statistics, &buffers[k])
        case .tests: CSVStatistics.testRows(report.classReport?.statistics, &buffers[k])
        case .attempts, .sessions: break
        }
        buffers[k].flush()
      }
    case .text, .md, .html:
      guard let sink = targets.first?.sink else { return }
      ReportRenderer.render(report, format: format, style: style, width: width, to: sink)
    }
  }
}
