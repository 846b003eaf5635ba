import Foundation
import Synchronization

/// Signal flags set by handlers and read by the loop (handlers only store into atomics and arm a
/// timer).
///
/// A signal interrupts the line editor's `read(2)` only when it lands while that call is blocked.
/// One that lands just before (while a prompt is printed, or between two keys being processed) is
/// noted but the `read` that follows would sleep until the next key. So while a Ctrl-C or a
/// termination request is pending, a short one-shot timer (`ITIMER_REAL`, re-armed by its own
/// SIGALRM until the flag is taken) keeps interrupting the read: the loop always sees the flag
/// within a few milliseconds.
enum Signals {
  static let interrupt = Atomic<Int32>(0)
  static let terminate = Atomic<Int32>(0)

  /// How soon a pending signal re-interrupts a read that started after it landed.
  private static let wakeMicroseconds = 20_000

  /// SIGINT cancels the line (reading returns with EINTR); SIGTERM and SIGHUP ask the loop to leave;
  /// SIGXFSZ is ignored so that a file-size limit makes writes fail with EFBIG instead of killing us;
  /// SIGPIPE is ignored so a closed pipe gives EPIPE.
  static func install() {
    handle(SIGINT) { _ in
      Signals.interrupt.store(1, ordering: .relaxed)
      Signals.armWake()
    }
    handle(SIGTERM) { _ in
      Signals.terminate.store(1, ordering: .relaxed)
      Signals.armWake()
    }
    handle(SIGHUP) { _ in
      Signals.terminate.store(1, ordering: .relaxed)
      Signals.armWake()
    }
    handle(SIGALRM) { _ in
      if Signals.isPending { Signals.armWake() }
    }
    signal(SIGXFSZ, SIG_IGN)
    signal(SIGPIPE, SIG_IGN)
  }

  /// Whether an interrupt arrived since the last call (and clears it).
  static func takeInterrupt() -> Bool {
    let taken = interrupt.exchange(0, ordering: .relaxed) == 1
    if !terminationRequested { disarmWake() }
    return taken
  }

  static var terminationRequested: Bool { terminate.load(ordering: .relaxed) == 1 }

  /// A Ctrl-C or a termination request not yet taken by the loop.
  static var isPending: Bool {
    interrupt.load(ordering: .relaxed) == 1 || terminate.load(ordering: .relaxed) == 1
  }

  /// Installs `handler` without SA_RESTART, so a blocked `read` returns EINTR.
  private static func handle(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(number, &action, nil)
  }

  /// One-shot timer; `setitimer` is a plain system call, safe inside a handler.
  private static func armWake() {
    var timer = itimerval(
      it_interval: timeval(tv_sec: 0, tv_usec: 0),
      it_value: timeval(tv_sec: 0, tv_usec: wakeMicroseconds))
    setitimer(Int32(ITIMER_REAL.rawValue), &timer, nil)
  }

  private static func disarmWake() {
    var timer = itimerval()
    setitimer(Int32(ITIMER_REAL.rawValue), &timer, nil)
  }
}
