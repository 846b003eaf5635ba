/// Typo tolerance for typed answers (`config typo-tolerance on`, the default).
///
/// The policy: a typed answer that matches no accepted answer, but is within a few edits of one, is
/// accepted with that answer's credit, and the feedback adds a "Check the spelling: …" line with a
/// comparison of what was typed against it. Both sides are folded first (case, spaces, punctuation
/// when the question ignores it, and a leading a/an/the). The edits allowed grow with the accepted
/// answer's length: none under 6 characters, 1 from 6 to 11, 2 from 12 on; an edit is an inserted,
/// dropped or changed character, or two neighbours swapped. Answers that look like code or hold a
/// number are matched exactly: a digit, a character other than a letter, a space, `-` or `'`, or a
/// capital letter inside a word (`VStack`, `onAppear`, `iOS`).
enum NearMiss {
  /// Edits allowed against an accepted answer of `length` characters (folded).
  static func allowedEdits(forLength length: Int) -> Int {
    length < 6 ? 0 : length < 12 ? 1 : 2
  }

  /// Whether `accepted` must be typed exactly: it holds a number or looks like code.
  static func isExact(_ accepted: String) -> Bool {
    var previousWasLetter = false
    for ch in accepted {
      if ch.isNumber { return true }
      if !(ch.isLetter || ch == " " || ch == "-" || ch == "'" || ch == "’") { return true }
      if ch.isUppercase && previousWasLetter { return true }
      previousWasLetter = ch.isLetter
    }
    return false
  }

  /// Optimal string alignment distance (Levenshtein plus swaps of two neighbours), by character;
  /// stops early and returns `limit + 1` once the distance must exceed `limit`.
  static func distance(_ a: String, _ b: String, limit: Int = .max) -> Int {
    let x = Array(a)
    let y = Array(b)
    if abs(x.count - y.count) > limit { return limit == .max ? limit : limit + 1 }
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var before = [Int](repeating: 0, count: y.count + 1)
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...y.count {
        let cost = x[i - 1] == y[j - 1] ? 0 : 1
        var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d = min(d, before[j - 2] + 1) }
        current[j] = d
        rowMinimum = min(rowMinimum, d)
      }
      if limit != .max && rowMinimum > limit { return limit + 1 }
      (before, previous, current) = (previous, current, before)
    }
    return previous[y.count]
  }

  /// The accepted answer `typed` is a near miss of (the highest credit, then the fewest edits),
  /// when there is one; `fold` folds text as the question compares it.
  static func closest(_ typed: String, in accept: [TextAnswer], fold: (String) -> String) -> TextAnswer? {
    let key = withoutLeadingArticle(fold(typed))
    var best: (answer: TextAnswer, edits: Int)?
    for answer in accept where answer.credit > 0 && !isExact(answer.text) {
      let target = withoutLeadingArticle(fold(answer.text))
      let allowed = allowedEdits(forLength: target.count)
      guard allowed > 0 else { continue }
      let edits = distance(key, target, limit: allowed)
      guard edits <= allowed else { continue }
      if let b = best, b.answer.credit > answer.credit || (b.answer.credit == answer.credit && b.edits <= edits) {
        continue
      }
      best = (answer, edits)
    }
    return best?.answer
  }
}
