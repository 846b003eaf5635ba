import QuizlineCore

/// A Markdown quizline file made ready for a reader: its text, its front matter and its tree
/// (parsed with the front matter blanked, so cmark's lines are the file's), and the context its
/// problems go to.
struct MarkdownFile {
  let source: MarkdownSource
  let context: DecodeContext
  let frontMatter: FrontMatter?
  let tree: MarkdownNode

  /// Nil (with an error) when the bytes are not UTF-8 or the front matter is malformed.
  init?(bytes: [UInt8], context: DecodeContext) {
    self.context = context
    source = MarkdownSource(bytes: bytes)
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    var text = ""
    text.reserveCapacity(bytes.count)
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let s):
        // Banks hold no control characters (as for JSON); "\r\n" ends a line, a lone "\r" would
        // end one for cmark and not for the line table of the messages.
        if isControl(s), s != "\n", s != "\t", !(s == "\r" && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A) {
          context.error(
            at: offset, "control character U+\(hex4(s.value)) in the file; only newline and tab are allowed")
          return nil
        }
        text.unicodeScalars.append(s)
        offset += UTF8.width(s)
      case .emptyInput: break loop
      case .error:
        context.error(at: offset, "the file is not valid UTF-8 (an invalid byte here); save it as UTF-8")
        return nil
      }
    }
    // A byte-order mark is not part of the first line's text.
    if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
    let front: FrontMatter?
    do {
      front = try FrontMatterParser.parse(text)
    } catch {
      context.error(at: source.offset(error.at), "front matter: " + error.message)
      return nil
    }
    frontMatter = front
    let body = front.map { FrontMatterParser.blankingFrontMatter(text, closingLine: $0.closingLine) } ?? text
    tree = MarkdownParser.parse(body)
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
      var message = "unknown front matter key \(quoted(entry.key)) in a \(what)"
      if let m = closestMatch(to: entry.key, in: knownKeys) { message += "; did you mean \(quoted(m))?" }
      error(entry.keyAt, message + " Known keys: " + knownKeys.joined(separator: ", "))
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
