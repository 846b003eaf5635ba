import QuizlineCore

/// Decodes a bank file's root object into a ``Bank``, reporting every problem it finds.
struct BankDecoder {
  let context: DecodeContext

  /// Every key a question may have, whatever its type (for "did you mean" across types).
  static let commonQuestionKeys = [
    "id", "type", "title", "prompt", "explanation", "hint", "tags", "difficulty", "source", "note",
  ]

  /// `QuestionKind(rawValue:)` by the same comparisons, without the standard library's string
  /// switch (about 570 instructions a call, 1.3 % of loading a large bank).
  static func kind(named name: String) -> QuestionKind? { kinds.first { $0.rawValue == name } }
  private static let kinds = QuestionKind.allCases
  private static let difficulties = Difficulty.allCases

  func decode(_ reader: inout ObjectReader) -> Bank? {
    let id = decodeID(&reader, key: "id", what: "bank")
    let title = reader.string("title", required: true)
    let description = reader.string("description", nonEmpty: false) ?? ""
    let version = reader.string("version") ?? "1"
    let tags = reader.ids("tags") ?? []
    // Walked on the tape: a list of 100,000 values would only add to the peak memory.
    let items = reader.arrayValue("questions", required: true)
    let itemCount = items.map { Int($0.node.count) } ?? 0
    reader.reportUnknownKeys(ignoring: ["$schema", "kind", "schemaVersion"])

    var questions: [Question] = []
    questions.reserveCapacity(itemCount)
    var seenIDs = QuestionIDTable(capacity: itemCount)
    var strings = ShortStringCache()
    items?.forEachElement { n, item in
      // Most questions are read in one pass off the tape; the general path reads what that declines.
      guard let question = QuestionFastPath.decode(item, strings: &strings) ?? decodeQuestion(item, position: n + 1)
      else { return }
      if let first = seenIDs.firstPosition(of: question.id, recording: n + 1) {
        context.error(
          item,
          "duplicate question id \(quoted(question.id)): question \(first) already uses it; ids must be unique in a bank"
        )
        return
      }
      questions.append(question)
    }
    if itemCount == 0, reader.has("questions") {
      context.warning(reader.object, "bank has no questions")
    }
    guard let id, let title else { return nil }
    return Bank(id: id, title: title, description: description, version: version, tags: tags, questions: questions)
  }

  /// Reads an id-valued key and validates it; nil (with an error) when missing or invalid.
  func decodeID(_ reader: inout ObjectReader, key: StaticString, what: String) -> String? {
    guard let v = reader.required(key) else { return nil }
    guard let s = reader.text(v, key: key, nonEmpty: false) else { return nil }
    if let problem = Identifier.problem(s) {
      context.error(v, "\(what) id \(quoted(s)) is not valid: \(problem)")
      return nil
    }
    return s
  }

  /// The question `item` read by the general path, the home of the rules and their messages.
  func decodeQuestion(_ item: TapeValue, position: Int) -> Question? {
    guard var q = ObjectReader(item, context: context, part: .numbered("question", position), of: nil) else {
      return nil
    }
    return decodeQuestion(&q, position: position)
  }

  /// Whether an explanation is blank, which is warned about (a printable ASCII byte in a literal
  /// without escapes, the parser's flag, is never part of a whitespace character: the Unicode
  /// look-up is needed only without one).
  static func isBlankExplanation(_ v: TapeValue, _ explanation: String) -> Bool {
    let printable = !v.node.hasEscapes && v.node.stringFlags.contains(.printable)
    return !printable && explanation.allSatisfy(\.isWhitespace)
  }

  private func decodeQuestion(_ q: inout ObjectReader, position: Int) -> Question? {
    let id = decodeID(&q, key: "id", what: "question")
    if let id { q.rename(.named("question", id)) }
    let kind: QuestionKind?
    if let v = q.required("type") {
      if let s = q.text(v, key: "type"), let k = Self.kind(named: s) {
        kind = k
      } else {
        let s = v.string ?? ""
        var message = "unknown question type \(quoted(s)) in \(q.what)"
        if let suggestion = closestMatch(to: s, in: QuestionKind.allCases.map(\.rawValue)) {
          message += "; did you mean \(quoted(suggestion))?"
        }
        message += " Allowed: " + QuestionKind.allCases.map(\.rawValue).joined(separator: ", ")
        if v.kind == .string { context.error(v, message) }
        kind = nil
      }
    } else {
      kind = nil
    }
    let title = q.string("title")
    let prompt = q.string("prompt", required: true)
    var explanation: String?
    if kind == .flashcard {
      explanation = q.string("explanation", nonEmpty: false) ?? ""
    } else if let v = q.required("explanation") {
      explanation = q.text(v, key: "explanation", nonEmpty: false)
      if let e = explanation, Self.isBlankExplanation(v, e) {
        context.warning(v, "\(q.what) has an empty explanation; say why the answer is right")
      }
    }
    let hint = q.string("hint")
    let tags = q.ids("tags") ?? []
    var difficulty: Difficulty?
    if let v = q.value("difficulty"), let s = q.text(v, key: "difficulty") {
      difficulty = Self.difficulties.first { $0.rawValue == s }
      if difficulty == nil {
        context.error(v, "difficulty \(quoted(s)) in \(q.what) is not allowed; use easy, medium or hard")
      }
    }
    let source = decodeSource(&q)
    var note: String?
    if let v = q.value("note"), let s = q.text(v, key: "note", nonEmpty: false) {
      if let problem = Identifier.problem(s) {
        context.error(v, "note \(quoted(s)) of \(q.what) is not a valid id: \(problem)")
      } else {
        note = s
      }
    }
    var body: QuestionBody?
    if let kind {
      body = QuestionBodyDecoder(context: context).decode(kind, &q)
    }
    q.reportUnknownKeys()
    guard let id, let prompt, let explanation, let body else { return nil }
    return Question(
      id: id, title: title, prompt: prompt, explanation: explanation, hint: hint, tags: tags,
      difficulty: difficulty, source: source, note: note, body: body)
  }

  private func decodeSource(_ q: inout ObjectReader) -> SourceReference? {
    guard let v = q.value("source") else { return nil }
    return decodeSourceReference(v, context: context, part: .text("source"), of: q.subject)
  }
}

/// Decodes a `{"title"?, "section", "file"}` object.
func decodeSourceReference(_ v: TapeValue, context: DecodeContext, part: String, of parent: String? = nil)
  -> SourceReference?
{
  decodeSourceReference(v, context: context, part: .text(part), of: parent.map(ObjectReader.Subject.text))
}

/// The same, with the names in parts.
func decodeSourceReference(
  _ v: TapeValue, context: DecodeContext, part: ObjectReader.Subject, of parent: ObjectReader.Subject?
) -> SourceReference? {
  guard var s = ObjectReader(v, context: context, part: part, of: parent) else { return nil }
  let title = s.string("title")
  let file = s.string("file", required: true)
  let section = s.string("section", required: true)
  s.reportUnknownKeys()
  guard let file, let section else { return nil }
  return SourceReference(file: file, section: section, title: title)
}
