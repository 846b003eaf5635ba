import QuizlineCore

/// Writes a ``Bank`` as a Markdown bank (docs/markdown-format.md) that ``MarkdownBankReader``
/// reads back as the same bank: every question with its explicit `{#id}`, each as a person would
/// write it where that reads back the same, else with `Type:` and its lines escaped.
public enum MarkdownBankWriter {
  /// The file's text, ending with a newline.
  public static func markdown(_ bank: Bank) -> String {
    var out = "---\nkind: bank\nid: \(bank.id)\ntitle: \(frontValue(bank.title))\n"
    if !bank.description.isEmpty { out += "description: \(frontValue(bank.description))\n" }
    if bank.version != "1" { out += "version: \(frontValue(bank.version))\n" }
    if !bank.tags.isEmpty { out += "tags: \(bank.tags.joined(separator: ", "))\n" }
    out += "---\n"
    for q in bank.questions { out += "\n" + markdown(q) }
    return out
  }

  /// One question: as plain as it reads back the same, else in the safe form.
  public static func markdown(_ question: Question) -> String {
    let plain = MarkdownQuestionWriter(safe: false).write(question)
    return readsBack(plain, as: question) ? plain : MarkdownQuestionWriter(safe: true).write(question)
  }

  private static func readsBack(_ text: String, as question: Question) -> Bool {
    let file = "---\nkind: bank\nid: check\ntitle: check\n---\n\n" + text
    let (bank, _, _) = MarkdownBankReader.read(bytes: Array(file.utf8), path: "check.md", hashContent: false)
    return bank?.questions == [question]
  }

  /// A front matter value, quoted when its ends or its first character would be lost.
  static func frontValue(_ text: String) -> String {
    let flat = text.replacing("\n", with: " ")
    if flat != flat.trimmingSpaces || flat.hasPrefix("\"") || flat.hasPrefix("'") { return "\"" + flat + "\"" }
    return flat
  }
}

/// Writes one question; `safe` adds `Type:` and escapes every line that could be read as syntax.
struct MarkdownQuestionWriter {
  let safe: Bool

  func write(_ q: Question) -> String {
    var prompt = q.prompt
    var blocks: [String] = []
    var fields: [(String, String)] = []
    switch q.body {
    case .cloze(let text, let gaps):
      let (written, extra) = cloze(text, gaps)
      blocks = [written]
      if !extra.isEmpty { blocks.append(extra.joined(separator: "\n")) }
      let punct = gaps.indices.filter { gaps[$0].ignorePunctuation }
      if punct.count == gaps.count {
        fields.append(("Ignore punctuation", "yes"))
      } else if !punct.isEmpty {
        fields.append(("Ignore punctuation", punct.map { "c\($0 + 1)" }.joined(separator: ", ")))
      }
    default:
      blocks = answer(q.body, fields: &fields)
    }
    let (heading, promptBlock) = headingAndPrompt(&prompt)
    var out = "## " + (heading.isEmpty ? "" : heading + " ") + "{#\(q.id)}\n"
    if !promptBlock.isEmpty { out += "\n" + promptBlock + "\n" }
    for b in blocks { out += "\n" + b + "\n" }
    var all: [(String, String)] = []
    if safe { all.append(("Type", q.typeName)) }
    if let t = q.title { all.append(("Title", t)) }
    if let h = q.hint { all.append(("Hint", h)) }
    all += fields
    if !q.explanation.isEmpty { all.append(("Explanation", q.explanation)) }
    if !q.tags.isEmpty { all.append(("Tags", q.tags.joined(separator: ", "))) }
    if let d = q.difficulty { all.append(("Difficulty", d.rawValue)) }
    if let s = q.source {
      all.append(("Source", ([s.file, s.section] + (s.title.map { [$0] } ?? [])).joined(separator: " | ")))
    }
    if let n = q.note { all.append(("Note id", n)) }
    if !all.isEmpty {
      out += "\n"
      for (name, value) in all { out += field(name, value) }
    }
    return out
  }

  private func field(_ name: String, _ value: String) -> String {
    let text = escape(value)
    let first = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    if !text.contains("\n") { return "\(name): \(text)\n" }
    // A value that starts with a block (code, a list) starts on its own line.
    let plain = first.first.map { $0.isLetter || $0 == "`" && !first.hasPrefix("```") } ?? false
    return plain ? "\(name): \(text)\n\n" : "\(name):\n\n\(text)\n\n"
  }

  /// The heading's text (empty when the prompt cannot be one) and the prompt's blocks below it.
  private func headingAndPrompt(_ prompt: inout String) -> (String, String) {
    let firstBreak = prompt.firstRange(of: "\n\n")
    let first = firstBreak.map { String(prompt[..<$0.lowerBound]) } ?? prompt
    let rest = firstBreak.map { String(prompt[$0.upperBound...]) } ?? ""
    let headingSafe =
      !first.isEmpty && !first.contains("\n") && first == first.trimmingSpaces && !first.hasSuffix("#")
      && !first.hasSuffix("}") && !first.hasSuffix("-->") && rest == rest.trimmingBlankLines
    if headingSafe { return (escapeLine(first, always: false), rest.isEmpty ? "" : escape(rest)) }
    return ("", escape(prompt))
  }

  // MARK: answers

  private func answer(_ body: QuestionBody, fields: inout [(String, String)]) -> [String] {
    switch body {
    case .single(let choices, let answer): return [choiceList(choices, checked: [answer])]
    case .multiple(let choices, let answers): return [choiceList(choices, checked: answers)]
    case .truefalse(let answer, let ft, let ff):
      if let ft { fields.append(("Feedback if true", ft)) }
      if let ff { fields.append(("Feedback if false", ff)) }
      return ["= \(answer)"]
    case .text(let accept, let ignore, let other):
      if ignore { fields.append(("Ignore punctuation", "yes")) }
      if let other { fields.append(("Other feedback", other)) }
      return [
        accept.map { equalsLine(escapeAnswer($0.text), credit: $0.credit, feedback: $0.feedback) }.joined(
          separator: "\n")
      ]
    case .numeric(let accept, let unit, let other):
      if let unit { fields.append(("Unit", unit)) }
      if let other { fields.append(("Other feedback", other)) }
      return [
        accept.map { a -> String in
          let text: String
          switch a.match {
          case .value(let v, let tol): text = tol == 0 ? number(v) : "\(number(v)) ± \(number(tol))"
          case .range(let lo, let hi): text = "\(number(lo))..\(number(hi))"
          }
          return equalsLine(text, credit: a.credit, feedback: a.feedback)
        }.joined(separator: "\n")
      ]
    case .matching(let pairs, let distractors):
      let lines =
        pairs.map { "- " + itemText("\($0.left) -> \($0.right)", indent: 2) }
        + distractors.map { "- -> " + itemText($0, indent: 2) }
      return [lines.joined(separator: "\n")]
    case .ordering(let items):
      return [
        items.enumerated().map { n, item in
          let marker = "\(n + 1). "
          return marker + itemText(item, indent: marker.count)
        }.joined(separator: "\n")
      ]
    case .flashcard(let back): return ["---", escape(back)]
    case .openEnded(let model, let points):
      fields.append(("Model answer", model))
      if !points.isEmpty {
        fields.append(("Key points", points.map { "- " + $0.replacing("\n", with: "\n  ") }.joined(separator: "\n")))
      }
      return []
    case .cloze: return []
    }
  }

  private func choiceList(_ choices: [Choice], checked: [Int]) -> String {
    var lines: [String] = []
    for (n, c) in choices.enumerated() {
      var text = itemText(c.text, indent: 2)
      if text.hasPrefix("%") { text = "\\" + text }
      if let credit = c.credit { text = "%\(percent(credit))% " + text }
      lines.append("- [\(checked.contains(n) ? "x" : " ")] " + text)
      if let fb = c.feedback {
        lines += escape(fb).split(separator: "\n", omittingEmptySubsequences: false).map { "  > " + $0 }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A list item's text: escaped, its later lines indented under the marker.
  private func itemText(_ text: String, indent: Int) -> String {
    escape(text).replacing("\n", with: "\n" + String(repeating: " ", count: indent))
  }

  private func equalsLine(_ text: String, credit: Double, feedback: String?) -> String {
    var line = "= " + (credit == 1 ? "" : "%\(percent(credit))% ") + text
    if let feedback {
      line +=
        "\n"
        + escape(feedback).split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(
          separator: "\n")
    }
    return line
  }

  private func escapeAnswer(_ text: String) -> String {
    text.hasPrefix("%") || text.hasPrefix("\\") ? "\\" + text : text
  }

  private func cloze(_ text: String, _ gaps: [ClozeGap]) -> (String, [String]) {
    var written = ""
    for part in ClozeText.parts(of: text) {
      switch part {
      case .text(let t): written += t
      case .gap(let n):
        guard n >= 1 && n <= gaps.count else {
          written += "{{\(n)}}"
          continue
        }
        let answer = gaps[n - 1].accept[0].text.replacing("\\", with: "\\\\").replacing("}", with: "\\}")
        written += "{{c\(n)::\(answer)}}"
      }
    }
    var extra: [String] = []
    for (k, gap) in gaps.enumerated() {
      for (i, a) in gap.accept.enumerated() where i > 0 || a.credit != 1 || a.feedback != nil {
        extra.append(equalsLine("c\(k + 1): " + a.text, credit: a.credit, feedback: a.feedback))
      }
    }
    return (escape(written), extra)
  }

  // MARK: text

  /// Every line of `text` outside fenced code escaped where the reader would take it for syntax.
  func escape(_ text: String) -> String {
    var fence: String?
    var out: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let trimmed = line.trimmingSpaces
      if let open = fence {
        if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
        out.append(line)
      } else if let f = MarkdownEscapes.fenceOpening(trimmed), !safe {
        fence = f
        out.append(line)
      } else {
        out.append(escapeLine(line, always: false))
      }
    }
    return out.joined(separator: "\n")
  }

  /// One line escaped: a leading backslash escape is kept by doubling it, a field name gets a
  /// backslash before its colon, and in the safe form every line start that is syntax is escaped.
  func escapeLine(_ line: String, always: Bool) -> String {
    let indent = String(line.prefix { $0 == " " || $0 == "\t" })
    let rest = line.dropFirst(indent.count)
    if rest.first == "\\", let next = rest.dropFirst().first, MarkdownEscapes.isPunctuation(next),
      !MarkdownEscapes.opensFormula(rest)
    {
      return indent + "\\" + rest
    }
    if let name = MarkdownFieldName.name(in: rest) { return indent + name + "\\" + rest.dropFirst(name.count) }
    guard safe || always else { return line }
    if let c = rest.first, "=>-+*#?|<`~_".contains(c) { return indent + "\\" + rest }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    if !digits.isEmpty, let c = rest.dropFirst(digits.count).first, c == "." || c == ")" {
      return indent + digits + "\\" + rest.dropFirst(digits.count)
    }
    return line
  }

  /// A number that reads back as the same `Double`.
  func number(_ d: Double) -> String { format(d) }

  /// A credit as a percentage that reads back as the same credit.
  func percent(_ credit: Double) -> String { MarkdownPercent.text(credit) }
}
