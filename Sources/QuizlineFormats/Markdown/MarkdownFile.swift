import QuizlineCore

/// A Markdown quizline file made ready for a reader: its text, its front matter and its tree
/// (its blocks, parsed with the front matter blanked, so cmark's lines are the file's), and the
/// context its problems go to. A class: every reader of a question holds it, and a reference is
/// one count to keep where the struct's many parts were each one.
final class MarkdownFile {
  let source: MarkdownSource
  let context: DecodeContext
  let frontMatter: FrontMatter?
  /// Where the text starts in the bytes (after a byte-order mark).
  private let textStart: Int
  /// The file's text (a byte-order mark left out), made when a reader asks for it (a session's;
  /// a bank's readers take the bytes).
  private(set) lazy var text = String(decoding: source.bytes[textStart...], as: UTF8.self)
  let tree: MarkdownNode
  /// Whether ``MarkdownBlockReader`` read the tree (else cmark did), for the tests.
  let treeReadWithoutCmark: Bool

  /// Nil (with an error) when the bytes are not UTF-8 or the front matter is malformed.
  init?(bytes: [UInt8], context: DecodeContext) {
    self.context = context
    source = MarkdownSource(bytes: bytes)
    guard Self.check(bytes, context: context) else { return nil }
    // A byte-order mark is not part of the first line's text.
    textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let text = bytes[textStart...]
    let front: FrontMatter?
    do {
      // Only the front matter's lines: the parser splits what it is given into lines.
      let prefix = text.prefix(Self.frontMatterPrefixLength(text))
      front = try FrontMatterParser.parse(String(decoding: prefix, as: UTF8.self))
    } catch {
      context.error(at: source.offset(error.at), "front matter: " + error.message)
      return nil
    }
    frontMatter = front
    // The bank format's plain shapes without cmark, read off the bytes with the front matter's
    // lines as blank lines; anything else through cmark, given the text so blanked.
    if let blocks = MarkdownBlockReader.blocks(text, blankThrough: front?.closingLine ?? 0) {
      tree = blocks
      treeReadWithoutCmark = true
    } else {
      let whole = String(decoding: text, as: UTF8.self)
      let body = front.map { FrontMatterParser.blankingFrontMatter(whole, closingLine: $0.closingLine) } ?? whole
      tree = MarkdownParser.parseBlocks(body)
      treeReadWithoutCmark = false
    }
  }

  /// Whether the bytes are text: false, with an error at the first bad byte, when they are not
  /// UTF-8 or hold a control character other than newline and tab. Banks hold none (as for
  /// JSON), and a lone "\r" would end a line for cmark and not for the line table of the messages.
  static func check(_ bytes: [UInt8], context: DecodeContext) -> Bool {
    if bytes.withUnsafeBufferPointer({ isValidUTF8($0) }) {
      guard let (offset, value) = firstControl(bytes) else { return true }
      context.error(at: offset, "control character U+\(hex4(value)) in the file; only newline and tab are allowed")
      return false
    }
    // Not UTF-8: where it stops being so.
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    while case .scalarValue(let s) = decoder.decode(&iterator) { offset += UTF8.width(s) }
    context.error(at: offset, "the file is not valid UTF-8 (an invalid byte here); save it as UTF-8")
    return false
  }

  /// Whether `b` is well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no surrogates,
  /// nothing past U+10FFFF), as `String(validating:)` has it; eight ASCII bytes at a time are
  /// passed over (`MarkdownByteScanTests`: the same verdict as the standard library's).
  static func isValidUTF8(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < b.count {
      if i + 8 <= b.count,
        UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        i += 8
        continue
      }
      let c = b[i]
      if c < 0x80 {
        i += 1
        continue
      }
      // The sequence's length and the range of its second byte.
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch c {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return false
      }
      guard i + length <= b.count, b[i + 1] >= low, b[i + 1] <= high else { return false }
      for k in 2..<length where b[i + k] < 0x80 || b[i + k] > 0xBF { return false }
      i += length
    }
    return true
  }

  /// The offset and value of the first control character of valid UTF-8 `bytes` other than
  /// newline, tab, and a carriage return before a newline. Only the lead bytes that can start
  /// one (C0, DEL, 0xC2, 0xD8, 0xE2) are decoded; eight bytes at a time are passed over while
  /// they are all printable ASCII (`MarkdownByteTextTests`: the same as the held scalar walk).
  static func firstControl(_ bytes: [UInt8]) -> (Int, UInt32)? {
    bytes.withUnsafeBufferPointer { b in
      var i = 0
      while i < b.count {
        if i + 8 <= b.count, !mayHoldControl(UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
          i += 8
          continue
        }
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

  /// Whether any of the eight bytes of `word` is below 0x20 or above 0x7E (a control byte, or
  /// one beyond ASCII that may start a control character): exact for the word as a whole.
  @inline(__always)
  static func mayHoldControl(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // A byte below 0x20 (the classic "has less than" test), or one above 0x7E.
    let below = (word &- ones &* 0x20) & ~word & highs
    let above = ((word &+ ones) | word) & highs
    return below | above != 0
  }

  /// The text up to the end of the line `---` that closes a front matter opened on the first line
  /// (the whole text when there is none).
  static func frontMatterPrefix(_ text: String) -> Substring {
    let utf8 = text.utf8
    return text[..<utf8.index(utf8.startIndex, offsetBy: frontMatterPrefixLength(utf8))]
  }

  /// The length in bytes of ``frontMatterPrefix(_:)`` of the UTF-8 `text`: through the newline
  /// of the closing `---` (a "\r\n" whole).
  static func frontMatterPrefixLength<Text: BidirectionalCollection<UInt8>>(_ text: Text) -> Int {
    var start = text.startIndex
    var offset = 0
    var line = 0
    while start < text.endIndex {
      let end = text[start...].firstIndex(of: 0x0A) ?? text.endIndex
      let length = text.distance(from: start, to: end)
      var content = text[start..<end].drop { $0 == 0x20 || $0 == 0x09 }
      while let last = content.last, last == 0x0D || last == 0x20 || last == 0x09 { content = content.dropLast() }
      if content.elementsEqual("---".utf8) {
        if line > 0 { return end < text.endIndex ? offset + length + 1 : offset + length }
      } else if line == 0 {
        return text.count
      }
      line += 1
      guard end < text.endIndex else { break }
      offset += length + 1
      start = text.index(after: end)
    }
    return text.count
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
