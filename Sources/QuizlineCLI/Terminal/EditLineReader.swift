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
  /// The lines of each history, oldest first; libedit holds the one in use.
  private var lines: [HistoryKind: [String]] = [.commands: [], .answers: []]
  private var current = HistoryKind.commands

  init(historyPath: String?) {
    self.historyPath = historyPath
    // libedit decodes and draws multibyte characters by the C locale: without this, "é" typed at
    // the prompt is dropped. A C/POSIX environment still gets UTF-8, which is what the terminal sends.
    setlocale(LC_CTYPE, "")
    if String(cString: nl_langinfo(Int32(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    // Must be set before libedit initialises (the first history or readline call).
    quizline_rl_set_getc { _ in EditLineReader.readKey() }
    quizline_rl_set_name("quizline")
    using_history()
    stifle_history(1000)
    if let historyPath, Self.isPlainFileOrMissing(historyPath) { _ = read_history(historyPath) }
    lines[.commands] = Self.libeditLines()
    quizline_rl_set_completion { text, start, _ in
      EditLineReader.attemptCompletion(text, start: Int(start))
    }
  }

  func read(prompt: String, completion: @escaping (String, Int) -> Completion.Result) -> LineInput {
    EditLineReader.completer = completion
    _ = Signals.takeInterrupt()
    EditLineReader.keysThisLine = 0
    guard let raw = readline(prompt) else {
      if Signals.takeInterrupt() {
        FileDescriptorSink.standardOutput.write("\n")
        return .interrupted(lineHadText: EditLineReader.keysThisLine > 0)
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
    lines[current, default: []].append(trimmed)
    if lines[current, default: []].count > 1000 { lines[current]?.removeFirst() }
    added += 1
    if added % 20 == 0 { saveCommands() }
  }

  func close() { saveCommands() }

  func useHistory(_ kind: HistoryKind) {
    guard kind != current else { return }
    current = kind
    load(lines[kind] ?? [])
  }

  /// Writes the command history to the profile's file (answers are never written there).
  private func saveCommands() {
    guard let historyPath, Self.isPlainFileOrMissing(historyPath) else { return }
    if current == .commands {
      _ = write_history(historyPath)
      return
    }
    load(lines[.commands] ?? [])
    _ = write_history(historyPath)
    load(lines[current] ?? [])
  }

  /// Replaces libedit's history with `entries`.
  private func load(_ entries: [String]) {
    clear_history()
    for entry in entries { add_history(entry) }
  }

  /// The lines in libedit's history, oldest first.
  private static func libeditLines() -> [String] {
    let base = quizline_history_base()
    return (0..<quizline_history_length()).compactMap { k in
      history_get(base + k).flatMap { $0.pointee.line }.map { String(cString: $0) }
    }
  }

  /// libedit opens the history file by name, following links: it is read and written only while
  /// `lstat` finds a regular file there or nothing (the profile opener refuses anything else).
  static func isPlainFileOrMissing(_ path: String) -> Bool {
    var st = stat()
    if lstat(path, &st) != 0 { return errno == ENOENT }
    return (st.st_mode & S_IFMT) == S_IFREG
  }

  private static func attemptCompletion(_ text: UnsafePointer<CChar>?, start: Int) -> UnsafeMutablePointer<
    UnsafeMutablePointer<CChar>?
  >? {
    let line = quizline_rl_line_buffer().map { String(cString: $0) } ?? ""
    // `start` is a byte offset; completion works on characters.
    let prefixBytes = Array(line.utf8.prefix(start))
    let characterStart = String(decoding: prefixBytes, as: UTF8.self).count
    let words: [String]
    switch completer?(line, characterStart) ?? .words([]) {
    case .files:
      // libedit's own file completion ends a folder with a space; ours ends it with "/" so TAB
      // goes on into the folder.
      words = fileMatches(text.map { String(cString: $0) } ?? "")
    case .words(let candidates):
      words = candidates
    }
    quizline_rl_set_completion_over(1)
    // No space after a lone folder: the next TAB lists what is inside it.
    quizline_rl_set_append_character(words.count == 1 && words[0].hasSuffix("/") ? 0 : 32)
    matches = words
    guard !words.isEmpty else { return nil }
    return rl_completion_matches(text) { _, state in
      if state == 0 { EditLineReader.cursor = 0 }
      guard EditLineReader.cursor < EditLineReader.matches.count else { return nil }
      defer { EditLineReader.cursor += 1 }
      return strdup(EditLineReader.matches[EditLineReader.cursor])
    }
  }

  /// Paths that complete `word` (a path as typed: relative, absolute or `~/…`), folders ending in
  /// "/"; hidden entries only when the typed name starts with a dot.
  static func fileMatches(_ word: String) -> [String] {
    let slash = word.lastIndex(of: "/")
    let folderPart = slash.map { String(word[...$0]) } ?? ""
    let namePrefix = slash.map { String(word[word.index(after: $0)...]) } ?? word
    var folder = folderPart.isEmpty ? "." : folderPart
    if folder.hasPrefix("~/"), let home = getenv("HOME") { folder = String(cString: home) + folder.dropFirst() }
    guard let dir = opendir(folder) else { return [] }
    defer { closedir(dir) }
    var out: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard name != ".", name != "..", name.hasPrefix(namePrefix), !name.hasPrefix(".") || namePrefix.hasPrefix(".")
      else { continue }
      var info = stat()
      let isFolder = stat(folder + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
      out.append(folderPart + name + (isFolder ? "/" : ""))
    }
    return out.sorted()
  }

  nonisolated(unsafe) static var cursor = 0
  /// Keys read since the prompt was shown: tells a Ctrl-C that cancels typed text from one at an
  /// empty prompt (libedit empties its line buffer before `readline` returns). TAB is not counted:
  /// it only completes or lists what is typed, so after TAB TAB at an empty prompt Ctrl-C warns and
  /// a second leaves, as at any empty prompt.
  nonisolated(unsafe) static var keysThisLine = 0

  /// libedit's key source: one character from the terminal, UTF-8 decoded (libedit takes the
  /// returned value as a wide character), or -1 (end of input) when a Ctrl-C or a termination
  /// request interrupts the read. Other interruptions (a window resize) just read on.
  private static func readKey() -> Int32 {
    guard let lead = readByte() else { return -1 }
    if lead != 0x09 { keysThisLine += 1 }
    let replacement: Int32 = 0xFFFD
    if lead < 0x80 { return Int32(lead) }
    guard lead >= 0xC2, lead <= 0xF4 else { return replacement }
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    var scalar = UInt32(lead) & (0x7F >> length)
    for _ in 1..<length {
      guard let next = readByte() else { return -1 }
      guard next & 0xC0 == 0x80 else { return replacement }
      scalar = scalar << 6 | UInt32(next & 0x3F)
    }
    let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard scalar >= shortest, Unicode.Scalar(scalar) != nil else { return replacement }
    return Int32(scalar)
  }

  private static func readByte() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let n = Foundation.read(0, &byte, 1)
      if n == 1 { return byte }
      if n < 0, errno == EINTR, !Signals.isPending { continue }
      return nil
    }
  }
}
