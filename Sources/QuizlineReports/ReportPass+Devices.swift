import QuizlineCore
import QuizlineStorage

/// The reports' one pass over several devices' logs: every line read and parsed once (each
/// device's ``DeviceHistorySource`` with the fold's events of its lines), the logs merged once
/// (``StreamingMerge``), each merged event counted by the history's accumulator and folded for the
/// reviews (``ReviewHistoryCollector`` over ``SingleLogFold``, as ``ProfileReviewHistory/collect(_:following:)``
/// folds its own merge). The same history as ``HistoryLoader/loadDevices`` and the same reviews as
/// `collect`, which read and merge every log once each.
extension ReportPass {
  /// The history and the reviews of a profile with several logs; nil when the two readers would
  /// not read the same logs or the same events (a log list that differs, a line one reader cannot
  /// read and the other can): the callers then read it with the two readers.
  static func merged(
    _ layout: ProfileLayout, scanner: HistoryScanner, accumulator: HistoryAccumulator
  ) throws(ProfileError) -> (history: ProfileHistory, reviews: [ReviewRecord])? {
    let folders = HistoryLoader.deviceFolders(layout)
    guard folders.count > 1, let foldLogs = try? ProfileReviewHistory.mergedLogs(layout),
      foldLogs.count == folders.count,
      zip(folders, foldLogs).allSatisfy({ history, fold in
        history.device == fold.folder.device && history.journal == fold.folder.journal
          && (history.device != nil && history.device != layout.device) == fold.contiguous
      })
    else { return nil }
    var scanner = scanner
    scanner.converter = ReplayConverter()
    var collector = ReviewHistoryCollector()
    var single = SingleLogFold(device: "")
    let (history, diverged) = try HistoryLoader.mergeDevices(
      layout, folders: folders, scanner: scanner, accumulator: accumulator, stream: nil
    ) { step, device in
      guard let event = step.event.fold else { return }
      single.merging(device: device, void: step.void)
      collector.fold(event, &single)
    }
    guard !diverged else { return nil }
    collector.finish(single)
    // The reviews taken out as the fold's logs are let go, as the one log's pass does (``FoldThread``).
    let reviews = collector.takeReviews(freeing: 4 << 20) { MallocTrim.trim() }
    MallocTrim.trim()
    return (history, reviews)
  }
}
