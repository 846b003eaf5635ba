/// Where recorded events go before they are applied. Appending must be durable when it returns.
public protocol Journal: AnyObject {
  /// Appends `event`; when this returns without throwing, the event survives a crash or power cut.
  func append(_ event: RecordedEvent) throws(JournalError)
}

/// Why an event could not be recorded.
public struct JournalError: Error, Sendable, Equatable {
  public var message: String

  public init(_ message: String) { self.message = message }
}

/// Keeps events in memory (tests and `--read-only` style use).
public final class MemoryJournal: Journal {
  public private(set) var events: [RecordedEvent] = []
  /// When set, the next append fails with this message (to test disk trouble).
  var failNext: String?

  public init() {}

  public func append(_ event: RecordedEvent) throws(JournalError) {
    if let message = failNext {
      failNext = nil
      throw JournalError(message)
    }
    events.append(event)
  }
}
