import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// Diagnostic columns count Unicode scalars, not bytes, so an editor jumps to the right place in
/// text with accents, symbols or emoji; a byte-order mark is not a column.
@Suite struct ScalarColumnTests {
  /// The 1-based line and column of the first `marker` in `text`, counted by hand in scalars.
  static func expected(_ text: String, _ marker: Character) -> (Int, Int) {
    let before = text[..<text.firstIndex(of: marker)!]
    let line = before.split(separator: "\n", omittingEmptySubsequences: false)
    return (line.count, line.last!.unicodeScalars.count + 1)
  }

  static func position(_ text: String, _ marker: Character) -> (Int, Int) {
    let bytes = Array(text.utf8)
    let offset = text.utf8.distance(from: text.utf8.startIndex, to: text.firstIndex(of: marker)!)
    let (line, column) = LineTable(bytes).location(of: offset)
    return (line, column)
  }

  @Test(arguments: ["ab X", "é€ X", "😀😀 X", "line one\nzé😀 X", "a\n\nb\ncafé X"])
  func columnsCountScalarsOnTheirLine(text: String) {
    #expect(Self.position(text, "X") == Self.expected(text, "X"))
  }

  @Test func theColumnsOfTwoAccentedLinesAreTheSameAsForTheirASCIISpelling() {
    #expect(Self.position("{\"é\": 1,\n \"ü\": X}", "X") == (2, 7))
    #expect(Self.position("{\"e\": 1,\n \"u\": X}", "X") == (2, 7))
  }

  @Test func aByteOrderMarkIsNotAColumn() {
    #expect(Self.position("\u{FEFF}ab X", "X") == (1, 4))
  }

  @Test func aLoaderDiagnosticAfterNonASCIITextIsAtTheScalarColumn() throws {
    let bank =
      #"{"kind": "bank", "schemaVersion": 1, "id": "b", "title": "Café ☕ 😀", "questions": ["#
      + #"{"id": "q1", "type": "truefalse", "prompt": "Ça 😀 ?", "answer": "X", "explanation": "É"}]}"#
    let result = try loadCatalog(["b.json": bank])
    let first = try #require(result.diagnostics.first, "no diagnostic")
    #expect(result.diagnostics.count == 1, "\(located(result.diagnostics))")
    #expect(first.line == 1)
    #expect(first.column == Self.expected(bank, "X").1 - 1, "at the opening quote of the value")
  }
}
