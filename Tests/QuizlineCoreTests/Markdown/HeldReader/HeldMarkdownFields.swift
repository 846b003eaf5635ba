// The Markdown bank reader as it was before issue 36 (main at fbc0d09), held as the oracle of
// MarkdownReaderOracleTests: the faster reader must give the same banks, layouts and messages.

import QuizlineCore

@testable import QuizlineFormats

/// The fields of a `##` question (`Explanation:`, `Hint:`, …): the paragraphs after its answer
/// that start with a field name and a colon, each running to the next field.
struct HeldMarkdownFields {
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
  static func startsFields(_ block: MarkdownNode, _ source: HeldMarkdownSource) -> Bool {
    guard block.kind == .paragraph else { return false }
    return HeldMarkdownFieldName.name(in: Substring(source.line(block.start.line).heldTrimmingSpaces)) != nil
  }

  /// Reads the fields in `blocks` (the first of which starts like a field).
  init(_ blocks: [MarkdownNode], file: HeldMarkdownFile) {
    guard let first = blocks.first, let last = blocks.last else { return }
    var code = Set<Int>()
    var paragraphStarts = Set<Int>()
    for b in blocks {
      if case .codeBlock = b.kind { code.formUnion(b.start.line...max(b.start.line, b.end.line)) }
      if b.kind == .paragraph { paragraphStarts.insert(b.start.line) }
    }
    var current: (field: Field, lines: [String], keep: Bool)?
    func finish() {
      guard let c = current, c.keep else { return }
      var f = c.field
      f.value = HeldMarkdownEscapes.unescapeBlock(c.lines.joined(separator: "\n")).heldTrimmingBlankLines
      if fields.contains(where: { $0.name == f.name }) {
        file.error(f.at, "the field \(quoted(Self.known[Self.knownLower.firstIndex(of: f.name) ?? 0])) is given twice")
      } else {
        fields.append(f)
      }
    }
    for n in first.start.line...max(first.start.line, last.end.line) {
      let line = file.source.line(n)
      let indent = line.prefix { $0 == " " || $0 == "\t" }.count
      let body = line.dropFirst(indent)
      if !code.contains(n), let name = HeldMarkdownFieldName.name(in: body) {
        let lower = name.lowercased()
        let at = SourcePoint(line: n, column: indent + 1)
        let rest = body.dropFirst(name.count + 1)
        let spaces = rest.prefix { $0 == " " || $0 == "\t" }.count
        let valueAt = SourcePoint(line: n, column: indent + 1 + name.utf8.count + 1 + spaces)
        if Self.knownLower.contains(lower) {
          finish()
          current = (Field(name: lower, value: "", at: at, valueAt: valueAt), [String(rest.dropFirst(spaces))], true)
          continue
        }
        if paragraphStarts.contains(n) {
          finish()
          var message = "unknown field \(quoted(name)); the fields are " + Self.known.joined(separator: ", ")
          if let m = closestMatch(to: name, in: Self.known) { message += "; did you mean \(quoted(m))?" }
          file.error(at, message)
          current = (Field(name: lower, value: "", at: at, valueAt: valueAt), [], false)
          continue
        }
      }
      current?.lines.append(line)
    }
    finish()
  }
}
