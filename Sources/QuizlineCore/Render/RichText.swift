/// Bank and session text on the terminal, the one home for its markup: inline code, code blocks and
/// revealed cloze gaps. Every text of a bank (prompts, choices, explanations, hints, feedback, the
/// faces of a flashcard, cloze text) and every session paragraph goes through
/// ``Output/paragraph(_:indent:firstIndent:)``, which uses it.
///
/// * A **code block** is a fenced block (a line ```` ``` ````, or ```` ```swift ````, up to a line
///   ```` ``` ````), or the lines of a text of several lines that are each one code span
///   (`` `var b = a` ``). It is shown as sessions show code (``CodeLines``): four columns in, never
///   wrapped, a line too wide cut with `…` (`>` in plain output), Swift highlighted with colour
///   (another language named after the fence: the code colour only).
/// * **Inline markup** (``InlineMarkup``: code spans, `*emphasis*`, `**strong**`): with colour,
///   code in the code colour, emphasis in italics and strong in bold, without their marks; without
///   colour the text is shown as written, so its backticks and stars carry the meaning.
/// * A **revealed gap** (``revealed(_:)``): its brackets are written by the caller, so they show in
///   every style; with colour the gap's text is also bold and underlined.
///
/// Marks travel through wrapping as zero-width noncharacters (``TextWrap/characterWidth(_:)``) and
/// become colour codes (or nothing) per wrapped line, so colour never spans a line break.
enum RichText {
  /// A part of a text: wrapped prose, or code kept line for line.
  enum Piece: Equatable {
    case prose(String)
    case code(String, swift: Bool)
  }

  // Unicode noncharacters (a literal cannot spell them), as ``TextWrap/glue`` is.
  static let codeOpen = mark(0xFDD1)
  static let codeClose = mark(0xFDD2)
  static let gapOpen = mark(0xFDD3)
  static let gapClose = mark(0xFDD4)
  static let emphasisOpen = mark(0xFDD5)
  static let emphasisClose = mark(0xFDD6)
  static let strongOpen = mark(0xFDD7)
  static let strongClose = mark(0xFDD8)

  private static func mark(_ value: UInt32) -> Character { Character(Unicode.Scalar(value)!) }

  /// True for the zero-width marks (not ``TextWrap/glue``, which stands for a space).
  static func isMark(_ scalar: UInt32) -> Bool { scalar >= 0xFDD1 && scalar <= 0xFDD8 }

  /// `text` marked as a revealed gap (the caller adds the brackets).
  static func revealed(_ text: String) -> String { String(gapOpen) + text + String(gapClose) }

  /// The prose and code blocks of `text`, in order.
  static func pieces(_ text: String) -> [Piece] {
    guard text.contains("`") else { return [.prose(text)] }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var out: [Piece] = []
    var prose: [String] = []
    var codeRun: [String] = []
    func flushProse() {
      if !prose.isEmpty { out.append(.prose(prose.joined(separator: "\n"))) }
      prose = []
    }
    func flushCode() {
      if !codeRun.isEmpty { out.append(.code(codeRun.joined(separator: "\n"), swift: true)) }
      codeRun = []
    }
    var i = 0
    while i < lines.count {
      let trimmed = lines[i].trimmingSpaces
      if trimmed.hasPrefix("```"), let close = lines[(i + 1)...].firstIndex(where: { $0.trimmingSpaces == "```" }) {
        let language = trimmed.dropFirst(3).trimmingSpaces.lowercased()
        flushProse()
        flushCode()
        out.append(
          .code(lines[(i + 1)..<close].joined(separator: "\n"), swift: language.isEmpty || language == "swift"))
        i = close + 1
        continue
      }
      if lines.count > 1, let code = wholeSpan(trimmed) {
        flushProse()
        codeRun.append(code)
      } else {
        flushCode()
        prose.append(lines[i])
      }
      i += 1
    }
    flushProse()
    flushCode()
    return out
  }

  /// The code of a line that is one code span (`` `b.text = "final"` ``), else nil.
  private static func wholeSpan(_ line: String) -> String? {
    guard line.count >= 3, line.first == "`", line.last == "`" else { return nil }
    let inner = line.dropFirst().dropLast()
    guard !inner.contains("`"), inner.contains(where: { $0 != " " }) else { return nil }
    return String(inner)
  }

  /// Prose ready to wrap: with colour, its inline markup (``InlineMarkup``) turned into marks
  /// instead of backticks, stars and escapes; without colour, as written.
  static func marked(_ prose: String, _ style: Style) -> String {
    guard style.color, prose.contains(where: { $0 == "`" || $0 == "*" || $0 == "_" || $0 == "\\" }) else {
      return prose
    }
    return marked(InlineMarkup.parse(prose))
  }

  private static func marked(_ spans: [InlineSpan]) -> String {
    spans.map { span in
      switch span {
      case .text(let t): t
      case .code(let c): String(codeOpen) + c + String(codeClose)
      case .emphasis(let inner): String(emphasisOpen) + marked(inner) + String(emphasisClose)
      case .strong(let inner): String(strongOpen) + marked(inner) + String(strongClose)
      case .strike(let inner), .underline(let inner): marked(inner)
      case .math, .image, .sound: InlineMarkup.plainText([span])
      }
    }.joined()
  }

  /// What the marks seen so far on a line stand for.
  private struct Marks: Equatable {
    var code = 0
    var gap = 0
    var emphasis = 0
    var strong = 0

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
      default: return false
      }
      return true
    }

    func codes(_ style: Style) -> String {
      var out = ""
      if strong > 0 { out += style.sgr(.bold) }
      if emphasis > 0 { out += style.sgr(.italic) }
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

extension StringProtocol {
  /// Without leading and trailing spaces.
  fileprivate var trimmingSpaces: String {
    var s = Substring(self)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
