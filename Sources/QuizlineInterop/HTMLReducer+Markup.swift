import QuizlineCore

/// The markup output's handling of tags and of Anki's own markup (formulas, sounds).
extension HTMLReducer {
  /// Handles `tag` for the markup output; false when the handling both outputs share applies.
  mutating func handleMarkup(_ tag: HTMLTag) -> Bool {
    let name = tag.name
    switch name {
    case "b", "strong": style(.strong, tag)
    case "i", "em": style(.emphasis, tag)
    case "u", "ins": style(.underline, tag)
    case "s", "strike", "del": style(.strike, tag)
    case "h1", "h2", "h3", "h4", "h5", "h6":
      blockBreak()
      style(.strong, tag)
      if tag.closing { blockBreak() }
    case "span", "font": styledSpan(tag)
    case "code", "kbd", "samp", "tt":
      guard preDepth == 0 else { return true }
      if !tag.closing, !tag.selfClosing, codeStart == nil {
        flushSpace()
        codeStart = out.count
      } else if tag.closing {
        closeCode()
      }
    case "pre":
      if !tag.closing {
        blockBreak()
        if preDepth == 0 { preStart = out.count }
        preDepth += 1
      } else if preDepth > 0 {
        preDepth -= 1
        if preDepth == 0 { closePre() }
      }
    case "ul", "ol":
      blockBreak()
      if tag.closing {
        _ = lists.popLast()
      } else if !tag.selfClosing {
        lists.append(name == "ul" ? .bullet : .ordered(next: Int(tag.attributes["start"] ?? "") ?? 1))
      }
    case "li":
      blockBreak()
      if !tag.closing { listMark() }
    case "table", "tr", "td", "th", "thead", "tbody", "tfoot", "caption": tableTag(tag)
    case "img": image(tag)
    case "audio":
      guard !tag.closing, let src = tag.attributes["src"].map({ Entities.decodeAll($0) }), !src.isEmpty else {
        return false
      }
      appendSpan(.sound(mediaPaths?.sound(src) ?? src))
      if !tag.selfClosing { skipUntil = name }
    case "sup", "sub":
      if !tag.closing, scriptStart == nil {
        flushSpace()
        scriptStart = (out.count, name == "sup")
      } else if tag.closing, let (start, sup) = scriptStart, sup == (name == "sup") {
        scriptStart = nil
        if let mapped = Self.scripted(plainText(out[start...]), superscript: sup),
          out[start...].allSatisfy({ if case .char = $0 { true } else { false } })
        {
          removeTail(from: start)
          for c in mapped.unicodeScalars { push(.char(c)) }
        }
      }
    default: return false
    }
    return true
  }

  private mutating func style(_ s: Style, _ tag: HTMLTag) {
    if tag.closing {
      push(.close(s))
    } else if !tag.selfClosing {
      push(.open(s))
    }
  }

  /// `<span style>` / `<font>`: bold, italic, underline and strike-through styles kept; colours,
  /// fonts and sizes are a loss.
  private mutating func styledSpan(_ tag: HTMLTag) {
    if tag.closing {
      for s in (spanStyles.popLast() ?? []).reversed() { push(.close(s)) }
      return
    }
    guard !tag.selfClosing else { return }
    if tag.name == "font", !tag.attributes.isEmpty { losses.insert(.styling) }
    var styles: [Style] = []
    for declaration in (tag.attributes["style"] ?? "").split(separator: ";") {
      let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces.lowercased() }
      guard parts.count == 2, !parts[0].isEmpty else { continue }
      let (property, value) = (parts[0], parts[1])
      switch property {
      case "font-weight":
        if value.hasPrefix("bold") || ["600", "700", "800", "900"].contains(value) { styles.append(.strong) }
      case "font-style":
        if value == "italic" || value == "oblique" { styles.append(.emphasis) }
      case "text-decoration", "text-decoration-line":
        if value.contains("underline") { styles.append(.underline) }
        if value.contains("line-through") { styles.append(.strike) }
      default: losses.insert(.styling)
      }
    }
    spanStyles.append(styles)
    for s in styles { push(.open(s)) }
  }

  private mutating func listMark() {
    let indent = String(repeating: "  ", count: max(0, lists.count - 1))
    switch lists.last {
    case .ordered(let n)?:
      lists[lists.count - 1] = .ordered(next: n + 1)
      push(.raw(indent + "\(n). "))
    case .bullet?, nil: push(.raw(indent + "- "))
    }
    pendingSpace = false
  }

  private mutating func image(_ tag: HTMLTag) {
    let src = Entities.decodeAll(tag.attributes["src"] ?? "")
    var alt = ""
    for c in Entities.decodeAll(tag.attributes["alt"] ?? "").unicodeScalars
    where c != "[" && c != "]" && !isControl(c) && !(c.value >= 0xFDD0 && c.value <= 0xFDEF) {
      alt.unicodeScalars.append(c == "\n" || c == "\t" ? " " : c)
    }
    alt = alt.trimmingSpaces
    if !src.isEmpty, let path = mediaPaths?.image(src) {
      appendSpan(.image(source: path, alt: alt))
    } else {
      media.append(src)
      let file = MediaReference(kind: .image, source: src).fileName
      appendWord(alt.isEmpty ? (file.isEmpty ? "[image]" : "[image: \(file)]") : "[image: \(alt)]")
    }
  }

  mutating func closeCode() {
    guard let start = codeStart else { return }
    codeStart = nil
    var code = ""
    for c in plainText(out[start...]).unicodeScalars { code.unicodeScalars.append(c == "\n" ? " " : c) }
    removeTail(from: start)
    let trimmed = code.trimmingSpaces
    if !trimmed.isEmpty { appendSpan(.code(trimmed)) }
    if code.last == " " { pendingSpace = true }
  }

  /// The `<pre>` just closed as a fenced block, its fence longer than any run of backticks in it.
  mutating func closePre() {
    guard let start = preStart else { return }
    preStart = nil
    var code = Substring(plainText(out[start...]))
    removeTail(from: start)
    if code.first == "\n" { code = code.dropFirst() }
    while code.last == "\n" || code.last == " " { code = code.dropLast() }
    guard !code.isEmpty else { return }
    var longest = 0
    var run = 0
    for c in code {
      run = c == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: max(3, longest + 1))
    blockBreak()
    push(.raw(fence + "\n" + code + "\n" + fence))
    blockBreak()
  }

  /// Closes what the text left open: a code span, a fenced block, a table.
  mutating func finishOpenBlocks() {
    closeCode()
    if preDepth > 0 {
      preDepth = 0
      closePre()
    }
    if tableDepth > 0 {
      tableDepth = 0
      finishTable()
    }
  }

  /// `text` in Unicode super- or subscript characters (``MathScripts``, the table formulas use); nil
  /// when one of them has none.
  static func scripted(_ text: String, superscript: Bool) -> String? {
    MathScripts.script(text, superscript: superscript)
  }
}
