/// Matrices, cases and aligned equations: rows of cells.
extension MathLayout {
  func table(_ table: MathTable, _ rows: [[[MathNode]]]) -> MathBox {
    guard display && !script else {
      let text = rows.map { cells in
        cells.map { flat($0) }.joined(separator: table.separatesCells ? ", " : " ")
          .trimmingSpaces
      }.joined(separator: "; ")
      // Inline, cases get a closing brace too: "{1, x > 0; 0, x ≤ 0}".
      let left = table.left.isEmpty && !table.right.isEmpty && table.right == "}" ? "{" : table.left
      let right = table.right.isEmpty && table.left == "{" ? "}" : table.right
      return MathBox(left + text + right)
    }
    let boxes = rows.map { $0.map { box($0) } }
    let columns = boxes.map(\.count).max() ?? 0
    var widths = Array(repeating: 0, count: columns)
    for row in boxes {
      for (c, cell) in row.enumerated() { widths[c] = max(widths[c], cell.width) }
    }
    var lines: [String] = []
    for row in boxes {
      var placed: [MathBox] = []
      for c in 0..<columns {
        let cell = c < row.count ? row[c] : MathBox("")
        if c > 0 { placed.append(MathBox(table.alignment == .alternating && c % 2 == 1 ? " " : "  ")) }
        let alignment: MathBox.Alignment
        switch table.alignment {
        case .center: alignment = .center
        case .left: alignment = .left
        case .alternating: alignment = c % 2 == 0 ? .right : .left
        }
        placed.append(cell.aligned(widths[c], alignment))
      }
      lines += MathBox.row(placed).lines
    }
    let body = MathBox(lines: lines.isEmpty ? [""] : lines, baseline: max(0, (lines.count - 1) / 2))
    return delimited(table.left, body, table.right)
  }
}
