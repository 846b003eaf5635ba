import QuizlineCore

/// The markup output's tables and Anki's own markup in text: formulas and sounds.
extension HTMLReducer {
  /// `(opening, closing, displayed)`: MathJax's and Anki's LaTeX delimiters, longest first.
  static let formulaDelimiters: [(String, String, Bool)] = [
    ("\\(", "\\)", false), ("\\[", "\\]", true), ("[$$]", "[/$$]", true), ("[$]", "[/$]", false),
  ]

  /// A formula or `[sound:file]` starting at `s[i]`: written as a span, and the index after it; nil
  /// when none starts there (a delimiter never closed is text).
  mutating func readAnkiMarkup(_ s: [Unicode.Scalar], at i: Int) -> Int? {
    for (open, close, display) in Self.formulaDelimiters where Self.matches(s, i, open) {
      let from = i + open.unicodeScalars.count
      guard let end = next(close, in: s, from: from) else { return nil }
      let source = formula(s, from..<end)
      guard source.contains(where: { !$0.isWhitespace }) else { return nil }
      appendSpan(.math(source, display: display))
      return end + close.unicodeScalars.count
    }
    let prefix = "[sound:"
    guard Self.matches(s, i, prefix) else { return nil }
    let from = i + prefix.unicodeScalars.count
    guard let end = next("]", in: s, from: from) else { return nil }
    let raw = s[from..<end]
    guard !raw.contains("<"), !raw.contains("\n"), !raw.contains("[") else { return nil }
    let name = Entities.decodeAll(String(String.UnicodeScalarView(raw))).trimmingSpaces
    guard !name.isEmpty else { return nil }
    appendSpan(.sound(mediaPaths?.sound(name) ?? name))
    return end + 1
  }

  static func matches(_ s: [Unicode.Scalar], _ i: Int, _ seq: String) -> Bool {
    var k = i
    for c in seq.unicodeScalars {
      guard k < s.count, s[k] == c else { return false }
      k += 1
    }
    return true
  }

  /// Where `seq` next occurs in `s` at or after `from`; each sequence's search goes forward only, so
  /// all searches together read the text about once.
  private mutating func next(_ seq: String, in s: [Unicode.Scalar], from: Int) -> Int? {
    if let found = nextFound[seq], found >= from { return found == Int.max ? nil : found }
    var k = from
    while k < s.count, !Self.matches(s, k, seq) { k += 1 }
    nextFound[seq] = k < s.count ? k : Int.max
    return k < s.count ? k : nil
  }

  /// A formula's LaTeX source: entities decoded, tags left out (a line break as a space).
  private func formula(_ s: [Unicode.Scalar], _ range: Range<Int>) -> String {
    var out = String.UnicodeScalarView()
    var k = range.lowerBound
    var ranOn = false
    while k < range.upperBound {
      let c = s[k]
      if c == "<", let tag = HTMLTag.parse(s, at: k, unclosed: &ranOn), tag.end <= range.upperBound {
        if tag.name == "br" || blockTags.contains(tag.name) { out.append(" ") }
        k = tag.end
      } else if c == "&", let (decoded, end) = Entities.decode(s, at: k), end <= range.upperBound {
        out.append(contentsOf: decoded.unicodeScalars.filter { !isControl($0) })
        k = end
      } else {
        if c == "\n" || c == "\t" || c == "\u{A0}" {
          out.append(" ")
        } else if !isControl(c) && !(c.value >= 0xFDD0 && c.value <= 0xFDEF) {
          out.append(c)
        }
        k += 1
      }
    }
    return String(out)
  }

  // MARK: Tables

  mutating func tableTag(_ tag: HTMLTag) {
    switch tag.name {
    case "table":
      if !tag.closing {
        if tableDepth == 0 {
          blockBreak()
          table = Table()
        } else {
          losses.insert(.tableFlattened)
          pendingSpace = true
        }
        tableDepth += 1
      } else if tableDepth > 0 {
        tableDepth -= 1
        if tableDepth == 0 { finishTable() } else { pendingSpace = true }
      }
    case "tr":
      guard tableDepth == 1 else {
        if tableDepth == 0 { blockBreak() } else { pendingSpace = true }
        return
      }
      finishCell()
      finishRow()
      if !tag.closing { table?.row = [] }
    case "td", "th":
      guard tableDepth == 1 else {
        pendingSpace = true
        return
      }
      finishCell()
      guard !tag.closing else { return }
      if table?.row == nil { table?.row = [] }
      let span = max(Int(tag.attributes["colspan"] ?? "") ?? 1, 1)
      if span > 1 || (Int(tag.attributes["rowspan"] ?? "") ?? 1) > 1 { losses.insert(.tableFlattened) }
      table?.cellSpan = min(span, 50)
      table?.cellStart = out.count
      pendingSpace = false
    default:
      if tableDepth == 0 { blockBreak() }
    }
  }

  /// The open cell's text, on one line, its bars escaped.
  private mutating func finishCell() {
    guard let start = table?.cellStart else { return }
    closeCode()
    let text = MarkupLines.lines(out[start...]).map(\.trimmingSpaces).filter { !$0.isEmpty }
      .joined(separator: " ").split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    removeTail(from: start)
    table?.row?.append(text)
    for _ in 1..<max(table?.cellSpan ?? 1, 1) { table?.row?.append("") }
    table?.cellStart = nil
    table?.cellSpan = 1
    pendingSpace = false
  }

  private mutating func finishRow() {
    if let row = table?.row, !row.isEmpty { table?.rows.append(row) }
    table?.row = nil
  }

  /// The table as a pipe table, its first row the header.
  mutating func finishTable() {
    finishCell()
    finishRow()
    guard let rows = table?.rows else { return }
    table = nil
    let width = rows.map(\.count).max() ?? 0
    guard width > 0 else { return }
    func line(_ cells: [String]) -> String {
      "| " + (cells + Array(repeating: "", count: width - cells.count)).joined(separator: " | ") + " |"
    }
    let lines = [line(rows[0]), "|" + String(repeating: " --- |", count: width)] + rows.dropFirst().map(line)
    blockBreak()
    push(.raw(lines.joined(separator: "\n")))
    blockBreak()
  }
}
