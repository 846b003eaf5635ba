import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// The built-in pager: a screen at a time, Space a page, Enter a line, q (or Ctrl-C) stops.
@Suite struct PagerTests {
  /// Pages `lineCount` numbered lines on a terminal of `rows` with `keys` pressed in turn; returns
  /// what was written and how many keys were read.
  static func page(_ lineCount: Int, rows: Int, keys: [UInt8?]) -> (text: String, keysRead: Int) {
    var queue = keys
    var read = 0
    var out = ""
    let text = (1...lineCount).map { "line \($0)" }.joined(separator: "\n") + "\n"
    Pager(
      rows: rows,
      readKey: {
        read += 1
        return queue.isEmpty ? nil : queue.removeFirst()
      }, write: { out += $0 }
    ).show(text)
    return (out, read)
  }

  static let more = Pager.prompt + "\r\u{1B}[K"

  @Test func textThatFitsIsWrittenWholeWithoutAsking() {
    let r = Self.page(4, rows: 5, keys: [])
    #expect(r.text == "line 1\nline 2\nline 3\nline 4\n")
    #expect(r.keysRead == 0)
  }

  @Test func spaceShowsTheNextPageAndEnterOneMoreLine() {
    let r = Self.page(10, rows: 5, keys: [UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: " ")])
    #expect(
      r.text
        == "line 1\nline 2\nline 3\nline 4\n" + Self.more + "line 5\nline 6\nline 7\nline 8\n" + Self.more
        + "line 9\n" + Self.more + "line 10\n")
    #expect(r.keysRead == 3)
  }

  @Test func qStopsPagingAndSaysHowMuchWasLeftOut() {
    let r = Self.page(10, rows: 5, keys: [UInt8(ascii: "q")])
    #expect(r.text == "line 1\nline 2\nline 3\nline 4\n" + Self.more + "(6 more lines not shown)\n")
  }

  @Test func ctrlCWhilePagingStopsPagingLikeQ() {
    let r = Self.page(10, rows: 5, keys: [nil])
    #expect(r.text.hasSuffix(Self.more + "(6 more lines not shown)\n"))
  }

  @Test func aPipeNeverPages() {
    // Not a terminal: the runtime has no pager, and a long frame is written whole.
    let r = runInProcess(["read", "intro", "--quizzes", Fixtures.catalog], variables: ["LINES": "5"])
    #expect(r.status == 0)
    #expect(!r.stdout.contains(Pager.prompt))
    #expect(r.stdout.split(separator: "\n").count > 5)
  }
}
