import Foundation
import QuizlineCore

/// What an imported card does not carry of its note type, said once per note type in the import's
/// summary: its CSS (unless it is Anki's stock stylesheet, which only sets the card's font, size,
/// alignment and colours) and the JavaScript of its templates.
enum AnkiNotetypeReport {
  /// The selectors of Anki's stock stylesheets (Basic's `.card`, Cloze's `.cloze`, night mode's).
  static let stockSelectors: Set<String> = [
    ".card", ".cloze", ".nightmode .cloze", ".night_mode .cloze", ".nightmode .card", ".night_mode .card",
    ".card.nightmode", ".card.night_mode",
  ]
  /// The properties those stylesheets set.
  static let stockProperties: Set<String> = [
    "font-family", "font-size", "line-height", "text-align", "color", "background-color", "font-weight",
  ]

  static func notes(_ nt: AnkiCollection.Notetype) -> [(ConversionNote.Kind, String)] {
    var notes: [(ConversionNote.Kind, String)] = []
    var own = ownSelectors(nt.css)
    if nt.templates.contains(where: {
      ($0.question + $0.answer).range(of: "<style", options: .caseInsensitive) != nil
    }) {
      own.append("<style> in its templates")
    }
    if !own.isEmpty {
      let shown = own.prefix(3).joined(separator: ", ") + (own.count > 3 ? ", …" : "")
      notes.append(
        (
          .stylingDropped,
          "note type \(quoted(nt.name)): its CSS (\(shown)) not carried; quizline draws cards its own way"
        ))
    }
    if nt.templates.contains(where: { hasScript($0.question) || hasScript($0.answer) }) {
      notes.append((.scriptDropped, "note type \(quoted(nt.name)): the JavaScript in its card templates is not run"))
    }
    return notes
  }

  static func hasScript(_ html: String) -> Bool {
    AnkiCardConverter.holdsTag("<script", html)
  }

  /// The selectors of `css`'s rules that go beyond the stock stylesheet (a rule with another
  /// selector, or the stock selectors setting other properties), in order, each once; `@` rules by
  /// their name.
  static func ownSelectors(_ css: String) -> [String] {
    var text = css
    while let open = text.range(of: "/*") {
      let close = text[open.upperBound...].range(of: "*/")?.upperBound ?? text.endIndex
      text.removeSubrange(open.lowerBound..<close)
    }
    var out: [String] = []
    func add(_ s: String) { if !out.contains(s) { out.append(s) } }
    var rest = Substring(text)
    while let brace = rest.firstIndex(of: "{") {
      let selectorText = rest[..<brace].trimmingSpaces
      // A block's end: its own `}` (nested braces, as in `@media`, counted).
      var depth = 0
      var end = rest.endIndex
      var k = brace
      while k < rest.endIndex {
        if rest[k] == "{" { depth += 1 }
        if rest[k] == "}" {
          depth -= 1
          if depth == 0 {
            end = k
            break
          }
        }
        k = rest.index(after: k)
      }
      let body = rest[rest.index(after: brace)..<end]
      rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
      if selectorText.hasPrefix("@") {
        add(String(selectorText.split(separator: " ").first ?? "@"))
        continue
      }
      let selectors = selectorText.split(separator: ",").map {
        $0.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ").lowercased()
      }
      let properties = body.split(separator: ";").compactMap {
        $0.split(separator: ":", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() }
      }.filter { !$0.isEmpty }
      let stock = selectors.allSatisfy(stockSelectors.contains) && properties.allSatisfy(stockProperties.contains)
      if !stock { for s in selectors { add(s) } }
    }
    return out
  }
}
