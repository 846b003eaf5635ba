import QuizlineCore

/// Cloze questions: gaps `{{c1::answer}}` in the text, more accepted answers as `= c1: …` lines.
extension MarkdownAnswerReader {
  /// `c2: text` → (2, "text").
  static func gapLabel(_ text: String) -> (Int, String)? {
    guard text.hasPrefix("c"), let colon = text.firstIndex(of: ":") else { return nil }
    let digits = text[text.index(after: text.startIndex)..<colon]
    guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits)
    else {
      return nil
    }
    return (n, String(text[text.index(after: colon)...]).trimmingBlankLines)
  }

  /// `equals`: the `=` lines when the answer's shape is `=` lines.
  func cloze(_ shape: MarkdownAnswerShape, promptEnd: Int, equals: [MarkdownAnswerEntry]) -> (String, QuestionBody)? {
    var entries: [MarkdownAnswerEntry] = []
    var regionEnd = blocks.last?.end.line ?? 0
    if case .equals = shape {
      entries = equals
      regionEnd = promptEnd
    }
    let region = blocks.filter { $0.start.line <= regionEnd }
    let promptText: String
    let raw: String
    let rawAt: SourcePoint
    if let first = region.first(where: { text($0.start.line, min($0.end.line, regionEnd)).containsOnBytes("{{c") }) {
      raw = text(first.start.line, regionEnd)
      rawAt = first.start
      promptText = prompt(through: first.start.line - 1)
    } else if heading.text.containsOnBytes("{{c") {
      raw = heading.text
      rawAt = headingAt
      promptText = MarkdownLegacyCards.clozePrompt
    } else {
      file.error(
        headingAt, "this cloze question has no gaps: write them in the text as {{c1::answer}}, {{c2::another}}")
      return nil
    }
    guard !promptText.isEmpty else {
      file.error(headingAt, "this question has no prompt: write it in the heading")
      return nil
    }
    // The text with its gaps as {{1}}, {{2}}, … and each gap's answer.
    var model = ""
    var gaps: [ClozeGap] = []
    var rest = Substring(raw)
    while let open = rest.firstRangeOnBytes(of: "{{c") {
      let after = rest[open.upperBound...]
      let digits = after.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, digits.count <= 3, let n = Int(digits), after.dropFirst(digits.count).hasPrefix("::"),
        let (inner, close) = Self.gapAnswer(after.dropFirst(digits.count + 2))
      else {
        let marker = after.dropFirst(digits.count)
        if !digits.isEmpty, marker.hasPrefix(":"), !marker.hasPrefix("::") {
          file.error(rawAt, "gap {{c\(digits):… has one colon; a gap is written with two: {{c\(digits)::answer}}")
          return nil
        }
        model += rest[..<open.upperBound]
        rest = after
        continue
      }
      let answer = inner.trimmingBlankLines
      if n != gaps.count + 1 {
        file.error(
          rawAt,
          n <= gaps.count
            ? "gap c\(n) is used twice; each gap is asked once: number the gaps c1, c2, … in the order they appear"
            : "the gaps are numbered c1, c2, … in the order they appear: expected c\(gaps.count + 1), found c\(n)")
        return nil
      }
      guard !answer.isEmpty else {
        file.error(rawAt, "gap c\(n) has no answer: write it as {{c\(n)::answer}}")
        return nil
      }
      model += rest[..<open.lowerBound] + "{{\(n)}}"
      gaps.append(ClozeGap(accept: [TextAnswer(text: answer)]))
      rest = after[close...]
    }
    model += rest
    guard !gaps.isEmpty else {
      file.error(rawAt, "this cloze question has no gaps: write them as {{c1::answer}}")
      return nil
    }
    var more: [[MarkdownAnswerEntry]] = Array(repeating: [], count: gaps.count)
    for e in entries {
      guard let (n, answer) = Self.gapLabel(e.text) else {
        file.error(e.at, "in a cloze question each = line names its gap: = c1: answer, found \(quoted("= " + e.text))")
        return nil
      }
      guard n >= 1, n <= gaps.count else {
        file.error(
          e.at,
          "= c\(n): the text has no gap c\(n) (its gaps are \((1...gaps.count).map { "c\($0)" }.joined(separator: ", ")))"
        )
        return nil
      }
      var entry = e
      entry.text = answer
      more[n - 1].append(entry)
    }
    let punctuation = clozePunctuation(gapCount: gaps.count)
    for k in gaps.indices {
      var list = more[k]
      // An = line repeating the gap's own answer gives it a credit or feedback.
      var first = MarkdownAnswerEntry(text: gaps[k].accept[0].text, at: rawAt)
      if let same = list.first, same.text == first.text {
        first = same
        list.removeFirst()
      }
      guard let accept = textAnswers([first] + list, what: "gap c\(k + 1)") else { return nil }
      gaps[k] = ClozeGap(accept: accept, ignorePunctuation: punctuation[k])
    }
    return (promptText, .cloze(text: model, gaps: gaps))
  }

  /// A gap's answer up to its closing `}}`, where `\}` is a `}` and `\\` a backslash (so an answer
  /// may hold `}}`), and the index after the closing braces; nil when the gap is not closed.
  static func gapAnswer(_ text: Substring) -> (String, Substring.Index)? {
    var answer = ""
    var i = text.startIndex
    while i < text.endIndex {
      let c = text[i]
      let next = text.index(after: i)
      if c == "\\", next < text.endIndex, text[next] == "}" || text[next] == "\\" {
        answer.append(text[next])
        i = text.index(after: next)
      } else if c == "}", next < text.endIndex, text[next] == "}" {
        return (answer, text.index(after: next))
      } else {
        answer.append(c)
        i = next
      }
    }
    return nil
  }

  /// `Ignore punctuation:` for a cloze: yes or no for every gap, or the gaps it applies to (`c1, c3`).
  private func clozePunctuation(gapCount: Int) -> [Bool] {
    guard let f = fields["ignore punctuation"] else { return Array(repeating: false, count: gapCount) }
    let value = f.value.lowercased()
    if ["yes", "true", "no", "false"].contains(value) {
      return Array(repeating: value == "yes" || value == "true", count: gapCount)
    }
    var out = Array(repeating: false, count: gapCount)
    for part in value.splitOnBytes(",") {
      let name = part.trimmingSpaces
      guard name.hasPrefix("c"), let n = Int(name.dropFirst()), n >= 1, n <= gapCount else {
        file.error(
          f.valueAt, "Ignore punctuation is yes, no, or the gaps it applies to (c1, c2), found \(quoted(f.value))")
        return out
      }
      out[n - 1] = true
    }
    return out
  }
}
