import Foundation
import QuizlineCore

/// A card from `add`, and a new bank's front matter, in the syntax of docs/markdown-format.md.
enum CardMarkdown {
  /// The front matter of a new bank file (`kind: bank`, its id and a title made from the id).
  static func frontMatter(bank id: String) -> String {
    "---\nkind: bank\nid: \(id)\ntitle: \(title(fromID: id))\n---\n"
  }

  /// `my-french-cards` → `My french cards`.
  static func title(fromID id: String) -> String {
    let words = id.replacingOccurrences(of: "-", with: " ")
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  /// The card as a level-2 heading (its prompt), its answer, and its explanation.
  static func text(_ card: NewCard) -> String {
    var out = "## \(card.prompt)\n\n"
    switch card.kind {
    case .flashcard:
      out += "---\n\n\(card.answers.first ?? "")\n"
    case .text, .truefalse, .numeric:
      for answer in card.answers { out += "= \(answer)\n" }
    case .single, .multiple:
      for choice in card.choices { out += "- [\(choice.correct ? "x" : " ")] \(choice.text)\n" }
      // A task list with one checked item reads as `single`: the type says otherwise.
      if card.kind == .multiple, card.choices.filter(\.correct).count == 1 { out += "\nType: multiple\n" }
    }
    if let explanation = card.explanation { out += "\nExplanation: \(explanation)\n" }
    return out
  }

  /// `existing` (a bank file's text, or nil for a new file) with the card added at the end, and
  /// the 1-based line of the card's heading.
  static func appending(_ card: NewCard, to existing: String?) -> (text: String, line: Int) {
    var text = existing ?? frontMatter(bank: card.bank)
    if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
    text += "\n"
    let line = text.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    return (text + self.text(card), line)
  }

  /// The `kind:` of a Markdown file's front matter (nil without front matter or without `kind:`).
  static func kind(ofFrontMatter text: String) -> String? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
    guard lines.next()?.trimmingCharacters(in: .whitespaces) == "---" else { return nil }
    while let line = lines.next() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "---" { return nil }
      if trimmed.hasPrefix("kind:") { return trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces) }
    }
    return nil
  }
}
