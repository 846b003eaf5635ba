import QuizlineCore

/// Reads one `##` question: its heading (the prompt, and an id `{#id}`), more of the prompt, the
/// answer whose shape gives the type, and the fields.
struct MarkdownQuestionReader {
  let file: MarkdownFile
  var source: MarkdownSource { file.source }

  /// What a heading says: its text, its explicit id, and where an id goes.
  struct Heading {
    var text: String
    var id: String?
    var idAt: SourcePoint?
    var insertionPoint: SourcePoint
  }

  /// A heading line's text without the id that ends it (`{#id}` or `<!-- id: … -->`), the id, and
  /// where it is; `column` is the byte column (0-based) where `text` starts on `line`.
  func splitID(_ text: String, line n: Int, column i: Int) -> (text: String, id: String?, idAt: SourcePoint?) {
    if text.hasSuffix("}"), let open = Self.lastRange(of: "{#", in: text) {
      let inner = String(text[open.upperBound..<text.index(before: text.endIndex)])
      let idAt = SourcePoint(line: n, column: i + text.utf8.distance(from: text.startIndex, to: open.upperBound) + 1)
      if let problem = Identifier.problem(inner) {
        file.error(idAt, "question id \(quoted(inner)) is not valid: \(problem)")
      }
      return (String(text[..<open.lowerBound]).trimmingTrailingSpaces, inner, idAt)
    }
    if text.hasSuffix("-->"), let open = Self.lastRange(of: "<!-- id:", in: text) {
      let inner = text[open.upperBound..<text.index(text.endIndex, offsetBy: -3)].trimmingSpaces
      let idAt = SourcePoint(line: n, column: i + text.utf8.distance(from: text.startIndex, to: open.upperBound) + 2)
      if let problem = Identifier.problem(inner) {
        file.error(idAt, "question id \(quoted(inner)) is not valid: \(problem)")
      }
      return (String(text[..<open.lowerBound]).trimmingTrailingSpaces, inner, idAt)
    }
    return (text, nil, nil)
  }

  /// A setext heading's underline: only `-` or only `=`, spaces around.
  static func isUnderline(_ line: String) -> Bool {
    let t = line.trimmingSpaces
    return !t.isEmpty && (t.allSatisfy { $0 == "-" } || t.allSatisfy { $0 == "=" })
  }

  func heading(_ node: MarkdownNode) -> Heading {
    let n = node.start.line
    let bytes = source.bytes
    let lineStart = source.lineStarts[min(max(n, 1), source.lineCount) - 1]
    var i = lineStart
    let lineEnd = n >= 1 && n <= source.lineCount ? source.lineEnd(n) : lineStart
    while i < lineEnd, bytes[i] == 0x20 { i += 1 }
    guard i < lineEnd, bytes[i] == UInt8(ascii: "#") else {
      // Underlined with --- or === (a setext heading): its text lines are those above the
      // underline (cmark's end line for such a heading may lie past the underline).
      var underline = max(n, node.end.line)
      while underline > n, !Self.isUnderline(source.line(underline)) { underline -= 1 }
      let last = max(n, underline - 1)
      // The id, if any, ends the last text line.
      let lastLine = source.line(last)
      let indent = lastLine.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count
      let (lastText, id, idAt) = splitID(lastLine.trimmingSpaces, line: last, column: indent)
      let text = (source.lines(n, last).dropLast().map(\.trimmingSpaces) + [lastText]).joined(separator: "\n")
      return Heading(
        text: text, id: id, idAt: idAt,
        insertionPoint: SourcePoint(line: last, column: indent + lastText.utf8.count + 1))
    }
    while i < lineEnd, bytes[i] == UInt8(ascii: "#") { i += 1 }
    while i < lineEnd, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
    var end = lineEnd
    func trimEnd() { while end > i, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 } }
    trimEnd()
    // A closing sequence of #s (after a space, or the whole content) is not text.
    var k = end
    while k > i, bytes[k - 1] == UInt8(ascii: "#") { k -= 1 }
    if k < end, k == i || bytes[k - 1] == 0x20 || bytes[k - 1] == 0x09 {
      end = k
      trimEnd()
    }
    let column = i - lineStart
    let (text, id, idAt) =
      splitIDOnBytes(bytes[i..<end], line: n, column: column)
      ?? splitID(String(decoding: bytes[i..<end], as: UTF8.self), line: n, column: column)
    let insertion = SourcePoint(line: n, column: column + text.utf8.count + 1)
    return Heading(text: MarkdownEscapes.unescapeBlock(text), id: id, idAt: idAt, insertionPoint: insertion)
  }

  /// ``splitID(_:line:column:)`` on the bytes of a heading's text, when they are plain ASCII
  /// (no CR): there each byte is a Character, so the backward searches and cuts on bytes are
  /// those on Characters. Nil otherwise (`MarkdownByteTextTests`: the same as ``splitID``).
  func splitIDOnBytes(_ content: ArraySlice<UInt8>, line n: Int, column i: Int)
    -> (text: String, id: String?, idAt: SourcePoint?)?
  {
    for b in content where b >= 0x80 || b == 0x0D { return nil }
    let lo = content.startIndex
    let hi = content.endIndex
    func string(_ from: Int, _ to: Int) -> String { String(decoding: content[from..<to], as: UTF8.self) }
    func trimmedEnd(_ to: Int) -> Int {
      var to = to
      while to > lo, content[to - 1] == 0x20 || content[to - 1] == 0x09 { to -= 1 }
      return to
    }
    if hi > lo, content[hi - 1] == UInt8(ascii: "}"), let open = Self.lastOffset(of: Self.braceID, in: content) {
      let inner = string(open + 2, hi - 1)
      let idAt = SourcePoint(line: n, column: i + (open + 2 - lo) + 1)
      if let problem = Identifier.problem(inner) {
        file.error(idAt, "question id \(quoted(inner)) is not valid: \(problem)")
      }
      return (string(lo, trimmedEnd(open)), inner, idAt)
    }
    if content.count >= 3, content[hi - 3] == 0x2D, content[hi - 2] == 0x2D, content[hi - 1] == 0x3E,
      let open = Self.lastOffset(of: Self.commentID, in: content)
    {
      var from = open + Self.commentID.count
      var to = hi - 3
      while from < to, content[from] == 0x20 || content[from] == 0x09 { from += 1 }
      while to > from, content[to - 1] == 0x20 || content[to - 1] == 0x09 { to -= 1 }
      let inner = string(from, to)
      let idAt = SourcePoint(line: n, column: i + (open + Self.commentID.count - lo) + 2)
      if let problem = Identifier.problem(inner) {
        file.error(idAt, "question id \(quoted(inner)) is not valid: \(problem)")
      }
      return (string(lo, trimmedEnd(open)), inner, idAt)
    }
    return (string(lo, hi), nil, nil)
  }

  private static let braceID = Array("{#".utf8)
  private static let commentID = Array("<!-- id:".utf8)

  /// The index in `bytes` where the last occurrence of `needle` starts.
  static func lastOffset(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    var start = bytes.endIndex - needle.count
    while start >= bytes.startIndex {
      var k = 0
      while k < needle.count, bytes[start + k] == needle[k] { k += 1 }
      if k == needle.count { return start }
      start -= 1
    }
    return nil
  }

  /// The last occurrence of `needle` in `text` (a plain backward search: headings are short).
  static func lastRange(of needle: String, in text: String) -> Range<String.Index>? {
    let n = Array(needle.utf8)
    if !n.isEmpty, n.allSatisfy({ $0 < 0x80 }), text.isPlainASCII {
      // Each byte a Character: a backward search on bytes.
      let u = text.utf8
      guard u.count >= n.count else { return nil }
      var start = u.count - n.count
      while start >= 0 {
        let i = u.index(u.startIndex, offsetBy: start)
        if u[i...].starts(with: n) { return i..<u.index(i, offsetBy: n.count) }
        start -= 1
      }
      return nil
    }
    var end = text.endIndex
    while end > text.startIndex {
      let start = text.index(before: end)
      if text[start...].hasPrefix(needle) { return start..<text.index(start, offsetBy: needle.count) }
      end = start
    }
    return nil
  }

  func read(heading node: MarkdownNode, blocks all: [MarkdownNode]) -> [MarkdownCardDraft] {
    let head = heading(node)
    // HTML comments (notes, Obsidian's schedule) are not part of a question.
    let blocks =
      all.contains { $0.kind == .htmlBlock }
      ? all.filter { !($0.kind == .htmlBlock && $0.literal.hasPrefix("<!--")) } : all
    let f = blocks.firstIndex { MarkdownFields.startsFields($0, source) } ?? blocks.count
    let fields = MarkdownFields(Array(blocks[f...]), file: file)
    let body = Array(blocks[..<f])
    var draft = MarkdownCardDraft(
      question: nil, explicitID: head.id, idAt: head.idAt, start: node.start, insertionPoint: head.insertionPoint,
      idStyle: .heading)
    if let id = head.id, Identifier.problem(id) != nil {
      draft.explicitID = nil
      return [draft]
    }
    let errorsBefore = file.context.diagnostics.count
    let answer = MarkdownAnswerReader(file: file, heading: head, headingAt: node.start, blocks: body, fields: fields)
    guard let (prompt, parsedBody) = answer.read() else { return [draft] }
    guard !prompt.isEmpty else {
      file.error(node.start, "this question has no prompt: write it in the heading")
      return [draft]
    }
    var question = Question(id: "", prompt: prompt, explanation: fields["explanation"]?.value ?? "", body: parsedBody)
    if let t = fields["title"] { question.title = t.value.isEmpty ? nil : t.value }
    if let h = fields["hint"] { question.hint = h.value.isEmpty ? nil : h.value }
    if let t = fields["tags"] { question.tags = tags(t) }
    if let d = fields["difficulty"] {
      if let value = Difficulty(rawValue: d.value.lowercased()) {
        question.difficulty = value
      } else {
        file.error(d.valueAt, "difficulty \(quoted(d.value)) is not allowed; use easy, medium or hard")
      }
    }
    if let s = fields["source"] {
      let parts = s.value.splitOnBytes("|", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
      if parts.count < 2 || parts.count > 3 || parts[0].isEmpty || parts[1].isEmpty {
        file.error(s.valueAt, "a source is written file | section (| title), found \(quoted(s.value))")
      } else {
        let title = parts.count == 3 && !parts[2].isEmpty ? parts[2] : nil
        question.source = SourceReference(file: parts[0], section: parts[1], title: title)
      }
    }
    if let n = fields["note id"] {
      if let problem = Identifier.problem(n.value) {
        file.error(n.valueAt, "note id \(quoted(n.value)) is not a valid id: \(problem)")
      } else {
        question.note = n.value
      }
    }
    guard file.context.diagnostics[errorsBefore...].allSatisfy({ $0.severity != .error }) else { return [draft] }
    draft.question = question
    return [draft]
  }

  private func tags(_ field: MarkdownFields.Field) -> [String] {
    var out: [String] = []
    for raw in field.value.splitOnBytes(",") {
      let tag = raw.trimmingSpaces
      if tag.isEmpty { continue }
      if let problem = Identifier.problem(tag) {
        file.error(field.valueAt, "tag \(quoted(tag)) is not a valid id: \(problem)")
      } else if out.contains(tag) {
        file.error(field.valueAt, "tag \(quoted(tag)) appears twice")
      } else {
        out.append(tag)
      }
    }
    return out
  }
}
