import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A SIGTERM that lands while the prompt is being drawn (before libedit blocks in read) still makes quizline leave.
@Suite(.serialized) struct SignalRaceTests {
  @Test func sigtermRightAsThePromptAppearsStillLeaves() throws {
    var stuck = 0
    for _ in 0..<6 {
      let t = try TerminalWorld().start()
      try t.expect("quizline> ")
      // No waiting for libedit to block in read: the signal may land just before it does.
      t.signal(SIGTERM)
      do { _ = try t.waitForExit(timeout: 5) } catch { stuck += 1 }
    }
    #expect(stuck == 0, "\(stuck) of 6 runs ignored SIGTERM until a key was pressed")
  }
}
