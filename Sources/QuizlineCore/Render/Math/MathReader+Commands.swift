/// What each command reads and becomes.
extension MathReader {
  mutating func command(_ name: String, into out: inout [MathNode]) throws {
    if let (symbol, cls) = MathSymbols.symbol(name) {
      out.append(.atom(symbol, cls))
    } else if let symbol = MathSymbols.largeOperators[name] ?? MathSymbols.integrals[name] {
      out.append(.atom(symbol, .op))
    } else if MathSymbols.functions.contains(name) {
      out.append(.atom(name, .function))
    } else if let width = MathSymbols.spaces[name] {
      out.append(.space(width))
    } else if name == "limits" || name == "nolimits" {
      // `\int\limits_0^1`, `\sum\nolimits_i`: the operator's scripts go where the command says.
      if case .atom(_, let cls) = out.last, cls == .op || cls == .function {
        out[out.count - 1] = .scripts(base: out[out.count - 1], sub: nil, sup: nil, limits: name == "limits")
      }
    } else if MathSymbols.ignored.contains(name) {
      return
    } else if let alphabet = MathScripts.alphabets[name] {
      out.append(.group(Self.styled(try argument(), alphabet)))
    } else if MathScripts.plainFonts.contains(name) {
      out.append(.group(try argument()))
    } else if MathScripts.textCommands.contains(name) {
      out.append(.text(try textArgument()))
    } else if let mark = MathScripts.accents[name] {
      out.append(.accent(name, mark, try argument()))
    } else {
      try structure(name, into: &out)
    }
  }

  /// Commands with arguments of their own shape.
  mutating func structure(_ name: String, into out: inout [MathNode]) throws {
    switch name {
    case "frac", "dfrac", "tfrac", "cfrac": out.append(.fraction(try argument(), try argument()))
    case "binom", "dbinom", "tbinom": out.append(.binomial(try argument(), try argument()))
    case "sqrt":
      let index = try optionalArgument()
      out.append(.root(index: index, try argument()))
    case "left":
      let open = try delimiter()
      let inner = try descend { r in try r.list { $0 == .command("right") } }
      guard !atEnd else { throw Unreadable() }
      at += 1
      out.append(.delimited(open, inner, try delimiter()))
    case "middle": out.append(.atom(try delimiter(), .rel))
    case "right", "end": throw Unreadable()
    case "begin": out.append(try environment())
    case "\\", "cr", "newline": out.append(.space(1))
    case "not": out.append(try negated())
    case "operatorname":
      // `\operatorname*{argmax}` takes its subscript below it in display math, as \lim does.
      let starred = !atEnd && tokens[at].kind == .char("*")
      if starred { at += 1 }
      let name = MathNode.atom(Self.plainText(try argument()), .function)
      out.append(starred ? .scripts(base: name, sub: nil, sup: nil, limits: true) : name)
    case "ce", "pu": out.append(.source("\\" + name + rawGroup()))
    case "color", "label", "vspace", "vphantom", "phantom", "hphantom": _ = try argument()
    case "hspace", "hspace*":
      _ = try argument()
      out.append(.space(1))
    case "textcolor", "colorbox":
      _ = try argument()
      out.append(.group(try argument()))
    case "tag", "tag*":
      out.append(contentsOf: [.space(2), .atom("(", .open), .group(try argument()), .atom(")", .close)])
    case "pmod":
      let n = try argument()
      out.append(contentsOf: [.space(1), .atom("(", .open), .atom("mod", .function), .group(n), .atom(")", .close)])
    case "mod": out.append(contentsOf: [.space(1), .atom("mod", .function)])
    case "overset", "stackrel", "underset":
      let script = try argument()
      let base = try argument()
      let b: MathNode = base.count == 1 ? base[0] : .group(base)
      let over = name != "underset"
      out.append(.scripts(base: b, sub: over ? nil : script, sup: over ? script : nil, limits: true))
    case "xrightarrow", "xleftarrow", "xRightarrow", "xLeftarrow", "xleftrightarrow":
      let below = try optionalArgument()
      let above = try argument()
      let arrow = MathSymbols.relation[String(name.dropFirst())] ?? "→"
      out.append(.scripts(base: .atom(arrow, .rel), sub: below, sup: above, limits: true))
    case "substack":
      skipSpaces()
      guard !atEnd, tokens[at].kind == .open else { throw Unreadable() }
      at += 1
      let rows = try descend { r in try r.rows(until: .brace) }
      out.append(.table(MathTable(left: "", right: "", alignment: .center, separatesCells: true), rows))
    default:
      var args: [[MathNode]] = []
      while !atEnd, tokens[at].kind == .open {
        at += 1
        args.append(try group())
      }
      out.append(.command(name, args))
    }
  }

  /// The delimiter after `\left`, `\right` or `\middle` ("" for `.`).
  mutating func delimiter() throws -> String {
    skipSpaces()
    guard !atEnd, let d = MathSymbols.delimiter(tokens[at].kind) else { throw Unreadable() }
    at += 1
    return d
  }

  /// `\begin{name}` read: a known environment's rows, an unknown one kept as written.
  mutating func environment() throws -> MathNode {
    let name = try braceName()
    guard let table = MathTable.named(name) else {
      var source = "\\begin{" + name + "}"
      var nesting = 0
      while !atEnd {
        let token = tokens[at]
        at += 1
        if token.kind == .command("begin") { nesting += 1 }
        if token.kind == .command("end") {
          if nesting == 0 {
            guard try braceName() == name else { throw Unreadable() }
            return .source(source + "\\end{" + name + "}")
          }
          nesting -= 1
        }
        Self.appendSource(token, to: &source)
      }
      throw Unreadable()
    }
    if MathTable.takesColumnSpec(name) {
      skipSpaces()
      if !atEnd, tokens[at].kind == .open { _ = rawGroup() }
    }
    return .table(table, try descend { r in try r.rows(until: .environment(name)) })
  }

  /// `\not=`, `\not\in`: the negated relation.
  mutating func negated() throws -> MathNode {
    let arg = try argument()
    guard arg.count == 1, case .atom(let s, let cls) = arg[0] else { return .command("not", [arg]) }
    let known: [String: String] = [
      "=": "≠", "∈": "∉", "⊂": "⊄", "⊃": "⊅", "⊆": "⊈", "⊇": "⊉", "≡": "≢", "<": "≮", ">": "≯", "≤": "≰",
      "≥": "≱", "∼": "≁", "≅": "≇", "≈": "≉", "∣": "∤", "∥": "∦", "→": "↛", "∃": "∄",
    ]
    return .atom(known[s] ?? s + "\u{338}", cls)
  }

  /// A braced group after `\ce` or an environment's column list, as written ("" when none follows).
  mutating func rawGroup() -> String {
    skipSpaces()
    guard !atEnd, tokens[at].kind == .open else { return "" }
    var source = ""
    var nesting = 0
    while !atEnd {
      let token = tokens[at]
      at += 1
      if token.kind == .open { nesting += 1 }
      if token.kind == .close { nesting -= 1 }
      Self.appendSource(token, to: &source)
      if nesting == 0 { break }
    }
    return source
  }

  static func appendSource(_ token: MathToken, to source: inout String) {
    // A control word followed by a letter needs the space that ended it.
    if let first = token.source.first, first.isASCII, first.isLetter, endsWithControlWord(source) {
      source += " "
    }
    source += token.source
  }

  static func endsWithControlWord(_ source: String) -> Bool {
    var rest = Substring(source)
    var letters = false
    while let last = rest.last, last.isASCII, last.isLetter {
      rest = rest.dropLast()
      letters = true
    }
    return letters && rest.last == "\\"
  }

  /// The argument of `\text{..}`: its characters, spaces kept, escapes resolved.
  mutating func textArgument() throws -> String {
    skipSpaces()
    guard !atEnd else { throw Unreadable() }
    guard tokens[at].kind == .open else {
      let token = tokens[at]
      at += 1
      if case .char(let c) = token.kind { return String(c) }
      throw Unreadable()
    }
    at += 1
    var text = ""
    var nesting = 1
    while !atEnd {
      let token = tokens[at]
      at += 1
      switch token.kind {
      case .open: nesting += 1
      case .close:
        nesting -= 1
        if nesting == 0 { return text }
      case .space: text += " "
      case .char(let c): text.append(c)
      case .command(let name):
        if MathScripts.textCommands.contains(name) { continue }
        if let width = MathSymbols.spaces[name] {
          text += String(repeating: " ", count: width)
        } else if name.count == 1, !MathLexer.isLetter(Character(name)) {
          text += name
        } else if let s = MathSymbols.symbol(name)?.0 {
          text += s
        } else {
          text += token.source
        }
      default: text += token.source
      }
    }
    throw Unreadable()
  }

  /// The characters of nodes that are atoms and groups of atoms (`\operatorname{Var}`).
  static func plainText(_ nodes: [MathNode]) -> String {
    nodes.map { node in
      switch node {
      case .atom(let s, _), .text(let s), .source(let s): s
      case .group(let inner): plainText(inner)
      default: ""
      }
    }.joined()
  }

  /// Letters and digits in a math alphabet.
  static func styled(_ nodes: [MathNode], _ alphabet: MathScripts.Alphabet) -> [MathNode] {
    nodes.map { node in
      switch node {
      case .atom(let s, let cls): .atom(String(s.map(alphabet.map)), cls)
      case .group(let inner): .group(styled(inner, alphabet))
      case .scripts(let base, let sub, let sup, let limits):
        .scripts(base: styled([base], alphabet)[0], sub: sub, sup: sup, limits: limits)
      default: node
      }
    }
  }
}
