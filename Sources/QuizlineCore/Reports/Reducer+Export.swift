/// What `export` asks the runtime to write.
public struct ExportRequest: Sendable, Equatable {
  public var format: ReportFormat
  /// nil: a new file under the profile's `reports/` folder, named after today's date.
  public var path: String?
  /// Replace an existing file (never done without it).
  public var force: Bool
  public var sinceDay: Int64?

  public init(format: ReportFormat, path: String? = nil, force: Bool = false, sinceDay: Int64? = nil) {
    self.format = format
    self.path = path
    self.force = force
    self.sinceDay = sinceDay
  }
}

extension Reducer {
  /// `export FORMAT [PATH] [--force] [--since DATE]`: checks the words, then asks for the file to be
  /// written (an ``Effect``); what the screen says comes with ``Action/effectFinished(_:at:)``.
  static func export(
    _ state: inout AppState, format formatName: String, path: String?, force: Bool, since sinceText: String?,
    _ context: Context
  ) -> Reduction {
    let name = formatName.lowercased()
    guard let format = ReportFormat(rawValue: name), format != .text else {
      return fail(
        &state, "export: \(quotedArg(formatName)) is not a report format",
        hint: "Formats: md, json, csv, html. Type progress to see the report here.")
    }
    var since: Int64?
    if let text = sinceText {
      guard let day = ReportDates.day(text) else {
        return fail(
          &state, "export: --since \(quotedArg(text)) is not a date",
          hint: "Write it as YYYY-MM-DD, e.g. 2026-11-01 (UTC).")
      }
      since = day
    }
    if path == "-" {
      return fail(
        &state, "export writes a file; '-' (standard output) is for quizline report",
        hint: "Type progress to see the report here, or give a file name: export \(format.rawValue) FILE")
    }
    return Reduction(effects: [.exportReport(ExportRequest(format: format, path: path, force: force, sinceDay: since))])
  }

  /// The screen after an effect: where the report went, or why it could not be written.
  static func effectFinished(_ state: inout AppState, _ outcome: EffectOutcome) -> Reduction {
    switch outcome {
    case .exported(let paths, let bytes):
      var text = "Wrote \(paths.first ?? "") (\(ReportFormat.size(bytes)))"
      if paths.count > 1 { text += " and " + paths.dropFirst().joined(separator: ", ") }
      state.display = [.notice(text + ".")]
    case .failed(let message):
      // The message says what to do (an existing file names --force); --force does not help
      // with a missing folder or a write error, so the hint does not suggest it.
      state.display = [.error("export: " + message, hint: "Nothing was written.")]
    case .synced(let text, let merged):
      // The one place progress is replaced outside `apply`: the fold of every device's log, read
      // back after `sync` brought other devices' events (this device's own are all in it).
      guard let merged else {
        state.display = [.error("sync: " + text, hint: "This device's progress is safe in its log.")]
        return Reduction()
      }
      state.progress = merged
      state.display = [.notice(text)]
    case .optimized, .reloaded: break  // Reducer.optimizationFinished, Reducer.reloaded
    case .cardHistory(let history, let devices): return cardHistoryRead(&state, history, devices: devices)
    case .cardHistoryFailed(let message):
      state.display = [.error("info: " + message, hint: "Nothing was changed.")]
    case .authoringFailed(let message, let hint):
      state.display = [.error(message, hint: hint)]
    case .optimizationFailed(let message):
      state.display = [.error("optimize: " + message, hint: "Nothing was changed.")]
    case .media(let outcome): return mediaHandled(&state, outcome)
    }
    return Reduction()
  }
}

/// Dates in report options.
public enum ReportDates {
  /// The UTC day of `YYYY-MM-DD` (or of an ISO-8601 time); nil when it is neither.
  public static func day(_ text: String) -> Int64? { Timestamp(iso8601: text)?.dayNumber }
}

extension Renderer {
  /// The `progress` screen: the report dashboard built from the state alone (no history is read, so
  /// it shows exactly what `list` and `status` know).
  static func renderProgress(_ state: AppState, _ out: inout Output) {
    let report = ReportBuilder.build(
      catalog: state.catalog, inputs: [ReportInput(profile: state.profile, progress: state.progress, history: nil)],
      now: out.context.now, options: ReportOptions())
    for line in DashboardRenderer.lines(report, style: out.context.style, width: out.context.width) { out.line(line) }
  }
}
