/// Why a typed answer could not be understood, with the syntax that is expected.
public struct AnswerSyntaxError: Error, Sendable, Equatable {
  public var message: String

  init(_ message: String) { self.message = message }
}

/// Turns what the learner typed into a ``Response`` for a question, in the compact one-line syntax
/// shown under each question.
public enum AnswerParser {
  /// The syntax hint shown under a question.
  static func syntaxHint(for question: Question) -> String {
    switch question.body {
    case .single(let choices, _): "Type a letter (a-\(choiceLetter(choices.count - 1)))."
    case .multiple(let choices, _): "Type every right letter (a-\(choiceLetter(choices.count - 1))), e.g. a,c."
    case .truefalse: "Type true or false."
    case .text: "Type your answer."
    case .numeric(_, let unit, _): "Type a number\(unit.map { " (in \(NumberInWords.unitLabel($0)))" } ?? "")."
    case .matching(let pairs, _): "Pair each number with a letter, e.g. \(matchingExample(pairs: pairs.count))."
    // The items as shown are never in the right order, so the shown order is a safe example.
    case .ordering(let items):
      "Type the letters in the right order, e.g. \((0..<items.count).map(choiceLetter).joined(separator: " "))."
    case .cloze(_, let gaps):
      gaps.count == 1
        ? "Type the missing word." : "Type the \(gaps.count) missing words separated by |, e.g. one | two."
    case .flashcard: "Press Enter to turn the card, then grade yourself: again, hard, good or easy."
    case .openEnded: "Write your answer (several lines allowed); an empty line ends it, Ctrl-C discards it."
    }
  }

  /// Parses `typed` (already trimmed) for `question`. Self-graded questions are graded separately.
  public static func parse(_ typed: String, for question: Question) -> Result<Response, AnswerSyntaxError> {
    let text = typed.trimmingSpaces
    switch question.body {
    case .single(let choices, _):
      guard let k = letter(text, count: choices.count) else {
        return .failure(AnswerSyntaxError("\(quoted(text)) is not one of a-\(choiceLetter(choices.count - 1))."))
      }
      return .success(.choice(k))
    case .multiple(let choices, _):
      guard let ks = letters(text, count: choices.count), !ks.isEmpty else {
        return .failure(
          AnswerSyntaxError(
            "\(quoted(text)) is not a list of letters a-\(choiceLetter(choices.count - 1)) such as a,c."))
      }
      return .success(.choices(Array(Set(ks)).sorted()))
    case .truefalse:
      switch text.lowercased() {
      case "true", "t", "yes", "y": return .success(.bool(true))
      case "false", "f", "no", "n": return .success(.bool(false))
      default: return .failure(AnswerSyntaxError("\(quoted(text)) is neither true nor false."))
      }
    case .text:
      guard !text.isEmpty else { return .failure(AnswerSyntaxError("Type an answer, or skip.")) }
      return .success(.text(text))
    case .numeric(_, let unit, _):
      // A unit or label word around the number is accepted (`200 lines`, `iOS 16`).
      guard let d = NumberInWords.number(in: text, unit: unit) else {
        return .failure(AnswerSyntaxError("\(quoted(text)) is not a number; type e.g. 3, -2.5 or 1e3."))
      }
      return .success(.number(d))
    case .matching(let pairs, let distractors):
      return matching(text, lefts: pairs.count, rights: pairs.count + distractors.count)
    case .ordering(let items):
      guard let ks = letters(text, count: items.count), ks.count == items.count, Set(ks).count == items.count else {
        return .failure(
          AnswerSyntaxError(
            "\(quoted(text)) does not put all \(items.count) letters a-\(choiceLetter(items.count - 1)) in an order, each once."
          ))
      }
      return .success(.ordering(ks))
    case .cloze(_, let gaps):
      let parts = text.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
      guard parts.count == gaps.count, parts.allSatisfy({ !$0.isEmpty }) else {
        let noun = gaps.count == 1 ? "1 gap" : "\(gaps.count) gaps separated by |"
        return .failure(AnswerSyntaxError("\(quoted(text)) does not fill \(noun)."))
      }
      return .success(.gaps(parts))
    case .flashcard, .openEnded:
      guard let grade = SelfGrade(typed: text) else {
        return .failure(AnswerSyntaxError("\(quoted(text)) is not a grade; type again, hard, good or easy (or 1-4)."))
      }
      return .success(.selfGraded(grade, written: nil))
    }
  }

  private static func letter(_ text: String, count: Int) -> Int? {
    var t = text.lowercased()
    if t.hasPrefix("(") { t.removeFirst() }
    if t.hasSuffix(")") || t.hasSuffix(".") { t.removeLast() }
    guard t.count == 1, let v = t.unicodeScalars.first?.value, v >= 0x61, v < 0x61 + UInt32(count) else { return nil }
    return Int(v - 0x61)
  }

  /// Letters written `a,c`, `a c`, `a, c` or `ac`.
  private static func letters(_ text: String, count: Int) -> [Int]? {
    var out: [Int] = []
    for ch in text.lowercased().unicodeScalars {
      if ch == "," || ch == " " || ch == ";" { continue }
      guard ch.value >= 0x61, ch.value < 0x61 + UInt32(count) else { return nil }
      out.append(Int(ch.value - 0x61))
    }
    return out
  }

  /// The example pairing shown in the hint and echoed in errors: `1b 2c 3a` (at most three pairs).
  private static func matchingExample(pairs: Int) -> String {
    (0..<min(3, pairs)).map { "\($0 + 1)\(choiceLetter(($0 + 1) % pairs))" }.joined(separator: " ")
  }

  /// `1c 2a 3b`, `1-c, 2-a`, `1:c 2:a`; every left item exactly once.
  private static func matching(_ text: String, lefts: Int, rights: Int) -> Result<Response, AnswerSyntaxError> {
    let failure = AnswerSyntaxError(
      "\(quoted(text)) does not pair each of 1-\(lefts) with a letter a-\(choiceLetter(rights - 1)); type e.g. \(matchingExample(pairs: lefts))."
    )
    var result = [Int?](repeating: nil, count: lefts)
    var number = 0
    var sawDigit = false
    for ch in text.lowercased().unicodeScalars {
      if ch.value >= 0x30 && ch.value <= 0x39 {
        number = number * 10 + Int(ch.value - 0x30)
        sawDigit = true
        guard number <= lefts else { return .failure(failure) }
      } else if ch.value >= 0x61 && ch.value <= 0x7A {
        let k = Int(ch.value - 0x61)
        guard sawDigit, number >= 1, k < rights, result[number - 1] == nil else { return .failure(failure) }
        result[number - 1] = k
        number = 0
        sawDigit = false
      } else if ch == " " || ch == "," || ch == "-" || ch == ":" || ch == "=" || ch == ">" {
        continue
      } else {
        return .failure(failure)
      }
    }
    guard !sawDigit, result.allSatisfy({ $0 != nil }) else { return .failure(failure) }
    return .success(.matching(result.compactMap { $0 }))
  }
}

extension String {
  /// Without surrounding spaces, tabs and newlines.
  var trimmingSpaces: String {
    var s = Substring(self)
    while let f = s.first, f.isWhitespace { s = s.dropFirst() }
    while let l = s.last, l.isWhitespace { s = s.dropLast() }
    return String(s)
  }
}
