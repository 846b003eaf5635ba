import QuizlineCore

/// A `.md` file in a quizzes folder: a bank or a study session when its front matter says so
/// (`kind: bank`, `kind: session`), else a note that quizline leaves alone.
public enum MarkdownCatalogFile {
  /// What a Markdown file turned out to be.
  public enum Outcome {
    /// A bank or session (nil when it has errors; the context holds them), with a bank's layout.
    case item(CatalogItem?, layout: MarkdownBankLayout? = nil)
    /// No front matter, or one without `kind:`: a README or a note, not a quizline file.
    case notQuizline
  }

  /// The kinds a Markdown file may declare.
  static let kinds = ["bank", "session"]

  public static func decode(bytes: [UInt8], path: String, hashContent: Bool = true) -> (Outcome, DecodeContext) {
    let context = DecodeContext(path: path, bytes: bytes)
    guard mayBeQuizline(bytes) else { return (.notQuizline, context) }
    guard let file = MarkdownFile(bytes: bytes, context: context) else { return (.item(nil), context) }
    guard let front = file.frontMatter, let kind = file.kind else { return (.notQuizline, context) }
    switch kind.text {
    case "bank":
      let (bank, layout, _) = MarkdownBankReader.read(file, front: front, context: context, hashContent: hashContent)
      guard let bank else { return (.item(nil), context) }
      let idAt = Located(value: bank.id, offset: file.source.offset(front.entry("id")?.valueAt ?? kind.valueAt))
      var positions: [String: Located<String>] = [:]
      for entry in layout.entries {
        positions[entry.questionID] = Located(
          value: entry.questionID, offset: file.source.offset(SourcePoint(line: entry.line, column: 1)))
      }
      return (
        .item(.bank(bank, idAt: idAt, questionsAt: QuestionIDPositions(located: positions)), layout: layout), context
      )
    case "session":
      guard
        let (session, references) = MarkdownSessionReader.read(text: file.text, frontMatter: front, context: context)
      else { return (.item(nil), context) }
      let idAt = Located(value: session.id, offset: file.source.offset(front.entry("id")?.valueAt ?? kind.valueAt))
      return (.item(.session(session, idAt: idAt, references: references)), context)
    default:
      var message = "kind \(quoted(kind.text)) is not a kind of Markdown file: use bank or session"
      if let m = closestMatch(to: kind.text, in: kinds) { message += "; did you mean \(quoted(m))?" }
      if kind.text == "course" { message += " (a course is written in JSON)" }
      file.error(kind.valueAt, message)
      return (.item(nil), context)
    }
  }

  /// Whether the file could be a quizline file: it opens a front matter (`---`) that has a
  /// `kind:` line. Anything else is a note, and a note's malformed front matter (a Jekyll page's
  /// nested YAML) is not quizline's business.
  static func mayBeQuizline(_ bytes: [UInt8]) -> Bool {
    var lines = bytes.split(separator: 0x0A, maxSplits: 200, omittingEmptySubsequences: false).makeIterator()
    func text(_ line: ArraySlice<UInt8>) -> String {
      String(decoding: line, as: UTF8.self).trimmingCharacters(in: ["\r", " ", "\t", "\u{FEFF}"])
    }
    guard let first = lines.next(), text(first) == "---" else { return false }
    while let line = lines.next() {
      let t = text(line)
      if t == "---" { return false }
      if t.hasPrefix("kind:") || t.hasPrefix("kind :") { return true }
    }
    return false
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
    var s = Substring(self)
    while let c = s.first, set.contains(c) { s = s.dropFirst() }
    while let c = s.last, set.contains(c) { s = s.dropLast() }
    return String(s)
  }
}
