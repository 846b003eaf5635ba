import Dispatch
import QuizlineCore
import QuizlineStorage

/// A profile's reviews (``ProfileReviewHistory``, the one fold) read on another thread while this one
/// reads the report's history (``HistoryLoader``): the two reads share nothing, and on a long history
/// each takes a good part of a second. The reviews are the same as read on the calling thread.
public final class BackgroundReviews: @unchecked Sendable {
  private let group = DispatchGroup()
  /// Written once by the worker, read after `group` says it is done.
  private var result: Result<[ReviewRecord], ProfileError>?

  /// Starts reading the reviews of the profile at `layout`.
  public init(_ layout: ProfileLayout) {
    group.enter()
    DispatchQueue.global().async { [self] in
      result = Result { () throws(ProfileError) in try ProfileReviewHistory.collect(layout).reviews }
      group.leave()
    }
  }

  /// Waits for the reviews (or the error that stopped reading them).
  public func wait() throws(ProfileError) -> [ReviewRecord] {
    group.wait()
    guard let result else { throw ProfileError("the review history was not read", exitCode: .failure) }
    return try result.get()
  }
}
