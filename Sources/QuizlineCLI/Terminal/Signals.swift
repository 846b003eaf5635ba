import Foundation
import Synchronization

/// Signal flags set by handlers and read by the loop (handlers only store into atomics).
enum Signals {
  static let interrupt = Atomic<Int32>(0)
  static let terminate = Atomic<Int32>(0)

  /// SIGINT cancels the line (reading returns with EINTR); SIGTERM and SIGHUP ask the loop to leave;
  /// SIGXFSZ is ignored so that a file-size limit makes writes fail with EFBIG instead of killing us;
  /// SIGPIPE is ignored so a closed pipe gives EPIPE.
  static func install() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in Signals.interrupt.store(1, ordering: .relaxed) }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    // A termination signal that lands just before the line editor blocks in read(2) would go
    // unnoticed until a key is pressed; an alarm repeated every second while the flag is set
    // interrupts that read, so the loop always sees the flag.
    var leave = sigaction()
    leave.__sigaction_handler.sa_handler = { _ in
      Signals.terminate.store(1, ordering: .relaxed)
      alarm(1)
    }
    sigemptyset(&leave.sa_mask)
    leave.sa_flags = 0
    sigaction(SIGTERM, &leave, nil)
    sigaction(SIGHUP, &leave, nil)
    var wake = sigaction()
    wake.__sigaction_handler.sa_handler = { _ in
      if Signals.terminate.load(ordering: .relaxed) == 1 { alarm(1) }
    }
    sigemptyset(&wake.sa_mask)
    wake.sa_flags = 0
    sigaction(SIGALRM, &wake, nil)
    signal(SIGXFSZ, SIG_IGN)
    signal(SIGPIPE, SIG_IGN)
  }

  /// Whether an interrupt arrived since the last call (and clears it).
  static func takeInterrupt() -> Bool { interrupt.exchange(0, ordering: .relaxed) == 1 }
  static var terminationRequested: Bool { terminate.load(ordering: .relaxed) == 1 }
}
