import Foundation
import QuizlineCore

/// Turns one Anki card (a note, its note type and the card's template) into a quizline question.
///
/// | note type | question |
/// | --- | --- |
/// | Basic, Basic (and reversed card), Basic (optional reversed card) | `flashcard` per card |
/// | a template with `{{type:Field}}` (Basic (type in the answer)) | `text`, the field as the answer |
/// | Cloze | per cloze number: a self-graded `flashcard` with the gap hidden (`[...]` or `[hint]`); with `typedCloze`, a `cloze` question whose gaps are typed |
/// | any other | `flashcard` from the card's rendered front and back, with a loss note |
///
/// The back is the answer template without the front: `{{FrontSide}}` and the rule `<hr id=answer>`
/// after it are left out and what the template puts around them kept (quizline shows the front
/// above the back); with a rule but no `{{FrontSide}}` before it, what precedes the rule (the front
/// written out again) is left out. `{{hint:F}}` becomes the question's hint; `{{type:cloze:F}}`
/// makes a cloze typed as `--typed` does. Texts become quizline's rich text (``TerminalText``'s
/// markup output): images `![alt](DECK-media/file.png)` and sounds `[sound:DECK-media/file.mp3]`
/// by their copied files' paths beside the bank; typed answers and gaps are plain text.
struct AnkiCardConverter {
  var typedCloze = false
  /// The safe file name of each media file, by the name the notes use.
  var mediaNames: [String: String] = [:]
  /// The folder beside the banks that receives the media (``AnkiImporter/mediaFolder(for:)``).
  var mediaFolder = "anki-media"

  static let basicNames: Set<String> = [
    "Basic", "Basic (and reversed card)", "Basic (optional reversed card)", "Basic (type in the answer)", "Cloze",
  ]

  /// The fields of each stock kind (Anki's `OriginalStockKind` 1–5).
  static let stockFields: [Int: [String]] = [
    1: ["Front", "Back"], 2: ["Front", "Back"], 3: ["Front", "Back", "Add Reverse"], 4: ["Front", "Back"],
    5: ["Text", "Back Extra"],
  ]

  /// A stock note type (or a copy, renamed or not, that kept the stock fields); Anki derives every new
  /// note type from Basic, so the stock kind alone does not say it.
  static func isStock(_ nt: AnkiCollection.Notetype) -> Bool {
    basicNames.contains(nt.name) || stockFields[nt.stockKind] == nt.fields
  }

  struct Converted {
    var prompt: String
    var explanation: String
    var hint: String? = nil
    var body: QuestionBody
    var notes: [(ConversionNote.Kind, String)] = []
  }

  func convert(
    note: AnkiCollection.Note, type nt: AnkiCollection.Notetype, ord: Int
  ) -> Result<Converted, PackageError> {
    var values: [String: String] = [:]
    for (i, name) in nt.fields.enumerated() { values[name] = i < note.fields.count ? note.fields[i] : "" }
    guard let template = nt.isCloze ? nt.templates.first : nt.templates.first(where: { $0.ord == ord }) else {
      return .failure(PackageError("note type \(quoted(nt.name)) has no card template \(ord + 1)"))
    }
    var front = AnkiTemplate(fields: values, cloze: nt.isCloze ? ord + 1 : nil)
    let frontHTML = front.render(template.question).withoutFrontSideMark
    var back = AnkiTemplate(fields: values, cloze: nt.isCloze ? ord + 1 : nil, reveal: true)
    let backHTML = Self.back(back.render(template.answer))
    var notes: [(ConversionNote.Kind, String)] = []
    for (_, detail) in front.filterNotes.merging(back.filterNotes, uniquingKeysWith: { a, _ in a }).sorted(by: {
      $0.key < $1.key
    }) {
      notes.append((.templateFilter, "note type \(quoted(nt.name)): \(detail)"))
    }
    if values.values.contains(where: AnkiNotetypeReport.hasScript) { notes.append(Self.note(for: .script)) }
    if values.values.contains(where: { Self.holdsTag("<style", $0) }) {
      notes.append(Self.note(for: .stylesheet))
    }
    let prompt = markup(frontHTML, &notes)
    let backText = markup(backHTML, &notes)
    guard !prompt.isEmpty else { return .failure(PackageError("the front of the card is empty")) }
    var hintFields: [String] = []
    for f in front.hintFields + back.hintFields where !hintFields.contains(f) { hintFields.append(f) }
    let hints = hintFields.map { markup(values[$0] ?? "", &notes) }.filter { !$0.isEmpty }
    let hint = hints.isEmpty ? nil : hints.joined(separator: "\n")
    if !Self.isStock(nt) {
      notes.append((.otherNoteType, "note type \(quoted(nt.name)): a flashcard from the card's front and back"))
    }
    if nt.isCloze {
      var c = cloze(
        values: values, template: template, number: ord + 1, typed: typedCloze || !front.typedFields.isEmpty,
        prompt: prompt, back: backText, notes)
      c.hint = hint
      return .success(c)
    }
    if let field = front.typedFields.first {
      let answer = text(values[field] ?? "", &notes)
      if !answer.isEmpty, !answer.contains("\n") {
        let explanation =
          backText.isEmpty || backText == InlineMarkup.serialize([.text(answer)])
          ? "The answer is \(answer)." : backText
        return .success(
          Converted(
            prompt: prompt, explanation: explanation, hint: hint,
            body: .text(accept: [TextAnswer(text: answer)], ignorePunctuation: false, otherFeedback: nil), notes: notes)
        )
      }
      notes.append((.htmlReduced, "the typed answer spans lines or is empty: a self-graded flashcard"))
    }
    return .success(
      Converted(prompt: prompt, explanation: "", hint: hint, body: .flashcard(back: backText), notes: notes))
  }

  /// The back of a card from its rendered answer template (see the type's documentation).
  static func back(_ html: String) -> String {
    // Most backs have no `<hr`: then none of the three case-insensitive searches can match.
    let rules = ["<hr id=answer>", "<hr id=\"answer\">", "<hr id='answer'>"]
    let rule: Range<String.Index>?
    // ASCII and the mark: Foundation's searches are byte searches there (``AnkiPlainText``).
    let plain = AnkiPlainText.isPlain(html)
    if !mayHoldRule(html) {
      rule = nil
    } else if plain {
      rule = rules.lazy.compactMap { AnkiPlainText.range(of: $0, in: html[...], caseInsensitive: true) }.first
    } else {
      rule = rules.lazy.compactMap { html.range(of: $0, options: .caseInsensitive) }.first
    }
    let withoutMark = { (text: String) in plain ? AnkiPlainText.withoutMarks(text) : text.withoutFrontSideMark }
    guard let rule else { return withoutMark(html) }
    let mark = AnkiTemplate.frontSideMark
    if let front = plain ? AnkiPlainText.range(of: mark, in: html[...]) : html.range(of: mark),
      front.lowerBound < rule.lowerBound
    {
      return withoutMark(String(html[..<rule.lowerBound] + html[rule.upperBound...]))
    }
    return withoutMark(String(html[rule.upperBound...]))
  }

  /// False only when `html` has no `<` followed by `h` or `H` (so no `<hr` in any case: no other
  /// character folds to h) and no `≮` (U+226E, canonically `<` and a combining mark); a cheap test
  /// before Foundation's searches.
  static func mayHoldRule(_ html: String) -> Bool {
    var afterOpen = false
    for b in html.utf8 {
      if afterOpen, b == UInt8(ascii: "h") || b == UInt8(ascii: "H") { return true }
      afterOpen = b == UInt8(ascii: "<")
    }
    return holdsNotLessThan(html)
  }

  /// False only when `html` has no `<` at all and no `≮` (so no tag to search for).
  static func mayHoldTag(_ html: String) -> Bool {
    html.utf8.contains(UInt8(ascii: "<")) || holdsNotLessThan(html)
  }

  /// Whether `html` holds `tag` (`<style`, `<script`: lowercase ASCII) in any case, as Foundation's
  /// case-insensitive search finds it.
  static func holdsTag(_ tag: String, _ html: String) -> Bool {
    guard mayHoldTag(html) else { return false }
    if AnkiPlainText.isPlain(html) { return AnkiPlainText.range(of: tag, in: html[...], caseInsensitive: true) != nil }
    return html.range(of: tag, options: .caseInsensitive) != nil
  }

  private static func holdsNotLessThan(_ html: String) -> Bool {
    html.utf8.contains(0xE2) && html.unicodeScalars.contains("\u{226E}")
  }

  private func cloze(
    values: [String: String], template: AnkiCollection.Template, number: Int, typed: Bool, prompt: String,
    back: String, _ notes: [(ConversionNote.Kind, String)]
  ) -> Converted {
    var notes = notes
    guard typed else {
      return Converted(prompt: prompt, explanation: "", body: .flashcard(back: back), notes: notes)
    }
    // The cloze field (the one `{{cloze:F}}` names), with this number's deletions as typed gaps.
    let name =
      template.question.range(of: "{{cloze:").flatMap { r in
        template.question[r.upperBound...].range(of: "}}").map {
          String(template.question[r.upperBound..<$0.lowerBound])
        }
      } ?? ""
    var answers: [String] = []
    let marked = AnkiTemplate.cloze(values[name] ?? "", number: number, reveal: false) { d in
      answers.append(d.answer)
      return "\u{E000}\(answers.count)\u{E001}"
    }
    var gaps: [ClozeGap] = []
    for a in answers {
      let t = text(a, &notes)
      gaps.append(ClozeGap(accept: [TextAnswer(text: t.isEmpty ? "?" : t)]))
    }
    let reduced = markup(marked, &notes).replacingOccurrences(of: "\u{E000}", with: "{{")
      .replacingOccurrences(of: "\u{E001}", with: "}}")
    guard !gaps.isEmpty, ClozeText.markers(in: reduced).count == gaps.count else {
      notes.append((.htmlReduced, "the cloze gaps could not be made typed: a self-graded flashcard"))
      return Converted(prompt: prompt, explanation: "", body: .flashcard(back: back), notes: notes)
    }
    return Converted(
      prompt: "Fill in the gaps.",
      explanation: back.isEmpty ? "The answer is \(answers.joined(separator: ", "))." : back,
      body: .cloze(text: reduced, gaps: gaps), notes: notes)
  }

  /// HTML as plain text (typed answers and gaps), media named by their copied files.
  func text(_ html: String, _ notes: inout [(ConversionNote.Kind, String)]) -> String {
    let names = mediaNames
    let reduced = TerminalText.reduce(html, format: .html) { src in
      names[src] ?? names[src.removingPercentEncoding ?? src] ?? AnkiMedia.safeName(src)
    }
    return Self.withoutControls(reduced.text)
  }

  /// HTML as quizline's rich text, media by their paths beside the bank, what was lost noted.
  func markup(_ html: String, _ notes: inout [(ConversionNote.Kind, String)]) -> String {
    let names = mediaNames
    let folder = mediaFolder
    let path: @Sendable (String) -> String? = { src in
      let lower = src.lowercased()
      if lower.hasPrefix("http:") || lower.hasPrefix("https:") || lower.hasPrefix("data:") || lower.hasPrefix("//") {
        return nil
      }
      let decoded = src.removingPercentEncoding ?? src
      return folder + "/" + (names[src] ?? names[decoded] ?? AnkiMedia.safeName(decoded))
    }
    let reduced = TerminalText.markup(html, format: .html, media: .init(image: path, sound: path))
    // A script or stylesheet of the template is the note type's (``AnkiNotetypeReport``); of a field, the card's.
    for loss in reduced.losses.sorted() where loss != .script && loss != .stylesheet {
      notes.append(Self.note(for: loss))
    }
    if !reduced.droppedMedia.isEmpty {
      notes.append((.mediaDropped, "images from the web (not in the package) shown as their names"))
    }
    return Self.withoutControls(reduced.text)
  }

  static func note(for loss: MarkupLoss) -> (ConversionNote.Kind, String) {
    switch loss {
    case .styling: (.stylingDropped, "colours, fonts and sizes left out (bold, italic, underline, strike-through kept)")
    case .script: (.scriptDropped, "a script in a field left out")
    case .stylesheet: (.stylingDropped, "a stylesheet (<style>) in a field left out")
    case .tableFlattened: (.htmlReduced, "merged or nested table cells flattened")
    case .embedded: (.mediaDropped, "video or embedded content shown as a placeholder")
    }
  }

  static func withoutControls(_ s: String) -> String {
    let scalars = s.unicodeScalars
    // Most texts have no control character and begin and end with a visible ASCII character: then
    // there is nothing to filter or trim (the same text, without two copies through Foundation).
    if let first = scalars.first, let last = scalars.last, Self.visibleASCII(first), Self.visibleASCII(last),
      !scalars.contains(where: { isControl($0) && $0 != "\n" })
    {
      return s
    }
    return String(scalars.filter { !isControl($0) || $0 == "\n" }.map(Character.init))
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private static func visibleASCII(_ c: Unicode.Scalar) -> Bool { c.value > 0x20 && c.value < 0x7F }
}
