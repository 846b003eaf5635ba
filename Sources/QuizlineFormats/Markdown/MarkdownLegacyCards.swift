import QuizlineCore

/// The cards of the plain-text syntaxes learners already have, read outside `##` questions:
/// hashcards' `Q:`/`A:` and `C:` with `[gaps]`; Obsidian Spaced Repetition's `front::back`,
/// `front:::back` (both ways), and multi-line cards split by a line `?` (`??` both ways).
struct MarkdownLegacyCards {
  let file: MarkdownFile

  /// The prompt of a hashcards cloze card, which has none of its own.
  static let clozePrompt = "Fill in the gaps."

  private typealias Line = (number: Int, text: String)

  func read(_ blocks: [MarkdownNode]) -> [MarkdownCardDraft] {
    // Paragraphs (and a card CommonMark took for a heading underlined with ---) as lists of lines.
    var units: [[Line]] = []
    for block in blocks {
      switch block.kind {
      case .paragraph:
        units.append((block.start.line...block.end.line).map { ($0, file.source.line($0)) })
      case .heading:
        // Its lines up to its underline (cmark's end of such a heading is not always the underline).
        var lines: [Line] = []
        for n in block.start.line...max(block.start.line, block.end.line) {
          let t = file.source.line(n)
          let trimmed = t.trimmingSpaces
          if !lines.isEmpty, !trimmed.isEmpty, trimmed.allSatisfy({ $0 == "-" || $0 == "=" }) { break }
          lines.append((n, t))
        }
        units.append(lines)
      default: continue
      }
    }
    // A card also ends at a --- line and where the next Q: or C: card starts.
    units = units.flatMap { unit -> [[Line]] in
      var parts: [[Line]] = [[]]
      for line in unit {
        let t = line.text.trimmingSpaces
        if t.count >= 3, t.allSatisfy({ $0 == "-" }) {
          parts.append([])
          continue
        }
        if t.hasPrefix("Q:") || t.hasPrefix("C:"), !(parts.last?.isEmpty ?? true) { parts.append([]) }
        parts[parts.count - 1].append(line)
      }
      return parts.filter { !$0.isEmpty }
    }
    var out: [MarkdownCardDraft] = []
    var k = 0
    while k < units.count {
      var unit = units[k].map { ($0.number, Self.strippingSchedule($0.text)) }
      k += 1
      let first = unit[0].1.trimmingSpaces
      if first.hasPrefix("Q:") {
        if !unit.contains(where: { $0.1.trimmingSpaces.hasPrefix("A:") }), k < units.count,
          units[k][0].text.trimmingSpaces.hasPrefix("A:")
        {
          unit += units[k].map { ($0.number, Self.strippingSchedule($0.text)) }
          k += 1
        }
        out += question(unit)
      } else if first.hasPrefix("C:") {
        out += cloze(unit)
      } else if let split = unit.firstIndex(where: { $0.1.trimmingSpaces == "?" || $0.1.trimmingSpaces == "??" }) {
        out += multiLine(unit, split: split)
      } else {
        for line in unit { out += oneLine(line) }
      }
    }
    return out
  }

  /// Obsidian's `<!--SR:…-->` schedule comments are its own bookkeeping, not card text.
  static func strippingSchedule(_ line: String) -> String {
    guard let open = line.firstRange(of: "<!--SR:"), let close = line[open.upperBound...].firstRange(of: "-->") else {
      return line
    }
    return String(line[..<open.lowerBound] + line[close.upperBound...]).trimmingSpaces
  }

  /// Where `::` or `:::` splits a line, outside inline code (nil when it does not).
  static func separator(in line: String) -> (range: Range<String.Index>, twoWay: Bool)? {
    var inCode = false
    var i = line.startIndex
    while i < line.endIndex {
      if line[i] == "`" {
        inCode.toggle()
      } else if !inCode, line[i...].hasPrefix("::") {
        let three = line[i...].hasPrefix(":::")
        let end = line.index(i, offsetBy: three ? 3 : 2)
        return (i..<end, three)
      }
      i = line.index(after: i)
    }
    return nil
  }

  /// A trailing `<!-- id: a -->` (or `<!-- id: a b -->` for a two-way card): the text before it,
  /// the ids, and where they are.
  private func idMarker(_ line: Line) -> (text: String, ids: [String], at: SourcePoint?) {
    let text = line.text.trimmingTrailingSpaces
    guard text.hasSuffix("-->"), let open = text.ranges(of: "<!-- id:").last else { return (line.text, [], nil) }
    let inner = text[open.upperBound..<text.index(text.endIndex, offsetBy: -3)]
    let ids = inner.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    let column = text.utf8.distance(from: text.startIndex, to: open.upperBound) + 2
    return (String(text[..<open.lowerBound]).trimmingSpaces, ids, SourcePoint(line: line.number, column: column))
  }

  private func card(
    prompt: String, body: QuestionBody, first: Line, ids: [String], idAt: SourcePoint?, second: Bool = false
  ) -> MarkdownCardDraft {
    let index = second ? 1 : 0
    var explicitID: String?
    if index < ids.count {
      if let problem = Identifier.problem(ids[index]) {
        file.error(
          idAt ?? SourcePoint(line: first.number, column: 1),
          "question id \(quoted(ids[index])) is not valid: \(problem)")
      } else {
        explicitID = ids[index]
      }
    }
    let end = SourcePoint(line: first.number, column: first.text.trimmingTrailingSpaces.utf8.count + 1)
    var question: Question?
    let start = SourcePoint(line: first.number, column: 1)
    if let p = file.checkedText(prompt, at: start, what: "the card"), !p.isEmpty {
      question = Question(id: "", prompt: p, explanation: "", body: body)
    } else if prompt.isEmpty {
      file.error(start, "this card has no question before its answer")
    }
    return MarkdownCardDraft(
      question: question, explicitID: explicitID, idAt: idAt, start: start, insertionPoint: end, idStyle: .comment,
      secondOfPair: second)
  }

  private func question(_ unit: [Line]) -> [MarkdownCardDraft] {
    guard let a = unit.firstIndex(where: { $0.text.trimmingSpaces.hasPrefix("A:") }) else {
      file.error(
        SourcePoint(line: unit[0].number, column: 1),
        "a Q: card needs an A: line with its answer (Q: question, then A: answer on the next line)")
      return []
    }
    let marker = idMarker(unit[0])
    let promptLines = [String(marker.text.trimmingSpaces.dropFirst(2))] + unit[1..<a].map(\.text)
    let backLines = [String(unit[a].text.trimmingSpaces.dropFirst(2))] + unit[(a + 1)...].map(\.text)
    let prompt = promptLines.joined(separator: "\n").trimmingBlankLines
    let back = backLines.joined(separator: "\n").trimmingBlankLines
    guard !back.isEmpty else {
      file.error(SourcePoint(line: unit[a].number, column: 1), "the A: line of this card has no answer")
      return []
    }
    return [card(prompt: prompt, body: .flashcard(back: back), first: unit[0], ids: marker.ids, idAt: marker.at)]
  }

  private func cloze(_ unit: [Line]) -> [MarkdownCardDraft] {
    let marker = idMarker(unit[0])
    let lines = [String(marker.text.trimmingSpaces.dropFirst(2))] + unit.dropFirst().map(\.text)
    let raw = lines.joined(separator: "\n").trimmingBlankLines
    var text = ""
    var gaps: [ClozeGap] = []
    var rest = Substring(raw)
    while let open = rest.firstIndex(of: "[") {
      text += rest[..<open]
      let after = rest[rest.index(after: open)...]
      guard let close = after.firstIndex(of: "]") else {
        rest = rest[open...]
        break
      }
      let inner = after[..<close]
      let next = after[after.index(after: close)...]
      // A link (`[text](url)`) is not a gap.
      if next.first == "(" || inner.trimmingBlankLines.isEmpty {
        text += rest[open...close]
      } else {
        gaps.append(ClozeGap(accept: [TextAnswer(text: inner.trimmingBlankLines)]))
        text += "{{\(gaps.count)}}"
      }
      rest = next
    }
    text += rest
    guard !gaps.isEmpty else {
      file.error(
        SourcePoint(line: unit[0].number, column: 1),
        "a C: card needs at least one gap in square brackets (C: Pass data [down] and actions [up].)")
      return []
    }
    let start = SourcePoint(line: unit[0].number, column: 1)
    guard file.checkedText(text, at: start, what: "the card") != nil else { return [] }
    return [
      card(
        prompt: Self.clozePrompt, body: .cloze(text: text, gaps: gaps), first: unit[0], ids: marker.ids,
        idAt: marker.at)
    ]
  }

  private func multiLine(_ unit: [Line], split: Int) -> [MarkdownCardDraft] {
    let marker = idMarker(unit[0])
    let twoWay = unit[split].text.trimmingSpaces == "??"
    var frontLines = unit[0..<split].map(\.text)
    if !frontLines.isEmpty { frontLines[0] = marker.text }
    let front = frontLines.joined(separator: "\n").trimmingBlankLines
    let back = unit[(split + 1)...].map(\.text).joined(separator: "\n").trimmingBlankLines
    guard !back.isEmpty else {
      file.error(
        SourcePoint(line: unit[split].number, column: 1), "this card has nothing after its \(twoWay ? "??" : "?") line")
      return []
    }
    var out = [card(prompt: front, body: .flashcard(back: back), first: unit[0], ids: marker.ids, idAt: marker.at)]
    if twoWay {
      out.append(
        card(
          prompt: back, body: .flashcard(back: front), first: unit[0], ids: marker.ids, idAt: marker.at, second: true))
    }
    return out
  }

  private func oneLine(_ line: Line) -> [MarkdownCardDraft] {
    let marker = idMarker(line)
    guard let sep = Self.separator(in: marker.text) else { return [] }
    let front = String(marker.text[..<sep.range.lowerBound]).trimmingBlankLines
    let back = String(marker.text[sep.range.upperBound...]).trimmingBlankLines
    guard !back.isEmpty else {
      file.error(
        SourcePoint(line: line.number, column: 1),
        "this card has nothing after its \(sep.twoWay ? ":::" : "::"); write front::back (or front:::back for both ways)"
      )
      return []
    }
    var out = [card(prompt: front, body: .flashcard(back: back), first: line, ids: marker.ids, idAt: marker.at)]
    if sep.twoWay {
      out.append(
        card(prompt: back, body: .flashcard(back: front), first: line, ids: marker.ids, idAt: marker.at, second: true))
    }
    return out
  }
}
