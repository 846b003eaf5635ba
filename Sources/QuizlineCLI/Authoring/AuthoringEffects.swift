import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineStorage

/// Carries out `edit`, `reload` and `add` for the REPL: opens the editor, writes a card, and reads
/// the quizzes folders again through ``QuizFiles``. Each ends in ``EffectOutcome/reloaded(_:_:)``
/// (what changed, what fails) unless it could not start.
struct AuthoringEffects {
  let files: QuizFiles
  var editor: any EditorLauncher
  /// The learner's own folder (`MyQuizzes`), where `add` creates a bank's file.
  var userFolder: String
  var source: any FileSource = LocalFileSource()

  /// The outcome of an authoring effect; nil for any other effect.
  func perform(_ effect: Effect) -> EffectOutcome? {
    switch effect {
    case .reload: return .reloaded(files.reload(), .command)
    case .edit(let target): return edit(target)
    case .addCard(let card): return add(card)
    default: return nil
    }
  }

  /// A reload when a file changed on disk since the last read; nil when none did.
  func noticeChanges() -> EffectOutcome? {
    guard files.changedOnDisk() else { return nil }
    return .reloaded(files.reload(), .noticed)
  }

  private func edit(_ target: EditTarget) -> EffectOutcome {
    guard let path = files.path(of: target) else {
      return .authoringFailed(
        "edit: quizline does not know which file holds \(target.label)", hint: "Type reload, then try again.")
    }
    var line: Int?
    if case .question(let ref) = target, let bytes = try? source.read(path, limit: JSONLimits.default.maxDocumentBytes)
    {
      line = QuestionLine.line(ofQuestion: ref.question, path: path, bytes: bytes)
    }
    if let failure = editor.open(path, line: line) { return .authoringFailed(failure.message, hint: failure.hint) }
    return .reloaded(files.reload(edited: path), .edited(target, path: path))
  }

  private func add(_ card: NewCard) -> EffectOutcome {
    let known = files.path(of: .bank(card.bank))
    if let known, !known.hasSuffix(".md") {
      return .authoringFailed(
        "add: bank \(card.bank) is written in \(quotedArg(known)), not in Markdown; add writes Markdown banks",
        hint:
          "Choose a bank id of your own (a new one becomes \(userFolder)/ID.md), or edit \(card.bank) to add the card there."
      )
    }
    let path = known ?? userFolder + "/" + card.bank + ".md"
    var existing: String?
    if FileManager.default.fileExists(atPath: path) {
      let bytes: [UInt8]
      do {
        bytes = try source.read(path, limit: JSONLimits.default.maxDocumentBytes)
      } catch {
        return .authoringFailed("add: \(error.message)", hint: "Nothing was written.")
      }
      let text = String(decoding: bytes, as: UTF8.self)
      guard CardMarkdown.kind(ofFrontMatter: text) == "bank" else {
        return .authoringFailed(
          "add: \(quotedArg(path)) is not a Markdown bank (its front matter has no kind: bank)",
          hint: "Choose another bank id, or add kind: bank to its front matter. Nothing was written.")
      }
      existing = text
    } else {
      do {
        try FileManager.default.createDirectory(atPath: folder(of: path), withIntermediateDirectories: true)
      } catch {
        return .authoringFailed(
          "add: cannot create the folder \(quotedArg(folder(of: path))): \(error.localizedDescription)",
          hint: "Nothing was written.")
      }
    }
    let (text, line) = CardMarkdown.appending(card, to: existing)
    do {
      try FileOps.writeAtomically(Array(text.utf8), to: path)
    } catch {
      return .authoringFailed("add: \(error.message)", hint: "Nothing was written.")
    }
    return .reloaded(
      files.reload(edited: path), .added(card, path: path, line: line, created: existing == nil))
  }

  private func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }
}
