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
/// The back is what follows `<hr id=answer>` in the answer template (Anki shows the front above it).
/// HTML becomes terminal text (``TerminalText``); images are named by their copied file
/// (`[image: diagram.png]`), sounds likewise (`[sound: hello.mp3]`).
struct AnkiCardConverter {
  var typedCloze = false
  /// The safe file name of each media file, by the name the notes use.
  var mediaNames: [String: String] = [:]

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
    let frontHTML = front.render(template.question)
    var back = AnkiTemplate(fields: values, cloze: nt.isCloze ? ord + 1 : nil, reveal: true)
    var backHTML = back.render(template.answer)
    if let hr = backHTML.range(of: "<hr id=answer>") ?? backHTML.range(of: "<hr id=\"answer\">") {
      backHTML = String(backHTML[hr.upperBound...])
    }
    var notes: [(ConversionNote.Kind, String)] = []
    let prompt = text(frontHTML, &notes)
    let backText = text(backHTML, &notes)
    guard !prompt.isEmpty else { return .failure(PackageError("the front of the card is empty")) }
    if !Self.isStock(nt) {
      notes.append((.otherNoteType, "note type \(quoted(nt.name)): a flashcard from the card's front and back"))
    }
    if nt.isCloze {
      return .success(cloze(values: values, template: template, number: ord + 1, prompt: prompt, back: backText, notes))
    }
    if let field = front.typedFields.first {
      let answer = text(values[field] ?? "", &notes)
      if !answer.isEmpty, !answer.contains("\n") {
        let explanation = backText.isEmpty || backText == answer ? "The answer is \(answer)." : backText
        return .success(
          Converted(
            prompt: prompt, explanation: explanation,
            body: .text(accept: [TextAnswer(text: answer)], ignorePunctuation: false, otherFeedback: nil), notes: notes)
        )
      }
      notes.append((.htmlReduced, "the typed answer spans lines or is empty: a self-graded flashcard"))
    }
    return .success(Converted(prompt: prompt, explanation: "", body: .flashcard(back: backText), notes: notes))
  }

  private func cloze(
    values: [String: String], template: AnkiCollection.Template, number: Int, prompt: String, back: String,
    _ notes: [(ConversionNote.Kind, String)]
  ) -> Converted {
    var notes = notes
    guard typedCloze else {
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
    let reduced = text(marked, &notes).replacingOccurrences(of: "\u{E000}", with: "{{")
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

  /// HTML to terminal text, media named by their copied files.
  func text(_ html: String, _ notes: inout [(ConversionNote.Kind, String)]) -> String {
    let names = mediaNames
    let reduced = TerminalText.reduce(html, format: .html) { src in
      names[src] ?? names[src.removingPercentEncoding ?? src] ?? AnkiMedia.safeName(src)
    }
    var out = reduced.text
    // `[sound:file.mp3]` is Anki's own markup, not HTML.
    var from = out.startIndex
    while let r = out[from...].range(of: "[sound:"), let end = out[r.upperBound...].firstIndex(of: "]") {
      let file = out[r.upperBound..<end].trimmingCharacters(in: .whitespaces)
      let label = "[sound: \(names[file] ?? AnkiMedia.safeName(file))]"
      let offset = out.distance(from: out.startIndex, to: r.lowerBound) + label.count
      out.replaceSubrange(r.lowerBound...end, with: label)
      from = out.index(out.startIndex, offsetBy: offset)
    }
    if reduced.removedMarkup {
      notes.append((.htmlReduced, "HTML markup removed; text, line breaks and media names kept"))
    }
    return String(out.unicodeScalars.filter { !isControl($0) || $0 == "\n" }.map(Character.init))
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// Media file names made safe to write beside a bank.
enum AnkiMedia {
  /// `name` with every character outside `A-Z a-z 0-9 . _ -` replaced by `_`, no leading dot, at most
  /// 100 characters (the extension kept), and never ending in `.json` (quizline would read it as a bank).
  static func safeName(_ name: String) -> String {
    var s = String(
      name.unicodeScalars.map { c -> Character in
        c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "." || c == "_" || c == "-")
          ? Character(c) : "_"
      })
    while s.hasPrefix(".") { s.removeFirst() }
    if s.isEmpty { s = "file" }
    if s.count > 100 {
      let ext = s.split(separator: ".").last.map { "." + $0.prefix(10) } ?? ""
      s = String(s.prefix(100 - ext.count)) + ext
    }
    if s.lowercased().hasSuffix(".json") { s += ".data" }
    return s
  }

  /// Safe names for every media file, unique among themselves (`a_b.png`, `a_b-2.png`, …).
  static func safeNames(_ names: [String]) -> [String: String] {
    var out: [String: String] = [:]
    var used: Set<String> = []
    for name in names {
      let base = safeName(name)
      var candidate = base
      var n = 2
      while !used.insert(candidate.lowercased()).inserted {
        let dot = base.lastIndex(of: ".") ?? base.endIndex
        candidate = base[..<dot] + "-\(n)" + base[dot...]
        n += 1
      }
      out[name] = candidate
    }
    return out
  }
}
