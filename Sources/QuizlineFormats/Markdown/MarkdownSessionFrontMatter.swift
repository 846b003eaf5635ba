import QuizlineCore

/// The front-matter values of a Markdown session, each checked as the JSON decoder checks its key,
/// errors placed at the value (or the key) with what is allowed.
struct FrontMatterReader {
  let context: DecodeContext
  let frontMatter: FrontMatter
  let offsets: MarkdownSource

  init(context: DecodeContext, frontMatter: FrontMatter) {
    self.context = context
    self.frontMatter = frontMatter
    self.offsets = MarkdownSource(bytes: context.bytes)
  }

  func error(_ at: SourcePoint, _ message: String) { context.error(at: offsets.offset(at), message) }
  func warning(_ at: SourcePoint, _ message: String) { context.warning(at: offsets.offset(at), message) }

  /// Where a missing key would go: the closing `---` line.
  private var closing: SourcePoint { SourcePoint(line: frontMatter.closingLine, column: 1) }

  /// Control characters (other than tab and line ends) anywhere in the file: JSON refuses them in
  /// every string, so a Markdown session does too.
  func checkControlCharacters(_ text: String) {
    var offset = 0
    for scalar in text.unicodeScalars {
      if isControl(scalar), scalar != "\n", scalar != "\t", scalar != "\r" {
        context.error(
          at: offset, "control character U+\(hex4(scalar.value)) in the file; only newline and tab are allowed")
      }
      offset += UTF8.width(scalar)
    }
  }

  func id() -> String? {
    guard let entry = frontMatter.entry("id") else {
      var message = "the session has no id: add a line \"id: …\" (lower-case letters, digits and -)"
      if let suggestion = idFromFileName(context.path) { message += ", for example id: \(suggestion)" }
      error(closing, message)
      return nil
    }
    guard let id = single(entry, what: "the session") else { return nil }
    if let problem = Identifier.problem(id) {
      error(entry.valueAt, "session id \(quoted(id)) is not valid: \(problem)")
      return nil
    }
    return id
  }

  /// The one-line value of a required key.
  func text(_ key: String, what: String) -> String? {
    guard let entry = frontMatter.entry(key) else {
      error(closing, "\(what) is missing \(quoted(key + ":")) in its front matter")
      return nil
    }
    return single(entry, what: what)
  }

  private func single(_ entry: FrontMatter.Entry, what: String) -> String? {
    switch entry.value {
    case .text(let t) where !t.allSatisfy(\.isWhitespace): return t
    case .text, .list([]):
      error(entry.keyAt, "\(quoted(entry.key + ":")) in \(what) has no value; write it on the same line")
    case .list:
      error(entry.keyAt, "\(quoted(entry.key + ":")) in \(what) is one line of text, not a list")
    }
    return nil
  }

  func integer(_ key: String, what: String, in range: ClosedRange<Int>, meaning: String) -> Int? {
    guard let entry = frontMatter.entry(key) else {
      error(
        closing,
        "\(what) is missing \(quoted(key + ":")) in its front matter (\(meaning), \(range.lowerBound) to \(range.upperBound))"
      )
      return nil
    }
    guard let text = single(entry, what: what) else { return nil }
    guard let n = Int(text), range.contains(n) else {
      error(
        entry.valueAt,
        "\(quoted(key + ":")) in \(what) must be \(meaning) from \(range.lowerBound) to \(range.upperBound), found \(quoted(text))"
      )
      return nil
    }
    return n
  }

  /// The items of a list key (one per `- item` line, or comma-separated on the key's line), with
  /// where each is written.
  func items(_ entry: FrontMatter.Entry) -> [FrontMatter.Item] {
    guard case .text(let t) = entry.value else { return entry.items }
    var out: [FrontMatter.Item] = []
    var column = entry.valueAt.column
    for part in t.split(separator: ",", omittingEmptySubsequences: false) {
      let lead = part.prefix { $0 == " " || $0 == "\t" }.utf8.count
      let item = part.trimmingSpaces
      if !item.isEmpty {
        out.append(FrontMatter.Item(text: item, at: SourcePoint(line: entry.valueAt.line, column: column + lead)))
      }
      column += part.utf8.count + 1
    }
    return out
  }

  func list(_ key: String, what: String, meaning: String) -> [String]? {
    guard let entry = frontMatter.entry(key), !items(entry).isEmpty else {
      let at = frontMatter.entry(key)?.keyAt ?? closing
      error(at, "\(what) has no \(key) (\(meaning)): write \(key): and then one \"  - item\" line each")
      return nil
    }
    return items(entry).map(\.text)
  }

  func completion(what: String) -> CompletionRule? {
    guard let entry = frontMatter.entry("completion"), let text = single(entry, what: what) else { return nil }
    guard let rule = CompletionRule(rawValue: text) else {
      error(
        entry.valueAt, "completion rule \(quoted(text)) in \(what) is not allowed; use \"manual\" or \"checkpoint\"")
      return nil
    }
    return rule
  }

  func checkpoint(what: String, completion: CompletionRule?, references: inout SessionReferences) -> Checkpoint? {
    let pass = frontMatter.entry("pass")
    guard let entry = frontMatter.entry("checkpoint") else {
      if completion == .checkpoint, let c = frontMatter.entry("completion") {
        error(c.valueAt, "\(what) uses the \"checkpoint\" completion rule but has no \"checkpoint:\" list of questions")
      }
      if let pass {
        error(pass.keyAt, "\"pass:\" is the pass mark of a checkpoint, and \(what) has no \"checkpoint:\" list")
      }
      return nil
    }
    var refs: [QuestionRef] = []
    let written = items(entry)
    if written.isEmpty {
      error(entry.keyAt, "\"checkpoint:\" in \(what) lists no questions; write bank-id/question-id, comma-separated")
    }
    for item in written {
      guard let ref = QuestionRef(item.text), Identifier.isValid(ref.bank), Identifier.isValid(ref.question) else {
        error(item.at, "checkpoint question \(quoted(item.text)) must be written \"bank-id/question-id\"")
        continue
      }
      if refs.contains(ref) {
        error(item.at, "checkpoint question \(quoted(item.text)) is listed twice")
        continue
      }
      refs.append(ref)
      references.checkpoint.append(Located(value: ref, offset: offsets.offset(item.at)))
    }
    var percent = 80
    if let pass {
      if let text = single(pass, what: what), let n = Int(text.hasSuffix("%") ? String(text.dropLast()) : text),
        (1...100).contains(n)
      {
        percent = n
      } else if case .text(let text) = pass.value {
        error(pass.valueAt, "\"pass:\" in \(what) must be a whole percent from 1 to 100, found \(quoted(text))")
      }
    }
    guard !refs.isEmpty else { return nil }
    return Checkpoint(questions: refs, passPercent: percent)
  }

  func sources(what: String) -> [SourceReference] {
    guard let entry = frontMatter.entry("sources") else { return [] }
    var out: [SourceReference] = []
    for item in items(entry) {
      let parts = item.text.split(separator: "|", omittingEmptySubsequences: false).map(\.trimmingSpaces)
      guard parts.count == 2 || parts.count == 3, !parts.contains(where: \.isEmpty) else {
        error(
          item.at,
          "source \(quoted(item.text)) of \(what) must be written \"file | section\" or \"file | section | title\"")
        continue
      }
      out.append(SourceReference(file: parts[0], section: parts[1], title: parts.count == 3 ? parts[2] : nil))
    }
    return out
  }
}

/// The id a file's name would give (`Previews that pay off.md` → `previews-that-pay-off`), if any.
func idFromFileName(_ path: String) -> String? {
  var name = Substring(path.split(separator: "/").last ?? "")
  if let dot = name.lastIndex(of: ".") { name = name[..<dot] }
  var id = ""
  for c in name.lowercased() {
    if c.isASCII && (c.isLetter || c.isNumber) {
      id.append(c)
    } else if !id.isEmpty, id.last != "-" {
      id.append("-")
    }
  }
  while id.last == "-" { id.removeLast() }
  let cut = String(id.prefix(64))
  return Identifier.isValid(cut) ? cut : nil
}
