/// The spans ``InlineMarkup`` finds by their opening and closing marks rather than by pairing
/// delimiters: formulas and underlines.
extension InlineMarkup {
  /// Where each closing mark last occurs in a text, so an opening mark with no closing mark after
  /// it is known to be text at once (a text of many unclosed `\(` is read in linear time).
  struct MathClosers {
    let last: [String: Int]

    static let marks = ["\\)", "\\]", "[/$]", "[/$$]", "</u>"]

    init(_ chars: [Character]) {
      var last: [String: Int] = [:]
      for mark in Self.marks {
        let m = Array(mark)
        var i = chars.count - m.count
        while i >= 0 {
          if chars[i] == m[0], Array(chars[i..<(i + m.count)]) == m {
            last[mark] = i
            break
          }
          i -= 1
        }
      }
      self.last = last
    }

    func after(_ mark: String, _ index: Int) -> Bool { (last[mark] ?? -1) >= index }
  }

  /// The formula that starts at `start` (`\(`, `\[`, `[$]` or `[$$]`) and the index after its
  /// closing mark; nil when it is not closed (an inline formula on the same line), or is empty.
  static func math(_ chars: [Character], from start: Int, _ closers: MathClosers) -> (InlineSpan, Int)? {
    let opener: String
    let closer: String
    let display: Bool
    if chars[start] == "\\" {
      guard start + 1 < chars.count, chars[start + 1] == "(" || chars[start + 1] == "[" else { return nil }
      display = chars[start + 1] == "["
      opener = display ? "\\[" : "\\("
      closer = display ? "\\]" : "\\)"
    } else if has(chars, "[$$]", at: start) {
      (opener, closer, display) = ("[$$]", "[/$$]", true)
    } else if has(chars, "[$]", at: start) {
      (opener, closer, display) = ("[$]", "[/$]", false)
    } else {
      return nil
    }
    let from = start + opener.count
    guard closers.after(closer, from) else { return nil }
    var i = from
    while i < chars.count {
      if chars[i] == "\n", !display { return nil }
      if chars[i] == closer.first, has(chars, closer, at: i) {
        let source = String(chars[from..<i])
        guard source.contains(where: { !$0.isWhitespace }) else { return nil }
        return (.math(source, display: display), i + closer.count)
      }
      i += 1
    }
    return nil
  }

  /// The text between `<u>` at `start` and its `</u>` (nested underlines counted; failing that, the
  /// nearest `</u>`), and the index after it.
  static func underline(_ chars: [Character], from start: Int, _ closers: MathClosers) -> (String, Int)? {
    guard has(chars, "<u>", at: start), closers.after("</u>", start + 3) else { return nil }
    var depth = 0
    var nearest: Int?
    var i = start + 3
    while i < chars.count {
      // An escaped mark, a formula and a code span hold no tag.
      if chars[i] == "\\" || chars[i] == "[", let (_, end) = math(chars, from: i, closers) {
        i = end
        continue
      }
      if chars[i] == "\\", i + 1 < chars.count, escapable.contains(chars[i + 1]) {
        i += 2
        continue
      }
      if chars[i] == "`" {
        var n = 0
        while i + n < chars.count, chars[i + n] == "`" { n += 1 }
        i = codeSpan(chars, from: i + n, fence: n)?.1 ?? i + n
        continue
      }
      if chars[i] == "<" {
        if has(chars, "</u>", at: i) {
          if nearest == nil { nearest = i }
          if depth == 0 { return (String(chars[(start + 3)..<i]), i + 4) }
          depth -= 1
          i += 4
          continue
        }
        if has(chars, "<u>", at: i) {
          depth += 1
          i += 3
          continue
        }
      }
      i += 1
    }
    guard let end = nearest else { return nil }
    return (String(chars[(start + 3)..<end]), end + 4)
  }

  /// Whether `mark` is spelled at `index` of `chars`.
  static func has(_ chars: [Character], _ mark: String, at index: Int) -> Bool {
    var i = index
    for m in mark {
      guard i < chars.count, chars[i] == m else { return false }
      i += 1
    }
    return true
  }
}

extension InlineMarkup {
  /// `text` as texts and the formulas it holds, nothing else read: for text whose other markup was
  /// already read (a Markdown reader's text, where `\(` had to be written `\\(`).
  public static func formulas(in text: String) -> [InlineSpan] {
    guard text.contains("\\") || text.contains("[$") else { return text.isEmpty ? [] : [.text(text)] }
    let chars = Array(text)
    let closers = MathClosers(chars)
    var out: [InlineSpan] = []
    var plain = ""
    var i = 0
    while i < chars.count {
      if chars[i] == "\\" || chars[i] == "[", let (span, end) = math(chars, from: i, closers) {
        if !plain.isEmpty { out.append(.text(plain)) }
        plain = ""
        out.append(span)
        i = end
      } else {
        plain.append(chars[i])
        i += 1
      }
    }
    if !plain.isEmpty { out.append(.text(plain)) }
    return out
  }
}
