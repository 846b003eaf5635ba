/// A formula as read by ``MathReader``: what each piece is, before it is laid out on one line
/// (``MathLayout`` inline) or on several (display).
indirect enum MathNode: Equatable {
  /// A symbol, letter, digit or function name, already in Unicode.
  case atom(String, MathClass)
  /// The text of `\text{..}`, spaces kept.
  case text(String)
  /// What quizline does not draw (`\ce{..}`, an unknown environment), as written.
  case source(String)
  /// An unknown command (its name kept) and the braced arguments that follow it.
  case command(String, [[MathNode]])
  /// An explicit space of so many columns (`\,`, `\quad`).
  case space(Int)
  /// A braced group.
  case group([MathNode])
  /// A base with a subscript and/or a superscript; `limits`: above and below it in display math.
  case scripts(base: MathNode, sub: [MathNode]?, sup: [MathNode]?, limits: Bool)
  case fraction([MathNode], [MathNode])
  case binomial([MathNode], [MathNode])
  case root(index: [MathNode]?, [MathNode])
  /// An accent (`\hat`, `\vec`): its LaTeX name and the combining mark that draws it.
  case accent(String, Character, [MathNode])
  /// `\left( .. \right)`: the delimiters (empty for `.`) and what they enclose.
  case delimited(String, [MathNode], String)
  /// A matrix, cases or aligned environment: rows of cells.
  case table(MathTable, [[[MathNode]]])
}

/// How an environment's rows and cells are drawn.
struct MathTable: Equatable {
  enum Alignment: Equatable {
    /// Every column centred (matrices).
    case center
    /// Every column left-aligned (cases).
    case left
    /// Columns alternate right, left (`aligned`: the `&` stands before the relation).
    case alternating
  }
  var left: String
  var right: String
  var alignment: Alignment
  /// Inline, cells are separated by ", " (matrices, cases) or written side by side (aligned).
  var separatesCells: Bool

  static func named(_ name: String) -> MathTable? {
    switch name {
    case "matrix", "smallmatrix", "array", "subarray":
      MathTable(left: "", right: "", alignment: .center, separatesCells: true)
    case "pmatrix": MathTable(left: "(", right: ")", alignment: .center, separatesCells: true)
    case "bmatrix": MathTable(left: "[", right: "]", alignment: .center, separatesCells: true)
    case "Bmatrix": MathTable(left: "{", right: "}", alignment: .center, separatesCells: true)
    case "vmatrix": MathTable(left: "|", right: "|", alignment: .center, separatesCells: true)
    case "Vmatrix": MathTable(left: "‖", right: "‖", alignment: .center, separatesCells: true)
    case "cases", "dcases": MathTable(left: "{", right: "", alignment: .left, separatesCells: true)
    case "rcases": MathTable(left: "", right: "}", alignment: .left, separatesCells: true)
    case "aligned", "align", "align*", "alignat", "alignat*", "alignedat", "split", "eqnarray", "eqnarray*":
      MathTable(left: "", right: "", alignment: .alternating, separatesCells: false)
    case "gathered", "gather", "gather*", "equation", "equation*", "multline", "multline*":
      MathTable(left: "", right: "", alignment: .center, separatesCells: false)
    default: nil
    }
  }

  /// Environments that take a column specification (`{cc}`) as first argument.
  static func takesColumnSpec(_ name: String) -> Bool {
    name == "array" || name == "subarray" || name == "alignat" || name == "alignat*" || name == "alignedat"
  }
}
