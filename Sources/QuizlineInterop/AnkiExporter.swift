import Foundation
import QuizlineCore
import QuizlineFormats

/// Writes a ``Bank`` in Anki's plain-text note import format (Anki 2.1.55+, "File Headers"), one `Basic`
/// note per question.
///
/// The file starts with header lines: `#separator:tab`, `#html:true`, `#notetype:Basic`, `#deck:` (the bank
/// title), `#columns:` naming the columns, `#guid column:1` and `#tags column:4`. Then one line per question:
///
/// 1. GUID `quizline:<bank>/<question>`: stable, so importing a later export again updates the notes in
///    place (keeping their review history) instead of adding duplicates, even when two questions share a
///    front.
/// 2. Front: the prompt, then what the learner chooses from (lettered choices, matching items, ordering
///    items, "True or false?", the unit).
/// 3. Back: the answer, then the explanation (and per-choice feedback of the right choices).
/// 4. Tags: the bank's and the question's tags, space-separated.
///
/// Fields are HTML (text escaped: `&`, `<`, `>`, `"`); a line break becomes `<br>`, a tab `&#9;`, runs of
/// spaces `&nbsp;`, inline code in backticks `<code>`; so no field ever holds a raw tab, newline or quote
/// and none needs CSV quoting.
public enum AnkiExporter {
  /// The whole import file, ending with a newline.
  public static func export(_ bank: Bank) -> String {
    var lines = [
      "#separator:tab",
      "#html:true",
      "#notetype:Basic",
      "#deck:\(headerValue(bank.title))",
      "#columns:GUID\tFront\tBack\tTags",
      "#guid column:1",
      "#tags column:4",
    ]
    for q in bank.questions {
      let tags = unique(bank.tags + q.tags).joined(separator: " ")
      lines.append([guid(bank, q), html(front(q)), html(back(q)), tags].joined(separator: "\t"))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The GUID a question's note gets.
  public static func guid(_ bank: Bank, _ q: Question) -> String { "quizline:\(bank.id)/\(q.id)" }

  /// The front as text (before HTML escaping).
  public static func front(_ q: Question) -> String {
    var parts = [q.prompt]
    switch q.body {
    case .single(let choices, _), .multiple(let choices, _):
      parts.append(
        choices.enumerated().map { "\(letter($0.offset))) \($0.element.text)" }.joined(
          separator: "\n"))
      if case .multiple = q.body { parts.append("(Choose all that apply.)") }
    case .truefalse: parts.append("True or false?")
    case .numeric(_, let unit, _): if let unit { parts.append("(\(unit))") }
    case .matching(let pairs, let distractors):
      parts.append(
        pairs.enumerated().map { "\($0.offset + 1). \($0.element.left)" }.joined(separator: "\n"))
      let rights = (pairs.map(\.right) + distractors).sorted()
      parts.append(
        rights.enumerated().map { "\(letter($0.offset))) \($0.element)" }.joined(separator: "\n"))
    case .ordering(let items):
      // The REPL's stable shuffle: never the right order (sorted, it could be the answer).
      let shown = Presentation.orderingItems(questionID: q.id, items: items)
      parts.append("Put in order:\n" + shown.map { "- \($0)" }.joined(separator: "\n"))
    case .cloze(let text, _):
      parts = [q.prompt, clozeBlanks(text)]
    case .text, .flashcard, .openEnded: break
    }
    return parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
  }

  /// The back as text (before HTML escaping).
  public static func back(_ q: Question) -> String {
    var answer: String
    switch q.body {
    case .single(let choices, let i):
      answer = "\(letter(i))) \(choices[i].text)" + (choices[i].feedback.map { "\n\($0)" } ?? "")
    case .multiple(let choices, let right):
      answer = right.map { "\(letter($0))) \(choices[$0].text)" }.joined(separator: "\n")
    case .truefalse(let value, let ft, let ff):
      answer = (value ? "True" : "False") + ((value ? ft : ff).map { "\n\($0)" } ?? "")
    case .text(let accept, _, _):
      let best = accept.filter { $0.credit == 1 }.map(\.text)
      answer = (best.isEmpty ? accept.filter { $0.credit > 0 }.map(\.text) : best).joined(
        separator: " / ")
    case .numeric(let accept, let unit, _):
      answer = accept.filter { $0.credit == 1 }.map {
        NumberText.describe($0.match) + (unit.map { " \($0)" } ?? "")
      }
      .joined(separator: " or ")
    case .matching(let pairs, _):
      answer = pairs.enumerated().map {
        "\($0.offset + 1). \($0.element.left) → \($0.element.right)"
      }.joined(separator: "\n")
    case .ordering(let items):
      answer = items.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    case .cloze(_, let gaps):
      answer = gaps.enumerated().map {
        "(\($0.offset + 1)) " + ($0.element.accept.first?.text ?? "")
      }.joined(separator: "\n")
    case .flashcard(let back):
      answer = back
    case .openEnded(let model, let keyPoints):
      answer =
        model
        + (keyPoints.isEmpty ? "" : "\n" + keyPoints.map { "- \($0)" }.joined(separator: "\n"))
    }
    var parts = [answer]
    if q.explanation != answer { parts.append(q.explanation) }
    return parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
  }

  /// Quizline's text as an Anki HTML field: line by line, its inline marks as tags (`<b>`, `<i>`,
  /// `<u>`, `<s>`, `<code>`), formulas as MathJax, images as `<img>` and sounds as `[sound:]` by
  /// their file names (the files themselves are not packed).
  static func html(_ text: String) -> String {
    var out = ""
    for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if n > 0 { out += "<br>" }
      out += html(InlineMarkup.parse(String(line)), atLineStart: true)
    }
    return out
  }

  private static func html(_ spans: [InlineSpan], atLineStart: Bool = false) -> String {
    spans.enumerated().map { n, span in
      let start = atLineStart && n == 0
      return switch span {
      case .text(let t): escapeLine(t, atLineStart: start)
      case .code(let c): "<code>" + escapeLine(c, atLineStart: start) + "</code>"
      case .strong(let inner): "<b>" + html(inner, atLineStart: start) + "</b>"
      case .emphasis(let inner): "<i>" + html(inner, atLineStart: start) + "</i>"
      case .underline(let inner): "<u>" + html(inner, atLineStart: start) + "</u>"
      case .strike(let inner): "<s>" + html(inner, atLineStart: start) + "</s>"
      case .math(let source, let display): Entities.escape(display ? "\\[" + source + "\\]" : "\\(" + source + "\\)")
      case .image(let source, let alt):
        "<img src=\"" + Entities.escape(MediaReference(kind: .image, source: source).fileName) + "\" alt=\""
          + Entities.escape(alt) + "\">"
      case .sound(let source): "[sound:" + Entities.escape(MediaReference(kind: .sound, source: source).fileName) + "]"
      }
    }.joined()
  }

  /// Escapes text of one line: entities, tabs, and every space after a space or at the line's start
  /// (so indentation survives).
  private static func escapeLine(_ line: String, atLineStart: Bool) -> String {
    var out = ""
    var previousSpace = atLineStart
    for c in Entities.escape(line).unicodeScalars {
      switch c {
      case "\t":
        out += "&#9;"
        previousSpace = false
      case " ":
        out += previousSpace ? "&nbsp;" : " "
        previousSpace = true
      case "\r": continue
      default:
        out.unicodeScalars.append(c)
        previousSpace = false
      }
    }
    return out
  }

  private static func clozeBlanks(_ text: String) -> String {
    var out = text
    var n = 1
    while out.contains("{{\(n)}}") {
      out = out.replacingOccurrences(of: "{{\(n)}}", with: "[\(n)] ____")
      n += 1
    }
    return out
  }

  /// A header value on one line.
  private static func headerValue(_ s: String) -> String {
    s.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " ")
  }

  private static func letter(_ i: Int) -> String { String(UnicodeScalar(UInt8(97 + i))) }
}
