import QuizlineCore
import QuizlineFormats
import QuizlineInterop

/// A Markdown bank through ``MarkdownBankReader``: every problem located inside the text; a file
/// that reads without errors is a bank that the JSON checks accept too, that
/// ``MarkdownBankWriter`` writes back to the same bank, and whose layout names a line of the file
/// for each question.
enum MarkdownFuzz {
  static let path = "fuzz/input.md"

  static func run(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    let (bank, layout, context) = MarkdownBankReader.read(bytes: bytes, path: path)
    check.expectLocated(context.diagnostics, in: bytes, path: path)
    let hasErrors = context.diagnostics.hasErrors
    check.expect(hasErrors == (bank == nil), "a bank must be read exactly when there is no error")
    guard let bank else { return }
    let lines = PropertyCheck.lineLengths(bytes, carriageReturnEndsLines: false).count
    check.expect(layout.entries.map(\.questionID) == bank.questions.map(\.id), "the layout lists other questions")
    for entry in layout.entries {
      check.expect(entry.line >= 1 && entry.line <= lines, "question line \(entry.line) outside the file")
      check.expect(entry.insertionPoint >= 0 && entry.insertionPoint <= bytes.count, "insertion point outside the file")
    }
    // Written as Markdown and read again: the same bank.
    let markdown = Array(MarkdownBankWriter.markdown(bank).utf8)
    let (again, _, againContext) = MarkdownBankReader.read(bytes: markdown, path: path)
    let errors = againContext.diagnostics.filter { $0.severity == .error }
    check.expect(errors.isEmpty, "what the Markdown writer wrote does not read: \(errors.prefix(3))")
    if var again {
      again.contentHash = bank.contentHash
      check.expect(again == bank, "written as Markdown and read back, the bank is not the same")
    }
    // Written as JSON: the JSON checks accept what the Markdown checks accepted.
    let json = "fuzz/input.json"
    let loaded = CatalogLoader(files: MemoryFileSource(files: [json: Array(BankJSONWriter.json(bank).utf8)]))
      .load(paths: [json])
    let jsonErrors = loaded.diagnostics.filter { $0.severity == .error }
    check.expect(jsonErrors.isEmpty, "a Markdown bank without errors is refused as JSON: \(jsonErrors.prefix(3))")
    if var fromJSON = loaded.catalog.banks.first {
      fromJSON.contentHash = bank.contentHash
      check.expect(fromJSON == bank, "the Markdown bank written as JSON does not load as the same bank")
    }
  }
}
