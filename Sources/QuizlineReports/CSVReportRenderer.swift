import QuizlineCore

/// The CSV form of a report (RFC 4180: comma-separated, CRLF line ends, a header row, fields with a
/// comma, quote or line break quoted with `"` and inner quotes doubled; UTF-8 without a byte-order
/// mark). Four tables, each its own file:
///
/// - `attempts`: one row per answer (the attempt log) of every profile in the report;
/// - `sessions`: one row per study session and profile;
/// - `items`: the class's test statistics, one row per test and question (class reports only;
///   ``CSVStatistics``);
/// - `tests`: the same per test, Moodle's quiz information (class reports only).
///
/// Text cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
/// carriage return) get a leading `'`, unless the whole cell is a plain number such as `-2.5`
/// (`-2+3+cmd|' /C calc'!A0`, typed as an answer, is not a number and is prefixed).
public enum CSVReportRenderer {
  static let attemptColumns = [
    "profile", "sequence", "answered_at", "run", "source", "bank", "question", "type", "response", "score", "correct",
    "seconds",
    "certainty", "rating", "practice",
  ]
  static let sessionColumns = [
    "profile", "course", "position", "session", "title", "completed", "completed_at", "checkpoint_questions",
    "pass_percent",
    "best_checkpoint_percent",
  ]

  public static func render(_ report: Report, table: CSVTable, to sink: any ReportSink) {
    var out = Buffered(sink)
    header(table, &out)
    switch table {
    case .attempts: for p in report.profiles { attemptRows(p, sink: sink) }
    case .sessions: for p in report.profiles { sessionRows(p, &out) }
    case .items: CSVStatistics.rows(report.classReport?.statistics, &out)
    case .tests: CSVStatistics.testRows(report.classReport?.statistics, &out)
    }
    out.flush()
  }

  /// A table's header row (the attempt table's is written out at once: its rows bypass `out`).
  static func header(_ table: CSVTable, _ out: inout Buffered) {
    switch table {
    case .attempts:
      out.row(attemptColumns)
      out.flush()
    case .sessions: out.row(sessionColumns)
    case .items: out.row(CSVStatistics.columns)
    case .tests: out.row(CSVStatistics.testColumns)
    }
  }

  /// A profile's answers, straight into `sink`.
  static func attemptRows(_ p: ProfileReport, sink: any ReportSink) {
    guard let log = p.attempts else { return }
    var writer = CSVAttemptWriter(log: log, profile: p.profile, sink: sink)
    writer.writeAll()
  }

  static func sessionRows(_ p: ProfileReport, _ out: inout Buffered) {
    for s in p.sessions {
      out.row([
        text(p.profile), text(s.course ?? ""), s.position.map(String.init) ?? "", text(s.id), text(s.title),
        s.completedAt == nil ? "false" : "true", s.completedAt?.iso8601 ?? "", String(s.checkpointQuestions),
        s.passPercent.map(String.init) ?? "", s.bestCheckpointPercent.map(String.init) ?? "",
      ])
    }
  }

  public static func render(_ report: Report, table: CSVTable) -> String {
    let sink = StringReportSink()
    render(report, table: table, to: sink)
    return sink.text
  }

  /// A text cell made safe for spreadsheets (a leading `'` before formula starters).
  static func text(_ s: String) -> String {
    guard let first = s.unicodeScalars.first else { return s }
    switch first {
    case "=", "+", "@", "\t", "\r": return "'" + s
    case "-": return isPlainNumber(s) ? s : "'" + s
    default: return s
    }
  }

  /// `-12`, `-0.5`, `-.5`: a minus, digits with at most one point, and nothing else.
  static func isPlainNumber(_ s: String) -> Bool {
    var digits = 0
    var points = 0
    for (k, u) in s.utf8.enumerated() {
      if k == 0, u == UInt8(ascii: "-") { continue }
      if u >= 0x30 && u <= 0x39 {
        digits += 1
      } else if u == UInt8(ascii: ".") {
        points += 1
      } else {
        return false
      }
    }
    return digits > 0 && points <= 1
  }

  /// One field as RFC 4180 wants it.
  static func field(_ s: String) -> String {
    var needsQuotes = false
    for u in s.utf8 where u == 0x2C || u == 0x22 || u == 0x0A || u == 0x0D {
      needsQuotes = true
      break
    }
    guard needsQuotes else { return s }
    var out = "\""
    for ch in s.unicodeScalars {
      if ch == "\"" { out += "\"\"" } else { out.unicodeScalars.append(ch) }
    }
    return out + "\""
  }

  /// Rows gathered into pieces of about 256 KB before they go to the sink.
  struct Buffered {
    let sink: any ReportSink
    var buffer = ""

    init(_ sink: any ReportSink) {
      self.sink = sink
      buffer.reserveCapacity(1 << 18)
    }

    mutating func row(_ fields: [String]) {
      for (k, f) in fields.enumerated() {
        if k > 0 { buffer += "," }
        buffer += field(f)
      }
      buffer += "\r\n"
      if buffer.utf8.count >= 1 << 18 { flush() }
    }

    mutating func flush() {
      guard !buffer.isEmpty else { return }
      sink.write(buffer)
      buffer.removeAll(keepingCapacity: true)
    }
  }
}
