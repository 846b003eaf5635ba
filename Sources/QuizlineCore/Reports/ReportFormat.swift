/// The forms a report can take.
public enum ReportFormat: String, Sendable, Equatable, CaseIterable {
  /// The terminal dashboard (what `progress` shows).
  case text
  case md, json, csv, html

  /// The formats `export` writes to files (the dashboard is for the terminal).
  static let fileFormats: [ReportFormat] = [.md, .json, .csv, .html]

  public var fileExtension: String { self == .text ? "txt" : rawValue }

  /// The format a file name suggests (`report.html` → html).
  public static func inferred(fromPath path: String) -> ReportFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let ext = path[path.index(after: dot)...].lowercased()
    if ext == "markdown" { return .md }
    if ext == "htm" { return .html }
    return ReportFormat(rawValue: ext).flatMap { $0 == .text ? nil : $0 }
  }

  /// The files a report in this format is written to, for a main path: CSV writes its per-session
  /// table (and, for a class, the test statistics per question and per test) next to the attempts,
  /// as `NAME-sessions.csv`, `NAME-items.csv` and `NAME-tests.csv`.
  public func files(for path: String, classReport: Bool) -> [(table: CSVTable, path: String)] {
    guard self == .csv else { return [(.attempts, path)] }
    let base = path.lowercased().hasSuffix(".csv") ? String(path.dropLast(4)) : path
    var files: [(CSVTable, String)] = [(.attempts, path), (.sessions, base + "-sessions.csv")]
    if classReport { files += [(.items, base + "-items.csv"), (.tests, base + "-tests.csv")] }
    return files
  }

  /// `78%` (rounded as `status` rounds).
  public static func percent(_ fraction: Double) -> String { "\(Int(saturating: (fraction * 100).rounded()))%" }

  /// `3 due now, 10 due today (+20 new)`, or when nothing is due today what the status screen says
  /// (`nothing due now; next review in 8 days`, relative to `now`, the report's time).
  public static func dueText(_ s: ReportSummary, now: Timestamp) -> String {
    if s.dueNow == 0 && s.dueToday == 0 && s.newToday == 0 {
      return Renderer.nothingDueText(newCardsDone: s.newCardsDoneToday, next: s.nextReview, now: now)
    }
    return "\(s.dueNow) due now, \(s.dueToday) due today" + (s.newToday > 0 ? " (+\(s.newToday) new)" : "")
  }

  /// `48 KB`, `1.2 MB`, `512 bytes`.
  public static func size(_ bytes: Int) -> String {
    if bytes < 1024 { return "\(bytes) bytes" }
    if bytes < 1024 * 1024 { return "\(Int(saturating: (Double(bytes) / 1024).rounded())) KB" }
    let tenths = Int(saturating: (Double(bytes) / 1_048_576 * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) MB"
  }
}

/// The tables of the CSV form.
public enum CSVTable: String, Sendable, Equatable, CaseIterable {
  /// One row per answer (the attempt log).
  case attempts
  /// One row per study session (and profile).
  case sessions
  /// One row per test and question of the test statistics (class reports; `CSVStatistics`).
  case items
  /// One row per test of the test statistics: Moodle's quiz information (class reports).
  case tests
}

/// Where renderers put their text: a string in tests, a file or standard output in the CLI.
/// Renderers write in pieces, so a large report never has to exist whole in memory.
public protocol ReportSink: AnyObject {
  func write(_ text: String)
  /// UTF-8 text as bytes (large tables are written this way).
  func write(bytes: UnsafeBufferPointer<UInt8>)
}

extension ReportSink {
  public func write(bytes: UnsafeBufferPointer<UInt8>) { write(String(decoding: bytes, as: UTF8.self)) }
}

/// Collects a rendered report in memory.
public final class StringReportSink: ReportSink {
  public private(set) var text = ""

  public init() {}

  public func write(_ text: String) { self.text += text }
}

extension Timestamp {
  /// Midnight (UTC) starting the day `day` (days since 1970-01-01).
  public static func day(_ day: Int64) -> Timestamp { Timestamp(microseconds: day * 86_400_000_000) }
}
