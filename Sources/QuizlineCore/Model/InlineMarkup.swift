/// A piece of inline text: what the strings of sessions (and bank texts) may mark up.
public enum InlineSpan: Sendable, Equatable, Hashable {
  case text(String)
  /// Inline code (between backticks).
  case code(String)
  /// `*emphasis*` or `_emphasis_`.
  case emphasis([InlineSpan])
  /// `**strong**` or `__strong__`.
  case strong([InlineSpan])
  /// `~~struck~~` (GitHub's strikethrough).
  case strike([InlineSpan])
  /// `<u>underlined</u>` (HTML's tag: Markdown has no underline of its own).
  case underline([InlineSpan])
  /// A formula's LaTeX source: inline between `\(` and `\)` (or Anki's `[$]`…`[/$]`), displayed
  /// between `\[` and `\]` (or `[$$]`…`[/$$]`).
  case math(String, display: Bool)
  /// `![alt](source)`: an image file, its path relative to the folder of the bank's or session's file.
  case image(source: String, alt: String)
  /// `[sound:source]` (Anki's markup): a sound file, its path relative to the same folder.
  case sound(String)
}

/// A media file a text names: an image or a sound, by its path relative to the folder of the file
/// the text came from (``InlineMarkup/mediaReferences(_:)``).
public struct MediaReference: Sendable, Equatable, Hashable {
  public enum Kind: String, Sendable, Equatable, Hashable {
    case image, sound
  }
  public var kind: Kind
  public var source: String

  public init(kind: Kind, source: String) {
    self.kind = kind
    self.source = source
  }

  /// The file's name (the last part of its path), as placeholders show it.
  public var fileName: String {
    source.split(separator: "/").last.map(String.init) ?? source
  }
}

/// The inline Markdown a text of a session, bank or question carries: code spans between
/// backticks, `*emphasis*` (or `_emphasis_`), `**strong**` (or `__strong__`), `~~struck~~`,
/// `<u>underlined</u>`, formulas (`\(..\)` and `[$]..[/$]` inline, `\[..\]` and `[$$]..[/$$]`
/// displayed; `$..$` is not a formula), images `![alt](source)`, sounds `[sound:source]`, and
/// backslash escapes of the marks (`\*`, `\_`, `` \` ``, `\\`, `\~`, `\<`, `\$`, `\!`). Inside a
/// code span or a formula nothing is markup; an opening mark without its closing one is text (so
/// Swift's `"\(name)"` stays text). Delimiters pair up by CommonMark's rules (a `*` between spaces,
/// or `_` inside a word, is a plain character), so text written before markup existed reads as it
/// did. The one home for this syntax: the renderer, the Markdown reader and
/// writer all go through ``parse(_:)`` and ``serialize(_:)``.
public enum InlineMarkup {
  /// The spans of `text` (adjacent texts merged).
  public static func parse(_ text: String) -> [InlineSpan] {
    parse(text, depth: 0)
  }

  /// Underlines nest at most this deep; a deeper `<u>` is text (a hostile text cannot exhaust the
  /// stack).
  private static let maximumDepth = 16

  private static func parse(_ text: String, depth: Int) -> [InlineSpan] {
    guard text.contains(where: { "`*_\\[~<".contains($0) }) else {
      return text.isEmpty ? [] : [.text(text)]
    }
    var tokens = tokenize(Array(text), depth: depth)
    resolveEmphasis(&tokens)
    return merged(
      tokens.map { token in
        switch token {
        case .span(let s): s
        case .delimiter(let d): .text(String(repeating: d.mark, count: d.count))
        }
      })
  }

  /// `spans` written back as text that ``parse(_:)`` reads as the same spans: marks escaped only
  /// when the text would otherwise read differently.
  public static func serialize(_ spans: [InlineSpan]) -> String {
    let spans = merged(spans)
    let plain = write(spans, escaping: false)
    if merged(parse(plain)) == spans { return plain }
    return write(spans, escaping: true)
  }

  /// The text without its marks (code without backticks, emphasis without stars).
  public static func plainText(_ spans: [InlineSpan]) -> String {
    spans.map { span in
      switch span {
      case .text(let t), .code(let t): t
      case .emphasis(let inner), .strong(let inner), .strike(let inner), .underline(let inner): plainText(inner)
      case .math(let source, let display): display ? "\\[" + source + "\\]" : "\\(" + source + "\\)"
      case .image(let source, let alt):
        "[image: " + (alt.isEmpty ? MediaReference(kind: .image, source: source).fileName : alt) + "]"
      case .sound(let source): "[sound: " + MediaReference(kind: .sound, source: source).fileName + "]"
      }
    }.joined()
  }

  /// The images and sounds `text` names, in order.
  public static func mediaReferences(_ text: String) -> [MediaReference] {
    guard text.contains("![") || text.contains("[sound:") else { return [] }
    var out: [MediaReference] = []
    func collect(_ spans: [InlineSpan]) {
      for span in spans {
        switch span {
        case .image(let source, _): out.append(MediaReference(kind: .image, source: source))
        case .sound(let source): out.append(MediaReference(kind: .sound, source: source))
        case .emphasis(let inner), .strong(let inner), .strike(let inner), .underline(let inner): collect(inner)
        case .text, .code, .math: break
        }
      }
    }
    collect(parse(text))
    return out
  }

  /// Adjacent texts joined, empty texts and empty emphasis dropped.
  public static func merged(_ spans: [InlineSpan]) -> [InlineSpan] {
    var out: [InlineSpan] = []
    for span in spans {
      switch span {
      case .text(let t):
        if t.isEmpty { continue }
        if case .text(let previous)? = out.last {
          out[out.count - 1] = .text(previous + t)
        } else {
          out.append(span)
        }
      case .code, .math, .image, .sound: out.append(span)
      case .strike(let inner):
        let m = merged(inner)
        if !m.isEmpty { out.append(.strike(m)) }
      case .underline(let inner):
        let m = merged(inner)
        if !m.isEmpty { out.append(.underline(m)) }
      case .emphasis(let inner):
        let m = merged(inner)
        if !m.isEmpty { out.append(.emphasis(m)) }
      case .strong(let inner):
        let m = merged(inner)
        if !m.isEmpty { out.append(.strong(m)) }
      }
    }
    return out
  }

  // MARK: reading

  private struct Delimiter {
    var mark: Character
    var count: Int
    let original: Int
    let canOpen: Bool
    let canClose: Bool
  }

  private enum Token {
    case span(InlineSpan)
    case delimiter(Delimiter)
  }

  private static func isPunctuation(_ c: Character) -> Bool { c.isPunctuation || c.isSymbol }

  /// The characters a backslash escapes.
  static let escapable: Set<Character> = ["\\", "*", "_", "`", "~", "<", "$", "!"]

  private static func tokenize(_ chars: [Character], depth: Int) -> [Token] {
    var tokens: [Token] = []
    var text = ""
    func flush() {
      if !text.isEmpty { tokens.append(.span(.text(text))) }
      text = ""
    }
    let closers = MathClosers(chars)
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if c == "\\", i + 1 < chars.count, let (span, end) = math(chars, from: i, closers) {
        flush()
        tokens.append(.span(span))
        i = end
      } else if c == "\\", i + 1 < chars.count, escapable.contains(chars[i + 1]) {
        text.append(chars[i + 1])
        i += 2
      } else if c == "[", chars.count > i + 2, chars[i + 1] == "$", let (span, end) = math(chars, from: i, closers) {
        flush()
        tokens.append(.span(span))
        i = end
      } else if c == "<", depth < maximumDepth, let (inner, end) = underline(chars, from: i, closers) {
        flush()
        tokens.append(.span(.underline(parse(inner, depth: depth + 1))))
        i = end
      } else if c == "~", i + 1 < chars.count, chars[i + 1] == "~", i + 2 >= chars.count || chars[i + 2] != "~",
        i == 0 || chars[i - 1] != "~"
      {
        // Exactly two tildes: a strikethrough delimiter (GitHub's rule; one or three are text).
        let before: Character = i > 0 ? chars[i - 1] : " "
        let after: Character = i + 2 < chars.count ? chars[i + 2] : " "
        flush()
        tokens.append(
          .delimiter(
            Delimiter(
              mark: "~", count: 2, original: 2, canOpen: !after.isWhitespace, canClose: !before.isWhitespace)))
        i += 2
      } else if c == "`" {
        var n = 0
        while i + n < chars.count, chars[i + n] == "`" { n += 1 }
        if let (code, end) = codeSpan(chars, from: i + n, fence: n) {
          flush()
          tokens.append(.span(.code(code)))
          i = end
        } else {
          text += String(repeating: "`", count: n)
          i += n
        }
      } else if c == "!", let (span, end) = image(chars, from: i) {
        flush()
        tokens.append(.span(span))
        i = end
      } else if c == "[", let (span, end) = sound(chars, from: i) {
        flush()
        tokens.append(.span(span))
        i = end
      } else if c == "*" || c == "_" {
        var n = 0
        while i + n < chars.count, chars[i + n] == c { n += 1 }
        let before: Character = i > 0 ? chars[i - 1] : " "
        let after: Character = i + n < chars.count ? chars[i + n] : " "
        let left = !after.isWhitespace && (!isPunctuation(after) || before.isWhitespace || isPunctuation(before))
        let right = !before.isWhitespace && (!isPunctuation(before) || after.isWhitespace || isPunctuation(after))
        let canOpen = c == "*" ? left : left && (!right || isPunctuation(before))
        let canClose = c == "*" ? right : right && (!left || isPunctuation(after))
        flush()
        tokens.append(
          .delimiter(Delimiter(mark: c, count: n, original: n, canOpen: canOpen, canClose: canClose)))
        i += n
      } else {
        text.append(c)
        i += 1
      }
    }
    flush()
    return tokens
  }

  /// `![alt](source)` starting at `start`: the image and the index after it. The source has no
  /// space, newline or parenthesis, the alternative text no bracket or newline.
  private static func image(_ chars: [Character], from start: Int) -> (InlineSpan, Int)? {
    guard start + 1 < chars.count, chars[start + 1] == "[" else { return nil }
    var i = start + 2
    while i < chars.count, chars[i] != "]" {
      if chars[i] == "[" || chars[i] == "\n" { return nil }
      i += 1
    }
    guard i + 1 < chars.count, chars[i + 1] == "(" else { return nil }
    let alt = String(chars[(start + 2)..<i])
    var j = i + 2
    while j < chars.count, chars[j] != ")" {
      if chars[j] == "(" || chars[j] == " " || chars[j] == "\n" { return nil }
      j += 1
    }
    guard j < chars.count, j > i + 2 else { return nil }
    return (.image(source: String(chars[(i + 2)..<j]), alt: alt), j + 1)
  }

  /// `[sound:source]` starting at `start`: the sound and the index after it.
  private static func sound(_ chars: [Character], from start: Int) -> (InlineSpan, Int)? {
    let prefix = Array("[sound:")
    guard start + prefix.count < chars.count, Array(chars[start..<(start + prefix.count)]) == prefix else { return nil }
    var i = start + prefix.count
    while i < chars.count, chars[i] != "]" {
      if chars[i] == "[" || chars[i] == "\n" { return nil }
      i += 1
    }
    let source = String(chars[(start + prefix.count)..<min(i, chars.count)]).trimmingSpaces
    guard i < chars.count, !source.isEmpty else { return nil }
    return (.sound(source), i + 1)
  }

  /// The code of a span whose opening fence of `fence` backticks ends before `start`, and the index
  /// after its closing fence; nil when no run of exactly `fence` backticks closes it.
  static func codeSpan(_ chars: [Character], from start: Int, fence: Int) -> (String, Int)? {
    var i = start
    while i < chars.count {
      guard chars[i] == "`" else {
        i += 1
        continue
      }
      var n = 0
      while i + n < chars.count, chars[i + n] == "`" { n += 1 }
      if n == fence {
        var code = String(chars[start..<i])
        if code.count >= 2, code.first == " ", code.last == " ", code.contains(where: { $0 != " " }) {
          code = String(code.dropFirst().dropLast())
        }
        return (code, i + n)
      }
      i += n
    }
    return nil
  }

  /// CommonMark's "process emphasis": each closer pairs with the nearest opener of its mark before
  /// it, two marks a side making strong emphasis, one making emphasis.
  private static func resolveEmphasis(_ tokens: inout [Token]) {
    var closer = 0
    while closer < tokens.count {
      guard case .delimiter(var c) = tokens[closer], c.canClose, c.count > 0 else {
        closer += 1
        continue
      }
      var found: Int?
      var k = closer - 1
      while k >= 0 {
        if case .delimiter(let o) = tokens[k], o.mark == c.mark, o.canOpen, o.count > 0 {
          let oddMatch =
            c.mark != "~" && (o.canClose || c.canOpen) && (o.original + c.original) % 3 == 0
            && !(o.original % 3 == 0 && c.original % 3 == 0)
          if !oddMatch {
            found = k
            break
          }
        }
        k -= 1
      }
      guard let openerIndex = found, case .delimiter(var o) = tokens[openerIndex] else {
        closer += 1
        continue
      }
      let use = c.mark == "~" || (o.count >= 2 && c.count >= 2) ? 2 : 1
      let inner = tokens[(openerIndex + 1)..<closer].map { token -> InlineSpan in
        switch token {
        case .span(let s): s
        case .delimiter(let d): .text(String(repeating: d.mark, count: d.count))
        }
      }
      o.count -= use
      c.count -= use
      let span: InlineSpan =
        c.mark == "~" ? .strike(merged(inner)) : use == 2 ? .strong(merged(inner)) : .emphasis(merged(inner))
      var replacement: [Token] = []
      if o.count > 0 { replacement.append(.delimiter(o)) }
      replacement.append(.span(span))
      if c.count > 0 { replacement.append(.delimiter(c)) }
      tokens.replaceSubrange(openerIndex...closer, with: replacement)
      // Go on from the closer, which may close another opener with what is left of it.
      closer = openerIndex + replacement.count - (c.count > 0 ? 1 : 0)
    }
  }
}
