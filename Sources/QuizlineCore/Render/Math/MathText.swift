/// Formulas (MathJax `\(..\)`, `\[..\]`, Anki's `[$]..[/$]`, `[$$]..[/$$]`) drawn as Unicode text.
///
/// The rules (README, "Formulas"): Greek letters and symbols as Unicode; sub- and superscripts in
/// Unicode's raised and lowered characters where every character has one, else `_x`, `^(..)`;
/// `\frac` as `a/b` inline (a side of more than one term in parentheses, ½ where Unicode has the
/// fraction) and as a stacked fraction in display math; roots as `√x`, `√(x + 1)`, `∛x`; sums and
/// limits with their limits above and below in display math; matrices, cases and aligned equations
/// as aligned rows (inline: rows separated by "; "). What cannot be drawn stays as readable LaTeX
/// source, never dropped: `\ce{..}` as written, an unknown command by its name, a formula that
/// does not read (unbalanced braces, nesting deeper than ``MathReader/maximumDepth``, more than
/// ``maximumLength`` characters) as a whole. No control character reaches the output.
public enum MathText {
  /// Longer formulas are shown as written: this bounds the work for any input.
  public static let maximumLength = 4_000
  /// A displayed formula taller or wider than this is drawn on one line instead.
  static let maximumDisplayHeight = 40
  static let maximumDisplayWidth = 400

  /// An inline formula on one line.
  public static func inline(_ latex: String) -> String {
    guard let nodes = nodes(latex) else { return source(latex) }
    let text = MathLayout(display: false).box(nodes).text.trimmingSpaces
    return text.isEmpty ? source(latex) : text
  }

  /// A displayed formula: one or more lines (a fraction takes three), not yet indented.
  public static func display(_ latex: String) -> [String] {
    guard let nodes = nodes(latex) else { return [source(latex)] }
    let box = MathLayout(display: true).box(nodes)
    if box.height > maximumDisplayHeight || box.width > maximumDisplayWidth { return [inline(latex)] }
    var lines = box.trimmedLines
    // Columns every line leaves blank on the left (a centred piece) are dropped.
    let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    if indent > 0 { lines = lines.map { String($0.dropFirst(min(indent, $0.count))) } }
    while lines.first?.isEmpty == true { lines.removeFirst() }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.isEmpty ? [source(latex)] : lines
  }

  static func nodes(_ latex: String) -> [MathNode]? {
    guard latex.utf8.count <= maximumLength * 4, latex.count <= maximumLength else { return nil }
    return MathReader.read(latex)
  }

  /// The formula as written (control characters replaced), trimmed; the input when that is blank.
  static func source(_ latex: String) -> String {
    let s = MathLexer.sanitizedSource(latex).trimmingSpaces
    return s.isEmpty ? MathLexer.sanitizedSource(latex) : s
  }
}
