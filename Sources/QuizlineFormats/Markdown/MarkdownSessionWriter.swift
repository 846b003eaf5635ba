import QuizlineCore

/// Writes a ``StudySession`` as a Markdown session (docs/markdown-format.md, "Sessions") that
/// ``MarkdownSessionReader`` reads back as the same session.
///
/// What Markdown cannot say is written as near as it can be, and then does not come back the same:
/// a newline in the title, an objective or a table cell (a space), spaces at either end of a text
/// (cmark trims them), a code block with an empty language.
public enum MarkdownSessionWriter {
  public static func write(_ session: StudySession) -> String {
    var out = "---\nkind: session\n"
    out += "id: \(value(session.id))\n"
    out += "title: \(value(session.title))\n"
    out += "minutes: \(session.estimatedMinutes)\n"
    out += "objectives:\n" + session.objectives.map { "  - \(value($0))\n" }.joined()
    if session.completion != .manual { out += "completion: \(session.completion.rawValue)\n" }
    if let c = session.checkpoint {
      out += "checkpoint: " + c.questions.map(\.description).joined(separator: ", ") + "\n"
      if c.passPercent != 80 { out += "pass: \(c.passPercent)\n" }
    }
    if !session.sources.isEmpty {
      out += "sources:\n"
      for s in session.sources {
        out += "  - " + value(([s.file, s.section] + (s.title.map { [$0] } ?? [])).joined(separator: " | ")) + "\n"
      }
    }
    out += "---\n"
    var parts = blocks(session.body)
    if !session.keyTerms.isEmpty {
      parts.append("## Key terms")
      parts.append(
        session.keyTerms.map { t in
          "- **" + MarkdownInlineText.markdown(oneLine(t.term)) + "**: " + item(t.definition, indent: 2)
        }.joined(separator: "\n"))
    }
    return out + parts.map { "\n" + $0 + "\n" }.joined()
  }

  /// The Markdown of blocks, one string each. Two lists of the same kind in a row are kept apart
  /// by an HTML comment (a blank line alone would join them into one list).
  static func blocks(_ body: [BodyBlock]) -> [String] {
    var out: [String] = []
    var previous: BodyBlock?
    for block in body {
      switch (previous, block) {
      case (.bullets?, .bullets), (.numbered?, .numbered): out.append("<!-- -->")
      default: break
      }
      out.append(markdown(block))
      previous = block
    }
    return out
  }

  static func markdown(_ block: BodyBlock) -> String {
    switch block {
    case .heading(let h):
      // `## Key terms` would be read as the key terms: another level keeps it a heading.
      let level = h.trimmingSpaces.lowercased() == MarkdownSessionBody.keyTermsHeading ? "### " : "## "
      return level + headingText(h)
    case .paragraph(let p): return MarkdownInlineText.markdown(p)
    case .bullets(let items): return items.map { "- " + item($0, indent: 2) }.joined(separator: "\n")
    case .numbered(let items, let start):
      return items.enumerated().map { k, text in
        let label = "\(start + k). "
        return label + item(text, indent: label.count)
      }.joined(separator: "\n")
    case .table(let header, let rows):
      func row(_ cells: [String]) -> String {
        "| " + cells.map { MarkdownInlineText.markdown($0, inTableCell: true) }.joined(separator: " | ") + " |"
      }
      return ([row(header), "|" + String(repeating: " --- |", count: header.count)] + rows.map(row))
        .joined(separator: "\n")
    case .quote(let inner):
      return blocks(inner).joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n")
    case .code(let code, let language):
      let info = language ?? ""
      let mark: Character = info.contains("`") ? "~" : "`"
      var longest = 0
      for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
        let run = line.drop { $0 == " " }.prefix { $0 == mark }.count
        longest = max(longest, run)
      }
      let fence = String(repeating: mark, count: max(3, longest + 1))
      return fence + info + "\n" + code + "\n" + fence
    }
  }

  /// A list item's text, its later lines indented under its first.
  private static func item(_ text: String, indent: Int) -> String {
    MarkdownInlineText.markdown(text).replacing("\n", with: "\n" + String(repeating: " ", count: indent))
  }

  /// A heading's text on one line, a closing run of `#` (which cmark would drop) escaped.
  private static func headingText(_ h: String) -> String {
    var text = MarkdownInlineText.markdown(oneLine(h))
    let hashes = text.reversed().prefix { $0 == "#" }.count
    if hashes > 0, hashes < text.count {
      let cut = text.index(text.endIndex, offsetBy: -hashes)
      if text[text.index(before: cut)] == " " { text.insert("\\", at: cut) }
    }
    return text
  }

  private static func oneLine(_ text: String) -> String { text.replacing("\n", with: " ") }

  /// A front-matter value on one line, quoted when its ends are spaces or quotes (the front
  /// matter takes the text between the first and last character of a quoted value as it is).
  static func value(_ text: String) -> String {
    let flat = oneLine(text)
    guard let first = flat.first, let last = flat.last else { return "\"\"" }
    let needsQuotes = first == " " || last == " " || first == "\"" || first == "'" || first == "\t" || last == "\t"
    return needsQuotes ? "\"" + flat + "\"" : flat
  }
}
