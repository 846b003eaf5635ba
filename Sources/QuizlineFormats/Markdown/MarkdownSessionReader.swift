import QuizlineCore

/// Reads a `kind: session` Markdown file (docs/markdown-format.md, "Sessions") into a
/// ``StudySession``, with the checks a JSON session gets and every diagnostic at the file's line
/// and column.
///
/// The front matter gives the id, title, objectives, minutes, completion rule, checkpoint, pass
/// mark and sources; the body's Markdown gives the blocks, and a `## Key terms` section the key
/// terms (``MarkdownSessionBody``).
public enum MarkdownSessionReader {
  /// The front-matter keys of a session, in the order the writer puts them.
  public static let keys = [
    "kind", "id", "title", "minutes", "objectives", "completion", "checkpoint", "pass", "sources",
  ]

  /// JSON names people may carry over, and the key that says the same.
  static let jsonNames = [
    "estimatedMinutes": "minutes", "passPercent": "pass", "keyTerms": "a \"## Key terms\" section",
  ]

  /// The session of a Markdown file whose front matter (already read from `text`) says
  /// `kind: session`, and the positions of its checkpoint questions for the cross-file checks; nil
  /// when an error was reported in `context`.
  public static func read(text: String, frontMatter: FrontMatter, context: DecodeContext)
    -> (StudySession, SessionReferences)?
  {
    let r = FrontMatterReader(context: context, frontMatter: frontMatter)
    let errorsBefore = context.diagnostics.filter { $0.severity == .error }.count
    r.checkControlCharacters(text)
    for entry in frontMatter.entries where !keys.contains(entry.key) {
      var message =
        "unknown front-matter key \(quoted(entry.key)) in a session; the keys are \(keys.joined(separator: ", "))"
      if let name = jsonNames[entry.key] {
        message += "; \(quoted(entry.key)) is what JSON calls \(name)"
      } else if let m = closestMatch(to: entry.key, in: keys) {
        message += "; did you mean \(quoted(m))?"
      }
      r.error(entry.keyAt, message)
    }
    if let kind = frontMatter.entry("kind"), kind.text != "session" {
      r.error(kind.valueAt, "this reader reads sessions, and the file says kind: \(quoted(kind.text))")
    }
    let id = r.id()
    let what = id.map { "session \(quoted($0))" } ?? "the session"
    let title = r.text("title", what: what)
    let minutes = r.integer("minutes", what: what, in: 1...240, meaning: "a whole number of minutes")
    let objectives = r.list("objectives", what: what, meaning: "what the learner can do afterwards")
    let completion = r.completion(what: what)
    var references = SessionReferences()
    let checkpoint = r.checkpoint(what: what, completion: completion, references: &references)
    let sources = r.sources(what: what)

    let body = MarkdownSessionBody.read(
      FrontMatterParser.blankingFrontMatter(text, closingLine: frontMatter.closingLine), title: title,
      afterLine: frontMatter.closingLine, what: what, report: r.error, warn: r.warning)
    let errorsAfter = context.diagnostics.filter { $0.severity == .error }.count
    guard errorsAfter == errorsBefore, let id, let title, let minutes, let objectives else { return nil }
    let session = StudySession(
      id: id, title: title, objectives: objectives, estimatedMinutes: minutes, body: body.blocks,
      keyTerms: body.keyTerms, checkpoint: checkpoint, completion: completion ?? .manual, sources: sources)
    return (session, references)
  }

  /// A whole file read on its own (front matter included): the session, or nil, and the
  /// diagnostics (for `convert` and tests; the catalog reads the front matter first and calls
  /// ``read(text:frontMatter:context:)``).
  public static func decode(text: String, path: String) -> (StudySession?, [Diagnostic]) {
    let context = DecodeContext(path: path, bytes: Array(text.utf8))
    do {
      guard let frontMatter = try FrontMatterParser.parse(text) else {
        context.error(
          at: 0, "a session file starts with front matter: a line ---, then kind: session and its keys, then ---")
        return (nil, context.diagnostics)
      }
      return (read(text: text, frontMatter: frontMatter, context: context)?.0, context.diagnostics)
    } catch {
      context.error(at: MarkdownSource(bytes: context.bytes).offset(error.at), error.message)
      return (nil, context.diagnostics)
    }
  }
}
