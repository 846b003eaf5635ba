/// A question as an xAPI `cmi.interaction` activity definition (xAPI 1.0.3, Data 2.4.4.1), and an
/// answer's typed response in that interaction's response format.
///
/// Choice and item ids are letters in the bank's own order (`a` is the first choice, the first
/// ordering item, the right-hand item of the first matching pair); matching's left items are
/// numbered from `1`. quizline shows matching and ordering items shuffled and records what the
/// learner typed against that display order, so a response is turned back into these ids with the
/// same stable display order (``Presentation``).
public struct XapiInteraction: Sendable, Equatable {
  /// xAPI's name for the interaction type (`choice`, `true-false`, `fill-in`, …).
  public var type: String
  /// Members of the definition beside `type`, `name` and `description`: `interactionType`,
  /// `correctResponsesPattern`, `choices`, `source`, `target`.
  public var members: [(String, JSONText)]

  public static func == (a: XapiInteraction, b: XapiInteraction) -> Bool {
    a.type == b.type && JSONText.object(a.members) == JSONText.object(b.members)
  }

  /// The interaction of `question` (the ten quiz types; see ARCHITECTURE.md, "xAPI").
  public init(_ question: Question) {
    let body = question.body
    switch body {
    case .single(let choices, let answer):
      self.init("choice", patterns: [Self.letter(answer)], components: [("choices", Self.components(choices))])
    case .multiple(let choices, let answers):
      self.init(
        "choice", patterns: [answers.map(Self.letter).joined(separator: "[,]")],
        components: [("choices", Self.components(choices))])
    case .truefalse(let answer, _, _):
      self.init("true-false", patterns: [answer ? "true" : "false"])
    case .text(let accept, _, _):
      self.init("fill-in", patterns: accept.filter { $0.credit >= 1 }.map { "{case_matters=false}" + $0.text })
    case .numeric(let accept, _, _):
      self.init("numeric", patterns: accept.filter { $0.credit >= 1 }.map { Self.numericPattern($0.match) })
    case .matching(let pairs, let distractors):
      let right = pairs.map(\.right) + distractors
      self.init(
        "matching", patterns: [pairs.indices.map { "\($0 + 1)[.]\(Self.letter($0))" }.joined(separator: "[,]")],
        components: [
          ("source", Self.components(pairs.map(\.left), id: { "\($0 + 1)" })),
          ("target", Self.components(right, id: Self.letter)),
        ])
    case .ordering(let items):
      self.init(
        "sequencing", patterns: [items.indices.map(Self.letter).joined(separator: "[,]")],
        components: [("choices", Self.components(items, id: Self.letter))])
    case .cloze(_, let gaps):
      let firsts = gaps.map { gap in gap.accept.first { $0.credit >= 1 }?.text ?? gap.accept.first?.text ?? "" }
      self.init("fill-in", patterns: ["{case_matters=false}" + firsts.joined(separator: "[,]")])
    case .flashcard:
      self.init("other", patterns: [])
    case .openEnded:
      self.init("long-fill-in", patterns: [])
    }
  }

  private init(_ type: String, patterns: [String], components: [(String, JSONText)] = []) {
    self.type = type
    var members: [(String, JSONText)] = [("interactionType", .string(type))]
    if !patterns.isEmpty { members.append(("correctResponsesPattern", .array(patterns.map { .string($0) }))) }
    self.members = members + components
  }

  /// `typed` (as the journal keeps it) in the interaction's response format: choice ids joined by
  /// `[,]`, matching pairs `1[.]b`, cloze gaps joined by `[,]`; self-graded answers keep their
  /// grade word. A response that no longer parses (the question changed since) is kept as typed.
  public static func response(_ typed: String, for question: Question) -> String {
    guard case .success(let response) = AnswerParser.parse(typed, for: question) else { return typed }
    switch (response, question.body) {
    case (.choice(let k), _): return letter(k)
    case (.choices(let ks), _): return ks.map(letter).joined(separator: "[,]")
    case (.bool(let b), _): return b ? "true" : "false"
    case (.text(let s), _): return s
    case (.number(let d), _): return JSONText.format(d)
    case (.matching(let picks), .matching(let pairs, let distractors)):
      let shown = Presentation.matchingRightOrder(questionID: question.id, count: pairs.count + distractors.count)
      return picks.enumerated().map { "\($0.offset + 1)[.]\(letter(shown[$0.element]))" }.joined(separator: "[,]")
    case (.ordering(let order), .ordering(let items)):
      let shown = Presentation.orderingOrder(questionID: question.id, items: items)
      return order.map { letter(shown[$0]) }.joined(separator: "[,]")
    case (.gaps(let gaps), _): return gaps.joined(separator: "[,]")
    case (.selfGraded(let grade, _), _): return grade.rawValue
    default: return typed
    }
  }

  /// `a` … `z`, then `item27`, … (answers are typed with letters, so only a question of more than 26
  /// items needs the longer ids).
  static func letter(_ k: Int) -> String { k < 26 ? choiceLetter(k) : "item\(k + 1)" }

  static func numericPattern(_ match: NumericAnswer.Match) -> String {
    switch match {
    case .value(let v, let tolerance):
      tolerance == 0 ? JSONText.format(v) : JSONText.format(v - tolerance) + "[:]" + JSONText.format(v + tolerance)
    case .range(let lo, let hi): JSONText.format(lo) + "[:]" + JSONText.format(hi)
    }
  }

  static func components(_ choices: [Choice]) -> JSONText {
    components(choices.map(\.text), id: letter)
  }

  static func components(_ texts: [String], id: (Int) -> String) -> JSONText {
    .array(
      texts.enumerated().map { k, text in
        .object([("id", .string(id(k))), ("description", XapiStatements.languageMap(text))])
      })
  }
}
