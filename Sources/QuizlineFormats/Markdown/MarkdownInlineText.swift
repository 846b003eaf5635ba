import QuizlineCore

/// Inline Markdown between cmark's nodes and the model's strings (``InlineMarkup``): the reader
/// turns a paragraph's inline nodes into a string, the writer turns a string back into Markdown
/// that cmark reads as the same nodes.
enum MarkdownInlineText {
  // MARK: reading

  /// The model string of a node's inline children.
  static func string(_ node: MarkdownNode) -> String {
    InlineMarkup.serialize(spans(node.children))
  }

  /// The spans of inline nodes. Breaks: a soft break is a space (the terminal wraps), a hard break
  /// a newline. A link is its text, followed by its address in parentheses unless the text is the
  /// address. An image with a relative path is an image (``InlineSpan/image(source:alt:)``); one
  /// with an address (`https:`, `/abs`) is its description and its address, as a link. Struck text
  /// is struck, `<u>`…`</u>` underlined; other inline HTML stays text. Formulas in text (`\\(..\\)`,
  /// `[$]..[/$]`, as cmark leaves them) are formulas.
  static func spans(_ nodes: [MarkdownNode]) -> [InlineSpan] {
    var out: [InlineSpan] = []
    var k = 0
    while k < nodes.count {
      let node = nodes[k]
      k += 1
      switch node.kind {
      case .htmlInline where node.literal.lowercased() == "<u>":
        if let close = underlineClose(nodes, after: k - 1) {
          out.append(.underline(spans(Array(nodes[k..<close]))))
          k = close + 1
        } else {
          out.append(.text(node.literal))
        }
      case .text, .htmlInline: out.append(.text(node.literal))
      case .softBreak: out.append(.text(" "))
      case .lineBreak: out.append(.text("\n"))
      case .code: out.append(.code(node.literal))
      case .emphasis: out.append(.emphasis(spans(node.children)))
      case .strong: out.append(.strong(spans(node.children)))
      case .strikethrough: out.append(.strike(spans(node.children)))
      case .image(let url) where isRelativePath(url):
        out.append(
          .image(
            source: url, alt: String(node.plainText.map { $0 == "\n" ? " " : $0 }.filter { $0 != "[" && $0 != "]" })))
      case .link(let url), .image(let url):
        let inner = spans(node.children)
        let text = node.plainText
        out += inner
        let same = [text, "http://" + text, "https://" + text, "mailto:" + text].contains(url)
        if !same && !url.isEmpty { out.append(.text(" (" + url + ")")) }
      default: out.append(.text(node.plainText))
      }
    }
    return InlineMarkup.merged(
      InlineMarkup.merged(out).flatMap { span -> [InlineSpan] in
        if case .text(let t) = span { return InlineMarkup.formulas(in: t) }
        return [span]
      })
  }

  /// The index of the `</u>` that closes the `<u>` at `open` among sibling nodes (nested pairs
  /// counted), if any.
  private static func underlineClose(_ nodes: [MarkdownNode], after open: Int) -> Int? {
    var depth = 0
    for k in (open + 1)..<nodes.count where nodes[k].kind == .htmlInline {
      switch nodes[k].literal.lowercased() {
      case "<u>": depth += 1
      case "</u>":
        if depth == 0 { return k }
        depth -= 1
      default: break
      }
    }
    return nil
  }

  /// Whether an image's address is a path relative to the file's folder (not `https:`, `data:`,
  /// `/abs`, `//host`, `C:\\`), with nothing ``InlineMarkup`` could not write back (spaces,
  /// parentheses).
  static func isRelativePath(_ url: String) -> Bool {
    guard !url.isEmpty, !url.hasPrefix("/"), !url.hasPrefix("\\"), !url.contains(":") else { return false }
    return !url.contains { $0 == " " || $0 == "(" || $0 == ")" || $0 == "\n" || $0 == "]" }
  }

  // MARK: writing

  /// Markdown for a model string: its spans written as CommonMark, text escaped where cmark would
  /// read it otherwise, a newline as a hard break (`\` at the end of a line), and each line's start
  /// escaped where it would begin another block. In a table cell, `|` is escaped too and a newline
  /// is a space.
  static func markdown(_ text: String, inTableCell: Bool = false) -> String {
    var written = write(InlineMarkup.parse(text), inTableCell: inTableCell)
    if inTableCell { written = written.replacing("\n", with: " ") }
    let lines = written.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.map { escapingLineStart(String($0)) }.joined(separator: "\\\n")
  }

  private static func write(_ spans: [InlineSpan], inTableCell: Bool) -> String {
    spans.map { span in
      switch span {
      case .text(let t): escaped(t, inTableCell: inTableCell)
      case .code(let c):
        inTableCell ? InlineMarkup.codeSpan(c).replacing("|", with: "\\|") : InlineMarkup.codeSpan(c)
      case .emphasis(let inner): "*" + write(inner, inTableCell: inTableCell) + "*"
      case .strong(let inner): "**" + write(inner, inTableCell: inTableCell) + "**"
      case .strike(let inner): "~~" + write(inner, inTableCell: inTableCell) + "~~"
      case .underline(let inner): "<u>" + write(inner, inTableCell: inTableCell) + "</u>"
      // Text to cmark, so that its escapes give back the formula's source and the reader finds it.
      case .math: escaped(InlineMarkup.serialize([span]), inTableCell: inTableCell)
      case .image(let source, let alt):
        "![" + escaped(alt, inTableCell: inTableCell).replacing("]", with: "\\]") + "](" + source + ")"
      case .sound: InlineMarkup.serialize([span])
      }
    }.joined()
  }

  /// Text escaped for CommonMark where it would otherwise be read as markup: backslashes before
  /// punctuation, backticks, stars and underscores that could open or close emphasis, brackets
  /// that would make a link or a task box, `<` before an address, `&` before an entity, `~~`.
  static func escaped(_ t: String, inTableCell: Bool) -> String {
    let chars = Array(t)
    let linkLike = t.contains("](") || t.contains("][") || t.contains("]:")
    let tildes = chars.filter { $0 == "~" }.count >= 2
    var out = ""
    for (i, c) in chars.enumerated() {
      let before: Character? = i > 0 ? chars[i - 1] : nil
      let after: Character? = i + 1 < chars.count ? chars[i + 1] : nil
      var escape = false
      switch c {
      case "\\": escape = after.map { $0.isASCII && ($0.isPunctuation || $0.isSymbol) } ?? true
      case "`": escape = true
      case "*": escape = !(before?.isWhitespace == true && after?.isWhitespace == true)
      case "_":
        escape =
          !(before.map { $0.isLetter || $0.isNumber } == true && after.map { $0.isLetter || $0.isNumber } == true)
      case "[":
        let box = i + 2 < chars.count && chars[i + 2] == "]" && " xX".contains(chars[i + 1])
        escape = linkLike || box
      case "<": escape = addressFollows(chars, i + 1) || underlineTagFollows(chars, i + 1)
      case "&": escape = entityFollows(chars, i + 1)
      case "~": escape = tildes
      case "|": escape = inTableCell
      default: break
      }
      if escape { out.append("\\") }
      out.append(c)
    }
    return out
  }

  /// Whether `<` at `start - 1` opens an autolink (`<https://…>`, `<a@b.c>`).
  private static func addressFollows(_ chars: [Character], _ start: Int) -> Bool {
    var i = start
    var special = false
    while i < chars.count, chars[i] != ">" {
      if chars[i].isWhitespace || chars[i] == "<" { return false }
      if chars[i] == ":" || chars[i] == "@" { special = true }
      i += 1
    }
    return i < chars.count && special
  }

  /// Whether `<` at `start - 1` begins `<u>` or `</u>`, which the reader takes for an underline.
  private static func underlineTagFollows(_ chars: [Character], _ start: Int) -> Bool {
    let rest = String(chars[start..<min(chars.count, start + 3)]).lowercased()
    return rest.hasPrefix("u>") || rest.hasPrefix("/u>")
  }

  /// Whether `&` at `start - 1` begins an entity (`&amp;`, `&#38;`, `&#x26;`).
  private static func entityFollows(_ chars: [Character], _ start: Int) -> Bool {
    var i = start
    while i < chars.count, i - start <= 32, chars[i].isASCII, chars[i].isLetter || chars[i].isNumber || chars[i] == "#"
    {
      i += 1
    }
    return i > start && i < chars.count && chars[i] == ";"
  }

  /// A line whose start cmark would read as a block (a heading, quote, list item, rule, fence,
  /// table row or HTML) with its first mark escaped.
  static func escapingLineStart(_ line: String) -> String {
    let body = line.drop { $0 == " " }
    let lead = String(line.prefix(line.count - body.count))
    guard let first = body.first else { return line }
    let rest = body.dropFirst()
    let spaceAfter = rest.first.map { $0 == " " || $0 == "\t" } ?? true
    var escape = false
    switch first {
    case "<":
      // An underline tag with text after it on the line is inline HTML, not an HTML block.
      let lower = body.lowercased()
      escape = !((lower.hasPrefix("<u>") && body.count > 3) || (lower.hasPrefix("</u>") && body.count > 4))
    case ">", "|", "\\": escape = first != "\\"
    case "#": escape = body.prefix { $0 == "#" }.count <= 6 && (body.drop { $0 == "#" }.first.map { $0 == " " } ?? true)
    case "-", "+", "*", "=", "_", "~":
      escape = spaceAfter || body.allSatisfy { $0 == first || $0 == " " }
    default:
      let digits = body.prefix { $0.isASCII && $0.isNumber }
      if !digits.isEmpty, digits.count <= 9 {
        let after = body.dropFirst(digits.count)
        if let mark = after.first, mark == "." || mark == ")",
          after.dropFirst().first.map({ $0 == " " || $0 == "\t" }) ?? true
        {
          return lead + String(digits) + "\\" + String(after)
        }
      }
    }
    return escape ? lead + "\\" + String(body) : line
  }
}
