/// One term of a card search: free text or `keyword:value`, checked and located.
extension CardQueryParser {
  /// The query of one term; `column` is where `raw` starts in the query.
  static func term(_ raw: [Character], quoted: Bool, column: Int) throws(CardQueryError) -> CardQuery {
    if let colon = keywordColon(raw) {
      let keyword = String(raw[..<colon]).lowercased()
      var value = Array(raw[(colon + 1)...])
      var valueColumn = column + colon + 1
      if value.count >= 2, value.first == "\"", value.last == "\"" {
        value = Array(value.dropFirst().dropLast())
        valueColumn += 1
      }
      if keywords.contains(keyword) {
        return try keywordTerm(keyword, value, column: column, valueColumn: valueColumn)
      }
      if !quoted {
        let word = String(raw[..<colon])
        throw CardQueryError(
          column: column,
          message:
            "unknown search keyword '\(word):' (known: \(keywords.joined(separator: ", "))); for the text itself, write \(word)\\:\(String(value)) or put it in quotes"
        )
      }
    }
    let pattern = Self.pattern(raw)
    guard pattern.pieces != [""] else {
      throw CardQueryError(column: column, message: "an empty search term: put some text inside the quotes")
    }
    return .text(pattern)
  }

  /// The index of the colon after a leading word of letters (`tag:`), if the term starts so.
  private static func keywordColon(_ raw: [Character]) -> Int? {
    guard let colon = raw.firstIndex(of: ":"), colon > 0 else { return nil }
    return raw[..<colon].allSatisfy { $0.isLetter } ? colon : nil
  }

  /// Text with escapes resolved and quotes dropped; unescaped stars split it into pieces.
  static func pattern(_ raw: [Character]) -> TextPattern {
    var pieces = [""]
    var i = 0
    while i < raw.count {
      let c = raw[i]
      if c == "\\", i + 1 < raw.count {
        pieces[pieces.count - 1].append(raw[i + 1])
        i += 2
        continue
      }
      if c == "*" {
        pieces.append("")
      } else if c != "\"" {
        pieces[pieces.count - 1].append(c)
      }
      i += 1
    }
    return TextPattern(pieces: pieces)
  }

  private static func keywordTerm(_ keyword: String, _ value: [Character], column: Int, valueColumn: Int)
    throws(CardQueryError) -> CardQuery
  {
    let text = String(value)
    func refuse(_ message: String, at col: Int? = nil) -> CardQueryError {
      CardQueryError(column: col ?? valueColumn, message: message)
    }
    switch keyword {
    case "bank", "deck", "tag":
      let what = keyword == "tag" ? "a tag" : "a bank id"
      let pattern = Self.pattern(value)
      guard pattern.pieces != [""] else { throw refuse("'\(keyword):' needs \(what) (* stands for any text)") }
      return keyword == "tag" ? .tag(pattern) : .bank(pattern)
    case "is":
      guard let filter = CardStateFilter(rawValue: text.lowercased()) else {
        let allowed = CardStateFilter.allCases.map(\.rawValue)
        let guess = closestMatch(to: text.lowercased(), in: allowed).map { "; did you mean '\($0)'?" } ?? ""
        throw refuse(
          "unknown 'is:' value \(quotedArg(text)) (allowed: \(allowed.joined(separator: ", ")))\(guess)")
      }
      return .state(filter)
    case "prop": return try property(value, valueColumn: valueColumn)
    case "rated":
      let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      let days = try dayCount("rated", String(parts[0]), example: "rated:7, or rated:7:1 for again", valueColumn)
      guard parts.count == 2 else { return .rated(days: days, rating: nil) }
      guard let n = Int(parts[1]), let rating = Rating(rawValue: n) else {
        throw refuse(
          "the answer of 'rated:\(days):' is 1 (again), 2 (hard), 3 (good) or 4 (easy), not \(quotedArg(String(parts[1])))",
          at: valueColumn + parts[0].count + 1)
      }
      return .rated(days: days, rating: rating)
    default:
      return .introduced(days: try dayCount("introduced", text, example: "introduced:7", valueColumn))
    }
  }

  private static func dayCount(_ keyword: String, _ text: String, example: String, _ column: Int)
    throws(CardQueryError) -> Int
  {
    guard let n = Int(text), n >= 1 else {
      throw CardQueryError(
        column: column,
        message: "'\(keyword):' needs a number of days of at least 1 (today is 1; \(example)), not \(quotedArg(text))")
    }
    return n
  }

  private static func property(_ value: [Character], valueColumn: Int) throws(CardQueryError) -> CardQuery {
    let nameEnd = value.firstIndex { !$0.isLetter } ?? value.count
    let name = String(value[..<nameEnd]).lowercased()
    let allowed = CardProperty.allCases.map(\.rawValue)
    guard let field = CardProperty(rawValue: name) else {
      let guess = closestMatch(to: name, in: allowed).map { "; did you mean '\($0)'?" } ?? ""
      throw CardQueryError(
        column: valueColumn,
        message:
          "unknown 'prop:' field \(quotedArg(String(value[..<nameEnd]))) (allowed: \(allowed.joined(separator: ", ")))\(guess)"
      )
    }
    let rest = String(value[nameEnd...])
    let opColumn = valueColumn + nameEnd
    // The longest operator first, so that `<=` is not read as `<` then `=5`.
    guard
      let op = Comparison.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count }).first(where: {
        rest.hasPrefix($0.rawValue)
      })
    else {
      throw CardQueryError(
        column: opColumn,
        message:
          "'prop:\(name)' needs a comparison (=, !=, <, <=, >, >=) and a number, as in prop:\(name)\(example(field))")
    }
    let number = String(rest.dropFirst(op.rawValue.count))
    let numberColumn = opColumn + op.rawValue.count
    guard let x = Double(number), x.isFinite, !number.hasPrefix("+"), !number.contains("e"), !number.contains("E")
    else {
      throw CardQueryError(
        column: numberColumn,
        message:
          "'prop:\(name)' needs a number after \(op.rawValue), not \(quotedArg(number)), as in prop:\(name)\(example(field))"
      )
    }
    if field.isWhole, x.rounded() != x {
      throw CardQueryError(
        column: numberColumn, message: "'prop:\(name)' takes a whole number, not \(quotedArg(number))")
    }
    if field == .d || field == .r, !(0...1).contains(x) {
      throw CardQueryError(
        column: numberColumn,
        message: "'prop:\(name)' is between 0 and 1 (0.8 is 80%), not \(quotedArg(number))")
    }
    return .property(field, op, x)
  }

  private static func example(_ field: CardProperty) -> String {
    switch field {
    case .due: "<=3"
    case .ivl: ">=10"
    case .reps: ">=5"
    case .lapses: ">3"
    case .d: ">0.8"
    case .s: ">21"
    case .r: "<0.7"
    }
  }
}
