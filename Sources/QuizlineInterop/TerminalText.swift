import QuizlineCore
import QuizlineFormats

/// The text formats a GIFT text can be written in (`[html]`, `[moodle]`, `[plain]`, `[markdown]`).
enum TextFormat: String, Sendable, Equatable, Hashable, CaseIterable {
  case moodle, html, plain, markdown
}

/// Converts imported texts into quizline's terminal text (plain text, `\n` line breaks, inline code in
/// backticks).
///
/// * `html`: tags removed, entities decoded, whitespace collapsed as a browser would; `<br>` and block
///   elements (`<p>`, `<div>`, headings, `<li>` as `- ` bullets, table rows) become line breaks; `<pre>`
///   keeps its text, spaces and line breaks; `<code>` outside `<pre>` becomes backticks; a link keeps its
///   text and, when different, its target in parentheses; `<img>` becomes `[image: alt]`; `<script>` and
///   `<style>` vanish with their content.
/// * `moodle` (Moodle's auto-format): as HTML, but a line break in the source stays a line break.
/// * `plain`, `markdown`: unchanged.
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
  }

  /// `text` (written in `format`) as terminal text.
  /// `imageName`, when given, names an `<img>` by its `src` (`[image: NAME]`) instead of its `alt`.
  public static func reduce(_ text: String, format: TextFormat, imageName: ((String) -> String)? = nil) -> Reduced {
    switch format {
    case .plain, .markdown: return Reduced(text: text, removedMarkup: false, droppedMedia: [])
    case .html, .moodle:
      var reducer = HTMLReducer(keepNewlines: format == .moodle)
      reducer.imageName = imageName
      return reducer.run(text)
    }
  }

  /// Shorthand for `reduce(text, format:).text`.
  public static func string(_ text: String, format: TextFormat) -> String {
    reduce(text, format: format).text
  }
}

private let blockTags: Set<String> = [
  "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "tr", "blockquote", "hr",
  "section",
  "article", "header", "footer", "dl", "dt", "dd", "figure", "figcaption", "address", "center",
  "tbody",
  "thead", "tfoot", "caption", "form", "fieldset", "nav", "main", "aside",
]
private let mediaTags: Set<String> = [
  "audio", "video", "iframe", "object", "embed", "svg", "canvas", "math",
]

private struct HTMLReducer {
  let keepNewlines: Bool
  var out: [Unicode.Scalar] = []
  var pendingSpace = false
  var preDepth = 0
  var skipUntil: String? = nil
  var removedMarkup = false
  var media: [String] = []
  /// The open link: its target and where its text starts in `out`.
  var link: (href: String, start: Int)? = nil
  /// Set once a tag has run on to the end of the text: every later `<` is then text too (a browser would
  /// read all of it as part of that tag), which keeps the reduction linear in the length of the text.
  var tagRanOn = false
  var imageName: ((String) -> String)? = nil

  init(keepNewlines: Bool) { self.keepNewlines = keepNewlines }

  mutating func run(_ text: String) -> TerminalText.Reduced {
    let s = Array(text.unicodeScalars)
    var i = 0
    while i < s.count {
      let c = s[i]
      let tag = c == "<" && !tagRanOn ? HTMLTag.parse(s, at: i, unclosed: &tagRanOn) : nil
      if let stop = skipUntil {
        if let tag, tag.closing, tag.name == stop {
          skipUntil = nil
          i = tag.end
        } else {
          i += 1
        }
        continue
      }
      if let tag {
        removedMarkup = true
        handle(tag)
        i = tag.end
        continue
      }
      if c == "&", let (decoded, end) = Entities.decode(s, at: i) {
        for d in decoded.unicodeScalars { emitText(d, fromEntity: true) }
        i = end
        continue
      }
      emitText(c, fromEntity: false)
      i += 1
    }
    trimTrailingSpaces()
    let text = String(String.UnicodeScalarView(out))
    return TerminalText.Reduced(text: tidy(text), removedMarkup: removedMarkup, droppedMedia: media)
  }

  mutating func emitText(_ c: Unicode.Scalar, fromEntity: Bool) {
    if preDepth > 0 {
      if c == "\t" || c == "\n" || !isControl(c) { out.append(c == "\u{A0}" ? " " : c) }
      return
    }
    if c == "\n", keepNewlines, !fromEntity {
      trimTrailingSpaces()
      out.append("\n")
      pendingSpace = false
      return
    }
    if c == " " || c == "\t" || c == "\n" || c == "\r" {
      pendingSpace = true
      return
    }
    // Control characters (an entity like `&#8238;` can spell one) never reach bank text.
    if isControl(c) { return }
    if pendingSpace, let last = out.last, last != "\n", last != " " { out.append(" ") }
    pendingSpace = false
    out.append(c == "\u{A0}" ? " " : c)
  }

  mutating func lineBreak() {
    trimTrailingSpaces()
    if !out.isEmpty { out.append("\n") }
    pendingSpace = false
  }

  mutating func blockBreak() {
    trimTrailingSpaces()
    if let last = out.last, last != "\n" { out.append("\n") }
    pendingSpace = false
  }

  mutating func trimTrailingSpaces() {
    while let last = out.last, last == " " || last == "\t", preDepth == 0 { out.removeLast() }
  }

  mutating func appendWord(_ text: String) {
    if pendingSpace, let last = out.last, last != "\n", last != " " { out.append(" ") }
    pendingSpace = false
    out.append(contentsOf: text.unicodeScalars)
  }

  mutating func handle(_ tag: HTMLTag) {
    let name = tag.name
    if tag.isComment { return }
    if !tag.closing, name == "script" || name == "style" || name == "head" || name == "title" {
      if !tag.selfClosing { skipUntil = name }
      return
    }
    switch name {
    case "br": lineBreak()
    case "li":
      blockBreak()
      if !tag.closing { appendWord("- ") }
    case "pre":
      blockBreak()
      preDepth = max(0, preDepth + (tag.closing ? -1 : 1))
    case "code", "kbd", "samp", "tt":
      if preDepth == 0 { appendWord("`") }
    case "td", "th":
      if tag.closing { pendingSpace = true }
    case "img":
      let alt = tag.attributes["alt"].map { Entities.decodeAll($0) } ?? ""
      media.append(tag.attributes["src"] ?? "")
      if let imageName, let src = tag.attributes["src"] {
        appendWord("[image: \(imageName(Entities.decodeAll(src)))]")
      } else {
        appendWord(alt.isEmpty ? "[image]" : "[image: \(alt)]")
      }
    case "a":
      endLink()
      if !tag.closing { link = (Entities.decodeAll(tag.attributes["href"] ?? ""), out.count) }
    default:
      if mediaTags.contains(name) {
        if !tag.closing {
          media.append(tag.attributes["src"] ?? name)
          appendWord("[\(name)]")
          if !tag.selfClosing, name != "embed" { skipUntil = name }
        }
      } else if blockTags.contains(name) {
        blockBreak()
      }
    }
  }

  /// Closes the open link, if any: its target follows its text in parentheses unless the text shows it.
  mutating func endLink() {
    guard let (href, start) = link else { return }
    link = nil
    let text = String(String.UnicodeScalarView(out[min(start, out.count)...]))
    if !href.isEmpty, !href.hasPrefix("#"), href != text, !text.contains(href),
      !href.hasPrefix("javascript:")
    {
      appendWord(" (\(href))")
    }
  }

  /// Trims the whole text and keeps at most one empty line in a row.
  func tidy(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let f = lines.first, f.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeFirst() }
    while let l = lines.last, l.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeLast() }
    var result: [String] = []
    for line in lines {
      if line.isEmpty, result.last?.isEmpty == true { continue }
      result.append(line)
    }
    return result.joined(separator: "\n")
  }
}
