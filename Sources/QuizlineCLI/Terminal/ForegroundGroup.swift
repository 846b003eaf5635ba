import Foundation

/// Makes the REPL the only receiver of the terminal's Ctrl-C.
///
/// The terminal sends SIGINT to its whole foreground process group. Started by a shell, quizline
/// leads its own group; started by `make run` (or a script), it shares the group of its parent,
/// so a Ctrl-C meant for the REPL (which only cancels a line there) also killed make, which then
/// ended with status 130 and stopped the shell's command list. So an interactive quizline that does
/// not lead its group moves into a group of its own, takes the terminal's foreground for it while
/// it runs, and gives it back before it ends. While it holds the foreground it ignores Ctrl-Z: its
/// parent waits for it and could not resume a stopped quizline.
enum ForegroundGroup {
  nonisolated(unsafe) private static var previous: pid_t = -1

  /// Takes the terminal's foreground for a new process group when standard input is the
  /// controlling terminal, quizline is in its foreground group, and does not lead that group.
  static func take() {
    guard isatty(0) == 1, getpgrp() != getpid(), tcgetpgrp(0) == getpgrp() else { return }
    let before = getpgrp()
    withTTOUIgnored {
      guard setpgid(0, 0) == 0 else { return }
      if tcsetpgrp(0, getpid()) == 0 {
        previous = before
        signal(SIGTSTP, SIG_IGN)
      } else {
        _ = setpgid(0, before)
      }
    }
  }

  /// Gives the foreground back to the group quizline was started in.
  static func giveBack() {
    guard previous > 0 else { return }
    let group = previous
    previous = -1
    withTTOUIgnored { _ = tcsetpgrp(0, group) }
  }

  /// A background group that changes the terminal's settings is stopped by SIGTTOU unless it
  /// ignores it.
  private static func withTTOUIgnored(_ body: () -> Void) {
    let old = signal(SIGTTOU, SIG_IGN)
    body()
    signal(SIGTTOU, old)
  }
}
