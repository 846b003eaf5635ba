/// Writing spans back as text (``InlineMarkup/serialize(_:)``): marks, and escapes where text would
/// otherwise read as markup.
extension InlineMarkup {
  static func write(_ spans: [InlineSpan], escaping: Bool) -> String {
    spans.map { span in
      switch span {
      case .text(let t): escaping ? escaped(t) : t
      case .code(let c): codeSpan(c)
      case .emphasis(let inner): "*" + write(inner, escaping: escaping) + "*"
      case .strong(let inner): "**" + write(inner, escaping: escaping) + "**"
      case .strike(let inner): "~~" + write(inner, escaping: escaping) + "~~"
      case .underline(let inner): "<u>" + write(inner, escaping: escaping) + "</u>"
      case .math(let source, let display): display ? "\\[" + source + "\\]" : "\\(" + source + "\\)"
      case .image(let source, let alt): "![" + alt + "](" + source + ")"
      case .sound(let source): "[sound:" + source + "]"
      }
    }.joined()
  }

  /// `t` with a backslash before each mark that could be read as markup: every backslash, star,
  /// underscore and backtick; a tilde next to another; `<` of `<u>` or `</u>`; `$` after `[`; `!`
  /// before `[`.
  static func escaped(_ t: String) -> String {
    let chars = Array(t)
    var out = ""
    for (i, ch) in chars.enumerated() {
      let before: Character? = i > 0 ? chars[i - 1] : nil
      let after: Character? = i + 1 < chars.count ? chars[i + 1] : nil
      let escape =
        switch ch {
        case "\\", "*", "_", "`": true
        case "~": before == "~" || after == "~"
        case "<": has(chars, "u>", at: i + 1) || has(chars, "/u>", at: i + 1)
        case "$": before == "["
        case "!": after == "["
        default: false
        }
      if escape { out.append("\\") }
      out.append(ch)
    }
    return out
  }

  /// `code` between as many backticks as it needs (one more than its longest run of backticks),
  /// padded with a space when it starts or ends with a backtick or with spaces on both ends.
  public static func codeSpan(_ code: String) -> String {
    var longest = 0
    var run = 0
    for ch in code {
      run = ch == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let pad =
      code.first == "`" || code.last == "`"
      || (code.first == " " && code.last == " " && code.contains(where: { $0 != " " }))
    return fence + (pad ? " " + code + " " : code) + fence
  }
}
