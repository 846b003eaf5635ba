import Testing

@testable import QuizlineCore

/// The syntax shown under a question and echoed in errors: it must parse, and must not give the answer away.
@Suite struct SyntaxHintTests {
  /// The example after "e.g." in a hint or error, without the final full stop.
  static func example(in text: String) -> String? {
    guard let range = text.range(of: "e.g. ") else { return nil }
    var rest = String(text[range.upperBound...])
    if let dot = rest.firstIndex(of: ".") { rest = String(rest[..<dot]) }
    return rest
  }

  static func ordering(id: String, count: Int) -> Question {
    Question(
      id: id, prompt: "Order", explanation: "",
      body: .ordering(items: (0..<count).map { "item \($0)" }))
  }

  @Test func orderingExampleIsNeverTheRightAnswer() throws {
    var questions = [try #require(fixtureCatalog.question(sample("ordering-layout")))]
    for n in 2...6 {
      for k in 0..<60 { questions.append(Self.ordering(id: "q\(k)-\(n)", count: n)) }
    }
    for q in questions {
      let example = try #require(Self.example(in: AnswerParser.syntaxHint(for: q)))
      guard case .success(let response) = AnswerParser.parse(example, for: q) else {
        Issue.record("the example \(example) of \(q.id) does not parse")
        continue
      }
      #expect(
        Grader.grade(response, for: q).score < 1,
        "\(q.id): the example \(example) is the right answer")
    }
  }

  @Test func matchingErrorEchoesTheSameExampleAsTheHint() throws {
    let q = try #require(fixtureCatalog.question(sample("matching-wrappers")))
    guard case .failure(let error) = AnswerParser.parse("1a 1b", for: q) else {
      Issue.record("1a 1b parsed")
      return
    }
    let hint = try #require(Self.example(in: AnswerParser.syntaxHint(for: q)))
    #expect(Self.example(in: error.message) == hint)
    guard case .success = AnswerParser.parse(hint, for: q) else {
      Issue.record("the example \(hint) does not parse")
      return
    }
  }
}
