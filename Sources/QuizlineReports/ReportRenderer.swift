import QuizlineCore

/// Renders a report in any format into a sink.
public enum ReportRenderer {
  /// `table` picks the CSV table (ignored by the other formats); `style` and `width` shape the
  /// terminal dashboard; `media` finds the images the HTML page embeds.
  public static func render(
    _ report: Report, format: ReportFormat, table: CSVTable = .attempts, style: Style = .plain, width: Int = 80,
    media: ReportMedia? = nil, to sink: any ReportSink
  ) {
    switch format {
    case .text: sink.write(DashboardRenderer.render(report, style: style, width: width))
    case .md: MarkdownReportRenderer.render(report, to: sink)
    case .json: JSONReportRenderer.render(report, to: sink)
    case .csv: CSVReportRenderer.render(report, table: table, to: sink)
    case .html: HTMLReportRenderer.render(report, to: sink, media: media)
    }
  }
}
