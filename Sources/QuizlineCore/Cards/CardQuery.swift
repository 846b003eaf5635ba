/// A card search in Anki's browser syntax, for what quizline keeps about a card: read by
/// ``CardQueryParser``, matched by ``CardQueryEvaluator``. One reader serves `cards`, the bulk card
/// actions (`suspend QUERY`, …) and `review --query`.
///
/// `and` binds tighter than `or`, as in Anki: `a or b c` is `a or (b and c)`.
public indirect enum CardQuery: Sendable, Equatable {
  /// The empty query: every card.
  case all
  /// Free text: in the prompt, title, choices or answers (case-insensitive, `*` any text).
  case text(TextPattern)
  /// `bank:` (Anki's `deck:`): the bank's id, whole (`*` any text).
  case bank(TextPattern)
  /// `tag:`: a tag of the question or its bank, whole, or a parent of one (`tag:a` finds `a::b`).
  case tag(TextPattern)
  /// `is:…`
  case state(CardStateFilter)
  /// `prop:FIELDopVALUE`
  case property(CardProperty, Comparison, Double)
  /// `rated:N[:ease]`: the latest review fell within the last `days` days (today is day 1), with
  /// `rating` when given. quizline keeps each card's latest review only (Anki searches its whole log).
  case rated(days: Int, rating: Rating?)
  /// `introduced:N`: the first review fell within the last `days` days.
  case introduced(days: Int)
  /// `-term`
  case not(CardQuery)
  case and([CardQuery])
  case or([CardQuery])
}

/// The values of `is:`.
public enum CardStateFilter: String, Sendable, Equatable, CaseIterable {
  /// Never scheduled (Anki's type new).
  case new
  /// In the learning or relearning steps (Anki's learning queues).
  case learn
  /// Graduated: review or relearning (Anki's types review and relearn).
  case review
  /// Due now: what `review` would ask (neither suspended nor buried).
  case due
  case suspended, buried, leech, flagged
}

/// The fields of `prop:`.
public enum CardProperty: String, Sendable, Equatable, CaseIterable {
  /// Days from today to the due day (negative: overdue).
  case due
  /// The interval in days: from the latest review to the due day.
  case ivl
  case reps, lapses
  /// Difficulty as Anki shows it, 0…1: (D − 1) / 9.
  case d
  /// Stability in days.
  case s
  /// Retrievability now, 0…1.
  case r

  /// Whether the field takes whole numbers only.
  var isWhole: Bool { self == .due || self == .ivl || self == .reps || self == .lapses }
}

/// A comparison of `prop:`.
public enum Comparison: String, Sendable, Equatable, CaseIterable {
  case equal = "="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="

  func holds(_ a: Double, _ b: Double) -> Bool {
    switch self {
    case .equal: a == b
    case .notEqual: a != b
    case .less: a < b
    case .lessOrEqual: a <= b
    case .greater: a > b
    case .greaterOrEqual: a >= b
    }
  }
}

/// Text to find, lower case, where `*` stands for any text: the literal pieces between the stars.
public struct TextPattern: Sendable, Equatable {
  /// The pieces in order; `n` pieces have `n - 1` stars between them.
  public var pieces: [String]

  public init(pieces: [String]) { self.pieces = pieces.map { $0.lowercased() } }

  /// A pattern without stars.
  public init(_ literal: String) { self.init(pieces: [literal]) }

  /// Whether the pattern covers all of `text` (already lower case).
  func matchesWhole(_ text: String) -> Bool { Self.match(pieces[...], Substring(text), anchoredStart: true, end: true) }

  /// Whether the pattern occurs somewhere in `text` (already lower case).
  func occurs(in text: String) -> Bool { Self.match(pieces[...], Substring(text), anchoredStart: false, end: false) }

  private static func match(_ pieces: ArraySlice<String>, _ text: Substring, anchoredStart: Bool, end: Bool) -> Bool {
    guard let first = pieces.first else { return true }
    if pieces.count == 1 {
      if anchoredStart && end { return text == first }
      if anchoredStart { return text.hasPrefix(first) }
      if end { return text.hasSuffix(first) }
      return first.isEmpty || text.contains(first)
    }
    if anchoredStart {
      guard text.hasPrefix(first) else { return false }
      return match(pieces.dropFirst(), text.dropFirst(first.count), anchoredStart: false, end: end)
    }
    // Unanchored: the earliest occurrence of the first piece leaves the most room for the rest.
    guard !first.isEmpty else { return match(pieces.dropFirst(), text, anchoredStart: false, end: end) }
    guard let after = Self.endOfFirst(first, in: text) else { return false }
    return match(pieces.dropFirst(), text[after...], anchoredStart: false, end: end)
  }

  /// Where the first occurrence of `piece` (not empty) in `text` ends.
  private static func endOfFirst(_ piece: String, in text: Substring) -> Substring.Index? {
    var i = text.startIndex
    while i < text.endIndex {
      if text[i...].hasPrefix(piece) { return text.index(i, offsetBy: piece.count) }
      i = text.index(after: i)
    }
    return nil
  }
}

/// A query that could not be read: where (1-based column in the query) and what is wrong.
public struct CardQueryError: Error, Sendable, Equatable, CustomStringConvertible {
  public var column: Int
  public var message: String

  public init(column: Int, message: String) {
    self.column = column
    self.message = message
  }

  /// `1:COLUMN: message` (the query is one line).
  public var description: String { "1:\(column): \(message)" }
}
