import QuizlineCore
import QuizlineFormats
import QuizlineInterop

/// GIFT and Aiken files through the importers: every problem located inside the text, and whatever is
/// imported is a bank (and notes session) that `quizline check` accepts without an error.
enum ImportFuzz {
  static func gift(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    verify(GIFTImporter().read(bytes: bytes, path: "fuzz.gift"), bytes, path: "fuzz.gift", &check)
  }

  static func aiken(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    verify(AikenImporter().read(bytes: bytes, path: "fuzz.txt"), bytes, path: "fuzz.txt", &check)
  }

  static func verify(_ result: ImportResult, _ bytes: [UInt8], path: String, _ check: inout PropertyCheck) {
    check.expectLocated(result.diagnostics, in: bytes, path: path, carriageReturnEndsLines: true)
    check.expect(!result.isRejected || result.bank.questions.isEmpty, "a rejected file still produced questions")
    verifyStorable(result, &check)
  }

  /// What was imported is a bank (and notes session) that `quizline check` accepts, with every question.
  static func verifyStorable(_ result: ImportResult, _ check: inout PropertyCheck) {
    var files = ["out/banks/bank.json": Array(BankJSONWriter.json(result.bank).utf8)]
    if let session = result.studySession {
      files["out/sessions/notes.json"] = Array(BankJSONWriter.json(session).utf8)
    }
    let loaded = CatalogLoader(files: MemoryFileSource(files: files)).load(paths: Array(files.keys).sorted())
    let errors = loaded.diagnostics.filter { $0.severity == .error }
    check.expect(errors.isEmpty, "the imported bank fails quizline check: \(errors.prefix(3))")
    check.expect(
      errors.isEmpty == false || loaded.catalog.questionCount == result.bank.questions.count,
      "the written bank lost questions: \(loaded.catalog.questionCount) of \(result.bank.questions.count)")
  }
}
