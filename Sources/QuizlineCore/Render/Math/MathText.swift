/// Formulas (MathJax `\(..\)`, `\[..\]`, Anki's `[$]..[/$]`, `[$$]..[/$$]`) drawn as Unicode text.
///
/// What cannot be drawn stays as readable LaTeX source, never dropped.
public enum MathText {
  /// An inline formula on one line.
  public static func inline(_ latex: String) -> String {
    "\\(" + latex + "\\)"
  }

  /// A displayed formula: one or more lines (a fraction may take three), not yet indented.
  public static func display(_ latex: String) -> [String] {
    ["\\[" + latex + "\\]"]
  }
}
