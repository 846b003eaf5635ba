/// Reads a LaTeX formula into ``MathNode``s. A formula it cannot read (unbalanced braces, a missing
/// argument, `\left` without `\right`, nesting deeper than ``maximumDepth``) gives nil, and the
/// caller shows the source as written.
struct MathReader {
  /// Groups, arguments and environments nested deeper than this are not read (the formula is shown
  /// as written): the reader recurses once a level, so this bounds its stack.
  static let maximumDepth = 32

  struct Unreadable: Error {}

  /// Where a run of rows ends.
  enum RowsEnd: Equatable {
    case formula
    case environment(String)
    case brace
  }

  var tokens: [MathToken]
  var at = 0
  var depth = 0

  /// The formula's nodes, or nil when it cannot be read.
  static func read(_ latex: String) -> [MathNode]? {
    var reader = MathReader(tokens: MathLexer.tokens(latex))
    guard let rows = try? reader.rows(until: .formula) else { return nil }
    if rows.count == 1 && rows[0].count == 1 { return rows[0][0] }
    return [.table(MathTable.named("aligned")!, rows)]
  }

  var atEnd: Bool { at >= tokens.count }

  mutating func descend<T>(_ body: (inout MathReader) throws -> T) throws -> T {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else { throw Unreadable() }
    return try body(&self)
  }

  mutating func skipSpaces() {
    while !atEnd, tokens[at].kind == .space { at += 1 }
  }

  /// Nodes up to (not including) a token `stop` accepts; a `}` nobody waits for is unreadable.
  mutating func list(stop: (MathToken.Kind) -> Bool) throws -> [MathNode] {
    var out: [MathNode] = []
    while !atEnd {
      let token = tokens[at]
      if stop(token.kind) { return out }
      at += 1
      switch token.kind {
      case .close: throw Unreadable()
      case .space: break
      case .sub, .sup: try attachScript(to: &out, superscript: token.kind == .sup)
      case .align: out.append(.atom("&", .ord))
      case .open: out.append(.group(try group()))
      case .char("'"): attachPrime(to: &out)
      case .char(let c): out.append(.atom(String(c), MathSymbols.characterClass(c)))
      case .command(let name): try command(name, into: &out)
      }
    }
    return out
  }

  /// The rest of a braced group, its `}` consumed.
  mutating func group() throws -> [MathNode] {
    try descend { r in
      let inner = try r.list { $0 == .close }
      guard !r.atEnd else { throw Unreadable() }
      r.at += 1
      return inner
    }
  }

  /// Rows of `&`-separated cells up to `\end{name}`, a `}`, or the end of the formula.
  mutating func rows(until end: RowsEnd) throws -> [[[MathNode]]] {
    var rows: [[[MathNode]]] = []
    var cells: [[MathNode]] = []
    while true {
      let cell = try list { kind in
        switch kind {
        case .align, .command("\\"), .command("cr"), .command("end"): true
        case .close: end == .brace
        default: false
        }
      }
      cells.append(cell)
      guard !atEnd else {
        guard end == .formula else { throw Unreadable() }
        rows.append(cells)
        return rows
      }
      let token = tokens[at]
      at += 1
      switch token.kind {
      case .align: continue
      case .close:
        rows.append(cells)
        return rows
      case .command("end"):
        guard case .environment(let name) = end, try braceName() == name else { throw Unreadable() }
        rows.append(cells)
        if rows.count > 1, rows.last == [[]] { rows.removeLast() }
        return rows
      default:
        skipOptionalDimension()
        rows.append(cells)
        cells = []
      }
    }
  }

  /// `\\[2pt]`: the spacing after a line break draws nothing.
  mutating func skipOptionalDimension() {
    let start = at
    skipSpaces()
    guard !atEnd, tokens[at].kind == .char("[") else {
      at = start
      return
    }
    while !atEnd, tokens[at].kind != .char("]") { at += 1 }
    if !atEnd { at += 1 }
  }

  /// One argument: a braced group, a command with its own arguments, or one character.
  mutating func argument() throws -> [MathNode] {
    skipSpaces()
    guard !atEnd else { throw Unreadable() }
    let token = tokens[at]
    at += 1
    switch token.kind {
    case .open: return try group()
    case .char(let c): return [.atom(String(c), MathSymbols.characterClass(c))]
    case .command(let name):
      var out: [MathNode] = []
      try descend { r in try r.command(name, into: &out) }
      return out
    default: throw Unreadable()
    }
  }

  /// `[..]` after `\sqrt` or `\xrightarrow`, or nil.
  mutating func optionalArgument() throws -> [MathNode]? {
    let start = at
    skipSpaces()
    guard !atEnd, tokens[at].kind == .char("[") else {
      at = start
      return nil
    }
    at += 1
    return try descend { r in
      let inner = try r.list { $0 == .char("]") }
      guard !r.atEnd else { throw Unreadable() }
      r.at += 1
      return inner
    }
  }

  /// The letters of `{name}` after `\begin` or `\end`.
  mutating func braceName() throws -> String {
    skipSpaces()
    guard !atEnd, tokens[at].kind == .open else { throw Unreadable() }
    at += 1
    var name = ""
    while !atEnd, tokens[at].kind != .close {
      name += tokens[at].source
      at += 1
    }
    guard !atEnd else { throw Unreadable() }
    at += 1
    return name
  }

  mutating func attachScript(to out: inout [MathNode], superscript: Bool) throws {
    let script = try argument()
    let base = out.popLast() ?? .atom("", .ord)
    if case .scripts(let b, let sub, let sup, let limits) = base, superscript ? sup == nil : sub == nil {
      out.append(.scripts(base: b, sub: superscript ? sub : script, sup: superscript ? script : sup, limits: limits))
    } else {
      out.append(
        .scripts(
          base: base, sub: superscript ? nil : script, sup: superscript ? script : nil, limits: Self.takesLimits(base)))
    }
  }

  mutating func attachPrime(to out: inout [MathNode]) {
    let prime = MathNode.atom("′", .ord)
    if case .scripts(let b, let sub, let sup, let limits) = out.last {
      var primes = (sup ?? []) + [prime]
      // Two primes are one double prime, three a triple prime.
      if primes == [prime, prime] { primes = [.atom("″", .ord)] }
      if primes == [.atom("″", .ord), prime] { primes = [.atom("‴", .ord)] }
      out[out.count - 1] = .scripts(base: b, sub: sub, sup: primes, limits: limits)
    } else {
      let base = out.popLast() ?? .atom("", .ord)
      out.append(.scripts(base: base, sub: nil, sup: [prime], limits: false))
    }
  }

  /// Sums, products, `\lim`, `\max`: limits above and below in display math.
  static func takesLimits(_ base: MathNode) -> Bool {
    switch base {
    case .atom(let s, .op): MathSymbols.largeOperators.values.contains(s)
    case .atom(let s, .function): MathSymbols.functionsWithLimits.contains(s)
    default: false
    }
  }
}
