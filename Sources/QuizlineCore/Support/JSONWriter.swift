/// A JSON value built in code and written as text with keys in the order given.
///
/// Hand-written because Foundation's `JSONSerialization` writing is slow (8 MB/s here) and does not
/// keep key order; `JSONEncoder` needs a Codable type for every shape.
public indirect enum JSONText: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONText])
  case object([(String, JSONText)])

  public static func == (a: JSONText, b: JSONText) -> Bool { a.rendered() == b.rendered() }

  public static func int(_ v: Int) -> JSONText { .int(Int64(v)) }
  public static func optional(_ s: String?) -> JSONText { s.map { .string($0) } ?? .null }

  /// The JSON text: compact on one line, or pretty-printed with two-space indentation.
  public func rendered(pretty: Bool = false) -> String {
    String(decoding: renderedBytes(pretty: pretty), as: UTF8.self)
  }

  /// ``rendered(pretty:)`` as UTF-8 bytes, made without a `String` (for files and journal lines).
  public func renderedBytes(pretty: Bool = false) -> [UInt8] {
    var out: [UInt8] = []
    write(to: &out, pretty: pretty, indent: 0)
    return out
  }

  /// The same value with object keys sorted (recursively), for stable files.
  var sortedKeys: JSONText {
    switch self {
    case .array(let items): .array(items.map(\.sortedKeys))
    case .object(let members): .object(members.map { ($0.0, $0.1.sortedKeys) }.sorted { $0.0 < $1.0 })
    default: self
    }
  }

  /// Appends the text to `out`: the byte writer's text (JSONWriter+Bytes.swift), decoded.
  public func write(to out: inout String, pretty: Bool, indent: Int) {
    var bytes: [UInt8] = []
    write(to: &bytes, pretty: pretty, indent: indent)
    out += String(decoding: bytes, as: UTF8.self)
  }

  /// Shortest round-tripping form; integral values without a fraction; non-finite values as null.
  public static func format(_ d: Double) -> String {
    guard d.isFinite else { return "null" }
    if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
    return "\(d)"
  }
}
