// The Markdown bank reader as it was before issue 36 (main at fbc0d09), held as the oracle of
// MarkdownReaderOracleTests: the faster reader must give the same banks, layouts and messages.

@testable import QuizlineFormats

/// The `key: value` lines between two `---` lines at the top of a Markdown bank or session.
///
/// Not YAML: one level, `key: value` or `key:` followed by indented `- item` lines; a value may be
/// quoted (`"…"`) to keep spaces at its ends. Lines starting with `#` are comments. Everything
/// else is an error with its line and column.
struct HeldFrontMatter: Sendable, Equatable {
  /// A value: the text after `key:`, or the `- item` lines under it.
  enum Value: Sendable, Equatable {
    case text(String)
    case list([Item])
  }

  /// One `- item` line of a list value.
  struct Item: Sendable, Equatable {
    var text: String
    var at: SourcePoint
  }

  /// One `key: value` entry, with where its key and value start.
  struct Entry: Sendable, Equatable {
    var key: String
    var value: Value
    var keyAt: SourcePoint
    var valueAt: SourcePoint

    /// The value as text (a list's items joined with ", ").
    var text: String {
      switch value {
      case .text(let t): t
      case .list(let items): items.map(\.text).joined(separator: ", ")
      }
    }

    /// The value as a list: the `- item` lines, or the text split at commas (each item trimmed,
    /// empty ones dropped).
    var items: [Item] {
      switch value {
      case .list(let items): return items
      case .text(let t):
        return t.split(separator: ",").map { $0.heldTrimmingSpaces }.filter { !$0.isEmpty }.map {
          Item(text: $0, at: valueAt)
        }
      }
    }
  }

  var entries: [Entry]
  /// The `---` line that opens the front matter (1) and the one that closes it.
  var closingLine: Int

  /// The entry for `key` (keys are matched exactly; the readers list the keys they know).
  func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }
}

/// A front-matter problem: where, and what is wrong.
struct HeldFrontMatterError: Error, Sendable, Equatable {
  var at: SourcePoint
  var message: String
}

/// Reads a Markdown file's front matter.
enum HeldFrontMatterParser {
  /// The front matter of `text`, or nil when the text does not start with a `---` line (a Markdown
  /// file that is not a quizline file). Throws the first malformed line.
  static func parse(_ text: String) throws(HeldFrontMatterError) -> HeldFrontMatter? {
    // "\r\n" is one Character in Swift: split on both line ends.
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    do {
      return try parse(lines)
    } catch {
      // A blank line or a Markdown heading above the bad line: most likely the closing --- is missing
      // and the body is being read as front matter.
      var failure = error
      let above = lines.dropFirst().prefix(max(0, failure.at.line - 2))
      if above.contains(where: { $0.heldTrimmingSpaces.isEmpty || $0.heldTrimmingSpaces.hasPrefix("## ") }) {
        failure.message += "; is the --- line that ends the front matter missing above it?"
      }
      throw failure
    }
  }

  private static func parse(_ lines: [Substring]) throws(HeldFrontMatterError) -> HeldFrontMatter? {
    guard let first = lines.first, first.heldTrimmingSpaces == "---" else { return nil }
    var entries: [HeldFrontMatter.Entry] = []
    var index = 1
    while index < lines.count {
      let line = lines[index]
      let number = index + 1
      index += 1
      let trimmed = line.heldTrimmingSpaces
      if trimmed == "---" { return HeldFrontMatter(entries: entries, closingLine: number) }
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let indent = line.prefix { $0 == " " || $0 == "\t" }.count
      if trimmed.hasPrefix("- ") || trimmed == "-" {
        guard indent > 0, var last = entries.last, case .list(var items) = last.value else {
          throw HeldFrontMatterError(
            at: SourcePoint(line: number, column: indent + 1),
            message:
              "a list item must be indented under a key that has no value on its line (objectives:, then \"  - item\" lines)"
          )
        }
        let item = String(trimmed.dropFirst()).heldTrimmingSpaces
        let value = try unquote(item, at: SourcePoint(line: number, column: indent + 3))
        items.append(HeldFrontMatter.Item(text: value, at: SourcePoint(line: number, column: indent + 3)))
        last.value = .list(items)
        entries[entries.count - 1] = last
        continue
      }
      guard indent == 0 else {
        throw HeldFrontMatterError(
          at: SourcePoint(line: number, column: 1),
          message: "an indented line that is not a \"- item\"; front matter is key: value lines, not nested YAML")
      }
      guard let colon = line.firstIndex(of: ":") else {
        throw HeldFrontMatterError(
          at: SourcePoint(line: number, column: 1),
          message: "expected key: value, found \(heldQuotedFrontMatter(String(trimmed)))")
      }
      let key = String(line[..<colon]).heldTrimmingSpaces
      let keyAt = SourcePoint(line: number, column: 1)
      guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
        throw HeldFrontMatterError(
          at: keyAt, message: "a key is letters, digits, - and _, found \(heldQuotedFrontMatter(key))")
      }
      guard !entries.contains(where: { $0.key == key }) else {
        throw HeldFrontMatterError(at: keyAt, message: "\(heldQuotedFrontMatter(key)) is given twice")
      }
      let rest = line[line.index(after: colon)...]
      let valueColumn = line.utf8.distance(from: line.startIndex, to: colon) + 2 + rest.prefix { $0 == " " }.utf8.count
      let valueAt = SourcePoint(line: number, column: valueColumn)
      let raw = rest.heldTrimmingSpaces
      let value: HeldFrontMatter.Value = raw.isEmpty ? .list([]) : .text(try unquote(raw, at: valueAt))
      entries.append(HeldFrontMatter.Entry(key: key, value: value, keyAt: keyAt, valueAt: valueAt))
    }
    throw HeldFrontMatterError(
      at: SourcePoint(line: 1, column: 1), message: "the front matter opened here is never closed by a --- line")
  }

  /// The text with its front matter lines (up to and including `closingLine`) made empty, so that
  /// the Markdown parser's line numbers are the file's.
  static func blankingFrontMatter(_ text: String, closingLine: Int) -> String {
    var rest = Substring(text)
    var blanked = ""
    for _ in 0..<closingLine {
      guard let end = rest.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) else { return blanked }
      blanked += String(rest[end])
      rest = rest[rest.index(after: end)...]
    }
    return blanked + rest
  }

  private static func unquote(_ raw: String, at: SourcePoint) throws(HeldFrontMatterError) -> String {
    guard let quote = raw.first, quote == "\"" || quote == "'" else { return raw }
    guard raw.count >= 2, raw.last == quote else {
      throw HeldFrontMatterError(at: at, message: "a quoted value must end with its quote (\(quote)) on the same line")
    }
    return String(raw.dropFirst().dropLast())
  }
}

/// `"text"`, for messages.
func heldQuotedFrontMatter(_ text: String) -> String { "\"" + text + "\"" }

extension StringProtocol {
  /// Without spaces and tabs at either end.
  var heldTrimmingSpaces: String {
    var s = Substring(self)
    while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
    return String(s)
  }
}
