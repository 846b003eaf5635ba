@preconcurrency import CEditLine
import Foundation
import QuizlineCore

/// Reads lines on a terminal through libedit: emacs-style editing, history and TAB completion.
final class EditLineReader: LineReader {
  /// Completion needs the current state; libedit's callback is a C function, so it looks here.
  nonisolated(unsafe) static var completer: ((String, Int) -> Completion.Result)?
  nonisolated(unsafe) static var matches: [String] = []
  private let historyPath: String?
  private var added = 0

  init(historyPath: String?) {
    self.historyPath = historyPath
    quizline_rl_set_name("quizline")
    using_history()
    stifle_history(1000)
    if let historyPath { _ = read_history(historyPath) }
    quizline_rl_set_completion { text, start, _ in
      EditLineReader.attemptCompletion(text, start: Int(start))
    }
  }

  func read(prompt: String, completion: @escaping (String, Int) -> Completion.Result) -> LineInput {
    EditLineReader.completer = completion
    _ = Signals.takeInterrupt()
    guard let raw = readline(prompt) else {
      if Signals.takeInterrupt() {
        FileDescriptorSink.standardOutput.write("\n")
        return .interrupted
      }
      // Ctrl-D (or a termination signal) leaves the cursor after the prompt: end that line.
      FileDescriptorSink.standardOutput.write("\n")
      return .end
    }
    defer { free(raw) }
    return .line(String(cString: raw))
  }

  func remember(_ line: String) {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return }
    add_history(trimmed)
    added += 1
    if let historyPath, added % 20 == 0 { _ = write_history(historyPath) }
  }

  func close() {
    if let historyPath { _ = write_history(historyPath) }
  }

  private static func attemptCompletion(_ text: UnsafePointer<CChar>?, start: Int) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    let line = quizline_rl_line_buffer().map { String(cString: $0) } ?? ""
    // `start` is a byte offset; completion works on characters.
    let prefixBytes = Array(line.utf8.prefix(start))
    let characterStart = String(decoding: prefixBytes, as: UTF8.self).count
    switch completer?(line, characterStart) ?? .words([]) {
    case .files:
      quizline_rl_set_completion_over(0)
      return nil
    case .words(let words):
      quizline_rl_set_completion_over(1)
      matches = words
      guard !words.isEmpty else { return nil }
      return rl_completion_matches(text) { _, state in
        if state == 0 { EditLineReader.cursor = 0 }
        guard EditLineReader.cursor < EditLineReader.matches.count else { return nil }
        defer { EditLineReader.cursor += 1 }
        return strdup(EditLineReader.matches[EditLineReader.cursor])
      }
    }
  }

  nonisolated(unsafe) static var cursor = 0
}
