extension CardRow {
  /// The row as `quizline cards --json` writes it (`schemas/cards.schema.json`): the question's
  /// one-line text is given, as the catalog holds it.
  public func json(question: String) -> JSONText {
    func number(_ x: Double?) -> JSONText { x.map { .double($0) } ?? .null }
    return .object([
      ("ref", .string(ref.description)), ("bank", .string(ref.bank)), ("question", .string(question)),
      ("state", .string(stateName)), ("phase", .string(phase.rawValue)), ("suspended", .bool(suspended)),
      ("buried", .bool(buried)), ("leech", .bool(leech)), ("flagged", .bool(flagged)),
      ("due", .optional(due?.iso8601)), ("dueInDays", dueInDays.map { .int($0) } ?? .null), ("isDue", .bool(isDue)),
      ("interval", intervalDays.map { .int($0) } ?? .null), ("difficulty", number(difficulty)),
      ("stability", number(stability)), ("retrievability", number(retrievability)), ("reviews", .int(reviews)),
      ("lapses", .int(lapses)), ("lastRating", .optional(lastRating?.name)),
      ("lastAnsweredAt", .optional(lastAnsweredAt?.iso8601)), ("firstReviewAt", .optional(firstReviewAt?.iso8601)),
    ])
  }
}

extension CardListing {
  /// The rows as a JSON array, each with its question's one-line text from `catalog`.
  public func json(_ catalog: Catalog) -> JSONText {
    .array(rows.map { $0.json(question: catalog.question($0.ref).map(CardBrowser.questionLine) ?? $0.ref.question) })
  }
}
