import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineReports
import QuizlineStorage

/// Carries out the ``Effect``s the reducer returns; the REPL runtime hands each to one of these and
/// sends the outcome back as an action.
protocol EffectPerformer {
  func perform(_ effect: Effect, state: AppState, at now: Timestamp) -> EffectOutcome
}

/// Performs nothing (tests that need no files).
struct NoEffects: EffectPerformer {
  func perform(_ effect: Effect, state: AppState, at now: Timestamp) -> EffectOutcome { .failed("not available here") }
}

/// `export` in the REPL: reads the profile's history, builds the report from the state the REPL
/// shows plus that history, and writes it. Without a path, the file goes to
/// `Progress/<profile>/reports/YYYY-MM-DD-report.EXT` (`-2`, `-3`, … when that name is taken).
struct ReportExporter: EffectPerformer {
  let layout: ProfileLayout
  var reader: any ChunkedFileReader = PosixChunkedReader()
  /// `sync` in the REPL (set for a per-device profile).
  var sync: ((AppState, Timestamp) -> EffectOutcome)?

  func perform(_ effect: Effect, state: AppState, at now: Timestamp) -> EffectOutcome {
    switch effect {
    case .exportReport(let request): export(request, state: state, now: now)
    case .sync:
      sync?(state, now)
        ?? .synced(
          "this profile keeps a single journal; leave and run quizline sync once (or start with --device NAME)", nil)
    case .optimizeParameters(let dryRun): OptimizeCommand.perform(layout: layout, state: state, dryRun: dryRun)
    case .cardHistory(let ref): cardHistory(ref)
    case .edit, .reload, .addCard: .authoringFailed("this needs the quizzes folders", hint: "Nothing was changed.")
    case .playMedia(_, let automatic):
      .media(MediaOutcome(command: "play", automatic: automatic, missingTool: "sounds cannot be played here"))
    case .openMedia: .media(MediaOutcome(command: "open", missingTool: "files cannot be opened here"))
    }
  }

  /// `info`: one question's history, read through the one fold.
  func cardHistory(_ ref: QuestionRef) -> EffectOutcome {
    do {
      let (history, devices) = try ProfileReviewHistory.card(ref, layout)
      return .cardHistory(history, devices: devices)
    } catch {
      return .cardHistoryFailed(error.message)
    }
  }

  func export(_ request: ExportRequest, state: AppState, now: Timestamp) -> EffectOutcome {
    let path: String
    if let given = request.path {
      // No shell stands between the REPL and this path: `~/` means the home folder here too.
      if given.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
        path = home + given.dropFirst()
      } else {
        path = given
      }
    } else {
      do {
        try FileManager.default.createDirectory(atPath: layout.reports, withIntermediateDirectories: true)
      } catch {
        return .failed("cannot create the folder \(quotedArg(layout.reports)): \(error.localizedDescription)")
      }
      path = Self.freeName(in: layout.reports, day: now.isoDate, format: request.format, force: request.force)
    }
    let history: ProfileHistory
    let reviews: [ReviewRecord]
    do throws(ProfileError) {
      // One read of every line for both (one journal, or one device's log), else the two readers.
      if let (loaded, collected) = try ReportPass.load(
        layout, sinceDay: request.sinceDay, keepAttempts: request.format == .csv, keepResponses: false, reader: reader)
      {
        (history, reviews) = (loaded, collected)
      } else {
        let background = BackgroundReviews(layout)  // read on another thread meanwhile
        do {
          history = try HistoryLoader.load(
            layout, sinceDay: request.sinceDay, keepAttempts: request.format == .csv, keepResponses: false,
            reader: reader)
          reviews = try background.wait()
        } catch {
          if background.isReading { _ = try? background.wait() }
          throw error
        }
      }
    } catch {
      return .failed(error.message)
    }
    let input = ReportInput(profile: state.profile, progress: state.progress, history: history, reviews: reviews)
    let report = ReportBuilder.build(
      catalog: state.catalog, inputs: [input],
      now: now,
      options: ReportOptions(sinceDay: request.sinceDay, includeAttempts: request.format == .csv))
    do {
      let written = try ReportFileWriter.write(
        report, format: request.format, style: .plain, width: 80, path: path, force: request.force)
      return .exported(paths: written.paths, bytes: written.bytes)
    } catch {
      return .failed(error.message)
    }
  }

  /// `2026-12-02-report.html`, or the first `2026-12-02-report-N.html` whose files are all free.
  static func freeName(in folder: String, day: String, format: ReportFormat, force: Bool) -> String {
    var n = 1
    while true {
      let name = folder + "/" + day + "-report" + (n == 1 ? "" : "-\(n)") + "." + format.fileExtension
      let taken = format.files(for: name, classReport: false).contains {
        FileManager.default.fileExists(atPath: $0.path)
      }
      if force || !taken { return name }
      n += 1
    }
  }
}
