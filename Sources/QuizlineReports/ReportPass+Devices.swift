import QuizlineCore
import QuizlineStorage

/// The reports' one pass over several devices' logs: every line read and parsed once (each
/// device's ``DeviceHistorySource`` with the fold's events of its lines in its ``FoldQueue``), the logs merged once
/// (``StreamingMerge``), each merged event counted by the history's accumulator and, in batches on
/// the fold's thread (``FoldThread``), folded for the reviews (``ReviewHistoryCollector`` over
/// ``SingleLogFold``, as ``ProfileReviewHistory/collect(_:following:)`` folds its own merge). The same history as ``HistoryLoader/loadDevices`` and the same reviews as
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
    // The fold on its own thread, as for one log (``FoldThread``): its memory is in that thread's
    // malloc arena, given back whole when the reviews are taken out (folded on this thread, the
    // fold's freed blocks lay between the history's, and the json report's peak counted them).
    let fold = FoldThread(
      single: SingleLogFold(device: ""), devices: folders.map { $0.device ?? "" })
    var steps: [MergedFoldStep] = []
    steps.reserveCapacity(Self.mergedBatch)
    let history: ProfileHistory
    let diverged: Bool
    do {
      (history, diverged) = try HistoryLoader.mergeDevices(
        layout, folders: folders, scanner: scanner, accumulator: accumulator, stream: nil
      ) { step, foldEvent in
        guard let event = consume foldEvent else { return }
        steps.append(MergedFoldStep(event: event, device: step.log, void: step.void))
        if steps.count == Self.mergedBatch {
          fold.send(merged: steps)
          steps = []
          steps.reserveCapacity(Self.mergedBatch)
        }
      }
    } catch {
      _ = fold.finish()
      throw error
    }
    fold.send(merged: steps)
    let reviews = fold.finish()
    guard !diverged else { return nil }
    return (history, reviews)
  }

  /// How many merged events go to the fold's thread at once.
  static let mergedBatch = 4096
}
