import QuizlineCore

/// The fields of a `##` question (`Explanation:`, `Hint:`, …): the paragraphs after its answer
/// that start with a field name and a colon, each running to the next field.
struct MarkdownFields {
  /// The names a field may have, as the documentation writes them.
  static let known = [
    "Type", "Title", "Hint", "Explanation", "Tags", "Difficulty", "Source", "Unit", "Ignore punctuation",
    "Other feedback", "Feedback if true", "Feedback if false", "Model answer", "Key points", "Note id",
  ]
  private static let knownLower = known.map { $0.lowercased() }
  /// ``knownLower`` as bytes, for the names read on bytes.
  private static let knownLowerBytes = knownLower.map { Array($0.utf8) }

  /// The index in ``known`` of the ASCII name `bytes`, in any case.
  private static func knownIndex(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    knownLowerBytes.firstIndex { lower in
      lower.count == bytes.count
        && zip(lower, bytes).allSatisfy { l, b in l == (b >= 0x41 && b <= 0x5A ? b | 0x20 : b) }
    }
  }

  struct Field {
    /// Lower case.
    var name: String
    var value: String
    var at: SourcePoint
    var valueAt: SourcePoint
  }

  var fields: [Field] = []

  /// The value of a field by its lower-case name.
  subscript(_ name: String) -> Field? { fields.first { $0.name == name } }

  /// Whether `block` starts the fields: a paragraph whose first line starts like a field.
  static func startsFields(_ block: MarkdownNode, _ source: MarkdownSource) -> Bool {
    guard block.kind == .paragraph else { return false }
    if let range = source.plainLine(block.start.line) {
      // Plain ASCII: the trimmed line's bytes decide (each byte a Character).
      return source.bytes.withUnsafeBufferPointer { b in
        var lo = range.lowerBound
        var hi = range.upperBound
        while lo < hi, b[lo] == 0x20 || b[lo] == 0x09 { lo += 1 }
        while hi > lo, b[hi - 1] == 0x20 || b[hi - 1] == 0x09 { hi -= 1 }
        if case .name = MarkdownFieldName.verdict(UnsafeBufferPointer(rebasing: b[lo..<hi])) { return true }
        return false
      }
    }
    return MarkdownFieldName.name(in: Substring(source.line(block.start.line).trimmingSpaces)) != nil
  }

  /// A line that starts like a field: its name as written (lower case too), where the line's
  /// text and the value start, and the value.
  private struct Head {
    var name: String
    var lower: String
    /// Whether the name is one of ``known``.
    var isKnown: Bool
    var at: SourcePoint
    var valueAt: SourcePoint
    var value: String
  }

  /// What line `n` holds: a field's head, or nil; on bytes when the line is plain ASCII (there a
  /// space or tab is a Character and each count is a byte count), else on its text.
  private static func head(_ n: Int, _ source: MarkdownSource) -> (Head?, line: String?) {
    guard let range = source.plainLine(n) else {
      let line = source.line(n)
      return (head(line, n), line)
    }
    let found = source.bytes.withUnsafeBufferPointer { b -> (indent: Int, name: Int, spaces: Int, known: Int?)? in
      var i = range.lowerBound
      while i < range.upperBound, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
      guard case .name(let length) = MarkdownFieldName.verdict(UnsafeBufferPointer(rebasing: b[i..<range.upperBound]))
      else { return nil }
      var v = i + length + 1
      while v < range.upperBound, b[v] == 0x20 || b[v] == 0x09 { v += 1 }
      let known = knownIndex(UnsafeBufferPointer(rebasing: b[i..<i + length]))
      return (i - range.lowerBound, length, v - (i + length + 1), known)
    }
    guard let (indent, length, spaces, known) = found else { return (nil, nil) }
    let nameStart = range.lowerBound + indent
    // A known name's lower case is the table's own string (no new one per field); the name as
    // written is only needed for an unknown one's message.
    let name = known.map { Self.known[$0] } ?? source.text(nameStart..<nameStart + length)
    return (
      Head(
        name: name, lower: known.map { knownLower[$0] } ?? name.lowercased(), isKnown: known != nil,
        at: SourcePoint(line: n, column: indent + 1),
        valueAt: SourcePoint(line: n, column: indent + 1 + length + 1 + spaces),
        value: source.text(nameStart + length + 1 + spaces..<range.upperBound)),
      nil
    )
  }

  /// ``head(_:_:)`` on a line's text, by Characters where a byte is not one.
  private static func head(_ line: String, _ n: Int) -> Head? {
    let (indent, body) = Self.indentation(line)
    guard let name = MarkdownFieldName.name(in: body) else { return nil }
    // An ASCII name is as many Characters as bytes.
    let nameLength = name.isPlainASCII ? name.utf8.count : name.count
    let rest =
      nameLength == name.utf8.count
      ? body[body.utf8.index(body.startIndex, offsetBy: nameLength + 1)...] : body.dropFirst(nameLength + 1)
    let (spaces, value) = Self.indentation(rest)
    let lower = name.lowercased()
    return Head(
      name: name, lower: lower, isKnown: knownLower.contains(lower), at: SourcePoint(line: n, column: indent + 1),
      valueAt: SourcePoint(line: n, column: indent + 1 + name.utf8.count + 1 + spaces), value: String(value))
  }

  /// Reads the fields in `blocks` (the first of which starts like a field).
  init(_ blocks: [MarkdownNode], file: MarkdownFile) {
    guard let first = blocks.first, let last = blocks.last else { return }
    let hasCode = blocks.contains { if case .codeBlock = $0.kind { true } else { false } }
    func inCode(_ n: Int) -> Bool {
      hasCode
        && blocks.contains { b in
          guard case .codeBlock = b.kind else { return false }
          return b.start.line <= n && n <= max(b.start.line, b.end.line)
        }
    }
    // The field being read: its value's lines, and whether it is kept (an unknown one is not).
    var current: Field?
    var currentLines: [String] = []
    var keep = false
    var out: [Field] = []
    func finish() {
      guard var f = current, keep else { return }
      // One line needs no join (the join of one line is that line).
      let text = currentLines.count == 1 ? currentLines[0] : currentLines.joined(separator: "\n")
      f.value = MarkdownEscapes.unescapeBlock(text).trimmingBlankLines
      if out.contains(where: { $0.name == f.name }) {
        file.error(f.at, "the field \(quoted(Self.known[Self.knownLower.firstIndex(of: f.name) ?? 0])) is given twice")
      } else {
        if out.isEmpty { out.reserveCapacity(6) }
        out.append(f)
      }
    }
    for n in first.start.line...max(first.start.line, last.end.line) {
      let (head, text) = inCode(n) ? (nil, nil) : Self.head(n, file.source)
      if let head {
        if head.isKnown {
          finish()
          current = Field(name: head.lower, value: "", at: head.at, valueAt: head.valueAt)
          currentLines = [head.value]
          keep = true
          continue
        }
        if blocks.contains(where: { $0.kind == .paragraph && $0.start.line == n }) {
          finish()
          var message = "unknown field \(quoted(head.name)); the fields are " + Self.known.joined(separator: ", ")
          if let m = closestMatch(to: head.name, in: Self.known) { message += "; did you mean \(quoted(m))?" }
          file.error(head.at, message)
          current = Field(name: head.lower, value: "", at: head.at, valueAt: head.valueAt)
          currentLines = []
          keep = false
          continue
        }
      }
      if current != nil { currentLines.append(text ?? file.source.line(n)) }
    }
    finish()
    fields = out
  }

  /// The number of spaces and tabs (as Characters) that start `line`, and the line after them:
  /// counted on bytes when a space or tab is followed by an ASCII byte (then each is a Character).
  static func indentation<Line: StringProtocol>(_ line: Line) -> (Int, Substring) where Line.SubSequence == Substring {
    let u = line.utf8
    var i = u.startIndex
    var n = 0
    while i < u.endIndex, u[i] == 0x20 || u[i] == 0x09 {
      u.formIndex(after: &i)
      n += 1
    }
    if n == 0 || i == u.endIndex || u[i] < 0x80 { return (n, line[i...]) }
    let indent = line.prefix { $0 == " " || $0 == "\t" }.count
    return (indent, line.dropFirst(indent))
  }
}
