import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C inside the REPL belongs to the REPL: started by a parent that shares its process group
/// (as `make run` starts it), the parent must not die of it; and after TAB TAB at an empty prompt a
/// Ctrl-C is one at an empty prompt.
@Suite(.serialized) struct InterruptUnderParentTests {
  static let prompt = "quizline> "

  /// A non-interactive shell runs quizline in its own process group, like make; the shell dies of
  /// a SIGINT it receives, so `after 0` shows that the Ctrl-C reached quizline only.
  @Test func ctrlCInsideTheREPLDoesNotReachTheShellThatStartedIt() throws {
    let world = try TerminalWorld()
    let script =
      "'\(quizlineExecutable)' --quizzes '\(Fixtures.catalog)' --progress '\(world.progress)' --now 2026-03-01T09:00:00Z; echo \"after $?\""
    let t = try PseudoTerminal(["-c", script], environment: world.environment(), executable: "/bin/sh")
    try t.expect(Self.prompt)
    try t.send("\u{03}")
    try t.expect("Press Ctrl-C again, or type quit, to leave.\r\n")
    try t.expect(Self.prompt)
    try t.send("status\r")
    try t.expect("Current quiz        none\r\n")
    try t.expect(Self.prompt)
    try t.send("quit\r")
    try t.expect("Bye.")
    try t.expect("after 0")
    #expect(try t.waitForExit() == 0)
  }

  @Test func ctrlCAfterTabTabAtAnEmptyPromptWarnsAndASecondLeaves() throws {
    let t = try TerminalWorld().startAtPrompt(Self.prompt)
    try t.send("\t\t")
    try t.expect("status")
    try t.expect(Self.prompt)
    try t.send("\u{03}")
    try t.expect("Press Ctrl-C again, or type quit, to leave.\r\n")
    try t.expect(Self.prompt)
    try t.send("\u{03}")
    try t.expect("Bye.")
    #expect(try t.waitForExit() == 0)
  }
}

/// The line editor's two histories on a real terminal.
@Suite(.serialized) struct TerminalHistoryTests {
  @Test func upAtHomeRecallsTheLastCommandNotAnAnswerAndUpInAQuizRecallsAnswers() throws {
    let world = try TerminalWorld()
    let t = try world.startAtPrompt("quizline> ")
    try t.send("start sample\r")
    try t.expect("sample 1/10> ")
    try t.send("b\r")
    try t.expect("sample 2/10> ")
    try t.send("\u{1B}[A")
    try t.expect("b")
    try t.send("\u{15}end\r")
    try t.expect("quizline> ")
    try t.send("\u{1B}[A")
    try t.expect("start sample")
    try t.send("\u{15}quit\r")
    try t.expect("Bye.")
    #expect(try t.waitForExit() == 0)
    let history = try String(contentsOfFile: world.progress + "/default/history", encoding: .utf8)
    // libedit writes a space as \040.
    #expect(history == "_HiStOrY_V2_\nstart\\040sample\nquit\n", "\(history)")
  }
}

/// The built-in pager on a real terminal.
@Suite(.serialized) struct TerminalPagerTests {
  @Test func aLongSessionPagesAndQStopsPagingButNotTheSession() throws {
    let world = try TerminalWorld()
    let t = try world.start(environment: ["LINES": "8"])
    try t.expect("quizline> ")
    try t.send("read intro\r")
    try t.expect("-- more --")
    try t.send(" ")
    try t.expect("-- more --")
    try t.send("q")
    try t.expect("more lines not shown)\r\n")
    try t.expect("quizline> ")
    try t.send("quit\r")
    try t.expect("Bye.")
    #expect(try t.waitForExit() == 0)
  }
}

/// `clear` on a real terminal.
@Suite(.serialized) struct TerminalClearTests {
  @Test func clearWritesTheClearScreenSequenceOnATerminal() throws {
    let t = try TerminalWorld().startAtPrompt("quizline> ")
    try t.send("clear\r")
    try t.expect("\u{1B}[H\u{1B}[2Jquizline> ")
    try t.send("quit\r")
    try t.expect("Bye.")
    #expect(try t.waitForExit() == 0)
  }
}
