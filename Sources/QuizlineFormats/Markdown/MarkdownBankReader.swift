import QuizlineCore

/// Reads a Markdown bank (`kind: bank` in its front matter; see docs/markdown-format.md) into a
/// ``Bank``, with the same checks as a JSON bank and every problem at `file.md:line:column`.
public enum MarkdownBankReader {
  /// The front matter keys of a bank.
  static let frontMatterKeys = ["kind", "id", "title", "tags", "description", "version"]

  /// Reads `bytes` as a Markdown bank. The bank is nil when the file has errors (the context
  /// holds them); the layout lists the questions that were read, in order.
  public static func read(bytes: [UInt8], path: String, hashContent: Bool = true)
    -> (bank: Bank?, layout: MarkdownBankLayout, context: DecodeContext)
  {
    let context = DecodeContext(path: path, bytes: bytes)
    guard let document = MarkdownFile(bytes: bytes, context: context) else {
      return (nil, MarkdownBankLayout(), context)
    }
    guard let front = document.frontMatter else {
      context.error(
        at: 0,
        "not a quizline file: a Markdown bank starts with front matter (a line ---, kind: bank, id:, title:, ---)")
      return (nil, MarkdownBankLayout(), context)
    }
    return read(document, front: front, context: context, hashContent: hashContent)
  }

  static func read(_ document: MarkdownFile, front: FrontMatter, context: DecodeContext, hashContent: Bool)
    -> (bank: Bank?, layout: MarkdownBankLayout, context: DecodeContext)
  {
    let header = document.header(front, knownKeys: frontMatterKeys, what: "bank")
    var tags: [String] = []
    if let entry = front.entry("tags") {
      for item in entry.items {
        if let problem = Identifier.problem(item.text) {
          document.error(item.at, "tag \(quoted(item.text)) of the bank is not a valid id: \(problem)")
        } else if tags.contains(item.text) {
          document.error(item.at, "tag \(quoted(item.text)) appears twice in the bank's tags")
        } else {
          tags.append(item.text)
        }
      }
    }
    let drafts = MarkdownCardSplitter(file: document).cards()
    var questions: [Question] = []
    questions.reserveCapacity(drafts.count)
    var layout = MarkdownBankLayout()
    layout.entries.reserveCapacity(drafts.count)
    // Explicit ids first, so that a provisional id never takes one the author wrote.
    var taken: [String: Int] = [:]
    for (n, draft) in drafts.enumerated() {
      guard let id = draft.explicitID, draft.question != nil else { continue }
      if let first = taken[id] {
        document.error(
          draft.idAt ?? draft.start,
          "duplicate question id \(quoted(id)): the question at line \(drafts[first].start.line) already uses it; ids must be unique in a bank"
        )
      } else {
        taken[id] = n
      }
    }
    var used = Set(taken.keys)
    var firstOfPair: String?
    for (n, draft) in drafts.enumerated() {
      guard var question = draft.question else {
        firstOfPair = nil
        continue
      }
      let written = draft.explicitID != nil
      if let id = draft.explicitID {
        guard taken[id] == n else { continue }
        question.id = id
      } else {
        let base = MarkdownCardIdentity.provisionalID(for: question)
        var id = base
        var n = 2
        while used.contains(id) {
          id = String(base.prefix(60)) + "-\(n)"
          n += 1
        }
        used.insert(id)
        question.id = id
      }
      // Both ways of a two-way card (`:::`, `??`) are one note, named by the forward card's id.
      if draft.secondOfPair, let first = firstOfPair, questions.last?.id == first {
        question.note = first
        questions[questions.count - 1].note = first
      }
      questions.append(question)
      layout.entries.append(
        MarkdownBankLayout.Entry(
          questionID: question.id, line: draft.start.line, idWasWritten: written,
          insertionPoint: document.source.offset(draft.insertionPoint), markerLine: draft.insertionPoint.line,
          style: draft.idStyle,
          pairedWith: draft.secondOfPair ? firstOfPair : nil))
      firstOfPair = question.id
    }
    if questions.isEmpty && !context.diagnostics.hasErrors {
      context.warning(at: 0, "bank has no questions")
    }
    guard let id = header.id, let title = header.title, !context.diagnostics.hasErrors else {
      return (nil, layout, context)
    }
    var bank = Bank(
      id: id, title: title, description: header.description, version: header.version, tags: tags,
      questions: questions)
    if hashContent { bank.contentHash = contentHash(document.source.bytes) }
    return (bank, layout, context)
  }
}
