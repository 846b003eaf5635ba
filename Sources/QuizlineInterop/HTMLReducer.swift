import QuizlineCore

let blockTags: Set<String> = [
  "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "tr", "blockquote", "hr",
  "section",
  "article", "header", "footer", "dl", "dt", "dd", "figure", "figcaption", "address", "center",
  "tbody",
  "thead", "tfoot", "caption", "form", "fieldset", "nav", "main", "aside",
]
let mediaTags: Set<String> = [
  "audio", "video", "iframe", "object", "embed", "svg", "canvas", "math",
]

/// The one HTML reduction behind both outputs of ``TerminalText``: it walks the text once, writing
/// pieces (characters, style marks, spans and verbatim blocks); the plain output keeps the
/// characters, the markup output serializes all of them (``MarkupLines``).
struct HTMLReducer {
  /// A style the markup output marks.
  enum Style: Equatable { case strong, emphasis, underline, strike }
  /// One piece of the output.
  enum Piece {
    case char(Unicode.Scalar)
    case open(Style)
    case close(Style)
    /// A span written whole (code, formula, image, sound).
    case span(InlineSpan)
    /// Markup written as it stands (a list item's mark, a table, a fenced block).
    case raw(String)
  }
  /// A list being read: bullets, or numbers from `next`.
  enum ListKind {
    case bullet
    case ordered(next: Int)
  }
  /// The table being read (markup output): its finished rows and the open row and cell.
  struct Table {
    var rows: [[String]] = []
    var row: [String]? = nil
    var cellStart: Int? = nil
    var cellSpan = 1
  }

  let keepNewlines: Bool
  let markup: Bool
  /// The output so far; change it only through ``push(_:)``, ``removeTail(from:)`` and
  /// ``trimTrailingSpaces()``, which keep ``visible`` in step.
  var out: [Piece] = []
  /// The indices in `out` of its characters, spans and blocks (not style marks), in order: the last
  /// one is found in constant time however many marks follow it.
  var visible: [Int] = []
  var pendingSpace = false
  var preDepth = 0
  var skipUntil: String? = nil
  var removedMarkup = false
  var media: [String] = []
  var losses: Set<MarkupLoss> = []
  /// The open link: its target and where its text starts in `out`.
  var link: (href: String, start: Int)? = nil
  /// Set once a tag has run on to the end of the text: every later `<` is then text too (a browser would
  /// read all of it as part of that tag), which keeps the reduction linear in the length of the text.
  var tagRanOn = false
  var imageName: ((String) -> String)? = nil
  var mediaPaths: TerminalText.MarkupMedia? = nil
  var lists: [ListKind] = []
  // Markup output only.
  var preStart: Int? = nil
  var codeStart: Int? = nil
  /// Where an open `<sup>` (true) or `<sub>` (false) starts.
  var scriptStart: (Int, Bool)? = nil
  var table: Table? = nil
  var tableDepth = 0
  var spanStyles: [[Style]] = []
  /// Where each closing sequence (`\)`, `]`, …) next occurs in the source, searched forward once.
  var nextFound: [String: Int] = [:]

  init(keepNewlines: Bool, markup: Bool) {
    self.keepNewlines = keepNewlines
    self.markup = markup
  }

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
      if markup, preDepth == 0, codeStart == nil, c == "\\" || c == "[", let end = readAnkiMarkup(s, at: i) {
        i = end
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
    if markup { finishOpenBlocks() }
    trimTrailingSpaces()
    let text =
      markup
      ? TerminalText.tidy(MarkupLines.lines(out[...]))
      : TerminalText.tidy(plainText(out[...]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    return TerminalText.Reduced(text: text, removedMarkup: removedMarkup, droppedMedia: media, losses: losses)
  }

  /// The characters of `pieces` (spans as their plain text, style marks left out).
  func plainText(_ pieces: ArraySlice<Piece>) -> String {
    var scalars = String.UnicodeScalarView()
    for p in pieces {
      switch p {
      case .char(let c): scalars.append(c)
      case .span(let span): scalars.append(contentsOf: InlineMarkup.plainText([span]).unicodeScalars)
      case .raw(let r): scalars.append(contentsOf: r.unicodeScalars)
      case .open, .close: break
      }
    }
    return String(scalars)
  }

  /// The last character written, looking past style marks; a span or block counts as a letter.
  var lastScalar: Unicode.Scalar? {
    guard let i = visible.last else { return nil }
    if case .char(let c) = out[i] { return c }
    return "x"
  }

  mutating func push(_ piece: Piece) {
    switch piece {
    case .open, .close: break
    case .char, .span, .raw: visible.append(out.count)
    }
    out.append(piece)
  }

  /// Removes `out[start...]`.
  mutating func removeTail(from start: Int) {
    out.removeSubrange(start...)
    while let v = visible.last, v >= start { visible.removeLast() }
  }

  mutating func emitText(_ c: Unicode.Scalar, fromEntity: Bool) {
    // The noncharacters U+FDD0–U+FDEF mark media lines on the terminal: never from content.
    if c.value >= 0xFDD0 && c.value <= 0xFDEF { return }
    if preDepth > 0 {
      if c == "\t" || c == "\n" || !isControl(c) { push(.char(c == "\u{A0}" ? " " : c)) }
      return
    }
    if c == "\n", keepNewlines, !fromEntity {
      trimTrailingSpaces()
      push(.char("\n"))
      pendingSpace = false
      return
    }
    if c == " " || c == "\t" || c == "\n" || c == "\r" {
      pendingSpace = true
      return
    }
    // Control characters (an entity like `&#8238;` can spell one) never reach bank text.
    if isControl(c) { return }
    flushSpace()
    push(.char(c == "\u{A0}" ? " " : c))
  }

  /// Writes the pending space, unless at the start of a line; before the styles just opened, so
  /// `<i>a</i> <i>b</i>` keeps its space out of the marks.
  mutating func flushSpace() {
    if pendingSpace, let last = lastScalar, last != "\n", last != " " {
      var k = out.count
      while k > 0, case .open = out[k - 1] { k -= 1 }
      // Only style marks follow `k`: the space is the last visible piece.
      out.insert(.char(" "), at: k)
      visible.append(k)
    }
    pendingSpace = false
  }

  mutating func lineBreak() {
    trimTrailingSpaces()
    if !out.isEmpty { push(.char("\n")) }
    pendingSpace = false
  }

  mutating func blockBreak() {
    trimTrailingSpaces()
    if let last = lastScalar, last != "\n" { push(.char("\n")) }
    pendingSpace = false
  }

  mutating func trimTrailingSpaces() {
    guard preDepth == 0 else { return }
    while case .char(let last)? = out.last, last == " " || last == "\t" { removeTail(from: out.count - 1) }
  }

  mutating func appendWord(_ text: String) {
    flushSpace()
    for c in text.unicodeScalars { push(.char(c)) }
  }

  mutating func appendSpan(_ span: InlineSpan) {
    flushSpace()
    push(.span(span))
  }

  mutating func handle(_ tag: HTMLTag) {
    let name = tag.name
    if tag.isComment { return }
    if tag.attributes["style"] != nil, name != "span", name != "font" { losses.insert(.styling) }
    if !tag.closing, name == "script" || name == "style" || name == "head" || name == "title" {
      if name == "script" { losses.insert(.script) }
      if name == "style" { losses.insert(.stylesheet) }
      if !tag.selfClosing { skipUntil = name }
      return
    }
    if markup, handleMarkup(tag) { return }
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
          if name != "audio" { losses.insert(.embedded) }
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
    let text = plainText(out[min(start, out.count)...])
    if !href.isEmpty, !href.hasPrefix("#"), href != text, !text.contains(href),
      !href.hasPrefix("javascript:")
    {
      appendWord(" (\(href))")
    }
  }
}
