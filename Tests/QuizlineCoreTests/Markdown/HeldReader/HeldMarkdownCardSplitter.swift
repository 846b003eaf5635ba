// The Markdown bank reader as it was before issue 36 (main at fbc0d09), held as the oracle of
// MarkdownReaderOracleTests: the faster reader must give the same banks, layouts and messages.

import QuizlineCore

@testable import QuizlineFormats

/// One card of a Markdown bank as read, before the bank gives it its id.
struct HeldMarkdownCardDraft {
  /// The question (its id empty when the author wrote none); nil when it has errors.
  var question: Question?
  var explicitID: String?
  /// Where the explicit id is written.
  var idAt: SourcePoint?
  /// The heading or the card's first line.
  var start: SourcePoint
  /// Where an id would be written.
  var insertionPoint: SourcePoint
  var idStyle: MarkdownBankLayout.IDStyle
  /// The second card of a two-way card (`:::`, `??`).
  var secondOfPair = false
}

/// Cuts a Markdown bank's body into cards: `##` questions, and outside them the cards of the
/// plain-text syntaxes (hashcards, Obsidian SR).
struct HeldMarkdownCardSplitter {
  let file: HeldMarkdownFile

  func cards() -> [HeldMarkdownCardDraft] {
    var out: [HeldMarkdownCardDraft] = []
    var section: (heading: MarkdownNode, blocks: [MarkdownNode])?
    var free: [MarkdownNode] = []
    func flushSection() {
      if let s = section { out += HeldMarkdownQuestionReader(file: file).read(heading: s.heading, blocks: s.blocks) }
      section = nil
    }
    func flushFree() {
      out += HeldMarkdownLegacyCards(file: file).read(free)
      free = []
    }
    for block in file.tree.children {
      if case .heading(let level) = block.kind, level <= 2 {
        if isSetextCard(block) {
          flushSection()
          free.append(block)
          continue
        }
        flushSection()
        flushFree()
        if level == 2 { section = (block, []) }
        continue
      }
      // A hashcards card ends the question above it.
      if section != nil, block.kind == .paragraph, startsHashcard(block) { flushSection() }
      if section != nil { section?.blocks.append(block) } else { free.append(block) }
    }
    flushSection()
    flushFree()
    return out
  }

  private func startsHashcard(_ block: MarkdownNode) -> Bool {
    let first = file.source.line(block.start.line).heldTrimmingSpaces
    return first.hasPrefix("Q:") || first.hasPrefix("C:")
  }

  /// A hashcards card followed by `---` without a blank line (`A: Paris` then `---`), which
  /// CommonMark reads as a heading underlined with dashes.
  private func isSetextCard(_ heading: MarkdownNode) -> Bool {
    let first = file.source.line(heading.start.line).heldTrimmingSpaces
    if first.hasPrefix("#") { return false }
    return first.hasPrefix("Q:") || first.hasPrefix("C:") || first.hasPrefix("A:")
      || HeldMarkdownLegacyCards.separator(in: first) != nil
  }
}
