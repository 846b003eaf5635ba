import Foundation
import QuizlineCore

/// What reading a line produced.
enum LineInput: Sendable, Equatable {
  case line(String)
  /// Ctrl-C while reading; `lineHadText` when keys had been typed on the cancelled line.
  case interrupted(lineHadText: Bool)
  /// Ctrl-D at an empty line, or the end of piped input.
  case end
}

/// Reads input lines; the terminal and the tests each provide one.
protocol LineReader: AnyObject {
  /// Reads one line after showing `prompt`; `completion` answers TAB (line, word start) where supported.
  func read(prompt: String, completion: @escaping (String, Int) -> Completion.Result) -> LineInput
  /// Remembers an entered line in the history (no-op without a terminal).
  func remember(_ line: String)
  /// Saves the history, if there is one.
  func close()
  /// Which history Up and Down walk from the next read on, and `remember` adds to: commands at
  /// the home prompt, answers inside a quiz.
  func useHistory(_ kind: HistoryKind)
}

/// The two histories of the line editor: what was typed at the home prompt (kept in the profile's
/// `history` file), and what was typed inside quizzes (kept while quizline runs).
enum HistoryKind: Sendable, Equatable {
  case commands
  case answers
}

extension LineReader {
  func useHistory(_ kind: HistoryKind) {}
}

/// Reads lines from standard input when it is not a terminal (a pipe, a file, CI): no editing and no
/// control sequences; the prompt and the line read are echoed so a transcript reads like a session.
final class PlainLineReader: LineReader {
  private var buffer: [UInt8] = []
  private var atEnd = false
  private let fd: Int32
  private let echo: (any TextSink)?

  init(fd: Int32 = 0, echoTo sink: (any TextSink)?) {
    self.fd = fd
    self.echo = sink
  }

  public func read(prompt: String, completion: @escaping (String, Int) -> Completion.Result) -> LineInput {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        var lineBytes = Array(buffer[..<newline])
        buffer.removeFirst(newline + 1)
        if lineBytes.last == 0x0D { lineBytes.removeLast() }
        let line = String(decoding: lineBytes, as: UTF8.self)
        echo?.line(prompt + escapingControlCharacters(line, keepNewlines: false))
        return .line(line)
      }
      if atEnd {
        if buffer.isEmpty { return .end }
        let line = String(decoding: buffer, as: UTF8.self)
        buffer.removeAll()
        echo?.line(prompt + escapingControlCharacters(line, keepNewlines: false))
        return .line(line)
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, 4096) }
      if n > 0 {
        buffer += chunk[..<n]
      } else if n == 0 {
        atEnd = true
      } else if errno == EINTR {
        if Signals.takeInterrupt() { return .interrupted(lineHadText: false) }
        if Signals.terminationRequested { return .end }
      } else {
        atEnd = true
      }
    }
  }

  func remember(_ line: String) {}
  public func close() {}
}
