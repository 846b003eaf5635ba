import Dispatch
import QuizlineCore
import QuizlineStorage

/// A profile's reviews (``ProfileReviewHistory``, the one fold) read on another thread while this one
/// reads the report's history (``HistoryLoader``): the two reads share nothing, and on a long history
/// each takes a good part of a second. The reviews are the same as read on the calling thread.
///
/// Reports mostly read the reviews in their one pass (`ReportPass`, `ReportPass+Devices`); this
/// reader is the way when that pass cannot be used. A per-device profile with several logs then has
/// its reviews read in ``wait()``, on the calling thread, after the history, so that the two merges
/// of every device's logs do not run side by side. One device's log (a learner's own profile) is
/// read beside the history as a single journal is.
public final class BackgroundReviews: @unchecked Sendable {
  private let layout: ProfileLayout
  private let group = DispatchGroup()
  private let started: Bool
  /// Written once by the worker, read after `group` says it is done.
  private var result: Result<[ReviewRecord], ProfileError>?

  /// Starts reading the reviews of the profile at `layout` (unless it holds several devices' logs).
  public init(_ layout: ProfileLayout) {
    self.layout = layout
    started = layout.device == nil && !ProfileReviewHistory.holdsEvents(layout)
    guard started else { return }
    group.enter()
    DispatchQueue.global().async { [self] in
      result = Self.read(layout)
      group.leave()
    }
  }

  private static func read(_ layout: ProfileLayout) -> Result<[ReviewRecord], ProfileError> {
    Result { () throws(ProfileError) in try ProfileReviewHistory.collect(layout).reviews }
  }

  /// Whether the reviews are being read on another thread (a failure elsewhere waits for it to end).
  public var isReading: Bool { started }

  /// Waits for the reviews (or the error that stopped reading them).
  public func wait() throws(ProfileError) -> [ReviewRecord] {
    guard started else { return try Self.read(layout).get() }
    group.wait()
    guard let result else { throw ProfileError("the review history was not read", exitCode: .failure) }
    return try result.get()
  }
}
