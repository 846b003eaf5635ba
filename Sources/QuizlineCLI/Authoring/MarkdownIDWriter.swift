import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineStorage

/// Writes ids into the Markdown banks just loaded (docs/markdown-format.md, "Identity"): the id of
/// each card written without one, and a new id for a card rewritten beyond recognition since this
/// device last read it. Runs where quizline reads the quizzes folders for studying (the REPL's
/// start and every reload), never for `check`, `list` or `convert`.
struct MarkdownIDWriter {
  /// Where this device keeps the wordings it last saw (`card-wording.json`); nil: no device state,
  /// so ids are still written but rewrites are not detected.
  var stateDirectory: String?
  var files: any FileSource

  /// What the pass did: the lines to show, and whether a file now holds other ids than were loaded
  /// (then the caller reads the folders again).
  struct Outcome {
    var notices: [String] = []
    var rewroteFiles = false
  }

  func run(_ result: CatalogLoadResult, name: (String) -> String) -> Outcome {
    var outcome = Outcome()
    guard !result.markdownBanks.isEmpty else { return outcome }
    var cache = stateDirectory.map { CardWordingCache.load(stateDirectory: $0) } ?? CardWordingCache()
    let before = cache
    for path in result.markdownBanks.keys.sorted() {
      guard let file = result.markdownBanks[path], let bank = result.catalog.bank(file.bankID) else { continue }
      let key = absolute(path)
      let places = Self.places(file.layout, bank: bank)
      let plan = MarkdownIdentityPlan.make(places, cached: cache.files[key] ?? [:])
      if plan.wordings.isEmpty { cache.files[key] = nil } else { cache.files[key] = plan.wordings }
      guard !plan.edits.isEmpty else { continue }
      guard let bytes = try? files.read(path, limit: 64 << 20),
        MarkdownBankFile.contentHash(of: bytes) == file.contentHash
      else { continue }  // Changed since it was read: the next read writes the ids.
      let text = IdentityMarkers.apply(plan.edits, to: String(decoding: bytes, as: UTF8.self))
      let shown = name(path)
      switch SourceFileSwap.replace(path, expected: bytes, with: Array(text.utf8)) {
      case .replaced:
        outcome.rewroteFiles = true
        if plan.added > 0 {
          outcome.notices.append(
            "\(shown): gave ids to \(plan.added) new card\(plan.added == 1 ? "" : "s") (written into the file, so edits keep their schedule)"
          )
        }
        for r in plan.renamed {
          outcome.notices.append(
            "\(shown):\(r.line): rewritten beyond recognition, so it is a new card: \(r.new) (the old id \(r.old) keeps its history as an orphan)"
          )
        }
      case .changedMeanwhile:
        continue
      case .notWritten(let why):
        outcome.notices.append(
          "\(shown): ids not written (\(why)); its cards without one are known by their wording until they are")
      }
    }
    if cache != before, let stateDirectory { try? cache.save(stateDirectory: stateDirectory) }
    return outcome
  }

  /// The cards of one file as the identity plan reads them. A two-way card (`:::`, `??`) is one
  /// marker holding both ids: written with its first card, never renamed.
  static func places(_ layout: MarkdownBankLayout, bank: Bank) -> [MarkdownCardPlace] {
    let partners = Dictionary(
      layout.entries.compactMap { e in e.pairedWith.map { ($0, e.questionID) } }, uniquingKeysWith: { a, _ in a })
    var out: [MarkdownCardPlace] = []
    for entry in layout.entries where entry.pairedWith == nil {
      guard let question = bank.question(entry.questionID) else { continue }
      let form: IdentityMarkers.Edit.Form = entry.style == .heading ? .heading : .comment
      if let partner = partners[entry.questionID] {
        // Both ids in one marker; written only when neither is.
        if !entry.idWasWritten {
          out.append(
            MarkdownCardPlace(
              id: entry.questionID + " " + partner, line: entry.markerLine, form: form, idInFile: false,
              wording: MarkdownCardIdentity.wording(of: question)))
        }
        continue
      }
      out.append(
        MarkdownCardPlace(
          id: entry.questionID, line: entry.markerLine, form: form, idInFile: entry.idWasWritten,
          wording: MarkdownCardIdentity.wording(of: question)))
    }
    return out
  }

  private func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    return FileManager.default.currentDirectoryPath + "/" + path
  }
}
