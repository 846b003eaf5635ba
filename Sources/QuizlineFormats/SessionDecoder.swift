import QuizlineCore

/// A value together with where it was written, for cross-file checks made after decoding.
public struct Located<Value> {
  var value: Value
  /// Byte offset in its file; turned into a line and column only when a diagnostic needs it.
  var offset: Int
}

/// What a session file declares about other files, kept with positions for cross-file checks.
public struct SessionReferences {
  var checkpoint: [Located<QuestionRef>] = []
}

/// Decodes a study-session file's root object into a ``StudySession``.
struct SessionDecoder {
  let context: DecodeContext

  static let blockKinds: [StaticString] = ["heading", "paragraph", "bullets", "numbered", "table", "quote", "code"]

  func decode(_ reader: inout ObjectReader) -> (StudySession, SessionReferences)? {
    let id = BankDecoder(context: context).decodeID(&reader, key: "id", what: "session")
    if let id { reader.rename("session \(quoted(id))") }
    let title = reader.string("title", required: true)
    let objectives = reader.strings("objectives", required: true, minCount: 1)
    let minutes = reader.integer("estimatedMinutes", required: true, in: 1...240)
    let body = decodeBody(&reader)
    let keyTerms = decodeKeyTerms(&reader)
    var references = SessionReferences()
    var checkpoint: Checkpoint?
    if let v = reader.value("checkpoint") {
      checkpoint = decodeCheckpoint(v, what: reader.what, references: &references)
    }
    var completion = CompletionRule.manual
    var completionNode: TapeValue?
    if let v = reader.value("completion"), let s = reader.text(v, key: "completion") {
      completionNode = v
      if let rule = CompletionRule(rawValue: s) {
        completion = rule
      } else {
        context.error(
          v, "completion rule \(quoted(s)) in \(reader.what) is not allowed; use \"manual\" or \"checkpoint\"")
      }
    }
    if completion == .checkpoint, checkpoint == nil, !reader.has("checkpoint"), let completionNode {
      context.error(
        completionNode, "\(reader.what) uses the \"checkpoint\" completion rule but has no \"checkpoint\" quiz")
    }
    var sources: [SourceReference] = []
    if let items = reader.array("sources") {
      for (n, item) in items.enumerated() {
        if let s = decodeSourceReference(item, context: context, part: "source \(n + 1)", of: reader.what) {
          sources.append(s)
        }
      }
    }
    reader.reportUnknownKeys(ignoring: ["$schema", "kind", "schemaVersion"])
    guard let id, let title, let objectives, let minutes, let body else { return nil }
    let session = StudySession(
      id: id, title: title, objectives: objectives, estimatedMinutes: minutes, body: body,
      keyTerms: keyTerms, checkpoint: checkpoint, completion: completion, sources: sources)
    return (session, references)
  }

  private func decodeBody(_ reader: inout ObjectReader) -> [BodyBlock]? {
    guard let items = reader.array("body", required: true, minCount: 1) else { return nil }
    return decodeBlocks(items, of: reader.what)
  }

  /// The blocks of a body (or of a block quote, `of` naming where they are).
  private func decodeBlocks(_ items: [TapeValue], of what: String) -> [BodyBlock] {
    var blocks: [BodyBlock] = []
    for (n, item) in items.enumerated() {
      guard var b = ObjectReader(item, context: context, what: "body block \(n + 1) of \(what)") else {
        continue
      }
      let present = Self.blockKinds.filter { b.has($0) }.map(\.description)
      guard present.count == 1, let kind = present.first else {
        let message =
          present.isEmpty
          ? "\(b.what) must have one of the keys heading, paragraph, bullets, numbered, table, quote or code"
          : "\(b.what) has \(present.joined(separator: " and ")); a block holds exactly one of heading, paragraph, bullets, numbered, table, quote, code"
        context.error(item, message)
        continue
      }
      switch kind {
      case "heading": b.string("heading").map { blocks.append(.heading($0)) }
      case "paragraph": b.string("paragraph").map { blocks.append(.paragraph($0)) }
      case "bullets": b.strings("bullets", minCount: 1).map { blocks.append(.bullets($0)) }
      case "numbered":
        let items = b.strings("numbered", minCount: 1)
        let start = b.integer("start", in: 0...999_999_999) ?? 1
        items.map { blocks.append(.numbered($0, start: start)) }
      case "table": decodeTable(&b).map { blocks.append($0) }
      case "quote":
        if let inner = b.array("quote", minCount: 1) {
          let quoted = decodeBlocks(inner, of: "the quote in \(b.what)")
          if !quoted.isEmpty { blocks.append(.quote(quoted)) }
        }
      default:
        let code = b.string("code")
        let language = b.string("language")
        code.map { blocks.append(.code($0, language: language)) }
      }
      b.reportUnknownKeys()
    }
    return blocks
  }

  /// `{"table": {"header": [cell…], "rows": [[cell…]…]}}`: every row as many cells as the header.
  private func decodeTable(_ b: inout ObjectReader) -> BodyBlock? {
    guard let v = b.value("table"), var t = ObjectReader(v, context: context, what: "the table of \(b.what)") else {
      return nil
    }
    let headerItems = t.array("header", required: true, minCount: 1)
    let header = cells(headerItems, &t)
    var rows: [[String]] = []
    for (n, row) in (t.array("rows") ?? []).enumerated() {
      guard row.kind == .array else {
        context.error(row, "row \(n + 1) of \(t.what) must be an array of cells, found \(row.kindDescription)")
        continue
      }
      let rowCells = cells(row.elements, &t) ?? []
      if let header, rowCells.count != header.count {
        context.error(
          row,
          "row \(n + 1) of \(t.what) has \(rowCells.count) cells; the header has \(header.count), and so must every row"
        )
        continue
      }
      rows.append(rowCells)
    }
    t.reportUnknownKeys()
    guard let header else { return nil }
    return .table(header: header, rows: rows)
  }

  private func cells(_ items: [TapeValue]?, _ t: inout ObjectReader) -> [String]? {
    guard let items else { return nil }
    return items.compactMap { t.text($0, key: "cells", nonEmpty: false) }
  }

  private func decodeKeyTerms(_ reader: inout ObjectReader) -> [KeyTerm] {
    guard let items = reader.array("keyTerms") else { return [] }
    var terms: [KeyTerm] = []
    var seenTerms = Set<UInt64>()
    for (n, item) in items.enumerated() {
      guard var t = ObjectReader(item, context: context, what: "key term \(n + 1) of \(reader.what)") else { continue }
      let term = t.string("term", required: true)
      let definition = t.string("definition", required: true)
      t.reportUnknownKeys()
      if let term, let definition {
        if !seenTerms.insert(comparisonKey(term)).inserted {
          context.warning(item, "key term \(quoted(term)) is listed twice in \(reader.what)")
        }
        terms.append(KeyTerm(term: term, definition: definition))
      }
    }
    return terms
  }

  private func decodeCheckpoint(_ v: TapeValue, what: String, references: inout SessionReferences) -> Checkpoint? {
    guard var c = ObjectReader(v, context: context, what: "checkpoint of \(what)") else { return nil }
    let items = c.array("questions", required: true, minCount: 1) ?? []
    let pass = c.integer("passPercent", in: 1...100) ?? 80
    c.reportUnknownKeys()
    var refs: [QuestionRef] = []
    for item in items {
      guard let text = c.text(item, key: "questions") else { continue }
      guard let ref = QuestionRef(text), Identifier.isValid(ref.bank), Identifier.isValid(ref.question) else {
        context.error(item, "checkpoint question \(quoted(text)) must be written \"bank-id/question-id\"")
        continue
      }
      if refs.contains(ref) {
        context.error(item, "checkpoint question \(quoted(text)) is listed twice")
        continue
      }
      refs.append(ref)
      references.checkpoint.append(Located(value: ref, offset: item.offset))
    }
    guard !refs.isEmpty else { return nil }
    return Checkpoint(questions: refs, passPercent: pass)
  }
}

/// Decodes a course file's root object.
struct CourseDecoder {
  let context: DecodeContext

  func decode(_ reader: inout ObjectReader) -> (Course, sessions: [Located<String>], banks: [Located<String>])? {
    let id = BankDecoder(context: context).decodeID(&reader, key: "id", what: "course")
    if let id { reader.rename("course \(quoted(id))") }
    let title = reader.string("title", required: true)
    let description = reader.string("description", nonEmpty: false) ?? ""
    let sessions = locatedIDs(&reader, key: "sessions", required: true)
    let banks = locatedIDs(&reader, key: "banks", required: false)
    reader.reportUnknownKeys(ignoring: ["$schema", "kind", "schemaVersion"])
    guard let id, let title else { return nil }
    let course = Course(
      id: id, title: title, description: description, sessions: sessions.map(\.value), banks: banks.map(\.value))
    return (course, sessions, banks)
  }

  private func locatedIDs(_ reader: inout ObjectReader, key: StaticString, required: Bool) -> [Located<String>] {
    guard let items = reader.array(key, required: required, minCount: required ? 1 : 0) else { return [] }
    var out: [Located<String>] = []
    for item in items {
      guard let s = reader.text(item, key: key, nonEmpty: false) else { continue }
      if let problem = Identifier.problem(s) {
        context.error(item, "\(quoted(s)) in \(quoted(key)) of \(reader.what) is not a valid id: \(problem)")
      } else if out.contains(where: { $0.value == s }) {
        context.error(item, "\(quoted(s)) appears twice in \(quoted(key)) of \(reader.what)")
      } else {
        out.append(Located(value: s, offset: item.offset))
      }
    }
    return out
  }
}
