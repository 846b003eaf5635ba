import CMath

/// A value inside a ``JSONDocument`` that does not keep the document alive: the same accessors as
/// ``JSONValue`` without a reference count to touch for each value made, copied or dropped.
///
/// For decoders that make millions of values while they hold the document themselves for the whole
/// decode (`withExtendedLifetime(document) { … }`); a `TapeValue` must not outlive its document.
public struct TapeValue {
  /// The document's tape and source bytes (not the document: reading them costs no retain).
  public let tape: Tape
  public let index: Int

  public init(tape: Tape, index: Int) {
    self.tape = tape
    self.index = index
  }

  /// The same value as `value` (whose document the caller keeps alive).
  public init(_ value: JSONValue) {
    self.init(tape: value.document.tape, index: value.index)
  }

  /// Another value of the same document.
  public func at(_ index: Int) -> TapeValue { TapeValue(tape: tape, index: index) }

  public var node: JSONDocument.Node { tape.nodes[index] }
  public var kind: JSONDocument.Kind { node.kind }
  /// Byte offset of the value's first byte in the source.
  public var offset: Int { Int(node.start) }
  /// A short name for the kind, for messages ("a string", "an array", …).
  public var kindDescription: String { JSONValue.describe(kind) }
  /// The decoded string, or nil when the value is not a string.
  public var string: String? { tape.string(at: index) }
  public var bool: Bool? { JSONValue.bool(kind) }
  /// The number as written in the source text.
  public var numberText: String? { tape.numberText(at: index) }
  /// The number as a Double (may be infinite for out-of-range literals such as `1e999`).
  public var double: Double? { tape.double(at: index) }
  /// The number as an Int when it is integral and in range.
  public var int: Int? { JSONValue.int(double) }

  /// The elements of an array (empty for other kinds).
  public var elements: [TapeValue] {
    guard kind == .array else { return [] }
    let count = Int(node.count)
    let nodes = tape.nodes
    return [TapeValue](unsafeUninitializedCapacity: count) { out, initialized in
      var k = index + 1
      for n in 0..<count {
        out.initializeElement(at: n, to: TapeValue(tape: tape, index: k))
        k = Int(nodes[k].next)
      }
      initialized = count
    }
  }

  /// Calls `body` with each element of an array and its position, walking the tape (no list of
  /// the elements is built; nothing for other kinds).
  public func forEachElement(_ body: (Int, TapeValue) -> Void) {
    guard kind == .array else { return }
    let nodes = tape.nodes
    var k = index + 1
    for n in 0..<Int(node.count) {
      body(n, TapeValue(tape: tape, index: k))
      k = Int(nodes[k].next)
    }
  }

  /// The value of the first member named `name` (keys compared as written), or nil.
  public func member(_ name: String) -> TapeValue? {
    tape.member(name, of: index).map { TapeValue(tape: tape, index: $0) }
  }
}

/// A parsed document's tape and source bytes, as pointers into storage the document owns: valid
/// while the document lives.
public struct Tape {
  public let nodes: UnsafeBufferPointer<JSONDocument.Node>
  public let source: UnsafeBufferPointer<UInt8>

  /// The accessors ``JSONValue`` and ``TapeValue`` share, by tape index.
  /// The decoded string at `index`, or nil when the value there is not a string.
  func string(at index: Int) -> String? {
    let n = nodes[index]
    guard n.kind == .string else { return nil }
    let body = UnsafeBufferPointer(rebasing: source[Int(n.start) + 1..<Int(n.end) - 1])
    return n.hasEscapes ? JSONValue.unescape(body) : String(decoding: body, as: UTF8.self)
  }

  /// The number at `index` as written in the source text.
  func numberText(at index: Int) -> String? {
    let n = nodes[index]
    guard n.kind == .number else { return nil }
    return String(decoding: UnsafeBufferPointer(rebasing: source[Int(n.start)..<Int(n.end)]), as: UTF8.self)
  }

  /// The number at `index` as a Double (may be infinite for out-of-range literals such as `1e999`).
  func double(at index: Int) -> Double? {
    let n = nodes[index]
    guard n.kind == .number else { return nil }
    // Fast path: a plain integer of at most 15 digits is exact in a Double.
    if n.end - n.start <= 16 {
      var v: Int64 = 0
      var negative = false
      var plain = true
      for k in Int(n.start)..<Int(n.end) {
        let c = source[k]
        if c == UInt8(ascii: "-") {
          negative = true
        } else if c >= 0x30 && c <= 0x39 {
          v = v * 10 + Int64(c - 0x30)
        } else {
          plain = false
          break
        }
      }
      if plain { return Double(negative ? -v : v) }
    }
    return numberText(at: index).flatMap { Double($0) }
  }

  /// The tape index of the value of the first member named `name` of the object at `index`
  /// (keys compared as written, without decoding them into strings), or nil.
  func member(_ name: String, of index: Int) -> Int? {
    guard nodes[index].kind == .object else { return nil }
    var wanted = name
    return wanted.withUTF8 { target in
      var k = index + 1
      for _ in 0..<nodes[index].count {
        let key = nodes[k]
        let start = Int(key.start) + 1
        let length = Int(key.end) - 1 - start
        if key.hasEscapes {
          if string(at: k) == name { return k + 1 }
        } else if length == target.count, memcmp(source.baseAddress! + start, target.baseAddress!, length) == 0 {
          return k + 1
        }
        k = Int(nodes[k + 1].next)
      }
      return nil
    }
  }
}
