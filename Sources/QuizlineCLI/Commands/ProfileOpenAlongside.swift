import Dispatch
import QuizlineStorage

/// A profile opened on another thread while start-up reads the quizzes folders: neither needs the
/// other, so the start waits for the slower of the two instead of both in turn.
///
/// The opening prints nothing; its notices and its error come back through ``result()``, so the
/// REPL writes them where and when it did when one followed the other. What it returns crosses
/// threads once, after ``result()`` has waited for the opening to finish.
final class ProfileOpenAlongside: @unchecked Sendable {
  private let finished = DispatchGroup()
  /// Set once, on the opening's thread, before `finished` is left; read only after waiting on it.
  private var outcome: Result<OpenedProfile, ProfileError>?

  /// Starts `open` on another thread.
  init(_ open: @escaping @Sendable () throws(ProfileError) -> OpenedProfile) {
    finished.enter()
    DispatchQueue.global(qos: .userInitiated).async {
      do throws(ProfileError) {
        self.outcome = .success(try open())
      } catch {
        self.outcome = .failure(error)
      }
      self.finished.leave()
    }
  }

  /// Waits for the opening to finish: the profile it opened, or the error it met.
  func result() throws(ProfileError) -> OpenedProfile {
    finished.wait()
    switch outcome {
    case .success(let profile): return profile
    case .failure(let error): throw error
    case nil: preconditionFailure("the opening left without an outcome")
    }
  }
}
