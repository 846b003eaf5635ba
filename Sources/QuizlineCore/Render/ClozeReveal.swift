/// The back of a cloze with its revealed gaps marked, so the learner sees at once what was hidden:
/// `A [1: modifier] returns a new view` (a `cloze` question: the text with its gaps filled), or
/// `comes with [Xcode] on a Mac` (a card imported from an Anki cloze note, whose front hides the gap
/// as `[...]` or `[hint]` and whose back is the whole text). The brackets mark the gap in every style;
/// with colour it is also bold and underlined (``RichText``).
enum ClozeReveal {
  /// A piece of the text a back is matched against.
  enum Segment: Equatable {
    /// Text the back repeats as it is.
    case literal(String)
    /// A gap: any text of the back; `label` (`1: `) is shown in its brackets.
    case gap(label: String)
    /// A bracketed group of a flashcard's front (`[...]`, `[hint]`, or text such as `[Int]`): a gap
    /// where the back differs, else literal text.
    case bracketed(String)
  }

  /// A `cloze` question's text with every gap filled by its first fully accepted answer and marked.
  static func filled(_ text: String, _ gaps: [ClozeGap]) -> String {
    ClozeText.parts(of: text).map { part in
      switch part {
      case .text(let t): return RichText.unmarked(t)
      case .gap(let n):
        let gap = n >= 1 && n <= gaps.count ? gaps[n - 1] : nil
        let answer = gap.map { g in g.accept.first { $0.credit >= 1 }?.text ?? g.accept.first?.text ?? "" } ?? "?"
        return "[\(n):" + TextWrap.glue + RichText.revealed(RichText.unmarked(answer)) + "]"
      }
    }.joined()
  }

  /// `back` with the gaps of a `cloze` text marked, when it starts with that text filled in (an Anki
  /// cloze imported with typed gaps keeps its back as the explanation); nil when it does not.
  static func marked(_ back: String, clozeText text: String) -> String? {
    let segments = ClozeText.parts(of: text).map { part -> Segment in
      switch part {
      case .text(let t): .literal(t)
      case .gap(let n): .gap(label: "\(n):" + TextWrap.glue)
      }
    }
    return marked(back, segments)
  }

  /// A flashcard's back with the gap its front hides marked, when the front reads as the back with
  /// bracketed groups in place of some of its text (an Anki cloze card); nil for any other card.
  static func marked(_ back: String, front: String) -> String? {
    guard front.contains("["), front.contains("]") else { return nil }
    var segments: [Segment] = []
    var literal = ""
    var rest = Substring(front)
    while let open = rest.firstIndex(of: "[") {
      let after = rest[rest.index(after: open)...]
      guard let close = after.firstIndex(where: { $0 == "]" || $0 == "[" || $0 == "\n" }), after[close] == "]" else {
        literal += rest[...open]
        rest = after
        continue
      }
      literal += rest[..<open]
      if !literal.isEmpty { segments.append(.literal(literal)) }
      literal = ""
      segments.append(.bracketed(String(rest[open...close])))
      rest = after[after.index(after: close)...]
    }
    literal += rest
    if !literal.isEmpty { segments.append(.literal(literal)) }
    return marked(back, segments)
  }

  /// Matches `back` (its whole first lines; lines after are kept as they are) against `segments`
  /// with at least one gap, and marks each gap's text; nil when it does not match. The search gives
  /// up (nil) after a bounded number of steps, so a long or odd text costs little.
  static func marked(_ back: String, _ segments: [Segment]) -> String? {
    let b = Array(RichText.unmarked(back))
    guard b.count <= 4000, segments.count <= 64,
      segments.contains(where: { if case .literal = $0 { false } else { true } })
    else { return nil }
    var budget = 20_000
    var failed = Set<Int>()
    func starts(_ text: String, at pos: Int) -> Bool {
      var k = pos
      for ch in text {
        guard k < b.count, b[k] == ch else { return false }
        k += 1
      }
      return true
    }
    // The gaps matched from segment `i` at `pos` on, or nil.
    func match(_ i: Int, _ pos: Int, _ gapSeen: Bool) -> [(range: Range<Int>, label: String)]? {
      budget -= 1
      guard budget > 0 else { return nil }
      let key = (i * (b.count + 1) + pos) * 2 + (gapSeen ? 1 : 0)
      if failed.contains(key) { return nil }
      var result: [(range: Range<Int>, label: String)]?
      if i == segments.count {
        result = gapSeen && (pos == b.count || b[pos] == "\n") ? [] : nil
      } else {
        switch segments[i] {
        case .literal(let text):
          if starts(text, at: pos) { result = match(i + 1, pos + text.count, gapSeen) }
        case .gap(let label):
          result = wildcard(i, pos, label)
        case .bracketed(let text):
          // Anki's own `[...]` is a gap first; other brackets are more likely text (`[Int]`).
          let literalFirst = text != "[...]"
          if literalFirst, starts(text, at: pos) { result = match(i + 1, pos + text.count, gapSeen) }
          // A gap shows something else than the bracket: a back that repeats it reveals nothing.
          if result == nil { result = wildcard(i, pos, "", not: text) }
          if result == nil, !literalFirst, starts(text, at: pos) { result = match(i + 1, pos + text.count, gapSeen) }
        }
      }
      if result == nil { failed.insert(key) }
      return result
    }
    func wildcard(_ i: Int, _ pos: Int, _ label: String, not excluded: String? = nil)
      -> [(range: Range<Int>, label: String)]?
    {
      let next: String? =
        i + 1 < segments.count ? { if case .literal(let t) = segments[i + 1] { t } else { nil } }() : nil
      var end = pos + 1
      while end <= b.count, budget > 0 {
        if b[end - 1] == "\n" { return nil }
        if next.map({ starts($0, at: end) }) ?? true, excluded.map({ String(b[pos..<end]) != $0 }) ?? true,
          let rest = match(i + 1, end, true)
        {
          return [(pos..<end, label)] + rest
        }
        end += 1
      }
      return nil
    }
    guard let gaps = match(0, 0, false), !gaps.isEmpty else { return nil }
    var out = ""
    var last = 0
    for gap in gaps {
      out += String(b[last..<gap.range.lowerBound])
      out += "[" + gap.label + RichText.revealed(String(b[gap.range])) + "]"
      last = gap.range.upperBound
    }
    return out + String(b[last...])
  }
}
