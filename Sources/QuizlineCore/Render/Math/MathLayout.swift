/// Lays ``MathNode``s out as text: on one line (inline, and inside scripts), or on several
/// (display: stacked fractions, limits above and below, tall delimiters, aligned matrix rows).
struct MathLayout {
  /// Fractions, limits, matrices and tall delimiters may take several lines.
  var display: Bool
  /// Inside a sub- or superscript: one line, no spaces around operators.
  var script: Bool = false

  /// One laid-out node and how it spaces itself.
  struct Piece {
    var box: MathBox
    var cls: MathClass
    /// A fraction, matrix or `\left..\right`: spaced from the letters beside it.
    var inner = false
    /// An explicit space: no automatic space beside it.
    var literal = false
    /// A `+` or `-` written as a sign (`-x`): no space after it.
    var sign = false
    /// Ends with a control word kept as source (`\foo`): a letter after it needs a space.
    var controlWord = false
  }

  func box(_ nodes: [MathNode]) -> MathBox {
    var boxes: [MathBox] = []
    var previous: Piece?
    for node in nodes {
      guard var piece = piece(node) else { continue }
      if piece.cls == .bin, previous == nil || [.bin, .rel, .open, .punct, .op, .function].contains(previous!.cls) {
        piece.cls = .ord
        piece.sign = true
      }
      if let previous, !script, gap(previous, piece), !Self.endsWithSpace(previous.box),
        !Self.startsWithSpace(piece.box)
      {
        boxes.append(MathBox(" "))
      } else if let previous, previous.controlWord, piece.box.text.first?.isLetter == true {
        boxes.append(MathBox(" "))
      }
      boxes.append(piece.box)
      previous = piece
    }
    return MathBox.row(boxes)
  }

  /// One line: the flat rendering of nodes (inline, or as a script when `script`).
  func flat(_ nodes: [MathNode], script: Bool? = nil) -> String {
    MathLayout(display: false, script: script ?? self.script).box(nodes).text
  }

  /// Whether TeX would put a space between these two pieces.
  func gap(_ a: Piece, _ b: Piece) -> Bool {
    if a.literal || b.literal || a.sign { return false }
    if b.cls == .close || b.cls == .punct { return false }
    if a.cls == .open { return false }
    if a.cls == .rel || b.cls == .rel || a.cls == .bin || b.cls == .bin || a.cls == .punct { return true }
    if a.cls == .op { return true }
    if a.cls == .function { return b.cls != .open }
    if b.cls == .op || b.cls == .function { return a.cls == .ord || a.cls == .close }
    return a.inner || b.inner
  }

  static func endsWithSpace(_ box: MathBox) -> Bool { box.isFlat && box.text.last == " " }
  static func startsWithSpace(_ box: MathBox) -> Bool { box.isFlat && box.text.first == " " }

  func piece(_ node: MathNode) -> Piece? {
    switch node {
    case .atom(let s, let cls): return s.isEmpty && cls != .ord ? nil : Piece(box: MathBox(s), cls: cls)
    case .text(let s): return s.isEmpty ? nil : Piece(box: MathBox(s), cls: .ord)
    case .source(let s): return Piece(box: MathBox(s), cls: .ord, controlWord: MathReader.endsWithControlWord(s))
    case .command(let name, let args):
      let text = "\\" + name + args.map { "{" + flat($0) + "}" }.joined()
      return Piece(box: MathBox(text), cls: .ord, controlWord: args.isEmpty && name.first?.isLetter == true)
    case .space(let n): return Piece(box: MathBox(MathBox.blank(n)), cls: .ord, literal: true)
    case .group(let inner):
      guard !inner.isEmpty else { return nil }
      // Laid out once: `{{{..}}}` must not be tried twice a level.
      if inner.count == 1 { return piece(inner[0]) }
      return Piece(box: box(inner), cls: .ord)
    case .scripts(let base, let sub, let sup, let limits): return scripts(base, sub, sup, limits)
    case .fraction(let num, let den): return fraction(num, den)
    case .binomial(let n, let k):
      guard display && !script else { return Piece(box: MathBox("C(" + flat(n) + ", " + flat(k) + ")"), cls: .ord) }
      let stacked = MathBox.stack([box(n), box(k)], baseline: 0)
      return Piece(box: delimited("(", stacked, ")"), cls: .ord, inner: true)
    case .root(let index, let body): return root(index, body)
    case .accent(let name, let mark, let body): return Piece(box: MathBox(accent(name, mark, body)), cls: .ord)
    case .delimited(let left, let inner, let right):
      return Piece(box: delimited(left, box(inner), right), cls: .ord)
    case .table(let table, let rows): return Piece(box: self.table(table, rows), cls: .ord, inner: true)
    }
  }

  func scripts(_ base: MathNode, _ sub: [MathNode]?, _ sup: [MathNode]?, _ limits: Bool) -> Piece {
    var basePiece = piece(base) ?? Piece(box: MathBox(""), cls: .ord)
    if basePiece.cls != .op && basePiece.cls != .function && basePiece.cls != .rel { basePiece.cls = .ord }
    let subText = sub.map { flat($0, script: true) }
    let supText = sup.map { flat($0, script: true) }
    if display && !script && limits {
      var boxes: [MathBox] = []
      if let supText { boxes.append(MathBox(supText)) }
      boxes.append(basePiece.box)
      if let subText { boxes.append(MathBox(subText)) }
      let baseline = (supText == nil ? 0 : 1) + basePiece.box.baseline
      return Piece(box: MathBox.stack(boxes, baseline: baseline), cls: basePiece.cls)
    }
    let subPart = subText.map { Self.scriptText($0, superscript: false) } ?? ""
    let supPart = supText.map { Self.scriptText($0, superscript: true) } ?? ""
    let b = basePiece.box
    if b.isFlat {
      // A prescript (`^{14}_{6}C`) reads with the mass number first: ¹⁴₆C.
      basePiece.box = MathBox(b.text + (b.text.isEmpty ? supPart + subPart : subPart + supPart))
    } else {
      // A tall base: the superscript beside its top line, the subscript beside its bottom line.
      var lines = b.lines
      let extra = max(TextWrap.displayWidth(subPart), TextWrap.displayWidth(supPart))
      for i in lines.indices {
        let add = i == 0 ? supPart : i == lines.count - 1 ? subPart : ""
        lines[i] += add + MathBox.blank(extra - TextWrap.displayWidth(add))
      }
      basePiece.box = MathBox(lines: lines, baseline: b.baseline)
    }
    basePiece.controlWord = false
    return basePiece
  }

  /// A script in Unicode's raised or lowered characters, else `^x` / `^(..)` (`_` for subscripts).
  static func scriptText(_ text: String, superscript: Bool) -> String {
    if text.isEmpty { return "" }
    if let s = MathScripts.script(text, superscript: superscript) { return s }
    let mark = superscript ? "^" : "_"
    return text.count == 1 ? mark + text : mark + "(" + text + ")"
  }

  func fraction(_ num: [MathNode], _ den: [MathNode]) -> Piece {
    if display && !script {
      let n = box(num)
      let d = box(den)
      // A fraction inside a fraction: the outer rule is longer, so which is which stays clear.
      let nested = !n.isFlat || !d.isFlat ? 2 : 0
      let rule = MathBox(String(repeating: "─", count: max(1, n.width, d.width) + nested))
      return Piece(box: MathBox.stack([n, rule, d], baseline: n.height), cls: .ord, inner: true)
    }
    let n = flat(num)
    let d = flat(den)
    if let vulgar = MathScripts.vulgarFractions[n + "/" + d] { return Piece(box: MathBox(vulgar), cls: .ord) }
    let text = Self.operand(num, n) + "/" + Self.operand(den, d)
    return Piece(box: MathBox(text), cls: .ord, inner: !script)
  }

  /// One side of an inline fraction, in parentheses when it has more than one term.
  static func operand(_ nodes: [MathNode], _ text: String) -> String {
    isCompound(nodes) && !text.isEmpty ? "(" + text + ")" : text
  }

  /// More than one term: an operator, relation, comma, function, space or fraction outside
  /// parentheses. `2π`, `n(n + 1)`, `x²` and `√(x + 1)` are one term.
  static func isCompound(_ nodes: [MathNode]) -> Bool {
    var depth = 0
    for node in nodes {
      switch node {
      case .atom(_, .open): depth += 1
      case .atom(_, .close): depth -= 1
      case .atom(_, let cls) where depth == 0:
        if [.bin, .rel, .punct, .op, .function].contains(cls) { return true }
      case .scripts(.atom(_, let cls), _, _, _) where depth == 0:
        if cls == .op || cls == .function || cls == .rel { return true }
      case .fraction, .binomial, .table, .space: if depth == 0 { return true }
      case .text(let s): if depth == 0 && s.contains(" ") { return true }
      case .group(let inner): if depth == 0 && isCompound(inner) { return true }
      default: break
      }
    }
    return false
  }

  func root(_ index: [MathNode]?, _ body: [MathNode]) -> Piece {
    let i = index.map { flat($0, script: true) }
    let sign: String
    switch i {
    case nil, "2": sign = "√"
    case "3": sign = "∛"
    case "4": sign = "∜"
    case let i?: sign = Self.scriptText(i, superscript: true) + "√"
    }
    let b = box(body)
    if !b.isFlat { return Piece(box: MathBox.row([MathBox(sign), delimited("(", b, ")")]), cls: .ord, inner: true) }
    let single = body.count == 1 && { if case .atom = body[0] { true } else { false } }()
    let number = !b.text.isEmpty && b.text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    let text = single || number || b.text.count == 1 ? b.text : "(" + b.text + ")"
    return Piece(box: MathBox(sign + text), cls: .ord)
  }

  /// Each subtree is laid out once (a nested accent must not redo its inside: that would be
  /// exponential in the nesting).
  func accent(_ name: String, _ mark: Character, _ body: [MathNode]) -> String {
    if body.count == 1, case .scripts(let base, let sub, let sup, let limits) = body[0] {
      let marked = Self.accented(name, mark, flat([base]))
      return flat([.scripts(base: .atom(marked, .ord), sub: sub, sup: sup, limits: limits)])
    }
    return Self.accented(name, mark, flat(body))
  }

  /// One character with the mark; a line over (or under) every character; else the command kept.
  static func accented(_ name: String, _ mark: Character, _ text: String) -> String {
    if text.count == 1 { return text + String(mark) }
    if MathScripts.lineAccents.contains(name) {
      let line = name == "underline" ? "\u{332}" : "\u{305}"
      return text.map { String($0) + line }.joined()
    }
    return "\\" + name + "{" + text + "}"
  }

  func delimited(_ left: String, _ inner: MathBox, _ right: String) -> MathBox {
    let l = MathBox.delimiter(left, height: inner.height, baseline: inner.baseline)
    let r = MathBox.delimiter(right, height: inner.height, baseline: inner.baseline)
    return MathBox.row([l, inner, r])
  }
}
