/// A parsed JSON text that remembers where every value starts and ends in the source bytes.
///
/// Foundation's JSON readers lose source positions, and quizline's diagnostics need the line and
/// column of the offending value. The document is a flat *tape* of ``JSONDocument/Node``s in document
/// order; strings and numbers are decoded only when asked for, which keeps loading lean.
///
/// A class, so that the many ``JSONValue``s pointing into a document share one reference (copying
/// a value costs one retain, not one per array).
public final class JSONDocument: @unchecked Sendable {
  /// The kind of a JSON value.
  public enum Kind: UInt8, Sendable {
    case null, `false`, `true`, number, string, array, object
  }

  /// One value on the tape. Containers are followed by their children (for an object: key, value,
  /// key, value, …); `next` is the index of the first node after the whole subtree.
  ///
  /// Sixteen bytes: the kind and the escape flag share a word with `next` (a document holds fewer
  /// than 2^28 nodes, see ``JSONDocument/maxBytes``), which keeps the tape of a large bank small.
  public struct Node: Sendable {
    /// Byte offset of the first byte of the value (the quote of a string, the bracket of a container).
    public var start: UInt32
    /// Byte offset just past the value.
    public var end: UInt32
    /// Number of elements (arrays) or members (objects); for strings, their ``StringFlags``.
    public var count: UInt32
    /// `next` in the low 28 bits, the escape flag in bit 28, the kind in bits 29-31.
    private var packed: UInt32

    private static let nextMask: UInt32 = (1 << 28) - 1

    init(kind: Kind, hasEscapes: Bool, start: UInt32, end: UInt32, count: UInt32, next: UInt32) {
      self.start = start
      self.end = end
      self.count = count
      packed = UInt32(kind.rawValue) << 29 | (hasEscapes ? 1 << 28 : 0) | (next & Self.nextMask)
    }

    public var kind: Kind { Kind(rawValue: UInt8(packed >> 29))! }
    /// For strings: whether the literal contains escapes.
    public var hasEscapes: Bool { packed & (1 << 28) != 0 }
    /// For strings: what the parser saw in the bytes of the literal (meaningful without escapes).
    public var stringFlags: StringFlags { StringFlags(rawValue: count) }
    /// Index of the node following this value's subtree.
    public var next: UInt32 {
      get { packed & Self.nextMask }
      set { packed = (packed & ~Self.nextMask) | (newValue & Self.nextMask) }
    }
  }

  /// What the parser noticed in the bytes of a string literal while validating it, so that a
  /// decoder need not scan them again.
  public struct StringFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// A byte 0x21...0x7E (printable ASCII, not a space): the text is not blank.
    public static let printable = StringFlags(rawValue: 1)
    /// DEL, a C1 control (U+0080-U+009F) or a formatting control (U+200E, U+200F,
    /// U+2028-U+202E, U+2066-U+2069): the text may hold a control character. Raw bytes below 0x20
    /// never reach the tape.
    public static let mayHoldControl = StringFlags(rawValue: 2)
    /// A byte 0x80 or above.
    public static let nonASCII = StringFlags(rawValue: 4)
  }

  /// The largest document the tape can describe (every node starts at its own byte).
  static let maxBytes = (1 << 28) - 1

  /// The source text (including a byte-order mark, if it had one).
  public let bytes: [UInt8]
  /// The tape, in storage the document owns and frees (immutable once parsed, hence Sendable):
  /// reading a node costs no reference count, unlike an array property of a class.
  public let nodes: UnsafeBufferPointer<Node>
  /// The storage of `bytes`, which never moves: the array is immutable and the document holds it.
  public let source: UnsafeBufferPointer<UInt8>

  /// The root value.
  public var root: JSONValue { JSONValue(document: self, index: 0) }
  /// The tape and source as pointers (valid while the document lives).
  public var tape: Tape { Tape(nodes: nodes, source: source) }

  init(bytes: [UInt8], nodes: UnsafeBufferPointer<Node>) {
    self.bytes = bytes
    self.nodes = nodes
    source = bytes.withUnsafeBufferPointer { $0 }
  }

  deinit { nodes.deallocate() }

  /// Parses `bytes` as one JSON value (a leading UTF-8 byte-order mark is skipped).
  /// - Throws: ``JSONSyntaxError`` at the first syntax error or exceeded limit.
  public static func parse(_ bytes: [UInt8], limits: JSONLimits = .default) throws(JSONSyntaxError) -> JSONDocument {
    let limit = min(limits.maxDocumentBytes, maxBytes)
    if bytes.count > limit {
      throw JSONSyntaxError(offset: 0, message: "file is \(bytes.count) bytes, over the limit of \(limit) bytes")
    }
    let nodes = try bytes.withUnsafeBufferPointer {
      (buffer) throws(JSONSyntaxError) -> UnsafeBufferPointer<Node> in
      var parser = JSONParser(buffer, limits: limits)
      return try parser.parseDocument()
    }
    return JSONDocument(bytes: bytes, nodes: nodes)
  }
}

/// Bounds that protect the reader from hostile input.
public struct JSONLimits: Sendable, Equatable {
  public var maxDocumentBytes: Int
  var maxDepth: Int
  var maxStringBytes: Int

  public init(maxDocumentBytes: Int, maxDepth: Int, maxStringBytes: Int) {
    self.maxDocumentBytes = maxDocumentBytes
    self.maxDepth = maxDepth
    self.maxStringBytes = maxStringBytes
  }

  /// 128 MiB per file, 64 levels of nesting, 1 MiB per string.
  public static let `default` = JSONLimits(maxDocumentBytes: 128 << 20, maxDepth: 64, maxStringBytes: 1 << 20)
}

/// Why a JSON text could not be read, and the byte offset where that became clear.
public struct JSONSyntaxError: Error, Sendable, Equatable {
  public var offset: Int
  public var message: String
}
