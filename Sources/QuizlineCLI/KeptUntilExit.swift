import Synchronization

/// Values a command leaves for the end of the process to reclaim, instead of freeing them piece by
/// piece just before exiting. In-process callers (the tests) keep them until they end too.
enum KeptUntilExit {
  private static let values = Mutex<[any Sendable]>([])

  static func keep(_ value: some Sendable) { values.withLock { $0.append(value) } }
}
