import Foundation

/// Long output a screen at a time, on a terminal only (a pipe never pages).
///
/// The built-in pager writes one screen less a line, then `-- more --`: Space shows the next
/// screen, Enter one more line, q (or Ctrl-C) stops paging and the session goes on. With `$PAGER`
/// set, the whole text goes to that program instead.
struct Pager {
  /// Lines of the terminal.
  var rows: Int
  /// The next key pressed, or nil when reading was interrupted (Ctrl-C) or ended.
  var readKey: () -> UInt8?
  var write: (String) -> Void

  static let prompt = "-- more -- (Space: next page, Enter: next line, q: stop)"

  /// Shows `text` on the interactive terminal a screen at a time: through `$PAGER` when it is set
  /// and the text is longer than the screen, else with the built-in pager (the REPL's long frames,
  /// `quizline report`'s dashboard and class report).
  static func show(_ text: String, variables: [String: String], write: @escaping (String) -> Void) {
    let rows = TerminalSize.rows(variables: variables)
    let lines = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    if lines >= rows, let command = variables["PAGER"], !command.isEmpty,
      Pager.external(command, text, variables: [:])
    {
      return
    }
    Pager(rows: rows, readKey: Pager.readTerminalKey, write: write).show(text)
  }

  /// Writes `text`, pausing after each screen when it is longer than one.
  func show(_ text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    let page = max(1, rows - 1)
    guard lines.count > page else {
      write(text)
      return
    }
    var shown = 0
    var budget = page
    while shown < lines.count {
      let end = min(lines.count, shown + budget)
      write(lines[shown..<end].joined(separator: "\n") + "\n")
      shown = end
      guard shown < lines.count else { return }
      write(Self.prompt)
      let key = readKey()
      // The prompt line is erased, so the text reads on without it.
      write("\r\u{1B}[K")
      switch key {
      case UInt8(ascii: " "): budget = page
      case UInt8(ascii: "\r"), UInt8(ascii: "\n"): budget = 1
      case nil, UInt8(ascii: "q"), UInt8(ascii: "Q"):
        write("(\(lines.count - shown) more lines not shown)\n")
        return
      default: budget = page
      }
    }
  }

  /// One key from the terminal, read with canonical mode and echo off; nil on Ctrl-C (which is
  /// taken, so it does not also arm leaving) or the end of input.
  static func readTerminalKey() -> UInt8? {
    var saved = termios()
    guard tcgetattr(0, &saved) == 0 else { return nil }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(0, TCSANOW, &raw)
    defer { tcsetattr(0, TCSANOW, &saved) }
    var byte: UInt8 = 0
    while true {
      let n = Foundation.read(0, &byte, 1)
      if n == 1 { return byte }
      if n < 0, errno == EINTR {
        if Signals.takeInterrupt() || Signals.terminationRequested { return nil }
        continue
      }
      return nil
    }
  }

  /// Sends `text` to `$PAGER` (through `/bin/sh -c`, as git does; `LESS=FRX` unless set, so less
  /// keeps colours and leaves short text on the screen) and waits for it. False when it could not
  /// be started (the caller then pages itself).
  static func external(_ command: String, _ text: String, variables: [String: String]) -> Bool {
    // Spawned in quizline's own process group (Foundation's Process would give it a group of its
    // own, in the background, where a pager is stopped as soon as it touches the terminal).
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return false }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    var environment = ProcessInfo.processInfo.environment
    for (k, v) in variables { environment[k] = v }
    if environment["LESS"] == nil { environment["LESS"] = "FRX" }
    let words: [String] = ["/bin/sh", "-c", command]
    var pid: pid_t = 0
    let spawned = SpawnStrings.with(words, environment: environment) { argv, envp in
      posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
    }
    close(fds[0])
    guard spawned == 0 else {
      close(fds[1])
      return false
    }
    let bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
      let n = bytes[done...].withUnsafeBytes { Foundation.write(fds[1], $0.baseAddress, $0.count) }
      if n > 0 {
        done += n
      } else if n < 0, errno == EINTR {
        continue
      } else {
        break  // the pager left early (q): the rest is not wanted
      }
    }
    close(fds[1])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    // A Ctrl-C meant for the pager also reached quizline: it is not one at the prompt.
    _ = Signals.takeInterrupt()
    return true
  }

}

extension TerminalSize {
  /// Lines of the terminal on standard output (`LINES` first, as for `COLUMNS`), or 24.
  public static func rows(variables: [String: String]) -> Int {
    if let r = variables["LINES"].flatMap(Int.init), r >= 5, r <= 1000 { return r }
    var ws = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_row >= 5 { return Int(ws.ws_row) }
    return 24
  }
}
