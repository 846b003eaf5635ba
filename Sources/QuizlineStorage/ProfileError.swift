import QuizlineCore

/// Why a profile could not be opened, with the exit status to use.
public struct ProfileError: Error, Sendable, Equatable {
  public var message: String
  /// 74 for I/O trouble, 65 for data this quizline must not touch, 75 when another process holds the profile.
  public var exitCode: ExitCode

  public init(_ message: String, exitCode: ExitCode) {
    self.message = message
    self.exitCode = exitCode
  }
}

/// Refuses every event: a profile opened with `--read-only` can be looked at, not changed.
final class ReadOnlyJournal: Journal {
  init() {}

  public func append(_ event: RecordedEvent) throws(JournalError) {
    throw JournalError("the profile is open read-only (--read-only), so nothing can be recorded")
  }
}
