import QuizlineCore

/// Collects the diagnostics of one file while it is decoded, turning byte offsets into lines and columns.
public final class DecodeContext {
  let path: String
  let bytes: [UInt8]
  private var lineTable: LineTable?
  public private(set) var diagnostics: [Diagnostic] = []
  /// Lists of asked keys that readers done with their object gave back, emptied, for the next
  /// readers to fill (a few allocations for a whole file instead of one per object).
  var spareKeyLists: [[StaticString]] = []

  init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  func location(of offset: Int) -> (line: Int, column: Int) {
    let table = lineTable ?? LineTable(bytes)
    lineTable = table
    return table.location(of: offset)
  }

  func error(at offset: Int, _ message: String) { report(.error, offset, message) }
  func warning(at offset: Int, _ message: String) { report(.warning, offset, message) }
  func error(_ value: TapeValue, _ message: String) { report(.error, value.offset, message) }
  func warning(_ value: TapeValue, _ message: String) { report(.warning, value.offset, message) }

  private func report(_ severity: Diagnostic.Severity, _ offset: Int, _ message: String) {
    let (line, column) = location(of: offset)
    diagnostics.append(Diagnostic(severity, path: path, line: line, column: column, message))
  }
}

/// The typed accessors: each checks the kind of the value and words what is wrong.
extension ObjectReader {
  /// Whether `bytes` hold a printable ASCII character, and whether they may hold a control
  /// character (a byte below 0x20 other than tab and newline, DEL, or the lead byte of a C1 control
  /// or a bidirectional override). Eight bytes at a time while they are plain printable ASCII.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (printable: Bool, suspect: Bool) {
    var printable = false
    var suspect = false
    func check(_ b: UInt8) {
      if b > 0x20 && b < 0x7F {
        printable = true
      } else if (b < 0x20 && b != 0x0A && b != 0x09) || b == 0x7F || b == 0xC2 || b == 0xE2 {
        suspect = true
      }
    }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs = ones &* 0x80
    let spaces = ones &* 0x20
    var i = 0
    while i + 8 <= bytes.count {
      let w = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
      // Plain text: every byte in 0x20...0x7E (no high bit, none below 0x20, no DEL). The tests
      // may flag a clean word (a borrow between bytes); the byte loop then decides exactly.
      let below20 = (w &- spaces) & ~w & highs
      let x = w ^ (ones &* 0x7F)
      let del = (x &- ones) & ~x & highs
      if (w & highs) | below20 | del == 0 {
        if w != spaces { printable = true }
      } else {
        for k in i..<i + 8 { check(bytes[k]) }
      }
      i += 8
    }
    while i < bytes.count {
      check(bytes[i])
      i += 1
    }
    return (printable, suspect)
  }

  /// The value of a required key; an error at the object when it is missing.
  mutating func required(_ key: StaticString) -> TapeValue? {
    if let v = value(key) { return v }
    context.error(object, "\(what) is missing the required key \(quoted(key))")
    return nil
  }

  mutating func string(_ key: StaticString, required isRequired: Bool = false, nonEmpty: Bool = true) -> String? {
    guard let v = isRequired ? required(key) : value(key) else { return nil }
    return text(v, key: key, nonEmpty: nonEmpty)
  }

  /// A string value checked for type, emptiness and control characters. Mutating only so that it
  /// runs on the reader itself: as a plain method it ran on a copy of the reader made for each value.
  mutating func text(_ v: TapeValue, key: StaticString, nonEmpty: Bool = true) -> String? {
    guard let s = v.string else {
      context.error(v, "\(quoted(key)) in \(what) must be a string, found \(v.kindDescription)")
      return nil
    }
    switch Self.textProblem(v, s, nonEmpty: nonEmpty) {
    case nil:
      return s
    case .empty:
      context.error(v, "\(quoted(key)) in \(what) must not be empty")
    case .control(let bad):
      context.error(
        v, "\(quoted(key)) in \(what) contains control character U+\(hex4(bad.value)); only newline and tab are allowed"
      )
    }
    return nil
  }

  /// What ``text(_:key:nonEmpty:)`` rejects in the string `s` of the value `v`.
  enum TextProblem: Equatable {
    /// Empty or only whitespace (where text is required).
    case empty
    /// A control character other than newline and tab.
    case control(Unicode.Scalar)
  }

  /// Whether the parser's flags alone accept the string literal `node` as text (see
  /// ``textProblem(_:_:nonEmpty:)``): no escapes, nothing that may be a control character, and a
  /// printable ASCII byte where text is required. Answered before the string is made.
  @inline(__always) static func isPlainText(_ node: JSONDocument.Node, nonEmpty: Bool) -> Bool {
    let flags = node.stringFlags
    return node.kind == .string && !node.hasEscapes && !flags.contains(.mayHoldControl)
      && (!nonEmpty || flags.contains(.printable))
  }

  /// The one home of the rules of ``text(_:key:nonEmpty:)`` (also asked by ``QuestionFastPath``):
  /// nil when `s`, the string of `v`, is acceptable text.
  static func textProblem(_ v: TapeValue, _ s: String, nonEmpty: Bool) -> TextProblem? {
    // One pass over the bytes answers both checks for almost every string: a printable ASCII byte
    // means "not empty", and only bytes below 0x20, DEL, and the lead bytes of C1 controls (0xC2)
    // and of the bidirectional overrides (0xE2) can start a control character. The parser made
    // that pass already for a literal without escapes (its bytes are the string's).
    let node = v.node
    if isPlainText(node, nonEmpty: nonEmpty) { return nil }
    let printable: Bool
    let suspect: Bool
    if node.hasEscapes {
      var copy = s
      (printable, suspect) = copy.withUTF8(Self.scan)
    } else {
      printable = node.stringFlags.contains(.printable)
      suspect = node.stringFlags.contains(.mayHoldControl)
    }
    if nonEmpty && !printable && s.allSatisfy(\.isWhitespace) { return .empty }
    if suspect, let bad = s.unicodeScalars.first(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) {
      return .control(bad)
    }
    return nil
  }

  mutating func bool(_ key: StaticString, required isRequired: Bool = false) -> Bool? {
    guard let v = isRequired ? required(key) : value(key) else { return nil }
    guard let b = v.bool else {
      context.error(v, "\(quoted(key)) in \(what) must be true or false, found \(v.kindDescription)")
      return nil
    }
    return b
  }

  mutating func number(_ key: StaticString, required isRequired: Bool = false, in range: ClosedRange<Double>? = nil)
    -> Double?
  {
    guard let v = isRequired ? required(key) : value(key) else { return nil }
    return number(v, key: key, in: range)
  }

  func number(_ v: TapeValue, key: StaticString, in range: ClosedRange<Double>? = nil) -> Double? {
    guard let d = v.double else {
      context.error(v, "\(quoted(key)) in \(what) must be a number, found \(v.kindDescription)")
      return nil
    }
    guard d.isFinite else {
      context.error(v, "\(quoted(key)) in \(what): the number \(v.numberText ?? "") is too large to represent")
      return nil
    }
    if let range, !range.contains(d) {
      context.error(
        v,
        "\(quoted(key)) in \(what) must be between \(format(range.lowerBound)) and \(format(range.upperBound)), found \(v.numberText ?? "")"
      )
      return nil
    }
    return d
  }

  mutating func integer(_ key: StaticString, required isRequired: Bool = false, in range: ClosedRange<Int>) -> Int? {
    guard let v = isRequired ? required(key) : value(key) else { return nil }
    guard let d = number(v, key: key) else { return nil }
    guard d == d.rounded(), let n = v.int else {
      context.error(v, "\(quoted(key)) in \(what) must be a whole number, found \(v.numberText ?? "")")
      return nil
    }
    guard range.contains(n) else {
      context.error(
        v, "\(quoted(key)) in \(what) must be between \(range.lowerBound) and \(range.upperBound), found \(n)")
      return nil
    }
    return n
  }

  /// An array value (an error when present with another type).
  mutating func array(_ key: StaticString, required isRequired: Bool = false, minCount: Int = 0) -> [TapeValue]? {
    arrayValue(key, required: isRequired, minCount: minCount)?.elements
  }

  /// The array value itself, checked as ``array(_:required:minCount:)`` checks it, for a caller that
  /// walks a long array on the tape rather than holding a list of all its elements.
  mutating func arrayValue(_ key: StaticString, required isRequired: Bool = false, minCount: Int = 0) -> TapeValue? {
    guard let v = isRequired ? required(key) : value(key) else { return nil }
    guard v.kind == .array else {
      context.error(v, "\(quoted(key)) in \(what) must be an array, found \(v.kindDescription)")
      return nil
    }
    let count = Int(v.node.count)
    if count < minCount {
      context.error(
        v,
        "\(quoted(key)) in \(what) must have at least \(minCount) \(minCount == 1 ? "entry" : "entries"), found \(count)"
      )
    }
    return v
  }

  /// An array of strings.
  mutating func strings(_ key: StaticString, required isRequired: Bool = false, minCount: Int = 0) -> [String]? {
    guard let items = arrayValue(key, required: isRequired, minCount: minCount) else { return nil }
    // Walked on the tape: a list of the elements cost an allocation per array (and a closure, a
    // copy of the reader per element).
    var out: [String] = []
    out.reserveCapacity(Int(items.node.count))
    var k = items.index + 1
    for _ in 0..<Int(items.node.count) {
      let item = items.at(k)
      if let s = text(item, key: key) { out.append(s) }
      k = Int(items.tape.nodes[k].next)
    }
    return out
  }

  /// An array of ids (tags), each validated, duplicates reported.
  mutating func ids(_ key: StaticString, required isRequired: Bool = false, minCount: Int = 0) -> [String]? {
    guard let items = arrayValue(key, required: isRequired, minCount: minCount) else { return nil }
    var list = DistinctIDList(capacity: Int(items.node.count))
    var k = items.index + 1
    for _ in 0..<Int(items.node.count) {
      let item = items.at(k)
      k = Int(items.tape.nodes[k].next)
      guard let s = text(item, key: key, nonEmpty: false) else { continue }
      if let problem = Identifier.problem(s) {
        context.error(item, "\(quoted(s)) in \(quoted(key)) of \(what) is not a valid id: \(problem)")
        continue
      }
      let hash = QuestionIDTable.hash(s)
      if list.contains(s, hash: hash) {
        context.error(item, "\(quoted(s)) appears twice in \(quoted(key)) of \(what)")
      } else {
        list.append(s, hash: hash)
      }
    }
    return list.ids
  }
}

func format(_ d: Double) -> String {
  d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
}

/// A key of the decoders (a literal) quoted for messages.
func quoted(_ key: StaticString) -> String { quoted(key.description) }
