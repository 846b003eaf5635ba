import CMath

/// A value inside a ``JSONDocument``: its kind, its position, and typed accessors that decode on demand.
public struct JSONValue: Sendable {
  public let document: JSONDocument
  public let index: Int

  public init(document: JSONDocument, index: Int) {
    self.document = document
    self.index = index
  }

  public var node: JSONDocument.Node { document.nodes[index] }
  public var kind: JSONDocument.Kind { node.kind }
  /// Byte offset of the value's first byte in the source.
  public var offset: Int { Int(node.start) }

  /// A short name for the kind, for messages ("a string", "an array", …).
  public var kindDescription: String { Self.describe(kind) }

  static func describe(_ kind: JSONDocument.Kind) -> String {
    switch kind {
    case .null: "null"
    case .true, .false: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The decoded string, or nil when the value is not a string.
  public var string: String? { document.tape.string(at: index) }

  public var bool: Bool? { Self.bool(kind) }

  static func bool(_ kind: JSONDocument.Kind) -> Bool? {
    switch kind {
    case .true: true
    case .false: false
    default: nil
    }
  }

  /// The number as written in the source text.
  public var numberText: String? { document.tape.numberText(at: index) }

  /// The number as a Double (may be infinite for out-of-range literals such as `1e999`).
  public var double: Double? { document.tape.double(at: index) }

  /// The number as an Int when it is integral and in range.
  public var int: Int? { Self.int(double) }

  static func int(_ double: Double?) -> Int? {
    guard let d = double, d.isFinite, d == d.rounded(), abs(d) < 9.007_199_254_740_992e15 else { return nil }
    return Int(d)
  }

  /// The elements of an array (empty for other kinds).
  public var elements: [JSONValue] {
    guard kind == .array else { return [] }
    var out: [JSONValue] = []
    out.reserveCapacity(Int(node.count))
    var k = index + 1
    for _ in 0..<node.count {
      out.append(JSONValue(document: document, index: k))
      k = Int(document.nodes[k].next)
    }
    return out
  }

  /// The value of the first member named `name` (an object's keys compared as written, without
  /// decoding them into strings), or nil.
  public func member(_ name: String) -> JSONValue? {
    document.tape.member(name, of: index).map { JSONValue(document: document, index: $0) }
  }

  /// The members of an object in source order (empty for other kinds).
  public var members: [(key: JSONValue, value: JSONValue)] {
    guard kind == .object else { return [] }
    var out: [(key: JSONValue, value: JSONValue)] = []
    out.reserveCapacity(Int(node.count))
    var k = index + 1
    for _ in 0..<node.count {
      let value = k + 1
      out.append((JSONValue(document: document, index: k), JSONValue(document: document, index: value)))
      k = Int(document.nodes[value].next)
    }
    return out
  }

  /// Decodes the body of a string literal that contains escapes (already validated by the parser).
  static func unescape(_ p: UnsafeBufferPointer<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(p.count)
    var i = 0
    while i < p.count {
      let c = p[i]
      guard c == 0x5C, i + 1 < p.count else {
        out.append(c)
        i += 1
        continue
      }
      let e = p[i + 1]
      i += 2
      switch e {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = quad(p, i)
        i += 4
        if scalar >= 0xD800, scalar <= 0xDBFF, i + 6 <= p.count {
          let low = quad(p, i + 2)
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          i += 6
        }
        appendUTF8(scalar, to: &out)
      default: out.append(e)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func quad(_ p: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
    var v: UInt32 = 0
    for k in 0..<4 { v = v << 4 | (hexValue(p[at + k]) ?? 0) }
    return v
  }

  private static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
    switch v {
    case 0..<0x80: out.append(UInt8(v))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | (v >> 6)))
      out.append(UInt8(0x80 | (v & 0x3F)))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | (v >> 12)))
      out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (v & 0x3F)))
    default:
      out.append(UInt8(0xF0 | (v >> 18)))
      out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
      out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (v & 0x3F)))
    }
  }
}

/// Maps byte offsets of a text to 1-based line and column numbers (columns count Unicode scalars).
///
/// Built in one pass: line starts, and the column at the start of every 4 KiB block, so finding
/// a column counts at most one block of bytes, however long the line (a minified file is one line).
public struct LineTable: Sendable {
  private static let block = 4096
  private let bytes: [UInt8]
  private let lineStarts: [Int]
  /// Scalars since the start of their line before byte `k * block`.
  private let blockColumns: [Int]

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    var columns: [Int] = []
    columns.reserveCapacity(bytes.count / Self.block + 1)
    var column = 0
    bytes.withUnsafeBufferPointer { b in
      for k in 0..<b.count {
        if k % Self.block == 0 { columns.append(column) }
        let c = b[k]
        if c == 0x0A {
          starts.append(k + 1)
          column = 0
        } else if c & 0xC0 != 0x80 {
          column += 1
        }
      }
    }
    lineStarts = starts
    blockColumns = columns
  }

  /// The line and column of `offset` (a byte-order mark does not count as a column).
  public func location(of offset: Int) -> (line: Int, column: Int) {
    let clamped = max(0, min(offset, bytes.count))
    var lo = 0
    var hi = lineStarts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if lineStarts[mid] <= clamped { lo = mid } else { hi = mid - 1 }
    }
    var k = lineStarts[lo]
    var column = 1
    let blockIndex = clamped / Self.block
    if blockIndex < blockColumns.count, blockIndex * Self.block > k {
      k = blockIndex * Self.block
      column += blockColumns[blockIndex]
    }
    while k < clamped {
      if bytes[k] & 0xC0 != 0x80 { column += 1 }
      k += 1
    }
    if lo == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF, clamped >= 3 { column -= 1 }
    return (lo + 1, column)
  }
}
