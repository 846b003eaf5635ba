import QuizlineCore

/// The rules a question's answer follows whatever file it comes from, worded once for the JSON
/// decoders (``QuestionBodyDecoder``) and the Markdown reader (``MarkdownBankReader``). Each says
/// what is wrong (nil when nothing is); the caller places the message at its position.
enum QuestionRules {
  /// Choices are lettered a-z.
  static let maxChoices = 26
  /// Pairs, right items and ordering items are lettered or numbered within the same bound.
  static let maxItems = 26

  static func letter(_ index: Int) -> String { String(UnicodeScalar(UInt8(0x61 + index))) }

  static func tooManyChoices(_ count: Int, what: @autoclosure () -> String) -> String? {
    count > maxChoices ? "\(what()) has \(count) choices; at most \(maxChoices) (a-z) are allowed" : nil
  }

  /// Fewer than two, or more than 26.
  static func choiceCountProblem(_ count: Int, what: @autoclosure () -> String) -> String? {
    if count < 2 {
      return "\(what()) has \(count) choice\(count == 1 ? "" : "s"); a question with choices needs at least 2"
    }
    return tooManyChoices(count, what: what())
  }

  /// Warnings for choices that repeat an earlier one (compared as answers are), by index.
  static func repeatedChoices(_ texts: [String], what: @autoclosure () -> String) -> [(Int, String)] {
    var seen: [UInt64] = []
    var out: [(Int, String)] = []
    for (n, text) in texts.enumerated() {
      let key = comparisonKey(text)
      if let first = seen.firstIndex(of: key) {
        out.append((n, repeatedChoice(n, of: first, text: text, what: what())))
      }
      seen.append(key)
    }
    return out
  }

  static func repeatedChoice(_ n: Int, of first: Int, text: String, what: @autoclosure () -> String) -> String {
    "choice \(letter(n)) of \(what()) repeats choice \(letter(first)) (\(quoted(text)))"
  }

  /// Warnings for accepted answers listed twice, by index.
  static func repeatedAnswers(_ texts: [String], what: @autoclosure () -> String) -> [(Int, String)] {
    var seen = Set<UInt64>()
    var out: [(Int, String)] = []
    for (n, text) in texts.enumerated() where !seen.insert(comparisonKey(text)).inserted {
      out.append((n, repeatedAnswer(text, what: what())))
    }
    return out
  }

  static func repeatedAnswer(_ text: String, what: @autoclosure () -> String) -> String {
    "accepted answer \(quoted(text)) is listed twice in \(what())"
  }

  /// When no answer earns credit, nothing could be right.
  static func noCreditProblem(_ credits: [Double], what: @autoclosure () -> String) -> String? {
    credits.contains { $0 > 0 } ? nil : "\(what()) has no answer with credit above 0, so nothing could be right"
  }

  static func tooManyItems(_ count: Int, what: @autoclosure () -> String) -> String? {
    count > maxItems ? "\(what()) has \(count) items; at most \(maxItems) are allowed" : nil
  }

  static func ambiguousOrder(_ items: [String], what: @autoclosure () -> String) -> String? {
    // A short list searched in place rather than a set built per question; a set past 32 items,
    // so a hostile file cannot make this quadratic.
    var repeated = false
    if items.count <= 32 {
      var keys: [UInt64] = []
      keys.reserveCapacity(items.count)
      for item in items {
        let key = comparisonKey(item)
        if keys.contains(key) {
          repeated = true
          break
        }
        keys.append(key)
      }
    } else {
      repeated = Set(items.map { comparisonKey($0) }).count != items.count
    }
    return repeated ? "\(what()) lists the same item twice, so its order would be ambiguous" : nil
  }

  /// An ordering question: 2 to 26 distinct items.
  static func orderingProblem(_ items: [String], what: @autoclosure () -> String) -> String? {
    if items.count < 2 {
      return "\(what()) orders \(items.count) item\(items.count == 1 ? "" : "s"); an ordering question needs at least 2"
    }
    return tooManyItems(items.count, what: what()) ?? ambiguousOrder(items, what: what())
  }

  static func repeatedLeft(_ left: String, what: @autoclosure () -> String) -> String {
    "\(what()) repeats the left item \(quoted(left)); each left item must be unique"
  }

  static func tooManyRights(_ count: Int, what: @autoclosure () -> String) -> String? {
    count > maxItems ? "\(what()) has \(count) right items; at most \(maxItems) (a-z) are allowed" : nil
  }

  /// A matching question: 2 to 26 pairs with distinct left items, at most 26 right items.
  static func matchingProblem(_ pairs: [MatchPair], distractors: [String], what: @autoclosure () -> String) -> String? {
    if pairs.count < 2 {
      return
        "\(what()) has \(pairs.count) pair\(pairs.count == 1 ? "" : "s") (left -> right); a matching question needs at least 2"
    }
    if pairs.count > maxItems { return "\(what()) has \(pairs.count) pairs; at most \(maxItems) are allowed" }
    var lefts = Set<UInt64>()
    for p in pairs where !lefts.insert(comparisonKey(p.left)).inserted { return repeatedLeft(p.left, what: what()) }
    return tooManyRights(pairs.count + distractors.count, what: what())
  }
}
