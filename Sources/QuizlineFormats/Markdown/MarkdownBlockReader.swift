/// The block tree of a Markdown bank read without cmark, for the shapes the bank format and
/// ``MarkdownBankWriter`` use: blank lines, ATX headings, paragraphs, the thematic break `---`, and
/// lists of `- ` or `N. ` items (task boxes `[ ]`, `[x]`) whose items hold paragraphs only. It gives
/// exactly the tree ``MarkdownParser/parseBlocks(_:)`` gives (kinds, source positions, tightness)
/// or nil as soon as a line could be anything else (indented or lazy lines, setext underlines,
/// block quotes, fences, HTML, tables, other markers, tabs where they count, control bytes): the
/// caller then parses with cmark. Guarded by `MarkdownBlockReaderTests` (the tree equal to cmark's
/// wherever this gives one, and taken on the writer's output).
enum MarkdownBlockReader {
  /// The block tree of `text`, or nil when it needs cmark.
  static func blocks(_ text: String) -> MarkdownNode? {
    var text = text
    return text.withUTF8 { bytes in
      var reader = BlockLineReader(bytes: bytes)
      return reader.read()
    }
  }

  /// The block tree of the UTF-8 `text` with its lines 1 through `blankThrough` read as blank
  /// (the front matter, as ``FrontMatterParser/blankingFrontMatter(_:closingLine:)`` blanks it),
  /// or nil when it needs cmark (`MarkdownBlockReaderTests`: the same as on the blanked text).
  static func blocks(_ text: ArraySlice<UInt8>, blankThrough: Int) -> MarkdownNode? {
    text.withUnsafeBufferPointer { bytes in
      var reader = BlockLineReader(bytes: bytes)
      reader.blankThrough = blankThrough
      return reader.read()
    }
  }
}

extension MarkdownBlockReader {
  /// Whether any of the eight bytes of `word` is below 0x20 (a newline, CR, tab or other control
  /// byte): exact for the word as a whole (`MarkdownByteScanTests`).
  @inline(__always)
  static func mayHoldControlOrNewline(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    return (word &- ones &* 0x20) & ~word & (ones &* 0x80) != 0
  }
}

/// A paragraph being read: where it starts and its last line so far.
private struct OpenParagraph {
  var start: SourcePoint
  var end: SourcePoint

  var node: MarkdownNode { MarkdownNode(kind: .paragraph, start: start, end: end) }
}

/// A list being read, with its last item still open.
private struct OpenList {
  let ordered: Bool
  let start: Int
  let startPoint: SourcePoint
  var items: [MarkdownNode] = []
  var tight = true
  var itemStart: SourcePoint
  var itemTask: Bool?
  /// The column (0-based) where the open item's content starts.
  var contentOffset: Int
  var itemChildren: [MarkdownNode] = []
  var paragraph: OpenParagraph?
  /// The open item's last line that is not blank, and its length.
  var lastContent: SourcePoint
  /// The last blank line after `lastContent` and its length (line 0 when none).
  var blankAfter = SourcePoint(line: 0, column: 0)

  /// Closes the open item: it ends on the last blank line after its content, if any.
  mutating func closeItem() {
    if let p = paragraph { itemChildren.append(p.node) }
    paragraph = nil
    let end = blankAfter.line > 0 ? blankAfter : lastContent
    items.append(MarkdownNode(kind: .item(task: itemTask), start: itemStart, end: end, children: itemChildren))
    itemChildren = []
  }
}

/// Reads the lines of a text one by one into the block tree (see ``MarkdownBlockReader``).
private struct BlockLineReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var children: [MarkdownNode] = []
  var paragraph: OpenParagraph?
  var list: OpenList?
  /// An open thematic break: its line and length, and the last blank line after it and its length
  /// (line 0 when none).
  var thematicBreak: (line: Int, length: Int, blankAfter: SourcePoint)?
  /// The length cmark gives the line just read: a heading's without its closing `#`s and spaces.
  var lineLength = 0
  /// The lines read as blank whatever they hold (a front matter's).
  var blankThrough = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// The recognisers of a line's start, on the same bytes.
  private var shapes: MarkdownLineShapes { MarkdownLineShapes(bytes: bytes) }

  mutating func read() -> MarkdownNode? {
    let n = bytes.count
    guard n > 0 else { return nil }
    var i = 0
    var number = 0
    var lastLength = 0
    while i < n {
      number += 1
      var end = i
      if number <= blankThrough {
        while end < n && bytes[end] != 0x0A { end += 1 }
        // Blanked, a last line without a newline is no line at all.
        if end == n {
          number -= 1
          break
        }
        lineLength = 0
        guard line(i, i, number) else { return nil }
        lastLength = 0
        i = end + 1
        continue
      }
      while end < n {
        // Eight bytes at a time while none is below 0x20 (no newline, CR, tab or control byte).
        if end + 8 <= n {
          let word = UnsafeRawPointer(bytes.baseAddress! + end).loadUnaligned(as: UInt64.self)
          if !MarkdownBlockReader.mayHoldControlOrNewline(word) {
            end += 8
            continue
          }
        }
        let b = bytes[end]
        if b == 0x0A { break }
        // Control bytes change columns or lines for cmark; "\r" only before "\n".
        if b < 0x20 && b != 0x09 && !(b == 0x0D && end + 1 < n && bytes[end + 1] == 0x0A) { return nil }
        end += 1
      }
      let contentEnd = end > i && bytes[end - 1] == 0x0D ? end - 1 : end
      lineLength = contentEnd - i
      guard line(i, contentEnd, number) else { return nil }
      lastLength = lineLength
      i = end + 1
    }
    closeBreak()
    closeParagraph()
    closeList()
    return MarkdownNode(
      kind: .document, start: SourcePoint(line: 1, column: 1), end: SourcePoint(line: number, column: lastLength),
      children: children)
  }

  // MARK: lines

  /// Reads the line `s..<e` (without its line end); false when it needs cmark.
  private mutating func line(_ s: Int, _ e: Int, _ number: Int) -> Bool {
    var indent = 0
    while s + indent < e && bytes[s + indent] == 0x20 { indent += 1 }
    var blank = true
    for k in (s + indent)..<e where bytes[k] != 0x20 && bytes[k] != 0x09 {
      blank = false
      break
    }
    if blank {
      blankLine(SourcePoint(line: number, column: e - s))
      return true
    }
    if bytes[s + indent] == 0x09 { return false }
    closeBreak()
    if var open = list {
      // Taken out while it changes (its arrays then held once, appended in place); put back
      // below, or dropped when the line needs cmark (then the whole tree is dropped).
      list = nil
      if indent >= open.contentOffset {
        guard indent == open.contentOffset, shapes.plain(s + indent, e, firstLine: open.paragraph == nil) else {
          return false
        }
        let here = SourcePoint(line: number, column: e - s)
        if open.paragraph != nil {
          open.paragraph!.end = here
        } else {
          // A second paragraph in the item, after a blank line: the list is loose.
          open.tight = false
          open.paragraph = OpenParagraph(start: SourcePoint(line: number, column: indent + 1), end: here)
        }
        open.lastContent = here
        open.blankAfter = SourcePoint(line: 0, column: 0)
        list = open
        return true
      }
      guard indent == 0 else { return false }
      switch shapes.listMarker(s, e) {
      case .invalid: return false
      case .marker(let marker):
        guard marker.ordered == open.ordered else { return false }
        if open.blankAfter.line > 0 { open.tight = false }
        open.closeItem()
        startItem(&open, marker, s, e, number)
        list = open
        return true
      case .none:
        // Without a blank line only a heading ends the item here (else a lazy line, a break…).
        if open.blankAfter.line == 0 && shapes.atxLevel(s, e) == nil { return false }
      }
      list = open
      closeList()
    }
    guard indent == 0 else { return false }
    return topLevelLine(s, e, number)
  }

  private mutating func blankLine(_ here: SourcePoint) {
    closeParagraph()
    if thematicBreak != nil { thematicBreak!.blankAfter = here }
    if var open = list {
      list = nil
      if let p = open.paragraph { open.itemChildren.append(p.node) }
      open.paragraph = nil
      open.blankAfter = here
      list = open
    }
  }

  /// A line at the first column outside any list.
  private mutating func topLevelLine(_ s: Int, _ e: Int, _ number: Int) -> Bool {
    if bytes[s] == UInt8(ascii: "#"), let level = shapes.atxLevel(s, e) {
      guard level > 0 else { return false }
      closeParagraph()
      // cmark takes the closing `#`s and spaces off a heading with text, not off an empty one.
      var text = s + level
      while text < e && (bytes[text] == 0x20 || bytes[text] == 0x09) { text += 1 }
      lineLength = text == e ? e - s : shapes.headingEnd(s, e) - s
      children.append(
        MarkdownNode(
          kind: .heading(level: level), start: SourcePoint(line: number, column: 1),
          end: SourcePoint(line: number, column: lineLength)))
      return true
    }
    if shapes.onlyBreakCharacters(s, e) {
      // `---` alone is a thematic break; under a paragraph it would underline it (setext).
      guard paragraph == nil, e - s >= 3, bytes[s] == 0x2D, bytes[s + 1] == 0x2D, bytes[s + 2] == 0x2D,
        (s + 3..<e).allSatisfy({ bytes[$0] == 0x20 })
      else { return false }
      thematicBreak = (number, e - s, SourcePoint(line: 0, column: 0))
      return true
    }
    switch shapes.listMarker(s, e) {
    case .invalid: return false
    case .marker(let marker):
      // Only a list starting at 1 may interrupt a paragraph.
      if marker.ordered && marker.start != 1 && paragraph != nil { return false }
      closeParagraph()
      var open = OpenList(
        ordered: marker.ordered, start: marker.start, startPoint: SourcePoint(line: number, column: 1),
        itemStart: SourcePoint(line: number, column: 1), contentOffset: marker.width,
        lastContent: SourcePoint(line: number, column: e - s))
      startItem(&open, marker, s, e, number)
      list = open
      return true
    case .none: break
    }
    guard shapes.plain(s, e, firstLine: paragraph == nil) else { return false }
    let here = SourcePoint(line: number, column: e - s)
    if paragraph != nil {
      paragraph!.end = here
    } else {
      paragraph = OpenParagraph(start: SourcePoint(line: number, column: 1), end: here)
    }
    return true
  }

  private func startItem(_ open: inout OpenList, _ marker: ListMarker, _ s: Int, _ e: Int, _ number: Int) {
    let here = SourcePoint(line: number, column: e - s)
    open.itemStart = SourcePoint(line: number, column: 1)
    open.itemTask = marker.task
    open.contentOffset = marker.width
    open.paragraph = OpenParagraph(start: SourcePoint(line: number, column: marker.textOffset + 1), end: here)
    open.lastContent = here
    open.blankAfter = SourcePoint(line: 0, column: 0)
  }

  // MARK: closing

  private mutating func closeParagraph() {
    if let p = paragraph { children.append(p.node) }
    paragraph = nil
  }

  /// A thematic break ends on the last blank line after it, if any.
  private mutating func closeBreak() {
    guard let b = thematicBreak else { return }
    let end = b.blankAfter.line > 0 ? b.blankAfter : SourcePoint(line: b.line, column: b.length)
    children.append(MarkdownNode(kind: .thematicBreak, start: SourcePoint(line: b.line, column: 1), end: end))
    thematicBreak = nil
  }

  private mutating func closeList() {
    guard var open = list else { return }
    list = nil
    open.closeItem()
    children.append(
      MarkdownNode(
        kind: .list(ordered: open.ordered, start: open.start, tight: open.tight), start: open.startPoint,
        end: open.items[open.items.count - 1].end, children: open.items))
    list = nil
  }
}
