import Foundation
import QuizlineCore

/// Which graphics protocol the terminal speaks, for `config images auto`, and its cell size.
///
/// One round of queries: kitty's graphics query, the cell size (`ESC [ 16 t`), then the primary
/// device attributes (`ESC [ c`), which every terminal answers. A kitty reply before the attributes
/// reply means kitty graphics; attribute 4 in that reply means sixel. Reading stops at the
/// attributes reply, which every terminal sends, or after the timeout when nothing answers: a second
/// by default, since over ssh a reply takes a round trip, and a reply that came later would be read
/// as typed keys.
enum TerminalGraphicsDetector {
  /// What the terminal answered.
  struct Answer: Equatable {
    var kitty = false
    var sixel = false
    var cell: CellSize?
    /// Whether the device attributes reply came (the terminal answers queries at all).
    var attributes = false
  }

  static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
  static let cellSizeQuery = "\u{1B}[16t"
  static let attributesQuery = "\u{1B}[c"

  /// Sends the queries on `output` and reads the replies from `input` (a terminal, put in raw mode
  /// meanwhile) for at most `timeoutMilliseconds`. Inside tmux with pass-through, the kitty query
  /// is wrapped so that the outer terminal sees it.
  static func query(input: Int32, output: Int32, timeoutMilliseconds: Int = 1000, tmuxPassthrough: Bool = false)
    -> Answer
  {
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { return Answer() }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    tcsetattr(input, TCSANOW, &raw)
    defer { tcsetattr(input, TCSANOW, &saved) }
    let kitty =
      tmuxPassthrough ? TerminalGraphics(graphicsProtocol: .kitty, tmuxPassthrough: true).wrap(kittyQuery) : kittyQuery
    let queries = Array((kitty + cellSizeQuery + attributesQuery).utf8)
    var sent = 0
    while sent < queries.count {
      let n = queries[sent...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
      if n > 0 { sent += n } else if errno != EINTR { return Answer() }
    }
    var replies: [UInt8] = []
    var clock = timespec()
    clock_gettime(CLOCK_MONOTONIC, &clock)
    let deadline = Int(clock.tv_sec) * 1000 + Int(clock.tv_nsec) / 1_000_000 + timeoutMilliseconds
    while true {
      let answer = parse(replies, throughTmux: tmuxPassthrough)
      // Inside tmux the attributes reply is tmux's own, sent at once, while the kitty query makes
      // the round trip to the outer terminal: wait for its reply (or the timeout) there.
      if answer.attributes && (!tmuxPassthrough || answer.kitty) { return answer }
      clock_gettime(CLOCK_MONOTONIC, &clock)
      let left = deadline - (Int(clock.tv_sec) * 1000 + Int(clock.tv_nsec) / 1_000_000)
      guard left > 0 else { return answer }
      var fds = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      guard poll(&fds, 1, Int32(left)) > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 256)
      let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, 256) }
      if n > 0 {
        replies += chunk[..<n]
      } else if n == 0 || errno != EINTR && errno != EAGAIN {
        return parse(replies, throughTmux: tmuxPassthrough)
      }
    }
  }

  /// Reads the replies: `ESC _ G … ESC \` (kitty), `ESC [ 6 ; H ; W t` (cell size), and
  /// `ESC [ ? a ; b ; … c` (the device attributes, where 4 is sixel).
  /// Inside tmux (`throughTmux`), a kitty reply after the attributes counts too: those are tmux's.
  static func parse(_ bytes: [UInt8], throughTmux: Bool = false) -> Answer {
    var answer = Answer()
    let text = String(decoding: bytes, as: UTF8.self)
    var rest = Substring(text)
    while let esc = rest.firstIndex(of: "\u{1B}") {
      rest = rest[rest.index(after: esc)...]
      if rest.hasPrefix("_G") {
        // Only a kitty reply that came before the attributes reply counts.
        if !answer.attributes || throughTmux { answer.kitty = true }
      } else if rest.hasPrefix("[6;"), let t = rest.firstIndex(of: "t") {
        let numbers = rest[rest.index(rest.startIndex, offsetBy: 3)..<t].split(separator: ";").compactMap { Int($0) }
        if numbers.count == 2, numbers[0] > 0, numbers[1] > 0, numbers[0] < 1000, numbers[1] < 1000 {
          answer.cell = CellSize(width: numbers[1], height: numbers[0])
        }
      } else if rest.hasPrefix("[?"),
        let c = rest.firstIndex(where: { !($0.isNumber || $0 == ";" || $0 == "?" || $0 == "[") }),
        rest[c] == "c"
      {
        let attributes = rest[rest.index(rest.startIndex, offsetBy: 2)..<c].split(separator: ";")
        answer.sixel = attributes.dropFirst().contains("4")
        answer.attributes = true
      }
    }
    return answer
  }

  /// The protocol for `mode`, or nil when nothing is drawn (`off`). `answer` is asked only when the
  /// terminal must be queried; `tmuxPassthrough` only inside tmux (`TMUX` set).
  static func choose(
    mode: ImageMode, variables: [String: String], answer: (_ tmuxPassthrough: Bool) -> Answer,
    tmuxPassthrough: () -> Bool
  ) -> (GraphicsProtocol, passthrough: Bool)? {
    let inTmux = !(variables["TMUX"] ?? "").isEmpty
    switch mode {
    case .off: return nil
    case .symbols: return (.symbols, false)
    case .kitty: return (.kitty, inTmux)
    case .iterm: return (.iterm, inTmux)
    case .sixel: return (.sixel, inTmux)
    case .auto:
      let passthrough = inTmux && tmuxPassthrough()
      if inTmux && !passthrough { return (.symbols, false) }
      // iTerm2 says so in TERM_PROGRAM, or in LC_TERMINAL, which survives ssh and tmux.
      if variables["TERM_PROGRAM"] == "iTerm.app" || variables["LC_TERMINAL"] == "iTerm2" {
        return (.iterm, passthrough)
      }
      let replies = answer(passthrough)
      if replies.kitty { return (.kitty, passthrough) }
      // Inside tmux the attributes are tmux's own: a tmux that speaks sixel draws it itself.
      if replies.sixel { return (.sixel, false) }
      return (.symbols, false)
    }
  }

  /// Whether `tmux show -gv allow-passthrough` says `on` (or `all`).
  static func tmuxAllowsPassthrough(variables: [String: String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux", "show", "-gv", "allow-passthrough"]
    process.environment = variables
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let value = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return process.terminationStatus == 0 && (value == "on" || value == "all")
  }

  /// The terminal's cell size from TIOCGWINSZ when it gives pixels.
  static func cellSize(fd: Int32) -> CellSize? {
    var ws = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0, ws.ws_xpixel > 0, ws.ws_ypixel > 0
    else { return nil }
    return CellSize(width: Int(ws.ws_xpixel) / Int(ws.ws_col), height: Int(ws.ws_ypixel) / Int(ws.ws_row))
  }
}
