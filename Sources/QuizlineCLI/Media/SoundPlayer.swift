import Foundation
import QuizlineCore

/// Plays sound files in the background, one after another: a new list stops the one still
/// playing (its player's whole process group). The first player starts before ``play(_:environment:)``
/// returns, so a failure to start it is reported; a thread waits for each player in turn (and
/// reaps it) and starts the next. Nothing here ever waits for a sound to end.
final class SoundPlayer: @unchecked Sendable {
  private let lock = NSLock()
  /// Bumped by every ``play(_:environment:)`` and ``stop()``: an older list stops at its next file.
  private var generation = 0
  /// The player now playing (0: none). Cleared before it is reaped, so a stop never signals an id
  /// the system may have given to another process.
  private var current: pid_t = 0

  /// Stops what plays, then plays `commands` (each a player's path, its arguments and a file) one
  /// after another; nil once the first has started, else why it could not.
  func play(_ commands: [[String]], environment: [String: String]) -> SoundProcess.Failure? {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    stopCurrent()
    var remaining = commands
    while !remaining.isEmpty {
      switch SoundProcess.spawn(remaining.removeFirst(), environment: environment) {
      case .failure(let error):
        if remaining.isEmpty { return error }
      case .success(let pid):
        current = pid
        follow(pid, then: remaining, generation: generation, environment: environment)
        return nil
      }
    }
    return nil
  }

  /// Stops the sound playing now and those queued after it. Leaving quizline, `waiting` also
  /// reaps the stopped player (its thread may not run again before the process ends).
  func stop(waiting: Bool = false) {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    let stopped = current
    stopCurrent()
    guard waiting, stopped > 0 else { return }
    // A player that ignores SIGTERM must not hold quizline's exit: after a second, SIGKILL.
    var status: Int32 = 0
    for _ in 0..<100 {
      let reaped = waitpid(stopped, &status, WNOHANG)
      if reaped != 0, !(reaped < 0 && errno == EINTR) { return }
      usleep(10_000)
    }
    kill(-stopped, SIGKILL)
    while waitpid(stopped, &status, 0) < 0, errno == EINTR {}
  }

  private func stopCurrent() {
    if current > 0 { kill(-current, SIGTERM) }
    current = 0
  }

  /// Waits for `pid` (without reaping it), then, unless a newer list came, starts the next file.
  private func follow(_ first: pid_t, then rest: [[String]], generation mine: Int, environment: [String: String]) {
    Thread.detachNewThread { [self] in
      SoundProcess.blockSignals()
      var pid = first
      var remaining = rest
      while true {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        lock.lock()
        if current == pid { current = 0 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        var next: pid_t?
        while mine == generation, next == nil, !remaining.isEmpty {
          if case .success(let started) = SoundProcess.spawn(remaining.removeFirst(), environment: environment) {
            next = started
          }
        }
        guard let next else {
          lock.unlock()
          return
        }
        current = next
        pid = next
        lock.unlock()
      }
    }
  }
}

/// The system quizline runs on, for which programs it looks for and what it advises installing.
enum HostSystem: Sendable, Equatable {
  case linux, macOS

  static var current: HostSystem {
    #if os(macOS)
      .macOS
    #else
      .linux
    #endif
  }
}

/// Programs on `PATH`, as a shell finds them.
struct ProgramSearch {
  var path: String

  init(variables: [String: String]) { path = variables["PATH"] ?? "/usr/bin:/bin" }

  /// The path of the executable `name` in the first folder of `PATH` that has one.
  func find(_ name: String) -> String? {
    for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
      var info = stat()
      guard stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 else {
        continue
      }
      return candidate
    }
    return nil
  }
}
