extension Output {
  /// Bank or session text: escaped, read into blocks (``RichBlocks``) and drawn as ``RichText``
  /// says: prose wrapped and indented, lists with hanging indents, tables, displayed formulas and
  /// images on lines of their own, code four columns in from `indent`, never wrapped. `firstIndent`
  /// (a label such as `a) `) starts the first line; before a block that cannot follow a label on its
  /// line (code, a table, a formula, an image) the label goes on a line of its own. `keepingGaps`:
  /// see `safe`.
  mutating func paragraph(_ text: String, indent: String = "", firstIndent: String? = nil, keepingGaps: Bool = false) {
    var first = firstIndent
    for block in RichBlocks.parse(safe(text, context, keepingGaps: keepingGaps)) {
      render(block, indent: indent, firstIndent: first)
      first = nil
    }
  }

  private mutating func render(_ block: RichBlock, indent: String, firstIndent first: String?) {
    let style = context.style
    switch block {
    case .text(let prose):
      wrapped(RichText.marked(prose, style), indent: indent, firstIndent: first)
    case .bullets(let items):
      for (k, item) in items.enumerated() {
        listItem(item, lead: k == 0 ? (first ?? indent) : indent, marker: style.bullet + " ", indent: indent)
      }
    case .numbered(let items, let start):
      let last = start.addingReportingOverflow(max(0, items.count - 1))
      let width = max(String(start).count, last.overflow ? 0 : String(last.partialValue).count)
      for (k, item) in items.enumerated() {
        let (n, overflow) = start.addingReportingOverflow(k)
        let number = overflow ? String(start) : String(n)
        let marker = String(repeating: " ", count: max(0, width - number.count)) + number + ". "
        listItem(item, lead: k == 0 ? (first ?? indent) : indent, marker: marker, indent: indent)
      }
    case .table(let header, let rows):
      labelAlone(first)
      Renderer.renderTable(header: header, rows: rows, indent: indent, &self)
    case .math(let source):
      labelAlone(first)
      let drawn = MathText.display(source).map { indent + "    " + $0 }
      if drawn.allSatisfy({ TextWrap.displayWidth($0) <= context.width }) {
        lines += drawn
      } else {
        for line in drawn {
          let lead = String(line.prefix { $0 == " " })
          lines += TextWrap.lines(line, width: context.width, indent: lead + "  ", firstIndent: lead)
        }
      }
    case .image(let source, let alt):
      labelAlone(first)
      let placeholder = InlineMarkup.plainText([.image(source: source, alt: alt)])
      if context.inlineImages, let base = mediaBase {
        lines.append(MediaMarker.imageLine(base: base, source: source, placeholder: indent + placeholder))
      } else {
        lines += TextWrap.lines(placeholder, width: context.width, indent: indent + "  ", firstIndent: indent)
      }
    case .code(let code, let language):
      labelAlone(first)
      let swift = language.map { $0.lowercased() == "swift" } ?? true
      lines += CodeLines.render(code, indent: indent + "    ", width: context.width, style: style, swift: swift)
    }
  }

  /// Marked prose wrapped and painted.
  private mutating func wrapped(_ marked: String, indent: String, firstIndent: String?) {
    let wrapped = TextWrap.lines(marked, width: context.width, indent: indent, firstIndent: firstIndent)
    lines += RichText.paint(wrapped, context.style)
  }

  /// One item of a list: `lead` and its `marker` on the first line, later lines under its text.
  private mutating func listItem(_ item: String, lead: String, marker: String, indent: String) {
    let hang = indent + String(repeating: " ", count: TextWrap.displayWidth(marker))
    wrapped(RichText.marked(item, context.style), indent: hang, firstIndent: lead + marker)
  }

  /// A label before a block (`a) `), on a line of its own.
  private mutating func labelAlone(_ first: String?) {
    if let label = first?.trimmingTrailingSpaces(), label.contains(where: { $0 != " " }) { lines.append(label) }
  }
}
