import QuizlineCore
import QuizlineFormats
import QuizlineInterop

/// A catalog file through the loader and validator: every problem located inside the text, and a
/// file that loads without errors survives being written back out by quizline's own writer.
enum BankFuzz {
  static let path = "fuzz/input.json"

  static func run(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    let result = CatalogLoader(files: MemoryFileSource(files: [path: bytes])).load(paths: [path])
    check.expectLocated(result.diagnostics, in: bytes, path: path)
    check.expect(
      result.errorCount > 0
        || result.catalog.banks.count + result.catalog.sessions.count + result.catalog.courses.count == 1,
      "a file without errors must yield exactly one bank, session or course")
    guard result.errorCount == 0 else { return }
    for bank in result.catalog.banks {
      // The content hash is of the file's bytes, which the writer lays out its own way.
      roundTrip(Array(BankJSONWriter.json(bank).utf8), &check) { catalog in
        catalog.banks.map {
          var b = $0
          b.contentHash = bank.contentHash
          return b
        } == [bank]
      }
    }
    for session in result.catalog.sessions where session.checkpoint == nil {
      roundTrip(Array(BankJSONWriter.json(session).utf8), &check) { $0.sessions == [session] }
    }
  }

  private static func roundTrip(_ written: [UInt8], _ check: inout PropertyCheck, same: (Catalog) -> Bool) {
    let again = CatalogLoader(files: MemoryFileSource(files: [path: written])).load(paths: [path])
    let errors = again.diagnostics.filter { $0.severity == .error }
    check.expect(errors.isEmpty, "what quizline wrote does not load: \(errors.prefix(3))")
    check.expect(errors.isEmpty && same(again.catalog), "written and read back, the file is not the same")
  }
}
