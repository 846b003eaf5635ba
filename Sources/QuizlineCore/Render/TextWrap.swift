/// Word wrapping and display widths for terminal text.
public enum TextWrap {
  /// Wraps `text` to `width` columns. Newlines in the text start new lines; runs of spaces collapse
  /// at wrap points; a word longer than the width is broken. `indent` prefixes every line;
  /// `firstIndent` (when given) replaces it on the first line. ``glue`` keeps its neighbours on one
  /// line (a cloze gap `[2: _____]`) and is written as a plain space.
  public static func lines(_ text: String, width: Int, indent: String = "", firstIndent: String? = nil) -> [String] {
    var out: [String] = []
    var first = true
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var prefix = first ? (firstIndent ?? indent) : indent
      first = false
      // Room after the prefix of the line being filled: the first line's prefix may differ from the rest.
      var available = max(8, width - displayWidth(prefix))
      var current = ""
      var currentWidth = 0
      func flush() {
        out.append(prefix + (current.contains(glue) ? current.replacing(glue, with: " ") : current))
        prefix = indent
        available = max(8, width - displayWidth(indent))
        current = ""
        currentWidth = 0
      }
      let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
      if words.isEmpty {
        out.append(prefix.trimmingTrailingSpaces())
        continue
      }
      for wordSub in words {
        var word = String(wordSub)
        var w = displayWidth(word)
        if currentWidth > 0 && currentWidth + 1 + w > available { flush() }
        while w > available {
          // Break an over-long word (a URL, a long identifier) at the width.
          var head = ""
          var headWidth = 0
          var rest = Substring(word)
          while let ch = rest.first, headWidth + characterWidth(ch) <= available - currentWidth {
            head.append(ch)
            headWidth += characterWidth(ch)
            rest = rest.dropFirst()
          }
          if head.isEmpty {
            flush()
            continue
          }
          current += head
          flush()
          word = String(rest)
          w = displayWidth(word)
        }
        if currentWidth > 0 {
          current += " "
          currentWidth += 1
        }
        current += word
        currentWidth += w
      }
      if currentWidth > 0 || current.isEmpty { flush() }
    }
    return out
  }

  /// A space that does not break a line, written as a plain space: U+FDD0, a Unicode noncharacter,
  /// so it never stands for anything in bank text (a no-break space there is shown as it is).
  static let glue = String(Character(Unicode.Scalar(0xFDD0 as UInt32)!))

  /// `lines(...)` joined with newlines.
  public static func wrap(_ text: String, width: Int, indent: String = "", firstIndent: String? = nil) -> String {
    lines(text, width: width, indent: indent, firstIndent: firstIndent).joined(separator: "\n")
  }

  /// Columns a string occupies in a terminal (wide East Asian characters count 2, combining marks 0).
  /// ANSI colour sequences (`ESC [ … m`) take no columns.
  public static func displayWidth(_ s: String) -> Int {
    // Printable ASCII: each byte a character of one column (no two of them make one character).
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 <= 0x7F }) { return s.utf8.count }
    var w = 0
    var inEscape = false
    for ch in s {
      if inEscape {
        if ch.isLetter { inEscape = false }
        continue
      }
      if ch == "\u{1B}" {
        inEscape = true
        continue
      }
      w += characterWidth(ch)
    }
    return w
  }

  static func characterWidth(_ ch: Character) -> Int {
    guard let v = ch.unicodeScalars.first?.value else { return 0 }
    if v < 0x20 { return 0 }
    if v < 0x1100 { return 1 }
    if RichText.isMark(v) { return 0 }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(v) } ? 2 : 1
  }

  /// `s` padded with spaces on the right to `width` columns.
  public static func pad(_ s: String, to width: Int) -> String {
    let w = displayWidth(s)
    return w >= width ? s : s + String(repeating: " ", count: width - w)
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var s = Substring(self)
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
