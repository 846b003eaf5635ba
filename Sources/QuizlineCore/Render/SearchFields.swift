/// The parts of a question `search` looks at, each named for the result line: the prompt (and
/// title) first, then the choices and items, the answers, the explanation and the hint.
enum SearchFields {
  /// (where, text) pairs of `q`, in the order a match is reported (the first that matches).
  static func of(_ q: Question) -> [(String, String)] {
    var fields: [(String, String)] = [("prompt", q.prompt)]
    if let title = q.title { fields.append(("prompt", title)) }
    switch q.body {
    case .single(let choices, _), .multiple(let choices, _):
      fields += choices.map { ("choices", $0.text) }
      fields += choices.compactMap { c in c.feedback.map { ("feedback", $0) } }
    case .truefalse(_, let ft, let ff):
      fields += [ft, ff].compactMap { $0.map { ("feedback", $0) } }
    case .text(let accept, _, let other):
      fields += accept.map { ("answers", $0.text) }
      fields += (accept.compactMap(\.feedback) + [other].compactMap { $0 }).map { ("feedback", $0) }
    case .numeric(_, let unit, let other):
      fields += [unit].compactMap { $0.map { ("answers", $0) } }
      fields += [other].compactMap { $0.map { ("feedback", $0) } }
    case .matching(let pairs, let distractors):
      fields += pairs.flatMap { [("choices", $0.left), ("choices", $0.right)] }
      fields += distractors.map { ("choices", $0) }
    case .ordering(let items):
      fields += items.map { ("choices", $0) }
    case .cloze(let text, let gaps):
      fields.append(("prompt", text))
      fields += gaps.flatMap { $0.accept.map { ("answers", $0.text) } }
    case .flashcard(let back):
      fields.append(("answers", back))
    case .openEnded(let model, let points):
      fields += [("answers", model)] + points.map { ("answers", $0) }
    }
    fields.append(("explanation", q.explanation))
    if let hint = q.hint { fields.append(("hint", hint)) }
    return fields
  }

  /// Where `needle` (lower case) first appears in `q`, or nil.
  static func match(_ q: Question, _ needle: String) -> String? {
    of(q).first { $0.1.lowercased().contains(needle) }?.0
  }
}
