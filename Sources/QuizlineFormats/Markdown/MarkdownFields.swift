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
    return MarkdownFieldName.name(in: Substring(source.line(block.start.line).trimmingSpaces)) != nil
  }

  /// Reads the fields in `blocks` (the first of which starts like a field).
  init(_ blocks: [MarkdownNode], file: MarkdownFile) {
    guard let first = blocks.first, let last = blocks.last else { return }
    var code = Set<Int>()
    var paragraphStarts = Set<Int>()
    for b in blocks {
      if case .codeBlock = b.kind { code.formUnion(b.start.line...max(b.start.line, b.end.line)) }
      if b.kind == .paragraph { paragraphStarts.insert(b.start.line) }
    }
    // The field being read: its value's lines, and whether it is kept (an unknown one is not).
    var current: Field?
    var currentLines: [String] = []
    var keep = false
    func finish() {
      guard var f = current, keep else { return }
      // One line needs no join (the join of one line is that line).
      let text = currentLines.count == 1 ? currentLines[0] : currentLines.joined(separator: "\n")
      f.value = MarkdownEscapes.unescapeBlock(text).trimmingBlankLines
      if fields.contains(where: { $0.name == f.name }) {
        file.error(f.at, "the field \(quoted(Self.known[Self.knownLower.firstIndex(of: f.name) ?? 0])) is given twice")
      } else {
        fields.append(f)
      }
    }
    for n in first.start.line...max(first.start.line, last.end.line) {
      let line = file.source.line(n)
      let (indent, body) = Self.indentation(line)
      if !code.contains(n), let name = MarkdownFieldName.name(in: body) {
        let lower = name.lowercased()
        let at = SourcePoint(line: n, column: indent + 1)
        // An ASCII name is as many Characters as bytes.
        let nameLength = name.isPlainASCII ? name.utf8.count : name.count
        let rest =
          nameLength == name.utf8.count
          ? body[body.utf8.index(body.startIndex, offsetBy: nameLength + 1)...] : body.dropFirst(nameLength + 1)
        let (spaces, value) = Self.indentation(rest)
        let valueAt = SourcePoint(line: n, column: indent + 1 + name.utf8.count + 1 + spaces)
        if Self.knownLower.contains(lower) {
          finish()
          current = Field(name: lower, value: "", at: at, valueAt: valueAt)
          currentLines = [String(value)]
          keep = true
          continue
        }
        if paragraphStarts.contains(n) {
          finish()
          var message = "unknown field \(quoted(name)); the fields are " + Self.known.joined(separator: ", ")
          if let m = closestMatch(to: name, in: Self.known) { message += "; did you mean \(quoted(m))?" }
          file.error(at, message)
          current = Field(name: lower, value: "", at: at, valueAt: valueAt)
          currentLines = []
          keep = false
          continue
        }
      }
      if current != nil { currentLines.append(line) }
    }
    finish()
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
