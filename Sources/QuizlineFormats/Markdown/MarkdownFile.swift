import QuizlineCore

/// A Markdown quizline file made ready for a reader: its text, its front matter and its tree
/// (its blocks, parsed with the front matter blanked, so cmark's lines are the file's), and the
/// context its problems go to.
struct MarkdownFile {
  let source: MarkdownSource
  let context: DecodeContext
  let frontMatter: FrontMatter?
  /// The file's text (a byte-order mark left out).
  let text: String
  let tree: MarkdownNode
  /// Whether ``MarkdownBlockReader`` read the tree (else cmark did), for the tests.
  let treeReadWithoutCmark: Bool

  /// Nil (with an error) when the bytes are not UTF-8 or the front matter is malformed.
  init?(bytes: [UInt8], context: DecodeContext) {
    self.context = context
    source = MarkdownSource(bytes: bytes)
    guard var text = Self.text(of: bytes, context: context) else { return nil }
    // A byte-order mark is not part of the first line's text.
    if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
    let front: FrontMatter?
    do {
      // Only the front matter's lines: the parser splits what it is given into lines.
      front = try FrontMatterParser.parse(String(Self.frontMatterPrefix(text)))
    } catch {
      context.error(at: source.offset(error.at), "front matter: " + error.message)
      return nil
    }
    frontMatter = front
    self.text = text
    let body = front.map { FrontMatterParser.blankingFrontMatter(text, closingLine: $0.closingLine) } ?? text
    // The bank format's plain shapes without cmark; anything else through cmark.
    if let blocks = MarkdownBlockReader.blocks(body) {
      tree = blocks
      treeReadWithoutCmark = true
    } else {
      tree = MarkdownParser.parseBlocks(body)
      treeReadWithoutCmark = false
    }
  }

  /// The bytes as text; nil, with an error at the first bad byte, when they are not UTF-8 or hold
  /// a control character other than newline and tab. Banks hold none (as for JSON), and a lone
  /// "\r" would end a line for cmark and not for the line table of the messages.
  static func text(of bytes: [UInt8], context: DecodeContext) -> String? {
    // Only these bytes can start a control character (C0, DEL, C1 after 0xC2, U+061C after
    // 0xD8, the bidirectional marks after 0xE2): a file without them needs no scalar walk.
    var suspect = false
    for b in bytes where (b < 0x20 && b != 0x0A && b != 0x09) || b == 0x7F || b == 0xC2 || b == 0xD8 || b == 0xE2 {
      suspect = true
      break
    }
    if let text = String(validating: bytes, as: UTF8.self) {
      guard suspect, let (offset, value) = firstControl(bytes) else { return text }
      context.error(at: offset, "control character U+\(hex4(value)) in the file; only newline and tab are allowed")
      return nil
    }
    // Not UTF-8: where it stops being so.
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    while case .scalarValue(let s) = decoder.decode(&iterator) { offset += UTF8.width(s) }
    context.error(at: offset, "the file is not valid UTF-8 (an invalid byte here); save it as UTF-8")
    return nil
  }

  /// The offset and value of the first control character of valid UTF-8 `bytes` other than
  /// newline, tab, and a carriage return before a newline. Only the lead bytes that can start
  /// one (C0, DEL, 0xC2, 0xD8, 0xE2) are decoded.
  static func firstControl(_ bytes: [UInt8]) -> (Int, UInt32)? {
    bytes.withUnsafeBufferPointer { b in
      var i = 0
      while i < b.count {
        let c = b[i]
        if c < 0x80 {
          if (c < 0x20 && c != 0x0A && c != 0x09 && !(c == 0x0D && i + 1 < b.count && b[i + 1] == 0x0A)) || c == 0x7F {
            return (i, UInt32(c))
          }
        } else if c == 0xC2 || c == 0xD8 {
          let v = UInt32(c & 0x1F) << 6 | UInt32(b[i + 1] & 0x3F)
          if isControl(Unicode.Scalar(v)!) { return (i, v) }
        } else if c == 0xE2 {
          let v = UInt32(c & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F)
          if isControl(Unicode.Scalar(v)!) { return (i, v) }
        }
        i += 1
      }
      return nil
    }
  }

  /// The text up to the end of the line `---` that closes a front matter opened on the first line
  /// (the whole text when there is none).
  static func frontMatterPrefix(_ text: String) -> Substring {
    let utf8 = text.utf8
    var start = utf8.startIndex
    var line = 0
    while start < utf8.endIndex {
      let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex
      var content = utf8[start..<end]
      while let last = content.last, last == 0x0D || last == 0x20 || last == 0x09 { content = content.dropLast() }
      while let first = content.first, first == 0x20 || first == 0x09 { content = content.dropFirst() }
      if content.elementsEqual("---".utf8) {
        // Through the line end: "\r\n" is one Character, not to be cut in two.
        if line > 0 { return end < utf8.endIndex ? text[...end] : text[...] }
      } else if line == 0 {
        return Substring(text)
      }
      line += 1
      guard end < utf8.endIndex else { break }
      start = utf8.index(after: end)
    }
    return Substring(text)
  }

  func error(_ at: SourcePoint, _ message: String) { context.error(at: source.offset(at), message) }
  func warning(_ at: SourcePoint, _ message: String) { context.warning(at: source.offset(at), message) }

  /// The `kind:` of the front matter (nil without front matter or without the key).
  var kind: FrontMatter.Entry? { frontMatter?.entry("kind") }

  /// The entries every kind of file shares, checked: `id`, `title`, `description`, `version`,
  /// and no key outside `knownKeys`.
  func header(_ front: FrontMatter, knownKeys: [String], what: String)
    -> (id: String?, title: String?, description: String, version: String)
  {
    for entry in front.entries where !knownKeys.contains(entry.key) {
      var message =
        "unknown front matter key \(quoted(entry.key)) in a \(what); the keys are " + knownKeys.joined(separator: ", ")
      if let m = closestMatch(to: entry.key, in: knownKeys) { message += "; did you mean \(quoted(m))?" }
      error(entry.keyAt, message)
    }
    var id: String?
    if let entry = front.entry("id") {
      if let problem = Identifier.problem(entry.text) {
        error(entry.valueAt, "\(what) id \(quoted(entry.text)) is not valid: \(problem)")
      } else {
        id = entry.text
      }
    } else {
      var message = "the front matter has no id: a \(what) needs one (id: lower-case letters, digits and -)"
      let stem = stemSuggestion()
      if let stem { message += "; from the file name it would be id: \(stem)" }
      error(SourcePoint(line: 1, column: 1), message)
    }
    var title: String?
    if let entry = front.entry("title"), !entry.text.allSatisfy(\.isWhitespace) {
      title = checkedText(entry.text, at: entry.valueAt, what: "the title")
    } else {
      error(
        front.entry("title")?.valueAt ?? SourcePoint(line: 1, column: 1),
        "the front matter has no title: a \(what) needs one")
    }
    let description =
      front.entry("description").flatMap { checkedText($0.text, at: $0.valueAt, what: "the description") } ?? ""
    let version =
      front.entry("version").flatMap {
        $0.text.isEmpty ? nil : checkedText($0.text, at: $0.valueAt, what: "the version")
      }
      ?? "1"
    return (id, title, description, version)
  }

  /// `text` when it holds no control character other than newline and tab; else an error.
  func checkedText(_ text: String, at: SourcePoint, what: String) -> String? {
    if let bad = text.unicodeScalars.first(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) {
      error(at, "\(what) contains control character U+\(hex4(bad.value)); only newline and tab are allowed")
      return nil
    }
    return text
  }

  /// The id the file's name would give (`French Verbs.md` → `french-verbs`), for a message.
  private func stemSuggestion() -> String? {
    let name = context.path.split(separator: "/").last.map(String.init) ?? context.path
    let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    var out = ""
    for s in stem.lowercased().unicodeScalars {
      if (s >= "a" && s <= "z") || (s >= "0" && s <= "9") {
        out.unicodeScalars.append(s)
      } else if !out.isEmpty && !out.hasSuffix("-") {
        out += "-"
      }
    }
    while out.hasSuffix("-") { out.removeLast() }
    return Identifier.isValid(out) ? out : nil
  }
}
