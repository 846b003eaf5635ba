extension Renderer {
  /// The blocks of a session's body: headings, paragraphs, bullet and numbered lists, tables, block
  /// quotes, and code (kept whole). Texts carry inline markup, shown by ``RichText``.
  static func renderBody(_ body: [BodyBlock], _ out: inout Output) {
    let s = out.context.style
    for block in body {
      switch block {
      case .heading(let h):
        let marked = String(RichText.strongOpen) + RichText.marked(safe(h, out.context), s)
        out.line(RichText.paint([marked + String(RichText.strongClose)], s)[0])
      case .paragraph(let p):
        out.paragraph(p)
        out.line()
      case .bullets(let items):
        for item in items { out.paragraph(item, indent: "    ", firstIndent: "  \(s.bullet) ") }
        out.line()
      case .numbered(let items, let start):
        let last = start + max(0, items.count - 1)
        let numberWidth = max(String(start).count, String(last).count)
        let indent = String(repeating: " ", count: numberWidth + 4)
        for (k, item) in items.enumerated() {
          let number = String(start + k)
          let label = "  " + String(repeating: " ", count: numberWidth - number.count) + number + ". "
          out.paragraph(item, indent: indent, firstIndent: label)
        }
        out.line()
      case .table(let header, let rows):
        renderTable(header: header, rows: rows, &out)
        out.line()
      case .quote(let blocks):
        renderQuote(blocks, &out)
      case .code(let code, let language):
        let swift = language.map { $0.lowercased() == "swift" } ?? true
        for l in CodeLines.render(code, indent: "    ", width: out.context.width, style: s, swift: swift) {
          out.verbatim(l)
        }
        out.line()
      }
    }
  }

  /// A block quote: its blocks drawn two columns narrower, each line behind a bar (`│`, or `|`
  /// without Unicode).
  static func renderQuote(_ blocks: [BodyBlock], _ out: inout Output) {
    let s = out.context.style
    var context = out.context
    context.width = max(20, out.context.width - 2)
    var inner = Output(context)
    renderBody(blocks, &inner)
    var lines = inner.lines
    while lines.last?.isEmpty == true { lines.removeLast() }
    let bar = s.paint(s.unicode ? "│" : "|", .dim)
    for line in lines { out.verbatim(line.isEmpty ? bar : bar + " " + line) }
    out.line()
  }

  /// A table, the one table layout of sessions and bank texts: with Unicode a box table
  /// (`┌─┬─┐`), without it aligned columns between ` | ` with a `-+-` rule under the header; cells
  /// wrapped within their column, the header in bold. When the columns cannot all get 8 columns (or
  /// their whole text), each row becomes an item of `header: cell` lines instead.
  static func renderTable(header: [String], rows: [[String]], indent: String = "  ", _ out: inout Output) {
    let s = out.context.style
    let columns = header.count
    guard columns > 0 else { return }
    func cell(_ text: String) -> String { RichText.marked(safe(text, out.context), s) }
    let head = header.map { String(RichText.strongOpen) + cell($0) + String(RichText.strongClose) }
    let body = rows.map { row in (0..<columns).map { $0 < row.count ? cell(row[$0]) : "" } }
    let box = s.unicode
    let lead = TextWrap.displayWidth(indent)
    let room = out.context.width - lead - (box ? 3 * columns + 1 : 3 * (columns - 1))
    guard let widths = columnWidths(([head] + body), columns: columns, room: room) else {
      renderTableAsList(header: header, rows: rows, indent: indent, &out)
      return
    }
    let bar = s.paint("│", .dim)
    func rule(_ left: String, _ middle: String, _ right: String) {
      out.verbatim(
        indent
          + s.paint(left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right, .dim)
      )
    }
    func emit(_ cells: [String]) {
      let wrapped = (0..<columns).map { k in
        RichText.paint(TextWrap.lines(cells[k], width: widths[k]).map { TextWrap.pad($0, to: widths[k]) }, s)
      }
      let height = wrapped.map(\.count).max() ?? 1
      for line in 0..<height {
        let parts = (0..<columns).map { k in
          line < wrapped[k].count ? wrapped[k][line] : String(repeating: " ", count: widths[k])
        }
        if box {
          out.verbatim(indent + bar + " " + parts.joined(separator: " " + bar + " ") + " " + bar)
        } else {
          out.verbatim((indent + parts.joined(separator: " | ")).trimmingTrailingSpaces())
        }
      }
    }
    if box { rule("┌", "┬", "┐") }
    emit(head)
    if box {
      rule("├", "┼", "┤")
    } else {
      out.verbatim(indent + s.paint(widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-"), .dim))
    }
    for row in body { emit(row) }
    if box { rule("└", "┴", "┘") }
  }

  /// Widths for the columns within `room`: each column its widest cell when all fit; else the
  /// narrow columns keep theirs and the rest share what is left. Nil when a column would get fewer
  /// than 8 columns (or than its widest cell, when narrower).
  static func columnWidths(_ table: [[String]], columns: Int, room: Int) -> [Int]? {
    let natural = (0..<columns).map { k in
      max(
        1,
        table.map { row in row[k].split(separator: "\n").map { TextWrap.displayWidth(String($0)) }.max() ?? 0 }
          .max() ?? 1)
    }
    if natural.reduce(0, +) <= room { return natural }
    var widths = natural
    var open = Set(0..<columns)
    var left = room
    // Water-filling: a column narrower than an even share keeps its width.
    while !open.isEmpty {
      let share = left / open.count
      let fitting = open.filter { natural[$0] <= share }
      if fitting.isEmpty {
        var extra = left - share * open.count
        for k in open.sorted() {
          widths[k] = share + (extra > 0 ? 1 : 0)
          extra -= 1
        }
        break
      }
      for k in fitting {
        widths[k] = natural[k]
        left -= natural[k]
        open.remove(k)
      }
    }
    guard zip(widths, natural).allSatisfy({ $0 >= min($1, 8) }) else { return nil }
    return widths
  }

  /// A table too wide for the screen: each row an item, each cell a `header: cell` line.
  static func renderTableAsList(header: [String], rows: [[String]], indent: String, _ out: inout Output) {
    let s = out.context.style
    for row in rows {
      for (k, name) in header.enumerated() {
        let value = k < row.count ? row[k] : ""
        let text = name.isEmpty ? value : "\(name): \(value)"
        out.paragraph(text, indent: indent + "    ", firstIndent: k == 0 ? indent + "\(s.bullet) " : indent + "  ")
      }
    }
    if rows.isEmpty {
      out.paragraph(header.joined(separator: s.dot), indent: indent + "  ", firstIndent: indent)
    }
  }
}
