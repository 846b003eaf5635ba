import QuizlineCore
import QuizlineFormats
import QuizlineInterop

/// Anki packages, their SQLite collections and CSV/TSV files through the readers: a hostile input is
/// a `PackageError` (or located diagnostics), never a crash; an entry that reads has its declared
/// size; whatever is imported is a bank `quizline check` accepts; every review names an imported
/// question.
enum AnkiFuzz {
  /// Small limits, so that a mutated header cannot make the fuzzer allocate gigabytes.
  static let limits = ZipLimits(
    maxEntries: 1_000, maxEntryBytes: 8 << 20, maxTotalBytes: 32 << 20, maxRatio: 250, ratioFloor: 1 << 16)

  static func zip(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    if let archive = try? ZipArchive(bytes: bytes, limits: limits) {
      for entry in archive.entries.prefix(50) {
        if let data = try? archive.data(entry) {
          check.expect(data.count == entry.size, "entry \(entry.name) read \(data.count) bytes, declared \(entry.size)")
        }
      }
    }
    package(bytes, &check)
  }

  static func collection(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    var writer = ZipWriter()
    writer.add("collection.anki21", bytes)
    package(writer.finish(), &check)
  }

  static func csv(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    ImportFuzz.verify(CSVImporter().read(bytes: bytes, path: "fuzz.csv"), bytes, path: "fuzz.csv", &check)
  }

  private static func package(_ bytes: [UInt8], _ check: inout PropertyCheck) {
    guard let imported = try? AnkiImporter(limits: limits).read(bytes: bytes, path: "fuzz.apkg") else { return }
    var refs: Set<QuestionRef> = []
    for result in imported.banks {
      ImportFuzz.verifyStorable(result, &check)
      for q in result.bank.questions { refs.insert(QuestionRef(bank: result.bank.id, question: q.id)) }
    }
    check.expect(imported.reviews.allSatisfy { refs.contains($0.question) }, "a review names no imported question")
    check.expect(imported.suspended.allSatisfy { refs.contains($0) }, "a suspended card names no imported question")
  }
}
