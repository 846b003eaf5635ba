import QuizlineCore
import QuizlineFormats

/// Whether what an importer made can be written to files that `quizline check` (and every other command)
/// accepts.
///
/// The importers convert with the bank format's rules in mind (no empty or control-character texts, unique
/// matching items, an answer with credit); this check is the net under those rules: each converted
/// question (or study note) is written with ``BankJSONWriter`` and read back with the catalog's own
/// decoder, and the decoder's first error is returned, so that an import never writes a file quizline
/// would then refuse.
enum StorableCheck {
  /// The first error the bank decoder reports for a bank holding only `question`; nil when it reads back.
  static func problem(_ question: Question) -> String? {
    problem(BankJSONWriter.bytes(Bank(id: "import", title: "import", questions: [question])))
  }

  /// The first error the session decoder reports for the study session made of `note` alone; nil when it
  /// reads back (or when the note holds no text, so that no session would be made of it).
  static func problem(_ note: StudyNote) -> String? {
    let alone = ImportResult(
      bank: Bank(id: "import", title: "import", questions: []), studyNotes: [note])
    return alone.studySession.flatMap { problem(BankJSONWriter.bytes($0)) }
  }

  private static func problem(_ json: [UInt8]) -> String? {
    let (_, context) = CatalogFileDecoder.decode(bytes: json, path: "import.json")
    return context.diagnostics.first { $0.severity == .error }?.message
  }
}
