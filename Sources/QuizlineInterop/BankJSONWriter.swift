import QuizlineCore
import QuizlineFormats

/// Writes a ``Bank`` (or a ``StudySession``) as quizline's JSON file format (ARCHITECTURE.md, "File
/// formats"): pretty-printed, keys in the documented order, keys with default values left out, so that
/// `quizline check` reads back what was written.
///
/// Built on ``JSONText`` (hand-written: `JSONSerialization` is slow to write and does not keep key order).
public enum BankJSONWriter {
  /// The bank file's text, ending with a newline.
  public static func json(_ bank: Bank) -> String { String(decoding: bytes(bank), as: UTF8.self) }

  /// The study session file's text, ending with a newline.
  public static func json(_ session: StudySession) -> String { String(decoding: bytes(session), as: UTF8.self) }

  /// ``json(_:)-(Bank)``'s text as UTF-8 bytes, made without a `String`.
  public static func bytes(_ bank: Bank) -> [UInt8] { fileBytes(value(bank)) }

  /// ``json(_:)-(StudySession)``'s text as UTF-8 bytes.
  public static func bytes(_ session: StudySession) -> [UInt8] { fileBytes(value(session)) }

  private static func fileBytes(_ value: JSONText) -> [UInt8] {
    var out = value.renderedBytes(pretty: true)
    out.append(0x0A)
    return out
  }

  static func value(_ bank: Bank) -> JSONText {
    var keys: [(String, JSONText)] = [
      ("kind", .string("bank")), ("schemaVersion", .int(1)), ("id", .string(bank.id)),
      ("title", .string(bank.title)),
    ]
    if !bank.description.isEmpty { keys.append(("description", .string(bank.description))) }
    if bank.version != "1" { keys.append(("version", .string(bank.version))) }
    if !bank.tags.isEmpty { keys.append(("tags", strings(bank.tags))) }
    keys.append(("questions", .array(bank.questions.map(value))))
    return .object(keys)
  }

  static func value(_ q: Question) -> JSONText {
    var keys: [(String, JSONText)] = [
      ("id", .string(q.id)), ("type", .string(q.typeName)), ("prompt", .string(q.prompt)),
    ]
    if case .flashcard = q.body, q.explanation.isEmpty {
    } else {
      keys.append(("explanation", .string(q.explanation)))
    }
    if let t = q.title { keys.append(("title", .string(t))) }
    if let h = q.hint { keys.append(("hint", .string(h))) }
    if !q.tags.isEmpty { keys.append(("tags", strings(q.tags))) }
    if let d = q.difficulty { keys.append(("difficulty", .string(d.rawValue))) }
    if let s = q.source {
      keys.append(("source", .object(sourceKeys(s))))
    }
    if let n = q.note { keys.append(("note", .string(n))) }
    switch q.body {
    case .single(let choices, let answer):
      keys += [("choices", .array(choices.map(value))), ("answer", .string(letter(answer)))]
    case .multiple(let choices, let answers):
      keys += [
        ("choices", .array(choices.map(value))),
        ("answers", .array(answers.map { .string(letter($0)) })),
      ]
    case .truefalse(let answer, let ft, let ff):
      keys.append(("answer", .bool(answer)))
      var fb: [(String, JSONText)] = []
      if let ft { fb.append(("true", .string(ft))) }
      if let ff { fb.append(("false", .string(ff))) }
      if !fb.isEmpty { keys.append(("feedback", .object(fb))) }
    case .text(let accept, let ignorePunctuation, let other):
      keys.append(("accept", .array(accept.map(value))))
      if ignorePunctuation { keys.append(("ignorePunctuation", .bool(true))) }
      if let other { keys.append(("otherFeedback", .string(other))) }
    case .numeric(let accept, let unit, let other):
      keys.append(("accept", .array(accept.map(value))))
      if let unit { keys.append(("unit", .string(unit))) }
      if let other { keys.append(("otherFeedback", .string(other))) }
    case .matching(let pairs, let distractors):
      keys.append(
        (
          "pairs",
          .array(pairs.map { .object([("left", .string($0.left)), ("right", .string($0.right))]) })
        ))
      if !distractors.isEmpty { keys.append(("distractors", strings(distractors))) }
    case .ordering(let items):
      keys.append(("items", strings(items)))
    case .cloze(let text, let gaps):
      keys.append(("text", .string(text)))
      keys.append(
        (
          "gaps",
          .array(
            gaps.map { gap in
              var g: [(String, JSONText)] = [("accept", .array(gap.accept.map(value)))]
              if gap.ignorePunctuation { g.append(("ignorePunctuation", .bool(true))) }
              return .object(g)
            })
        ))
    case .flashcard(let back):
      keys.append(("back", .string(back)))
    case .openEnded(let model, let keyPoints):
      keys.append(("modelAnswer", .string(model)))
      if !keyPoints.isEmpty { keys.append(("keyPoints", strings(keyPoints))) }
    }
    return .object(keys)
  }

  /// A plain string when the choice has nothing but text.
  static func value(_ c: Choice) -> JSONText {
    guard c.feedback != nil || c.credit != nil else { return .string(c.text) }
    var keys: [(String, JSONText)] = [("text", .string(c.text))]
    if let f = c.feedback { keys.append(("feedback", .string(f))) }
    if let credit = c.credit { keys.append(("credit", .double(credit))) }
    return .object(keys)
  }

  static func value(_ a: TextAnswer) -> JSONText {
    guard a.credit != 1 || a.feedback != nil else { return .string(a.text) }
    var keys: [(String, JSONText)] = [("text", .string(a.text))]
    if a.credit != 1 { keys.append(("credit", .double(a.credit))) }
    if let f = a.feedback { keys.append(("feedback", .string(f))) }
    return .object(keys)
  }

  static func value(_ a: NumericAnswer) -> JSONText {
    var keys: [(String, JSONText)]
    switch a.match {
    case .value(let v, let tolerance):
      keys = [("value", .double(v))]
      if tolerance != 0 { keys.append(("tolerance", .double(tolerance))) }
    case .range(let lo, let hi):
      keys = [("min", .double(lo)), ("max", .double(hi))]
    }
    if a.credit != 1 { keys.append(("credit", .double(a.credit))) }
    if let f = a.feedback { keys.append(("feedback", .string(f))) }
    return .object(keys)
  }

  static func value(_ s: StudySession) -> JSONText {
    var keys: [(String, JSONText)] = [
      ("kind", .string("session")), ("schemaVersion", .int(1)), ("id", .string(s.id)),
      ("title", .string(s.title)),
      ("objectives", strings(s.objectives)), ("estimatedMinutes", .int(s.estimatedMinutes)),
      ("body", .array(s.body.map(value))),
    ]
    if !s.keyTerms.isEmpty {
      keys.append(
        (
          "keyTerms",
          .array(
            s.keyTerms.map {
              .object([("term", .string($0.term)), ("definition", .string($0.definition))])
            })
        ))
    }
    if let c = s.checkpoint {
      var cp: [(String, JSONText)] = [("questions", strings(c.questions.map(\.description)))]
      if c.passPercent != 80 { cp.append(("passPercent", .int(c.passPercent))) }
      keys.append(("checkpoint", .object(cp)))
    }
    if s.completion != .manual { keys.append(("completion", .string(s.completion.rawValue))) }
    if !s.sources.isEmpty {
      keys.append(
        (
          "sources",
          .array(
            s.sources.map {
              .object(sourceKeys($0))
            })
        ))
    }
    return .object(keys)
  }

  /// One block of a session's body, as `schemas/session.schema.json` has it.
  static func value(_ block: BodyBlock) -> JSONText {
    switch block {
    case .heading(let t): return .object([("heading", .string(t))])
    case .paragraph(let t): return .object([("paragraph", .string(t))])
    case .bullets(let items): return .object([("bullets", strings(items))])
    case .numbered(let items, let start):
      return .object([("numbered", strings(items))] + (start == 1 ? [] : [("start", JSONText.int(start))]))
    case .table(let header, let rows):
      var table: [(String, JSONText)] = [("header", strings(header))]
      if !rows.isEmpty { table.append(("rows", .array(rows.map(strings)))) }
      return .object([("table", .object(table))])
    case .quote(let blocks): return .object([("quote", .array(blocks.map(value)))])
    case .code(let code, let language):
      return .object([("code", .string(code))] + (language.map { [("language", JSONText.string($0))] } ?? []))
    }
  }

  /// A source reference's keys, the learner-facing title and section before the seed file name.
  private static func sourceKeys(_ s: SourceReference) -> [(String, JSONText)] {
    (s.title.map { [("title", JSONText.string($0))] } ?? []) + [
      ("section", .string(s.section)), ("file", .string(s.file)),
    ]
  }

  private static func strings(_ items: [String]) -> JSONText { .array(items.map { .string($0) }) }
  private static func letter(_ i: Int) -> String { String(UnicodeScalar(UInt8(97 + i))) }
}
