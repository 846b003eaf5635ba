import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Why a pseudo-terminal session failed; carries what the program printed so far.
struct PseudoTerminalError: Error, CustomStringConvertible {
  var message: String
  var transcript: String
  var description: String { "\(message)\n--- output so far ---\n\(transcript)\n---" }
}

/// The real `quizline` binary on a pseudo-terminal, driven like a person at a keyboard.
///
/// Keys are written to the terminal; `expect` reads until a text appears (with a generous deadline,
/// never a fixed sleep). Output lines end in `\r\n` on a terminal.
final class PseudoTerminal {
  let pid: pid_t
  private let master: Int32
  private var bytes: [UInt8] = []
  /// Where the next `expect` starts looking.
  private var mark = 0
  private var status: Int32?
  private var closed = false

  /// Whether keys go to a child of `pid` (a shell that started quizline), not to `pid` itself.
  private let readerIsChild: Bool

  /// Starts `quizline arguments` on a new pseudo-terminal of `columns` × 24 with exactly `environment`;
  /// with `executable` (a shell), that program instead, which starts quizline as its child.
  init(
    _ arguments: [String], environment: [String: String], columns: UInt16 = 80, executable: String? = nil
  ) throws {
    let path = executable ?? quizlineExecutable
    readerIsChild = executable != nil
    // Everything the child needs is prepared before fork: after it, only exec.
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for p in argv { free(p) }
      for p in envp { free(p) }
    }
    var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    var empty = sigset_t()
    sigemptyset(&empty)
    var fd: Int32 = -1
    let child = forkpty(&fd, nil, nil, &size)
    if child == 0 {
      // The test runner's threads block most signals and the child would inherit that mask.
      sigprocmask(SIG_SETMASK, &empty, nil)
      execve(path, argv, envp)
      _exit(127)
    }
    guard child > 0 else {
      throw PseudoTerminalError(message: "forkpty failed: errno \(errno)", transcript: "")
    }
    pid = child
    master = fd
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    if status == nil {
      kill(pid, SIGKILL)
      var s: Int32 = 0
      waitpid(pid, &s, 0)
    }
    close(master)
  }

  /// Everything printed so far, lossily decoded.
  var transcript: String { String(decoding: bytes, as: UTF8.self) }

  /// Everything printed since the last `expect` match.
  var sinceMark: String { String(decoding: bytes[mark...], as: UTF8.self) }

  /// Types `keys` (`\r` is Enter, `\t` TAB, `\u{03}` Ctrl-C, `\u{04}` Ctrl-D, `\u{1B}[A` Up) once
  /// the program waits for them (see ``waitUntilReadingKeys(timeout:)``).
  func send(_ keys: String) throws {
    try waitUntilReadingKeys()
    let data = Array(keys.utf8)
    var done = 0
    while done < data.count {
      let n = data[done...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if n > 0 {
        done += n
      } else if errno != EINTR && errno != EAGAIN {
        return
      }
    }
  }

  #if arch(arm64)
    private static let readSyscall = "63 0x0 "
  #else
    private static let readSyscall = "0 0x0 "
  #endif

  /// Waits until the line editor is blocked reading keys: the terminal is in raw mode and the
  /// program sits in `read(0, …)`.
  ///
  /// libedit prints its prompt before it puts the terminal in raw mode: keys typed in between are
  /// handled by the kernel's line discipline (echoed, and a Ctrl-D there is lost), and a signal in
  /// between is noted but does not wake the `read` that follows. The master side sees the terminal
  /// mode, and `/proc/PID/syscall` shows the blocking `read` (where it cannot be read, raw mode alone
  /// is waited for).
  func waitUntilReadingKeys(timeout: Double = 30) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      var attributes = termios()
      if tcgetattr(master, &attributes) == 0, attributes.c_lflag & tcflag_t(ICANON) == 0 {
        guard let syscall = try? String(contentsOfFile: "/proc/\(keyReader)/syscall", encoding: .utf8),
          syscall.first?.isNumber == true
        else { return }
        if syscall.hasPrefix(Self.readSyscall) { return }
      }
      guard Date() < deadline else {
        throw PseudoTerminalError(
          message: "the program was not waiting for keys within \(timeout) s",
          transcript: transcript)
      }
      if !readSome(waitingMilliseconds: 5) && closed {
        throw PseudoTerminalError(
          message: "the program closed the terminal while a key was to be sent",
          transcript: transcript)
      }
    }
  }

  /// The process that reads the keys: the program, or its first child when a shell started it.
  private var keyReader: pid_t {
    guard readerIsChild,
      let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8),
      let first = children.split(separator: " ").first.flatMap({ pid_t(String($0)) })
    else { return pid }
    return first
  }

  /// Reads until `text` appears after the previous match; returns what was printed up to its end.
  @discardableResult
  func expect(_ text: String, timeout: Double = 30) throws -> String {
    let needle = Array(text.utf8)
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let end = find(needle, from: mark) {
        let seen = String(decoding: bytes[mark..<end], as: UTF8.self)
        mark = end
        return seen
      }
      guard Date() < deadline else {
        throw PseudoTerminalError(
          message: "timed out after \(timeout) s waiting for \(String(reflecting: text))",
          transcript: transcript)
      }
      if !readSome(waitingMilliseconds: 100) && closed {
        throw PseudoTerminalError(
          message: "the program closed the terminal before printing \(String(reflecting: text))",
          transcript: transcript)
      }
    }
  }

  /// Sends a signal to the program.
  func signal(_ number: Int32) { kill(pid, number) }

  /// Waits for the program to exit (reading what it prints meanwhile); returns its exit status, or
  /// 128 + the signal that killed it.
  /// Waits for `prompt`, leaves with Ctrl-D and expects a clean exit.
  func leaveAtPrompt(_ prompt: String) throws {
    try expect(prompt)
    try send("\u{04}")
    #expect(try waitForExit() == 0)
  }

  func waitForExit(timeout: Double = 30) throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while status == nil {
      var s: Int32 = 0
      let r = waitpid(pid, &s, WNOHANG)
      if r == pid {
        status = (s & 0x7F) == 0 ? (s >> 8) & 0xFF : 128 + (s & 0x7F)
        break
      }
      guard Date() < deadline else {
        throw PseudoTerminalError(
          message: "the program did not exit within \(timeout) s", transcript: transcript)
      }
      if !readSome(waitingMilliseconds: 50) && closed {
        // Nothing more to read: wait for the exit without spinning.
        var fds = pollfd(fd: -1, events: 0, revents: 0)
        _ = poll(&fds, 0, 20)
      }
    }
    while readSome(waitingMilliseconds: 0) {}
    return status ?? -1
  }

  /// Reads what is available, waiting up to `waitingMilliseconds` for something; false when nothing came.
  private func readSome(waitingMilliseconds: Int32) -> Bool {
    if closed { return false }
    var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let ready = poll(&fds, 1, waitingMilliseconds)
    guard ready > 0 else { return false }
    var chunk = [UInt8](repeating: 0, count: 4096)
    let n = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, 4096) }
    if n > 0 {
      bytes += chunk[..<n]
      return true
    }
    if n == 0 || (errno != EAGAIN && errno != EINTR) {
      // EIO: the program closed its side of the terminal (it exited).
      closed = true
    }
    return false
  }

  private func find(_ needle: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, bytes.count - start >= needle.count else { return nil }
    var i = start
    while i + needle.count <= bytes.count {
      if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle {
        return i + needle.count
      }
      i += 1
    }
    return nil
  }
}

/// A temporary home, progress folder and the environment a terminal session runs in.
struct TerminalWorld {
  let home: String
  let progress: String

  init() throws {
    home = try temporaryDirectory()
    progress = home + "/Progress"
  }

  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var env = [
      "TERM": "xterm", "HOME": home, "COLUMNS": "80", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
    ]
    for (k, v) in extra { env[k] = v }
    return env
  }

  /// Starts the REPL on the fixture catalog with this world's progress folder and a fixed clock.
  /// Starts quizline and waits for `prompt`.
  func startAtPrompt(_ prompt: String) throws -> PseudoTerminal {
    let terminal = try start()
    try terminal.expect(prompt)
    return terminal
  }

  func start(_ arguments: [String] = [], environment extra: [String: String] = [:]) throws
    -> PseudoTerminal
  {
    try PseudoTerminal(
      ["--quizzes", Fixtures.catalog, "--progress", progress, "--now", "2026-03-01T09:00:00Z"]
        + arguments,
      environment: environment(extra))
  }
}
