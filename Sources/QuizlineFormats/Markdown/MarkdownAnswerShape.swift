import QuizlineCore

/// One entry of an answer written as a list item or an `=` line: its text, GIFT-style credit
/// (`%50%`), feedback (`> …`), whether its box is checked, and where it is.
struct MarkdownAnswerEntry {
  var text: String
  var credit: Double?
  var feedback: String?
  var checked: Bool?
  var at: SourcePoint
}

/// The shape of a question's answer, found at the end of the blocks before its fields.
enum MarkdownAnswerShape {
  case choices(MarkdownNode)
  case ordered(MarkdownNode)
  case pairs(MarkdownNode)
  /// `=` lines from `firstLine` to the end of the answer.
  case equals(firstLine: Int)
  /// A `---` line: the prompt above it, a flashcard's back below.
  case thematicBreak(MarkdownNode)
  case none
}

extension MarkdownAnswerReader {
  /// The answer's shape and the last line of the prompt above it.
  func shape() -> (MarkdownAnswerShape, promptEnd: Int) {
    guard let last = blocks.last else { return (.none, 0) }
    if case .list(let ordered, _, _) = last.kind {
      let tasks = last.children.allSatisfy { if case .item(let t) = $0.kind { t != nil } else { false } }
      if tasks { return (.choices(last), last.start.line - 1) }
      if ordered { return (.ordered(last), last.start.line - 1) }
      if last.children.allSatisfy({ item($0).text.containsOnBytes("->") }) {
        return (.pairs(last), last.start.line - 1)
      }
    }
    if let first = equalsStart() { return (.equals(firstLine: first), first - 1) }
    if let rule = blocks.first(where: { $0.kind == .thematicBreak }) {
      return (.thematicBreak(rule), rule.start.line - 1)
    }
    return (.none, last.end.line)
  }

  /// The first line of the trailing `=` lines (each line after it an `=` answer, a `>` feedback,
  /// or blank), when the last blocks are paragraphs and block quotes that end so.
  private func equalsStart() -> Int? {
    var k = blocks.count - 1
    while k >= 0, blocks[k].kind == .paragraph || blocks[k].kind == .blockQuote { k -= 1 }
    guard k + 1 < blocks.count else { return nil }
    var first: Int?
    var n = blocks[blocks.count - 1].end.line
    let top = blocks[k + 1].start.line
    while n >= top {
      if let lead = plainLead(n) {
        // Plain ASCII: the first byte after the indentation decides (0 for a blank line).
        if lead == UInt8(ascii: "=") {
          first = n
        } else if lead != UInt8(ascii: ">") && lead != 0 {
          break
        }
        n -= 1
        continue
      }
      let t = source.line(n).trimmingSpaces
      if t.hasPrefix("=") {
        first = n
      } else if !(t.hasPrefix(">") || t.isEmpty) {
        break
      }
      n -= 1
    }
    return first
  }

  /// The first byte of plain ASCII line `n` after its spaces and tabs (0 when there is none);
  /// nil when the line is not plain ASCII.
  func plainLead(_ n: Int) -> UInt8? {
    guard let range = source.plainLine(n) else { return nil }
    for i in range where source.bytes[i] != 0x20 && source.bytes[i] != 0x09 { return source.bytes[i] }
    return 0
  }

  /// A list item's text (without its marker and box), its feedback (a block quote in it), and
  /// whether its box is checked.
  func item(_ node: MarkdownNode) -> MarkdownAnswerEntry {
    var checked: Bool?
    if case .item(let task) = node.kind { checked = task }
    let contentEnd = node.children.last { $0.kind != .blockQuote }?.end.line ?? node.start.line
    if contentEnd <= node.start.line, let text = oneLineItemText(node, task: checked != nil) {
      let quote = node.children.first { $0.kind == .blockQuote }
      let feedback = quote.map { quoteText($0) }.flatMap { $0.isEmpty ? nil : $0 }
      return MarkdownAnswerEntry(text: text, credit: nil, feedback: feedback, checked: checked, at: node.start)
    }
    let firstLine = source.line(node.start.line, from: node.start.column)
    var rest = Substring(firstLine)
    var width = node.start.column - 1
    if firstLine.isPlainASCII {
      // Each byte a Character: the marker, its spaces and the box found on bytes.
      let (skip, markerWidth) = Self.itemMarker(firstLine, task: checked != nil)
      rest = firstLine[firstLine.utf8.index(firstLine.startIndex, offsetBy: skip)...]
      width += markerWidth
    } else {
      width += Self.itemMarkerByCharacter(&rest, task: checked != nil)
    }
    let quote = node.children.first { $0.kind == .blockQuote }
    var lines = [String(rest)]
    if contentEnd > node.start.line {
      for n in (node.start.line + 1)...contentEnd { lines.append(dedent(source.line(n), by: width)) }
    }
    // The credit is read before the escapes are undone: `\%50%` is text, not a credit.
    let (raw, credit) = splitCredit(lines.joined(separator: "\n").trimmingBlankLines)
    let text = MarkdownEscapes.unescapeBlock(raw)
    let feedback = quote.map { quoteText($0) }.flatMap { $0.isEmpty ? nil : $0 }
    return MarkdownAnswerEntry(text: text, credit: credit, feedback: feedback, checked: checked, at: node.start)
  }

  /// The text of an item whose content is its first line, when that line is plain ASCII from the
  /// item's column on and its text has no credit (`%`): the bytes after the marker and box,
  /// trimmed, as ``item(_:)``'s join of one line gives them. Nil otherwise.
  private func oneLineItemText(_ node: MarkdownNode, task: Bool) -> String? {
    guard let range = source.plainLine(node.start.line) else { return nil }
    let from = min(range.lowerBound + max(node.start.column, 1) - 1, range.upperBound)
    let bytes = source.bytes
    var lo = from
    // The marker and box as ``itemMarker(_:task:)`` skips them.
    while lo < range.upperBound, bytes[lo] >= 0x30 && bytes[lo] <= 0x39 { lo += 1 }
    if lo < range.upperBound,
      bytes[lo] == 0x2D || bytes[lo] == 0x2A || bytes[lo] == 0x2B || bytes[lo] == 0x2E
        || bytes[lo] == 0x29
    {
      lo += 1
    }
    while lo < range.upperBound, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
    if task, range.upperBound - lo >= 3, bytes[lo] == 0x5B {
      lo += 3
      while lo < range.upperBound, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
    }
    var hi = range.upperBound
    while lo < hi, isASCIIWhiteSpace(bytes[lo]) { lo += 1 }
    while lo < hi, isASCIIWhiteSpace(bytes[hi - 1]) { hi -= 1 }
    guard lo == hi || bytes[lo] != UInt8(ascii: "%") else { return nil }
    return MarkdownEscapes.unescapeBlock(source.text(lo..<hi))
  }

  /// For a plain ASCII item line from its marker on: the bytes before its text (the number, the
  /// mark, the spaces, and a task's box and the spaces after it) and the marker's width (without
  /// the box), as ``itemMarkerByCharacter(_:task:)`` counts them.
  static func itemMarker(_ line: String, task: Bool) -> (skip: Int, width: Int) {
    line.withUTF8Bytes { b in
      var i = 0
      while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 { i += 1 }
      if i < b.count, b[i] == 0x2D || b[i] == 0x2A || b[i] == 0x2B || b[i] == 0x2E || b[i] == 0x29 { i += 1 }
      while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
      let width = i
      if task, b.count - i >= 3, b[i] == 0x5B {
        i += 3
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
      }
      return (i, width)
    }
  }

  /// Drops an item's marker (the number, the mark, the spaces, and a task's box and the spaces
  /// after it) from `rest` by Characters; the marker's width in Characters (without the box).
  static func itemMarkerByCharacter(_ rest: inout Substring, task: Bool) -> Int {
    var width = 0
    let marker = rest.prefix { $0.isASCII && $0.isNumber }
    rest = rest.dropFirst(marker.count)
    width += marker.count
    if let m = rest.first, "-*+.)".contains(m) {
      rest = rest.dropFirst()
      width += 1
    }
    let spaces = rest.prefix { $0 == " " || $0 == "\t" }
    rest = rest.dropFirst(spaces.count)
    width += spaces.count
    if task, rest.count >= 3, rest.hasPrefix("[") {
      rest = rest.dropFirst(3)
      let gap = rest.prefix { $0 == " " || $0 == "\t" }
      rest = rest.dropFirst(gap.count)
    }
    return width
  }

  /// The text of a block quote, without its `>` marks.
  func quoteText(_ node: MarkdownNode) -> String {
    let lines = source.lines(node.start.line, node.end.line).map { line -> String in
      var s = Substring(line).drop { $0 == " " || $0 == "\t" }
      if s.first == ">" {
        s = s.dropFirst()
        if s.first == " " { s = s.dropFirst() }
      }
      return String(s)
    }
    return MarkdownEscapes.unescapeBlock(lines.joined(separator: "\n")).trimmingBlankLines
  }

  /// Up to `width` leading spaces removed.
  func dedent(_ line: String, by width: Int) -> String {
    let spaces = min(width, line.prefix { $0 == " " }.count)
    return String(line.dropFirst(spaces))
  }

  /// A leading GIFT-style credit, `%50%` or `%-25%`, as a fraction, and the text after it.
  func splitCredit(_ text: String) -> (String, Double?) {
    guard text.hasPrefix("%") else { return (text, nil) }
    let after = text.dropFirst()
    guard let close = after.firstIndex(of: "%"), let credit = MarkdownPercent.credit(String(after[..<close])) else {
      return (text, nil)
    }
    return (String(after[after.index(after: close)...]).trimmingSpaces, credit)
  }

  /// The `=` lines from `first` on: each answer with its `>` feedback lines.
  func equalsEntries(from first: Int) -> [MarkdownAnswerEntry] {
    var out: [MarkdownAnswerEntry] = []
    var feedback: [String] = []
    func close() {
      if !feedback.isEmpty, !out.isEmpty {
        let text = MarkdownEscapes.unescapeBlock(feedback.joined(separator: "\n")).trimmingBlankLines
        out[out.count - 1].feedback = text.isEmpty ? nil : text
      }
      feedback = []
    }
    guard let last = blocks.last?.end.line, first <= last else { return [] }
    for n in first...last {
      if let range = source.plainLine(n) {
        switch plainEqualsLine(n, range) {
        case .answer(let entry):
          close()
          out.append(entry)
        case .feedback(let line): feedback.append(line)
        case .other: break
        }
        continue
      }
      let line = source.line(n)
      let indent = line.prefix { $0 == " " || $0 == "\t" }.count
      let t = line.dropFirst(indent)
      if t.hasPrefix("=") {
        close()
        let raw = t.dropFirst()
        let spaces = raw.prefix { $0 == " " || $0 == "\t" }.count
        let (text, credit) = splitCredit(String(raw.dropFirst(spaces)).trimmingTrailingSpaces)
        out.append(
          MarkdownAnswerEntry(
            text: MarkdownEscapes.unescape(text), credit: credit, at: SourcePoint(line: n, column: indent + 2 + spaces))
        )
      } else if t.hasPrefix(">") {
        var s = t.dropFirst()
        if s.first == " " { s = s.dropFirst() }
        feedback.append(String(s))
      }
    }
    close()
    return out
  }

  /// What a line among the `=` lines is.
  private enum EqualsLine {
    case answer(MarkdownAnswerEntry)
    case feedback(String)
    case other
  }

  /// One plain ASCII line of ``equalsEntries(from:)`` read on bytes (each byte a Character): an
  /// `=` answer, a `>` feedback line, or neither.
  private func plainEqualsLine(_ n: Int, _ range: Range<Int>) -> EqualsLine {
    let bytes = source.bytes
    var i = range.lowerBound
    while i < range.upperBound, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
    guard i < range.upperBound else { return .other }
    let indent = i - range.lowerBound
    if bytes[i] == UInt8(ascii: "=") {
      var lo = i + 1
      while lo < range.upperBound, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
      let spaces = lo - (i + 1)
      var hi = range.upperBound
      while hi > lo, bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x09 { hi -= 1 }
      let (text, credit) =
        lo < hi && bytes[lo] == UInt8(ascii: "%") ? splitCredit(source.text(lo..<hi)) : (source.text(lo..<hi), nil)
      return .answer(
        MarkdownAnswerEntry(
          text: MarkdownEscapes.unescape(text), credit: credit, at: SourcePoint(line: n, column: indent + 2 + spaces)))
    }
    if bytes[i] == UInt8(ascii: ">") {
      var lo = i + 1
      if lo < range.upperBound, bytes[lo] == 0x20 { lo += 1 }
      return .feedback(source.text(lo..<range.upperBound))
    }
    return .other
  }
}
