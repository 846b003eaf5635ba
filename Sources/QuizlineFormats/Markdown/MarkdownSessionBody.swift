import QuizlineCore

/// The body of a Markdown session: its Markdown blocks as ``BodyBlock``s, and its `## Key terms`
/// section as key terms. What a session cannot show (raw HTML, a list item holding more than one
/// paragraph) is refused at its line and column; HTML comments and rules (`---`) are left out.
struct MarkdownSessionBody {
  var blocks: [BodyBlock] = []
  var keyTerms: [KeyTerm] = []
  let report: (SourcePoint, String) -> Void
  let warn: (SourcePoint, String) -> Void
  let what: String

  /// The heading (level 2) whose section holds the key terms, matched without regard to case.
  static let keyTermsHeading = "key terms"

  static func read(
    _ text: String, title: String?, afterLine: Int, what: String, report: @escaping (SourcePoint, String) -> Void,
    warn: @escaping (SourcePoint, String) -> Void
  ) -> MarkdownSessionBody {
    var body = MarkdownSessionBody(report: report, warn: warn, what: what)
    var nodes = MarkdownParser.parse(text).children[...]
    // A level-1 heading that repeats the title, first in the body, is the title shown again.
    if let first = nodes.first, case .heading(level: 1) = first.kind, first.plainText == title {
      nodes = nodes.dropFirst()
    }
    var keyTermsAt: SourcePoint?
    while let node = nodes.first {
      nodes = nodes.dropFirst()
      if case .heading(level: 2) = node.kind, node.plainText.trimmingSpaces.lowercased() == keyTermsHeading {
        if keyTermsAt != nil {
          report(node.start, "\(what) has a second \"Key terms\" section; put all its key terms in one list")
        }
        keyTermsAt = node.start
        let section = nodes.prefix { if case .heading = $0.kind { false } else { true } }
        nodes = nodes.dropFirst(section.count)
        body.readKeyTerms(Array(section), heading: node)
        continue
      }
      if let block = body.block(node) { body.blocks.append(block) }
    }
    if body.blocks.isEmpty {
      report(
        SourcePoint(line: afterLine + 1, column: 1),
        "\(what) has no text: write its body in Markdown after the front matter (headings, paragraphs, lists…)")
    }
    return body
  }

  /// The block of one node; nil for what is left out or refused.
  func block(_ node: MarkdownNode) -> BodyBlock? {
    switch node.kind {
    case .heading:
      let text = MarkdownInlineText.string(node)
      guard !text.isEmpty else {
        report(node.start, "a heading without text in \(what)")
        return nil
      }
      return .heading(text)
    case .paragraph: return .paragraph(MarkdownInlineText.string(node))
    case .list(let ordered, let start, _):
      let items = node.children.compactMap(item)
      guard items.count == node.children.count else { return nil }
      return ordered ? .numbered(items, start: start) : .bullets(items)
    case .codeBlock(let info):
      var code = node.literal
      if code.hasSuffix("\n") { code.removeLast() }
      guard !code.isEmpty else {
        report(node.start, "an empty code block in \(what)")
        return nil
      }
      let language = info.trimmingSpaces
      return .code(code, language: language.isEmpty ? nil : language)
    case .blockQuote:
      let inner = node.children.compactMap(block)
      return inner.isEmpty ? nil : .quote(inner)
    case .table: return table(node)
    case .thematicBreak: return nil
    case .htmlBlock:
      if node.literal.trimmingSpaces.hasPrefix("<!--") { return nil }
      report(
        node.start,
        "HTML is not shown in a terminal: write this part of \(what) in Markdown (an HTML comment <!-- … --> is left out)"
      )
      return nil
    default:
      let name = if case .other(let n) = node.kind { n } else { "\(node.kind)" }
      report(
        node.start,
        "this Markdown (\(name)) is not part of a session; use headings, paragraphs, lists, tables, quotes and code")
      return nil
    }
  }

  /// A list item's text: its one paragraph (a task item keeps its box as `[x] ` or `[ ] `).
  func item(_ node: MarkdownNode) -> String? {
    guard let paragraph = node.children.first, node.children.count == 1, case .paragraph = paragraph.kind else {
      let at = node.children.count > 1 ? node.children[1].start : node.start
      report(
        at,
        node.children.isEmpty
          ? "an empty list item in \(what)"
          : "a list item in \(what) holds one paragraph; a second paragraph, a nested list or code inside an item is not shown: put it after the list"
      )
      return nil
    }
    var text = MarkdownInlineText.string(paragraph)
    if case .item(task: let checked?) = node.kind { text = (checked ? "[x] " : "[ ] ") + text }
    return text
  }

  func table(_ node: MarkdownNode) -> BodyBlock? {
    var rows = node.children.map { row in row.children.map { MarkdownInlineText.string($0) } }
    guard !rows.isEmpty else { return nil }
    let header = rows.removeFirst()
    // cmark-gfm gives every row the header's number of cells; pad in case it ever does not.
    rows = rows.map { Array(($0 + Array(repeating: "", count: max(0, header.count - $0.count))).prefix(header.count)) }
    return .table(header: header, rows: rows)
  }

  /// The `## Key terms` section: one list of `**term**: definition` items (`**term:** definition`
  /// too).
  mutating func readKeyTerms(_ section: [MarkdownNode], heading: MarkdownNode) {
    let content = section.filter {
      if case .htmlBlock = $0.kind, $0.literal.trimmingSpaces.hasPrefix("<!--") { return false }
      return true
    }
    guard let list = content.first, case .list = list.kind else {
      report(
        content.first?.start ?? heading.start,
        "the Key terms section of \(what) is a list of \"- **term**: definition\" items")
      return
    }
    for extra in content.dropFirst() {
      report(
        extra.start,
        "the Key terms section of \(what) holds only its list; start another section with a heading for more text")
    }
    var seen = Set<String>()
    for item in list.children {
      guard let term = keyTerm(item) else { continue }
      if !seen.insert(term.term.lowercased()).inserted {
        warn(item.start, "key term \(quoted(term.term)) is listed twice in \(what)")
      }
      keyTerms.append(term)
    }
  }

  private func keyTerm(_ item: MarkdownNode) -> KeyTerm? {
    let shape = "a key term is written \"- **term**: definition\""
    guard item.children.count == 1, let paragraph = item.children.first, case .paragraph = paragraph.kind,
      let strong = paragraph.children.first, case .strong = strong.kind
    else {
      report(item.start, "\(shape), found \(quoted(item.plainText.trimmingSpaces))")
      return nil
    }
    var termSpans = MarkdownInlineText.spans(strong.children)
    var rest = MarkdownInlineText.spans(Array(paragraph.children.dropFirst()))
    if case .text(let t)? = termSpans.last, t.hasSuffix(":") {
      termSpans[termSpans.count - 1] = .text(String(t.dropLast()))
    } else if case .text(let t)? = rest.first, t.hasPrefix(":") {
      rest[0] = .text(String(t.dropFirst()))
    } else {
      report(item.start, "\(shape): a colon after the term, found \(quoted(item.plainText.trimmingSpaces))")
      return nil
    }
    if case .text(let t)? = rest.first { rest[0] = .text(String(t.drop { $0 == " " })) }
    let term = InlineMarkup.serialize(termSpans).trimmingSpaces
    let definition = InlineMarkup.serialize(rest).trimmingSpaces
    guard !term.isEmpty, !definition.isEmpty else {
      report(item.start, "\(shape): both the term and its definition, found \(quoted(item.plainText.trimmingSpaces))")
      return nil
    }
    return KeyTerm(term: term, definition: definition)
  }
}
