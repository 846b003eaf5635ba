/// Reads a card search in Anki's syntax into a ``CardQuery``, or says where it goes wrong.
///
/// Terms are separated by spaces (an implicit `and`); `and` and `or` (any case) join them, `and`
/// binding tighter; `-` before a term or a group negates it; parentheses group. A term is free text,
/// or `keyword:value` for the keywords `bank`/`deck`, `tag`, `is`, `prop`, `rated` and
/// `introduced`. Quotes keep spaces inside a term (`"two words"`, `tag:"a b"`); a backslash makes
/// the next character plain (`\*` a star, `\:` a colon, `\"` a quote).
public enum CardQueryParser {
  public static func parse(_ text: String) throws(CardQueryError) -> CardQuery {
    var parser = Parser(tokens: try lex(Array(text)), end: text.count + 1)
    return try parser.query()
  }

  /// The keywords a term may start with.
  public static let keywords = ["bank", "deck", "tag", "is", "prop", "rated", "introduced"]

  // MARK: Tokens

  enum Token: Equatable {
    case open, close, and, or
    /// A term; `quoted` when it was written in quotes as a whole.
    case term(raw: [Character], quoted: Bool)
  }

  struct Located: Equatable {
    var token: Token
    var column: Int
    /// `-` before it.
    var negated = false
  }

  static func lex(_ chars: [Character]) throws(CardQueryError) -> [Located] {
    var out: [Located] = []
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if c == " " || c == "\t" {
        i += 1
        continue
      }
      var negated = false
      let start = i
      if c == "-" {
        guard i + 1 < chars.count, chars[i + 1] != " ", chars[i + 1] != "\t", chars[i + 1] != ")" else {
          throw CardQueryError(
            column: i + 1, message: "'-' must be followed by a search term or a group, with no space")
        }
        negated = true
        i += 1
      }
      switch chars[i] {
      case "(":
        out.append(Located(token: .open, column: start + 1, negated: negated))
        i += 1
      case ")":
        out.append(Located(token: .close, column: i + 1))
        i += 1
      case "\"":
        let body = i + 1
        i = try skipQuoted(chars, from: i)
        out.append(
          Located(token: .term(raw: Array(chars[body..<(i - 1)]), quoted: true), column: start + 1, negated: negated))
      default:
        let body = i
        while i < chars.count, !" \t()".contains(chars[i]) {
          if chars[i] == "\\" {
            i += 2
          } else if chars[i] == "\"" {
            i = try skipQuoted(chars, from: i)
          } else {
            i += 1
          }
        }
        i = min(i, chars.count)
        let raw = Array(chars[body..<i])
        let word = String(raw).lowercased()
        if !negated, word == "or" || word == "and" {
          out.append(Located(token: word == "or" ? .or : .and, column: start + 1))
        } else {
          out.append(Located(token: .term(raw: raw, quoted: false), column: start + 1, negated: negated))
        }
      }
    }
    return out
  }

  /// The index after the quote that closes the one at `from`.
  private static func skipQuoted(_ chars: [Character], from: Int) throws(CardQueryError) -> Int {
    var i = from + 1
    while i < chars.count {
      if chars[i] == "\\" {
        i += 2
        continue
      }
      if chars[i] == "\"" { return i + 1 }
      i += 1
    }
    throw CardQueryError(column: from + 1, message: "this quote is not closed (add a \" at the end)")
  }

  // MARK: Grammar

  struct Parser {
    var tokens: [Located]
    var index = 0
    /// The column just past the query, for errors at its end.
    let end: Int

    var current: Located? { index < tokens.count ? tokens[index] : nil }

    mutating func query() throws(CardQueryError) -> CardQuery {
      if tokens.isEmpty { return .all }
      let q = try disjunction()
      if let extra = current {
        // Only a ')' can stop a disjunction early.
        throw CardQueryError(column: extra.column, message: "this ')' has no '(' before it")
      }
      return q
    }

    mutating func disjunction() throws(CardQueryError) -> CardQuery {
      var parts = [try conjunction()]
      while let t = current, t.token == .or {
        index += 1
        guard let next = current, next.token != .close, next.token != .or, next.token != .and else {
          throw CardQueryError(column: t.column, message: "'or' needs a search term after it")
        }
        parts.append(try conjunction())
      }
      return parts.count == 1 ? parts[0] : .or(parts)
    }

    mutating func conjunction() throws(CardQueryError) -> CardQuery {
      var parts = [try unary()]
      while let t = current, t.token != .or, t.token != .close {
        if t.token == .and {
          index += 1
          guard let next = current, next.token != .close, next.token != .or, next.token != .and else {
            throw CardQueryError(column: t.column, message: "'and' needs a search term after it")
          }
        }
        parts.append(try unary())
      }
      return parts.count == 1 ? parts[0] : .and(parts)
    }

    mutating func unary() throws(CardQueryError) -> CardQuery {
      guard let t = current else {
        throw CardQueryError(column: end, message: "a search term is missing at the end")
      }
      index += 1
      let q: CardQuery
      switch t.token {
      case .open:
        guard let first = current, first.token != .close else {
          throw CardQueryError(column: t.column, message: "empty parentheses: put a search inside, or remove them")
        }
        q = try disjunction()
        guard let close = current, close.token == .close else {
          throw CardQueryError(column: t.column, message: "this '(' is not closed (add a ')')")
        }
        _ = first
        index += 1
      case .close:
        throw CardQueryError(column: t.column, message: "this ')' has no '(' before it")
      case .or, .and:
        let word = t.token == .or ? "or" : "and"
        throw CardQueryError(column: t.column, message: "'\(word)' needs a search term before it")
      case .term(let raw, let quoted):
        q = try CardQueryParser.term(raw, quoted: quoted, column: t.column + (t.negated ? 1 : 0) + (quoted ? 1 : 0))
      }
      return t.negated ? .not(q) : q
    }
  }
}

extension CardQueryParser {
  /// Words of a command line as one query: a word with a space (quoted on the command line) is
  /// quoted again, so `tag:"a b"` stays one term (as `"tag:a b"`, which Anki reads alike).
  public static func joining(_ words: [String]) -> String {
    words.map { word in
      guard word.contains(" "), !word.contains("\"") else { return word }
      return word.hasPrefix("-") ? "-\"" + word.dropFirst() + "\"" : "\"" + word + "\""
    }.joined(separator: " ")
  }

  /// The search syntax, as `help cards` shows it.
  public static let syntaxHelp = [
    "Search (Anki's syntax; any case; * is any text):",
    "  word  \"two words\"    in the prompt, choices or answers",
    "  bank:ID  deck:ID     tag:TAG (tag:a also finds a::b)",
    "  is:new|learn|review|due   is:suspended|buried|leech|flagged",
    "  prop:due<=3 (days from today)  prop:ivl>=10  prop:reps>5  prop:lapses>3",
    "  prop:d>0.8 (difficulty 0-1)  prop:s>21 (stability, days)  prop:r<0.7",
    "  rated:7  rated:7:1 (answered within 7 days; rated again)  introduced:30",
    "  -a (not)  a b (and)  a or b  (a or b) c; and binds tighter than or.",
    "quizline keeps each card's latest answer only: rated: looks at that one.",
  ]
}
