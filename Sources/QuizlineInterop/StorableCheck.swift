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

  /// Whether every one of `questions` reads back alone (``problem(_:)-(Question)`` is nil for each), decided
  /// by reading them back together, `batch` at a time, in banks like the one-question bank: true only
  /// when no such bank has an error.
  ///
  /// Why that keeps the guarantee: the decoder reads each question of a bank on its own (its rules see
  /// only that question's object; no rule needs another question to pass), and a bank of several adds
  /// errors (a duplicate id) but never takes one away; so a bank without an error holds no question
  /// that would have one alone. False says only that some bank had an error: the caller then checks each
  /// question alone, whose answer is the one that counts (which question, and why). Issue 36: one
  /// decode of a batch instead of one per question (about 9 % of an Anki import).
  static func allPass(_ questions: [Question], batch: Int = 512) -> Bool {
    var start = questions.startIndex
    while start < questions.endIndex {
      let end = min(start + batch, questions.endIndex)
      let bank = Bank(id: "import", title: "import", questions: Array(questions[start..<end]))
      if problem(BankJSONWriter.bytes(bank)) != nil { return false }
      start = end
    }
    return true
  }

  private static func problem(_ json: [UInt8]) -> String? {
    let (_, context) = CatalogFileDecoder.decode(bytes: json, path: "import.json")
    return context.diagnostics.first { $0.severity == .error }?.message
  }
}
