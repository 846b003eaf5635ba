import QuizlineCore

/// The id a Markdown question gets when its author wrote none: ``CardWording/generatedID(for:)``
/// of its wording (docs/markdown-format.md, "Identity"). The reader makes the ids of one bank
/// unique with `-2`, `-3`, … (``MarkdownBankReader``).
public enum MarkdownCardIdentity {
  /// The id for a question without an explicit one.
  public static func provisionalID(for question: Question) -> String {
    CardWording.generatedID(for: wording(of: question))
  }

  /// What identifies a card: its prompt, and for a cloze its text with the first accepted answer
  /// of each gap (many cloze cards share one prompt).
  public static func wording(of question: Question) -> String {
    guard case .cloze(let text, let gaps) = question.body else { return question.prompt }
    var filled = ""
    for part in ClozeText.parts(of: text) {
      switch part {
      case .text(let t): filled += t
      case .gap(let n): filled += n >= 1 && n <= gaps.count ? gaps[n - 1].accept.first?.text ?? "" : ""
      }
    }
    return question.prompt + " " + filled
  }
}
