import Foundation

/// Syncs a batch of written temporaries on several threads at once, each file by its own `fsync`
/// (the same guarantee and the same error for each file as one sync after the other).
///
/// Why: a sync waits on the disk for the file's data, its inode and a cache flush; one after the
/// other, a package of 2,000 pictures waited 2,000 times (8–10 s of its wall time on the test VM
/// under load, ext4). Several syncs in flight share the waits (the device queues their writes, a
/// journal commits them together): 0.4–0.6 s for the same files with ``threadCount`` threads.
enum ConcurrentSync {
  /// Syncs in flight at once: they wait on the disk, not on a core.
  static let threadCount = 8

  /// For each temporary of `pending`, in order, why its sync failed (nil when it is on disk):
  /// ``InteropFiles/syncTemporary(_:)`` run on up to ``threadCount`` threads.
  static func sync(_ pending: [InteropFiles.PendingWrite]) -> [String?] {
    guard pending.count > 1 else { return pending.map(InteropFiles.syncTemporary) }
    let work = Work(pending)
    let group = DispatchGroup()
    for _ in 1..<min(threadCount, pending.count) {
      group.enter()
      Thread.detachNewThread {
        work.run()
        group.leave()
      }
    }
    work.run()
    group.wait()
    return work.failures
  }

  /// The batch shared by the threads: each takes the next file not yet taken.
  private final class Work: @unchecked Sendable {
    let pending: [InteropFiles.PendingWrite]
    /// Written once per index, by the thread that took it; read after every thread is done.
    private(set) var failures: [String?]
    private var next = 0
    private let lock = NSLock()

    init(_ pending: [InteropFiles.PendingWrite]) {
      self.pending = pending
      failures = Array(repeating: nil, count: pending.count)
    }

    func run() {
      while true {
        lock.lock()
        let k = next
        next += 1
        lock.unlock()
        guard k < pending.count else { return }
        let failure = InteropFiles.syncTemporary(pending[k])
        lock.lock()
        failures[k] = failure
        lock.unlock()
      }
    }
  }
}
