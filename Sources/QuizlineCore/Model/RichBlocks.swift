/// A block of a bank or session text: what a line (or a run of lines) of one string stands for.
/// Texts inside blocks carry inline markup (``InlineMarkup``).
public enum RichBlock: Sendable, Equatable, Hashable {
  /// Lines of prose; a newline is a line break, a blank line a paragraph break.
  case text(String)
  /// Consecutive `- item` (or `* item`) lines.
  case bullets([String])
  /// Consecutive `1. item` lines; `start` is the first item's number.
  case numbered([String], start: Int)
  /// A GitHub pipe table: its header cells, then rows with as many cells as the header.
  case table(header: [String], rows: [[String]])
  /// A line that is only an image.
  case image(source: String, alt: String)
  /// A line (or lines) that is only a displayed formula: its LaTeX source.
  case math(String)
  /// A fenced code block, or a run of lines that are each one code span; `language` is what
  /// follows the opening fence (nil for none).
  case code(String, language: String?)
}

/// The line structure of a bank or session string, the one reader of it (docs/markdown-format.md,
/// "Rich text"): lists, tables, image lines, displayed formulas and code blocks; every other line
/// is prose. A text without such lines is one ``RichBlock/text(_:)``, so plain texts read as
/// they always did.
public enum RichBlocks {
  /// The blocks of `text`, in order.
  public static func parse(_ text: String) -> [RichBlock] {
    guard text.contains(where: { "`-*|!\\[0123456789".contains($0) }) else { return text.isEmpty ? [] : [.text(text)] }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var reader = Reader(lines: lines)
    return reader.read()
  }

  private struct Reader {
    let lines: [String]
    var out: [RichBlock] = []
    var prose: [String] = []
    var codeRun: [String] = []

    init(lines: [String]) { self.lines = lines }

    mutating func flushProse() {
      if !prose.isEmpty { out.append(.text(prose.joined(separator: "\n"))) }
      prose = []
    }

    mutating func flushCode() {
      if !codeRun.isEmpty { out.append(.code(codeRun.joined(separator: "\n"), language: nil)) }
      codeRun = []
    }

    mutating func emit(_ block: RichBlock) {
      flushProse()
      flushCode()
      out.append(block)
    }

    mutating func read() -> [RichBlock] {
      var i = 0
      while i < lines.count {
        let trimmed = lines[i].trimmingBlockSpaces
        if trimmed.hasPrefix("```"),
          let close = lines[(i + 1)...].firstIndex(where: { $0.trimmingBlockSpaces == "```" })
        {
          let language = trimmed.dropFirst(3).trimmingBlockSpaces
          emit(.code(lines[(i + 1)..<close].joined(separator: "\n"), language: language.isEmpty ? nil : language))
          i = close + 1
          continue
        }
        if lines.count > 1, let code = RichBlocks.wholeCodeSpan(trimmed) {
          flushProse()
          codeRun.append(code)
          i += 1
          continue
        }
        flushCode()
        if let (block, next) = structure(at: i) {
          emit(block)
          i = next
        } else {
          prose.append(lines[i])
          i += 1
        }
      }
      flushProse()
      flushCode()
      return out
    }

    /// The block that starts at line `i` and the line after it, if the line starts one.
    func structure(at i: Int) -> (RichBlock, Int)? {
      let trimmed = lines[i].trimmingBlockSpaces
      guard let first = trimmed.first else { return nil }
      if first == "-" || first == "*", RichBlocks.bulletItem(trimmed) != nil { return list(at: i, numbered: false) }
      if first.isASCII, first.isNumber, RichBlocks.numberedItem(trimmed) != nil { return list(at: i, numbered: true) }
      if first == "|", let table = table(at: i) { return table }
      if first == "!", case .image(let source, let alt)? = RichBlocks.only(trimmed) {
        return (.image(source: source, alt: alt), i + 1)
      }
      if first == "\\" || first == "[" { return displayMath(at: i) }
      return nil
    }

    /// A list of consecutive items; a following line indented by two or more spaces continues the
    /// item above it.
    func list(at start: Int, numbered: Bool) -> (RichBlock, Int) {
      var items: [String] = []
      var number = 1
      var i = start
      while i < lines.count {
        let line = lines[i]
        let trimmed = line.trimmingBlockSpaces
        if numbered, let (n, item) = RichBlocks.numberedItem(trimmed) {
          if items.isEmpty { number = n }
          items.append(item)
        } else if !numbered, let item = RichBlocks.bulletItem(trimmed) {
          items.append(item)
        } else if !items.isEmpty, line.hasPrefix("  "), !trimmed.isEmpty {
          items[items.count - 1] += "\n" + trimmed
        } else {
          break
        }
        i += 1
      }
      return (numbered ? .numbered(items, start: number) : .bullets(items), i)
    }

    /// A header line, a delimiter line with as many cells, then the rows that start with `|`.
    func table(at start: Int) -> (RichBlock, Int)? {
      guard start + 1 < lines.count else { return nil }
      let header = RichBlocks.cells(lines[start].trimmingBlockSpaces)
      let delimiter = RichBlocks.cells(lines[start + 1].trimmingBlockSpaces)
      guard !header.isEmpty, delimiter.count == header.count, delimiter.allSatisfy(RichBlocks.isDelimiterCell)
      else { return nil }
      var rows: [[String]] = []
      var i = start + 2
      while i < lines.count, lines[i].trimmingBlockSpaces.hasPrefix("|") {
        let cells = RichBlocks.cells(lines[i].trimmingBlockSpaces)
        rows.append(
          Array((cells + Array(repeating: "", count: max(0, header.count - cells.count))).prefix(header.count)))
        i += 1
      }
      return (.table(header: header, rows: rows), i)
    }

    /// A line that is only a displayed formula, or lines from one opening `\[` (or `[$$]`) to a
    /// line ending with its closing mark.
    func displayMath(at start: Int) -> (RichBlock, Int)? {
      var text = lines[start].trimmingBlockSpaces
      var i = start
      while true {
        if case .math(let source, true)? = RichBlocks.only(text) { return (.math(source), i + 1) }
        let open = text.hasPrefix("\\[") || text.hasPrefix("[$$]")
        let closed = text.hasSuffix("\\]") || text.hasSuffix("[/$$]")
        guard open, !closed, i + 1 < lines.count, i - start < 50 else { return nil }
        i += 1
        text += "\n" + lines[i].trimmingBlockSpaces
      }
    }
  }

  /// The one span a line consists of, if it is one image or one formula (or anything else alone).
  static func only(_ line: String) -> InlineSpan? {
    let spans = InlineMarkup.parse(line)
    return spans.count == 1 ? spans[0] : nil
  }

  /// The text of a bullet item line (`- item`, `* item`), else nil. A line of only marks (a rule)
  /// or `* emphasis*`-like text without the space is not an item.
  static func bulletItem(_ line: String) -> String? {
    guard line.count >= 3, line.first == "-" || line.first == "*", line.dropFirst().first == " " else { return nil }
    let item = line.dropFirst(2).trimmingBlockSpaces
    return item.isEmpty ? nil : item
  }

  /// The number and text of a numbered item line (`12. item`), else nil.
  static func numberedItem(_ line: String) -> (Int, String)? {
    let digits = line.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 9, let n = Int(digits) else { return nil }
    let rest = line.dropFirst(digits.count)
    guard rest.hasPrefix(". ") else { return nil }
    let item = rest.dropFirst(2).trimmingBlockSpaces
    return item.isEmpty ? nil : (n, item)
  }

  /// The cells of a table line `| a | b |` (`\|` is a bar inside a cell); empty when the line does
  /// not start with a bar.
  static func cells(_ line: String) -> [String] {
    guard line.first == "|" else { return [] }
    var cells: [String] = []
    var cell = ""
    var chars = Substring(line).dropFirst()
    while let c = chars.first {
      chars = chars.dropFirst()
      if c == "\\", chars.first == "|" {
        cell.append("|")
        chars = chars.dropFirst()
      } else if c == "|" {
        cells.append(cell.trimmingBlockSpaces)
        cell = ""
      } else {
        cell.append(c)
      }
    }
    if !cell.trimmingBlockSpaces.isEmpty { cells.append(cell.trimmingBlockSpaces) }
    return cells
  }

  /// A delimiter cell: dashes with an optional colon at either end (`---`, `:--`, `:-:`).
  static func isDelimiterCell(_ cell: String) -> Bool {
    var c = Substring(cell)
    if c.first == ":" { c = c.dropFirst() }
    if c.last == ":" { c = c.dropLast() }
    return !c.isEmpty && c.allSatisfy { $0 == "-" }
  }

  /// The code of a line that is one code span (`` `b.text = "final"` ``), else nil.
  static func wholeCodeSpan(_ line: String) -> String? {
    guard line.count >= 3, line.first == "`", line.last == "`" else { return nil }
    let inner = line.dropFirst().dropLast()
    guard !inner.contains("`"), inner.contains(where: { $0 != " " }) else { return nil }
    return String(inner)
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces.
  fileprivate var trimmingBlockSpaces: String {
    var s = Substring(self)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
