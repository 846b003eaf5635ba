import Foundation
import QuizlineCore
import Testing

@testable import QuizlineCLI

#if canImport(Glibc)
  import Glibc
#endif

/// A fake terminal on a pseudo-terminal: it reads the queries quizline writes and, once the device
/// attributes request (`ESC [ c`) has arrived, answers with `replies` (or never answers); `later`
/// comes in a second write, after a pause, as a reply that makes a longer trip does.
final class FakeGraphicsTerminal: @unchecked Sendable {
  let master: Int32
  let slave: Int32
  private let replies: String?
  private let later: String?
  private let lock = NSLock()
  private var seen: [UInt8] = []
  private var thread: Thread?

  init(replies: String?, later: String? = nil) throws {
    var m: Int32 = -1
    var s: Int32 = -1
    guard openpty(&m, &s, nil, nil, nil) == 0 else {
      throw PseudoTerminalError(message: "openpty failed", transcript: "")
    }
    master = m
    slave = s
    self.replies = replies
    self.later = later
    let thread = Thread { [self] in answer() }
    self.thread = thread
    thread.start()
  }

  deinit {
    close(master)
    close(slave)
  }

  /// What quizline wrote to the terminal.
  var queries: String { lock.withLock { String(decoding: seen, as: UTF8.self) } }

  private func answer() {
    var chunk = [UInt8](repeating: 0, count: 256)
    while true {
      var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&fds, 1, 5000) > 0 else { return }
      let n = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, 256) }
      guard n > 0 else { return }
      let all: String = lock.withLock {
        seen += chunk[..<n]
        return String(decoding: seen, as: UTF8.self)
      }
      if all.contains("\u{1B}[c") {
        if let replies { _ = Array(replies.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }
        if let later {
          usleep(100_000)
          _ = Array(later.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
        return
      }
    }
  }
}

@Suite struct GraphicsDetectionTests {
  static func detect(_ replies: String?, later: String? = nil, tmux: Bool = false, timeout: Int = 150) throws -> (
    TerminalGraphicsDetector.Answer, String
  ) {
    let terminal = try FakeGraphicsTerminal(replies: replies, later: later)
    let answer = TerminalGraphicsDetector.query(
      input: terminal.slave, output: terminal.slave, timeoutMilliseconds: timeout, tmuxPassthrough: tmux)
    return (answer, terminal.queries)
  }

  static func pick(_ answer: TerminalGraphicsDetector.Answer, variables: [String: String] = [:]) -> GraphicsProtocol? {
    TerminalGraphicsDetector.choose(
      mode: .auto, variables: variables, answer: { _ in answer }, tmuxPassthrough: { false })?.0
  }

  @Test func aKittyReplyBeforeTheAttributesPicksKitty() throws {
    let (answer, queries) = try Self.detect("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c")
    #expect(queries.hasPrefix(TerminalGraphicsDetector.kittyQuery))
    #expect(queries.hasSuffix("\u{1B}[16t\u{1B}[c"))
    #expect(answer == .init(kitty: true, sixel: false, cell: CellSize(width: 10, height: 20), attributes: true))
    #expect(Self.pick(answer) == .kitty)
  }

  @Test func attributesWithFourAndNoKittyReplyPickSixel() throws {
    let (answer, _) = try Self.detect("\u{1B}[?63;1;2;4;6;9;15;22c")
    #expect(answer == .init(kitty: false, sixel: true, cell: nil, attributes: true))
    #expect(Self.pick(answer) == .sixel)
  }

  @Test func attributesWithoutFourPickSymbols() throws {
    let (answer, _) = try Self.detect("\u{1B}[?62;22c")
    #expect(answer.attributes && !answer.sixel && !answer.kitty)
    #expect(Self.pick(answer) == .symbols)
  }

  @Test func aKittyReplyAfterTheAttributesDoesNotCount() {
    let answer = TerminalGraphicsDetector.parse(Array("\u{1B}[?62;22c\u{1B}_Gi=31;OK\u{1B}\\".utf8))
    #expect(!answer.kitty)
  }

  /// Seen with kitty 0.26 around tmux 3.3a: tmux answers the attributes itself at once, and the outer
  /// terminal's kitty reply comes after it.
  @Test func insideTmuxTheKittyReplyAfterTmuxsOwnAttributesIsWaitedForAndCounts() throws {
    let (answer, queries) = try Self.detect(
      "\u{1B}[?1;2c", later: "\u{1B}_Gi=31;OK\u{1B}\\", tmux: true, timeout: 5000)
    #expect(queries.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,"))
    #expect(answer.kitty && answer.attributes)
  }

  @Test func aTerminalThatNeverAnswersGivesSymbolsAfterTheTimeout() throws {
    let (answer, queries) = try Self.detect(nil)
    #expect(queries.contains("\u{1B}[c"))
    #expect(answer == .init())
    #expect(Self.pick(answer) == .symbols)
  }

  @Test func iTerm2IsKnownFromTheEnvironmentWithoutAQuery() {
    let picked = TerminalGraphicsDetector.choose(
      mode: .auto, variables: ["TERM_PROGRAM": "iTerm.app"],
      answer: { _ in
        Issue.record("queried")
        return .init()
      }, tmuxPassthrough: { false })
    #expect(picked?.0 == .iterm)
  }

  @Test func insideTmuxWithoutPassThroughAutoIsSymbolsWithoutAQuery() {
    let picked = TerminalGraphicsDetector.choose(
      mode: .auto, variables: ["TMUX": "/tmp/tmux-0/default,1,0"],
      answer: { _ in
        Issue.record("queried")
        return .init()
      }, tmuxPassthrough: { false })
    #expect(picked?.0 == .symbols)
  }

  @Test func insideTmuxWithPassThroughTheQueryIsWrappedAndKittyIsWrapped() {
    var wrapped: Bool?
    let picked = TerminalGraphicsDetector.choose(
      mode: .auto, variables: ["TMUX": "/tmp/tmux-0/default,1,0"],
      answer: { passthrough in
        wrapped = passthrough
        return .init(kitty: true, attributes: true)
      }, tmuxPassthrough: { true })
    #expect(wrapped == true)
    #expect(picked?.0 == .kitty && picked?.passthrough == true)
  }

  @Test(arguments: [
    (ImageMode.kitty, GraphicsProtocol.kitty), (.iterm, .iterm), (.sixel, .sixel), (.symbols, .symbols),
  ])
  func aNamedModeIsUsedAsGivenWithoutAQuery(mode: ImageMode, expected: GraphicsProtocol) {
    let picked = TerminalGraphicsDetector.choose(
      mode: mode, variables: [:],
      answer: { _ in
        Issue.record("queried")
        return .init()
      }, tmuxPassthrough: { false })
    #expect(picked?.0 == expected)
  }

  @Test func offDrawsNothing() {
    #expect(
      TerminalGraphicsDetector.choose(mode: .off, variables: [:], answer: { _ in .init() }, tmuxPassthrough: { false })
        == nil)
  }

  @Test func noWriterOnAPipeUnderPlainOrWithoutColour() {
    var env = CommandEnvironment(stdout: BufferSink(), stderr: BufferSink(), isInteractive: false)
    env.settings.plain = false
    env.settings.color = true
    #expect(TerminalImages.writer(env, files: nil) == nil)
    env.isInteractive = true
    env.settings.color = false
    #expect(TerminalImages.writer(env, files: nil) == nil)
    env.settings.color = true
    env.settings.plain = true
    #expect(TerminalImages.writer(env, files: nil) == nil)
    env.settings.plain = false
    #expect(TerminalImages.writer(env, files: nil) != nil)
  }
}
