import QuizlineCore

/// One card of a Markdown bank as read, before the bank gives it its id.
struct MarkdownCardDraft {
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
struct MarkdownCardSplitter {
  let file: MarkdownFile

  func cards() -> [MarkdownCardDraft] {
    var out: [MarkdownCardDraft] = []
    // The open `##` question: its heading and its blocks (apart, so that each block is appended
    // in place rather than into a copy of the question).
    var section: MarkdownNode?
    var sectionBlocks: [MarkdownNode] = []
    var free: [MarkdownNode] = []
    func flushSection() {
      if let heading = section {
        out += MarkdownQuestionReader(file: file).read(heading: heading, blocks: sectionBlocks)
      }
      section = nil
      sectionBlocks = []
    }
    func flushFree() {
      out += MarkdownLegacyCards(file: file).read(free)
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
        if level == 2 { section = block }
        continue
      }
      // A hashcards card ends the question above it.
      if section != nil, block.kind == .paragraph, startsHashcard(block) { flushSection() }
      if section != nil { sectionBlocks.append(block) } else { free.append(block) }
    }
    flushSection()
    flushFree()
    return out
  }

  private func startsHashcard(_ block: MarkdownNode) -> Bool {
    if let lead = plainLead(block.start.line) {
      return (lead.first == UInt8(ascii: "Q") || lead.first == UInt8(ascii: "C")) && lead.second == UInt8(ascii: ":")
    }
    let first = file.source.line(block.start.line).trimmingSpaces
    return first.hasPrefix("Q:") || first.hasPrefix("C:")
  }

  /// A hashcards card followed by `---` without a blank line (`A: Paris` then `---`), which
  /// CommonMark reads as a heading underlined with dashes.
  private func isSetextCard(_ heading: MarkdownNode) -> Bool {
    // An ATX heading's line starts with `#` (on bytes when the line is plain ASCII).
    if plainLead(heading.start.line)?.first == UInt8(ascii: "#") { return false }
    let first = file.source.line(heading.start.line).trimmingSpaces
    if first.hasPrefix("#") { return false }
    return first.hasPrefix("Q:") || first.hasPrefix("C:") || first.hasPrefix("A:")
      || MarkdownLegacyCards.separator(in: first) != nil
  }

  /// The first two bytes of plain ASCII line `n` after its spaces and tabs (0 past its end), as
  /// its trimmed text's first two Characters; nil when the line is not plain ASCII.
  private func plainLead(_ n: Int) -> (first: UInt8, second: UInt8)? {
    guard let range = file.source.plainLine(n) else { return nil }
    let bytes = file.source.bytes
    var i = range.lowerBound
    while i < range.upperBound, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
    // The second byte only counts when it is not trailing white space cut by the trim.
    var end = range.upperBound
    while end > i, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return (i < end ? bytes[i] : 0, i + 1 < end ? bytes[i + 1] : 0)
  }
}
