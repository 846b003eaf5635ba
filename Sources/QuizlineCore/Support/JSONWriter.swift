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
    var out = ""
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

  public func write(to out: inout String, pretty: Bool, indent: Int) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let v): out += String(v)
    case .double(let d): out += JSONText.format(d)
    case .string(let s): JSONText.writeString(s, to: &out)
    case .array(let items):
      if items.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (k, item) in items.enumerated() {
        if k > 0 { out += "," }
        if pretty { newline(&out, indent + 1) }
        item.write(to: &out, pretty: pretty, indent: indent + 1)
      }
      if pretty { newline(&out, indent) }
      out += "]"
    case .object(let members):
      if members.isEmpty {
        out += "{}"
        return
      }
      out += "{"
      for (k, (key, value)) in members.enumerated() {
        if k > 0 { out += "," }
        if pretty { newline(&out, indent + 1) }
        JSONText.writeString(key, to: &out)
        out += pretty ? ": " : ":"
        value.write(to: &out, pretty: pretty, indent: indent + 1)
      }
      if pretty { newline(&out, indent) }
      out += "}"
    }
  }

  private func newline(_ out: inout String, _ indent: Int) {
    out += "\n"
    out += String(repeating: "  ", count: indent)
  }

  /// Shortest round-tripping form; integral values without a fraction; non-finite values as null.
  public static func format(_ d: Double) -> String {
    guard d.isFinite else { return "null" }
    if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
    return "\(d)"
  }

  /// Writes `s` as a JSON string literal (control characters as `\uXXXX`, `"` and `\` escaped).
  static func writeString(_ s: String, to out: inout String) {
    out += "\""
    var needsEscape = false
    for u in s.utf8 where u < 0x20 || u == 0x22 || u == 0x5C {
      needsEscape = true
      break
    }
    if !needsEscape {
      out += s
    } else {
      for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
          if scalar.value < 0x20 {
            out += "\\u" + hex4(scalar.value)
          } else {
            out.unicodeScalars.append(scalar)
          }
        }
      }
    }
    out += "\""
  }
}
