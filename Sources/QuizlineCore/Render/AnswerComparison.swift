/// A typed answer lined up against the expected one, character by character, as Anki's type-in
/// comparison shows it: both rows have the same length, `-` stands for a character one side lacks,
/// and a third row marks every column that differs with `^` (so colour is never the only signal).
/// Letters are compared without case, as the grader compares them.
struct AnswerComparison: Sendable, Equatable {
  public var typed: [Character]
  public var expected: [Character]
  /// One per column: true where the two rows differ.
  public var differs: [Bool]

  /// Aligns `typed` against `expected` with the fewest edits (a Levenshtein alignment).
  init(typed: String, expected: String) {
    let x = Array(typed)
    let y = Array(expected)
    func same(_ a: Character, _ b: Character) -> Bool { a == b || a.lowercased() == b.lowercased() }
    var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in 0...x.count { table[i][0] = i }
    for j in 0...y.count { table[0][j] = j }
    if !x.isEmpty && !y.isEmpty {
      for i in 1...x.count {
        for j in 1...y.count {
          let cost = same(x[i - 1], y[j - 1]) ? 0 : 1
          table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        }
      }
    }
    var i = x.count
    var j = y.count
    var top: [Character] = []
    var bottom: [Character] = []
    var marks: [Bool] = []
    while i > 0 || j > 0 {
      if i > 0, j > 0, table[i][j] == table[i - 1][j - 1] + (same(x[i - 1], y[j - 1]) ? 0 : 1) {
        top.append(x[i - 1])
        bottom.append(y[j - 1])
        marks.append(!same(x[i - 1], y[j - 1]))
        i -= 1
        j -= 1
      } else if j > 0, table[i][j] == table[i][j - 1] + 1 {
        top.append("-")
        bottom.append(y[j - 1])
        marks.append(true)
        j -= 1
      } else {
        top.append(x[i - 1])
        bottom.append("-")
        marks.append(true)
        i -= 1
      }
    }
    self.typed = top.reversed()
    self.expected = bottom.reversed()
    self.differs = marks.reversed()
  }

  /// Columns that differ.
  var differences: Int { differs.filter { $0 }.count }

  /// The three rows (typed, expected, marks), each colouring differing characters when `style` has
  /// colour: typed ones as wrong, expected ones as right.
  public func rows(_ style: Style) -> (typed: String, expected: String, marks: String) {
    func row(_ chars: [Character], _ tone: Style.Tone) -> String {
      var out = ""
      for (k, ch) in chars.enumerated() { out += differs[k] ? style.paint(String(ch), tone) : String(ch) }
      return out
    }
    let marks = String(differs.map { $0 ? "^" : " " }).trimmingTrailingSpaces()
    return (row(typed, .bad), row(expected, .good), marks)
  }
}

extension Renderer {
  /// Typed-answer feedback beyond the mark: "Check the spelling" for a near miss that was accepted,
  /// and the comparison of what was typed against the closest accepted answer, for a near miss or
  /// a wrong answer that is close enough for a comparison to help.
  static func renderTypedComparison(_ f: Feedback, _ q: Question, _ out: inout Output) {
    guard case .text(let accept, let ignorePunctuation, _) = q.body else {
      for word in f.grade.spelling { out.paragraph("Check the spelling: " + word, indent: "    ", firstIndent: "  ") }
      return
    }
    let expected: String
    let typedKey = f.typed.lowercased()
    func closest(_ texts: [String]) -> String? {
      texts.min { NearMiss.distance(typedKey, $0.lowercased()) < NearMiss.distance(typedKey, $1.lowercased()) }
    }
    if let word = f.grade.spelling.first {
      // The accepted phrasing of that answer closest to what was typed ("an Apple Account" for
      // "an Apple Acount"), so the comparison does not mark an article as a mistake.
      func bare(_ t: String) -> String {
        withoutLeadingArticle(normalizedForComparison(t, ignoringPunctuation: ignorePunctuation))
      }
      let spelled = closest(accept.map(\.text).filter { bare($0) == bare(word) }) ?? word
      out.paragraph("Check the spelling: " + spelled, indent: "    ", firstIndent: "  ")
      expected = spelled
    } else {
      guard !f.grade.isCorrect else { return }
      // An answer the bank lists (a known wrong one, with its feedback) is not a misspelling.
      let key = withoutLeadingArticle(normalizedForComparison(f.typed, ignoringPunctuation: ignorePunctuation))
      let listed = accept.contains {
        withoutLeadingArticle(normalizedForComparison($0.text, ignoringPunctuation: ignorePunctuation)) == key
      }
      guard !listed else { return }
      guard let best = closest(accept.filter { $0.credit >= 0.9999 }.map(\.text)) else { return }
      expected = best
    }
    let typed = f.typed.trimmingSpaces
    let comparison = AnswerComparison(typed: typed, expected: expected)
    // Only when it helps (most of the answer lines up), and only for text that sits one character
    // per column without escapes.
    guard comparison.differences > 0, comparison.differences * 2 <= max(4, comparison.expected.count),
      (typed + expected).allSatisfy({ TextWrap.characterWidth($0) == 1 }),
      safe(typed + expected, out.context) == typed + expected,
      comparison.typed.count + 14 <= out.context.width
    else { return }
    let rows = comparison.rows(out.context.style)
    out.verbatim("  You typed:   " + rows.typed)
    out.verbatim("  Expected:    " + rows.expected)
    out.verbatim("               " + rows.marks)
    out.line(out.context.style.paint("  (^ marks a difference, - a missing character)", .dim))
  }

  /// Matching and ordering feedback in words: each item with what the learner chose and, where it
  /// was wrong, what was right.
  static func renderArrangement(_ f: Feedback, _ q: Question, _ out: inout Output) {
    let s = out.context.style
    guard case .success(let response) = AnswerParser.parse(f.typed, for: q) else { return }
    switch (q.body, response) {
    case (.matching(let pairs, let distractors), .matching(let picks)):
      let shown = Presentation.matchingRightItems(questionID: q.id, pairs: pairs, distractors: distractors)
      for (n, pair) in pairs.enumerated() {
        let pick = n < picks.count && picks[n] < shown.count ? picks[n] : nil
        let right = shown.firstIndex(of: pair.right) ?? 0
        let ok = pick.map { shown[$0] == pair.right } ?? false
        // The number is part of the label, so the text is not read as a numbered list.
        var text = "\(pair.left) \(s.arrow) "
        if let pick { text += "\(choiceLetter(pick))) \(shown[pick])" }
        if !ok { text += "; right: \(choiceLetter(right))) \(pair.right)" }
        let mark = ok ? s.paint(s.correctMark, .good) : s.paint(s.wrongMark, .bad)
        out.paragraph(text, indent: "      ", firstIndent: "  " + mark + " \(n + 1). ")
      }
    case (.ordering(let items), .ordering(let order)):
      let shown = Presentation.orderingItems(questionID: q.id, items: items)
      for (n, item) in items.enumerated() {
        let placed = n < order.count ? shown[order[n]] : nil
        let ok = placed == item
        var text = "\(choiceLetter(shown.firstIndex(of: item) ?? 0))) \(item)"
        if !ok, let placed, let k = shown.firstIndex(of: placed) {
          text += " (you put \(choiceLetter(k))) \(placed))"
        }
        let mark = ok ? s.paint(s.correctMark, .good) : s.paint(s.wrongMark, .bad)
        out.paragraph(text, indent: "      ", firstIndent: "  " + mark + " \(n + 1). ")
      }
    default:
      return
    }
  }
}
