import QuizlineCore

/// The markup output's last step: the reducer's pieces as lines of quizline's rich text. Each run of
/// characters and spans becomes an ``InlineSpan`` tree by the styles open over it (a style open at a
/// line's end is closed there and opened again on the next line; spaces at a style's ends move out of
/// it, so `<b>a </b>b` is `**a** b`), written by ``InlineMarkup/serialize(_:)``; verbatim pieces (a
/// list item's mark, a table, a fenced block) are written as they stand.
enum MarkupLines {
  typealias Piece = HTMLReducer.Piece
  typealias Style = HTMLReducer.Style

  /// `pieces` as lines (a verbatim piece may hold line breaks of its own).
  static func lines(_ pieces: ArraySlice<Piece>) -> [String] {
    var stack: [Style] = []
    var lines: [String] = []
    var line = ""
    var runs: [(styles: [Style], span: InlineSpan)] = []
    var text = String.UnicodeScalarView()
    func flushText() {
      guard !text.isEmpty else { return }
      runs.append((unique(stack), .text(String(text))))
      text = String.UnicodeScalarView()
    }
    func flushRuns() {
      flushText()
      guard !runs.isEmpty else { return }
      if runs.count == 1, runs[0].styles.isEmpty, case .text(let t) = runs[0].span, readsAsItself(t) {
        line += t
      } else {
        line += InlineMarkup.serialize(tree(runs[...], depth: 0))
      }
      runs = []
    }
    for piece in pieces {
      switch piece {
      case .char("\n"):
        flushRuns()
        lines.append(trimmedEnd(line))
        line = ""
      case .char(let c): text.append(c)
      case .open(let style):
        flushText()
        stack.append(style)
      case .close(let style):
        flushText()
        if let i = stack.lastIndex(of: style) { stack.remove(at: i) }
      case .span(let span):
        flushText()
        runs.append((unique(stack), span))
      case .raw(let r):
        flushRuns()
        line += r
      }
    }
    flushRuns()
    lines.append(trimmedEnd(line))
    return lines
  }

  /// Whether `text` is written as it stands by ``InlineMarkup/serialize(_:)`` (as one `.text` span):
  /// true only when it holds nothing but ASCII letters, digits, spaces and `,.?;:'"-`, none of which
  /// begins or escapes a mark (issue 36: the parse that serializing checks with is skipped for plain
  /// words; `AnkiFastPathTests` compares it with `serialize`).
  static func readsAsItself(_ text: String) -> Bool {
    text.utf8.allSatisfy { b in
      switch b {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "."),
        UInt8(ascii: "?"), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "'"), UInt8(ascii: "\""),
        UInt8(ascii: "-"):
        true
      default: false
      }
    }
  }

  private static func trimmedEnd(_ s: String) -> String {
    var s = Substring(s)
    while s.last == " " || s.last == "\t" { s = s.dropLast() }
    return String(s)
  }

  private static func unique(_ styles: [Style]) -> [Style] {
    var out: [Style] = []
    for s in styles where !out.contains(s) { out.append(s) }
    return out
  }

  /// The spans of `runs`, nested by their styles from `depth` on.
  private static func tree(_ runs: ArraySlice<(styles: [Style], span: InlineSpan)>, depth: Int) -> [InlineSpan] {
    var out: [InlineSpan] = []
    var i = runs.startIndex
    while i < runs.endIndex {
      guard runs[i].styles.count > depth else {
        out.append(runs[i].span)
        i += 1
        continue
      }
      let style = runs[i].styles[depth]
      var j = i
      while j < runs.endIndex, runs[j].styles.count > depth, runs[j].styles[depth] == style { j += 1 }
      out.append(contentsOf: wrap(style, tree(runs[i..<j], depth: depth + 1)))
      i = j
    }
    return InlineMarkup.merged(out)
  }

  /// `inner` in `style`, its leading and trailing spaces moved out (a mark next to a space does not
  /// open or close); nothing but those spaces when nothing else is left.
  private static func wrap(_ style: Style, _ inner: [InlineSpan]) -> [InlineSpan] {
    var inner = InlineMarkup.merged(inner)
    var lead = ""
    var trail = ""
    if case .text(let t)? = inner.first {
      let body = t.drop(while: { $0 == " " })
      lead = String(t.prefix(t.count - body.count))
      inner[0] = .text(String(body))
    }
    if case .text(let t)? = inner.last {
      var body = Substring(t)
      while body.last == " " { body = body.dropLast() }
      trail = String(t.suffix(t.count - body.count))
      inner[inner.count - 1] = .text(String(body))
    }
    inner = InlineMarkup.merged(inner)
    var out: [InlineSpan] = [.text(lead)]
    if !inner.isEmpty {
      switch style {
      case .strong: out.append(.strong(inner))
      case .emphasis: out.append(.emphasis(inner))
      case .underline: out.append(.underline(inner))
      case .strike: out.append(.strike(inner))
      }
    }
    out.append(.text(trail))
    return out
  }
}
