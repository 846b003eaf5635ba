/// Bank and session text on the terminal, the one home for its markup. Every text of a bank
/// (prompts, choices, explanations, hints, feedback, the faces of a flashcard, cloze text) and every
/// session paragraph and table cell goes through ``Output/paragraph(_:indent:firstIndent:)``, which
/// reads its blocks (``RichBlocks``) and draws them:
///
/// * **Prose** wraps to the width. **Inline markup** (``InlineMarkup``): with colour, strong in
///   bold, emphasis in italics, underline underlined (SGR 4), struck text struck (SGR 9) and code
///   in the code colour, without their marks; without colour, with plain marks: `*strong*`,
///   `_emphasis_`, `_underline_`, `~struck~`, `` `code` ``. A formula is drawn by ``MathText``; an
///   image or a sound inside a line is its placeholder (`[image: heart.png]`, `[sound: beat.mp3]`).
/// * **Lists** get a bullet (`•`, `-` without Unicode) or their number, and a hanging indent.
/// * **Tables** are drawn by the one table layout of sessions (``Renderer/renderTable``): a box
///   table with Unicode, aligned columns with `|` and `-` without.
/// * A **displayed formula** goes on lines of its own, four columns in; an **image line** on a line
///   of its own: its placeholder, or a ``MediaMarker`` line for the terminal to draw when
///   ``RenderContext/inlineImages`` is on and the text's folder is known (``Output/mediaBase``).
/// * A **code block** (fenced, or lines that are each one code span) is shown as sessions show code
///   (``CodeLines``): four columns in, never wrapped.
/// * A **revealed gap** (``revealed(_:)``): its brackets are written by the caller, so they show in
///   every style; with colour the gap's text is also bold and underlined.
///
/// Marks travel through wrapping as zero-width noncharacters (``TextWrap/characterWidth(_:)``) and
/// become colour codes (or nothing) per wrapped line, so colour never spans a line break.
enum RichText {
  // Unicode noncharacters (a literal cannot spell them), as ``TextWrap/glue`` is.
  static let codeOpen = mark(0xFDD1)
  static let codeClose = mark(0xFDD2)
  static let gapOpen = mark(0xFDD3)
  static let gapClose = mark(0xFDD4)
  static let emphasisOpen = mark(0xFDD5)
  static let emphasisClose = mark(0xFDD6)
  static let strongOpen = mark(0xFDD7)
  static let strongClose = mark(0xFDD8)
  static let strikeOpen = mark(0xFDDD)
  static let strikeClose = mark(0xFDDE)
  static let underlineOpen = mark(0xFDDF)
  static let underlineClose = mark(0xFDE0)

  private static func mark(_ value: UInt32) -> Character { Character(Unicode.Scalar(value)!) }

  /// True for the zero-width marks (not ``TextWrap/glue``, which stands for a space, nor
  /// ``MediaMarker``'s).
  static func isMark(_ scalar: UInt32) -> Bool {
    (0xFDD1...0xFDD8).contains(scalar) || (0xFDDD...0xFDE0).contains(scalar)
  }

  /// `text` without any of the renderer's noncharacter marks (U+FDD0–U+FDEF): bank text before the
  /// renderer adds marks of its own to it.
  static func unmarked(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { (0xFDD0...0xFDEF).contains($0.value) }) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.filter { !(0xFDD0...0xFDEF).contains($0.value) }))
  }

  /// `text` marked as a revealed gap (the caller adds the brackets).
  static func revealed(_ text: String) -> String { String(gapOpen) + text + String(gapClose) }

  /// Prose ready to wrap: its inline markup (``InlineMarkup``) turned into marks (with colour) or
  /// plain marks (without), formulas drawn, media as placeholders.
  static func marked(_ prose: String, _ style: Style) -> String {
    guard mayHoldMarkup(prose), prose.contains(where: { "`*_\\[~<!".contains($0) }) else { return prose }
    return marked(InlineMarkup.parse(prose), style)
  }

  /// False only for prose sure to hold none of the characters markup starts with, read on bytes:
  /// each is an ASCII byte, or U+1FEF (Greek varia, which Unicode makes equal to the grave accent),
  /// whose UTF-8 starts with 0xE1. Most screen text is plain, and comparing it character by
  /// character cost more than the rest of a welcome screen's wrapping.
  static func mayHoldMarkup(_ prose: String) -> Bool {
    prose.utf8.contains { byte in
      switch byte {
      case UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "\\"), UInt8(ascii: "["),
        UInt8(ascii: "~"), UInt8(ascii: "<"), UInt8(ascii: "!"), 0xE1:
        true
      default: false
      }
    }
  }

  static func marked(_ spans: [InlineSpan], _ style: Style) -> String {
    func wrap(_ open: Character, _ close: Character, _ plain: String, _ inner: [InlineSpan]) -> String {
      style.color
        ? String(open) + marked(inner, style) + String(close) : plain + marked(inner, style) + plain
    }
    return spans.map { span in
      switch span {
      case .text(let t): t
      case .code(let c): style.color ? String(codeOpen) + c + String(codeClose) : "`" + c + "`"
      case .emphasis(let inner): wrap(emphasisOpen, emphasisClose, "_", inner)
      case .strong(let inner): wrap(strongOpen, strongClose, "*", inner)
      case .strike(let inner): wrap(strikeOpen, strikeClose, "~", inner)
      case .underline(let inner): wrap(underlineOpen, underlineClose, "_", inner)
      case .math(let source, false): MathText.inline(source)
      // A displayed formula inside a line of prose: drawn on the line as an inline one (the lines of
      // a stacked fraction joined on one line would read as other numbers).
      case .math(let source, true): MathText.inline(source)
      // The placeholder kept whole across a wrap point after its colon.
      case .image, .sound: InlineMarkup.plainText([span]).replacing(": ", with: ":" + TextWrap.glue, maxReplacements: 1)
      }
    }.joined()
  }

  /// What the marks seen so far on a line stand for.
  private struct Marks: Equatable {
    var code = 0
    var gap = 0
    var emphasis = 0
    var strong = 0
    var strike = 0
    var underline = 0

    var none: Bool { self == Marks() }

    mutating func take(_ ch: Character) -> Bool {
      switch ch {
      case codeOpen: code += 1
      case codeClose: code = max(0, code - 1)
      case gapOpen: gap += 1
      case gapClose: gap = max(0, gap - 1)
      case emphasisOpen: emphasis += 1
      case emphasisClose: emphasis = max(0, emphasis - 1)
      case strongOpen: strong += 1
      case strongClose: strong = max(0, strong - 1)
      case strikeOpen: strike += 1
      case strikeClose: strike = max(0, strike - 1)
      case underlineOpen: underline += 1
      case underlineClose: underline = max(0, underline - 1)
      default: return false
      }
      return true
    }

    func codes(_ style: Style) -> String {
      var out = ""
      if strong > 0 { out += style.sgr(.bold) }
      if emphasis > 0 { out += style.sgr(.italic) }
      if underline > 0 { out += style.sgr(.underline) }
      if strike > 0 { out += style.sgr(.strike) }
      if code > 0 { out += style.sgr(.accent) }
      if gap > 0 { out += style.sgr(.revealed) }
      return out
    }
  }

  /// Wrapped lines with their marks turned into colour codes (or removed without colour). Marked
  /// text that goes on past a line's end is closed there and opened again after the next line's
  /// indent.
  static func paint(_ lines: [String], _ style: Style) -> [String] {
    guard lines.contains(where: { $0.unicodeScalars.contains { isMark($0.value) } }) else { return lines }
    var marks = Marks()
    return lines.map { line in
      var out = ""
      // What the colour codes written so far on this line stand for; codes are written lazily,
      // just before a character that needs them, and never over the line's indent.
      var shown = Marks()
      var atIndent = true
      for ch in line {
        if marks.take(ch) { continue }
        if ch != " " { atIndent = false }
        if style.color, !atIndent, shown != marks {
          if !shown.none { out += Style.reset }
          out += marks.codes(style)
          shown = marks
        }
        out.append(ch)
      }
      if !shown.none { out += Style.reset }  // closed at the line's end
      return out
    }
  }
}
