import Synchronization

/// Values a command leaves for the end of the process to reclaim, instead of freeing them piece by
/// piece just before exiting. In-process callers (the tests) keep them until they end too.
enum KeptUntilExit {
  private static let values = Mutex<[any Sendable]>([])
  /// Set by ``QuizlineCommand/main(arguments:)``: this is the real process, which exits as soon as
  /// its one command returns.
  static let processExitsAfterCommand = Atomic<Bool>(false)

  static func keep(_ value: some Sendable) { values.withLock { $0.append(value) } }

  /// Keeps `value` only in the real process; in-process callers (the tests run hundreds of REPL
  /// sessions) free it as usual.
  static func keepWhenExiting(_ value: some Sendable) {
    if processExitsAfterCommand.load(ordering: .relaxed) { keep(value) }
  }
}
