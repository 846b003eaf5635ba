/// Reads the number in a numeric answer typed with words around it: `16`, `16 steps`, `iOS 16`,
/// `about 200 lines`, `iOS16`. A unit or label word is accepted before or after the number; words
/// that change the number's meaning (`minus 2`, `less than 5`, `16 or 17`) are not, so the answer is
/// refused as not a number rather than graded as something the learner did not mean.
enum NumberInWords {
  /// Words that change what the number means: a line holding one is not read as a plain number.
  static let meaningWords: Set<String> = [
    "minus", "negative", "plus", "not", "no", "less", "more", "than", "over", "under", "below", "above", "between",
    "and", "or", "to", "times", "divided", "half", "twice",
  ]

  /// A question's unit as it is shown: `(iOS major version)` loses its own parentheses, so the
  /// hint never shows two pairs.
  static func unitLabel(_ unit: String) -> String {
    var label = unit.trimmingSpaces
    while label.hasPrefix("("), label.hasSuffix(")"), label.count >= 2 {
      label = String(label.dropFirst().dropLast()).trimmingSpaces
    }
    return label.isEmpty ? unit : label
  }

  /// The number `text` holds, or nil when it holds none, several, or words that change its meaning.
  public static func number(in text: String, unit: String?) -> Double? {
    var t = text.trimmingSpaces
    if let plain = plainNumber(t) { return plain }
    for u in [unit, unit.map(unitLabel)].compactMap({ $0?.lowercased() }) where !u.isEmpty {
      if t.lowercased().hasSuffix(u) { t = String(t.dropLast(u.count)).trimmingSpaces }
      if t.lowercased().hasPrefix(u) { t = String(t.dropFirst(u.count)).trimmingSpaces }
    }
    if let plain = plainNumber(t) { return plain }
    var found: Double?
    for token in t.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) {
      let word = token.trimmingPunctuation(",;:!?")
      if let n = plainNumber(word) ?? gluedNumber(word) {
        guard found == nil else { return nil }
        found = n
      } else if word.contains(where: \.isNumber) || meaningWords.contains(word.lowercased()) {
        return nil
      }
    }
    return found
  }

  /// `16`, `-2.5`, `1e3`, `1_000`; trailing sentence punctuation is allowed (`16.` is 16).
  static func plainNumber(_ text: String) -> Double? {
    var t = text.filter { $0 != "_" }
    while let last = t.last, last == "." || last == "," { t.removeLast() }
    guard !t.isEmpty, let d = Double(t), d.isFinite else { return nil }
    return d
  }

  /// A number glued to letters: `iOS16`, `200lines` (letters on one side only).
  static func gluedNumber(_ word: String) -> Double? {
    let leading = word.prefix { $0.isLetter }
    if !leading.isEmpty, leading.count < word.count, let n = plainNumber(String(word.dropFirst(leading.count))),
      !word.dropFirst(leading.count).hasPrefix("-")
    {
      return n
    }
    let trailing = word.reversed().prefix { $0.isLetter }
    if !trailing.isEmpty, trailing.count < word.count, let n = plainNumber(String(word.dropLast(trailing.count))) {
      return n
    }
    return nil
  }
}

extension String {
  fileprivate func trimmingPunctuation(_ set: String) -> String {
    var s = Substring(self)
    while let f = s.first, set.contains(f) { s.removeFirst() }
    while let l = s.last, set.contains(l) { s.removeLast() }
    return String(s)
  }
}
