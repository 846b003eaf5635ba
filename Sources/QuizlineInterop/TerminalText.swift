import QuizlineCore
import QuizlineFormats

/// The text formats a GIFT text can be written in (`[html]`, `[moodle]`, `[plain]`, `[markdown]`).
enum TextFormat: String, Sendable, Equatable, Hashable, CaseIterable {
  case moodle, html, plain, markdown
}

/// What an HTML reduction could not carry into quizline's text.
enum MarkupLoss: String, Sendable, Equatable, Hashable, CaseIterable, Comparable {
  /// Colours, fonts and sizes (`<font color>`, a `style=` quizline has no mark for).
  case styling
  /// `<script>` with its code.
  case script
  /// `<style>` with its rules.
  case stylesheet
  /// A table cell spanning columns or rows, or a table inside a table: flattened.
  case tableFlattened
  /// Video, frames, embedded objects, SVG or MathML: a `[video]`-like placeholder.
  case embedded

  static func < (a: MarkupLoss, b: MarkupLoss) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// Converts imported texts into quizline's text, in one of two outputs of the same reduction:
///
/// * ``reduce(_:format:imageName:)``, plain terminal text (`\n` line breaks, inline code in
///   backticks), for what must be plain (typed answers, blank checks);
/// * ``markup(_:format:media:)``, the rich text of banks (`**strong**`, `*em*`, `<u>..</u>`,
///   `~~strike~~`, code spans and fenced blocks, `- ` and `1. ` list lines, pipe tables, images
///   `![alt](path)`, sounds `[sound:path]`, formulas `\(..\)`/`\[..\]` with their LaTeX source kept),
///   written through ``InlineMarkup/serialize(_:)`` so literal marks in the text stay text.
///
/// The HTML reduction: tags removed, entities decoded, whitespace collapsed as a browser would;
/// `<br>` and block elements (`<p>`, `<div>`, headings, `<li>`, table rows) become line breaks;
/// `<pre>` keeps its text, spaces and line breaks; a link keeps its text and, when different, its
/// target in parentheses; `<script>` and `<style>` vanish with their content (``MarkupLoss``).
/// In the plain output `<img>` becomes `[image: alt]`, `<li>` a `- ` bullet, table cells words.
/// `moodle` (Moodle's auto-format) reads as HTML but keeps the source's line breaks; `plain` and
/// `markdown` stay as written (plain text is escaped in the markup output).
///
/// A `<` that does not start a tag and an `&` that does not start a known entity are kept as written, so
/// `1 < 2 & 3` survives; so is a tag still open at the end of the text, with every `<` after it. A link
/// opened inside another ends the outer one, as in a browser. Reduction takes time linear in the text.
enum TerminalText {
  /// The reduced text and what was lost on the way.
  struct Reduced: Sendable, Equatable {
    public var text: String
    /// True when markup (a tag) was removed.
    var removedMarkup: Bool
    /// Images and other media that only left their alternative text (their `src`).
    var droppedMedia: [String]
    /// What could not be carried.
    var losses: Set<MarkupLoss> = []
  }

  /// Where the markup output's media files are: the path to write for a file named in the text
  /// (relative to the folder of the bank), or nil to leave a placeholder naming it.
  struct MarkupMedia: Sendable {
    var image: @Sendable (String) -> String?
    var sound: @Sendable (String) -> String?
  }

  /// `text` (written in `format`) as plain terminal text.
  /// `imageName`, when given, names an `<img>` by its `src` (`[image: NAME]`) instead of its `alt`.
  public static func reduce(_ text: String, format: TextFormat, imageName: ((String) -> String)? = nil) -> Reduced {
    switch format {
    case .plain, .markdown: return Reduced(text: text, removedMarkup: false, droppedMedia: [])
    case .html, .moodle:
      var reducer = HTMLReducer(keepNewlines: format == .moodle, markup: false)
      reducer.imageName = imageName
      return reducer.run(text)
    }
  }

  /// `text` (written in `format`) as quizline's rich text; media through `media` (without it
  /// every image and sound is a placeholder naming its file).
  static func markup(_ text: String, format: TextFormat, media: MarkupMedia? = nil) -> Reduced {
    switch format {
    case .markdown: return Reduced(text: text, removedMarkup: false, droppedMedia: [])
    case .plain:
      return Reduced(text: InlineMarkup.serialize([.text(text)]), removedMarkup: false, droppedMedia: [])
    case .html, .moodle:
      var reducer = HTMLReducer(keepNewlines: format == .moodle, markup: true)
      reducer.mediaPaths = media
      return reducer.run(text)
    }
  }

  /// Shorthand for `reduce(text, format:).text`.
  public static func string(_ text: String, format: TextFormat) -> String {
    reduce(text, format: format).text
  }

  /// The lines trimmed as a whole, with at most one empty line in a row.
  static func tidy(_ lines: [String]) -> String {
    func blank(_ l: String) -> Bool { l.allSatisfy { $0 == " " || $0 == "\t" } }
    var lines = lines[...]
    while let f = lines.first, blank(f) { lines.removeFirst() }
    while let l = lines.last, blank(l) { lines.removeLast() }
    var result: [String] = []
    for line in lines {
      if line.isEmpty, result.last?.isEmpty == true { continue }
      result.append(line)
    }
    return result.joined(separator: "\n")
  }
}
