/// A JSON value with object keys in a fixed order, for writing files people read and diff.
enum JSONText: Sendable, Equatable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case array([JSONText])
  /// Keys in the order they are written.
  case object([(String, JSONText)])

  static func == (a: JSONText, b: JSONText) -> Bool { a.rendered() == b.rendered() }

  /// Pretty-printed with two-space indentation. An array or object holding no array or object is written
  /// on one line when that line fits in `width` columns.
  func rendered(width: Int = 100) -> String {
    var out = ""
    write(into: &out, indent: 0, width: width)
    return out
  }

  private var isFlat: Bool {
    switch self {
    case .array(let items): return items.allSatisfy { !$0.isContainer }
    case .object(let pairs): return pairs.allSatisfy { !$0.1.isContainer }
    default: return true
    }
  }

  private var isContainer: Bool {
    switch self {
    case .array, .object: true
    default: false
    }
  }

  private func inline() -> String {
    switch self {
    case .string(let s): return JSONText.quote(s)
    case .number(let v): return JSONText.number(v)
    case .bool(let b): return b ? "true" : "false"
    case .array(let items): return "[" + items.map { $0.inline() }.joined(separator: ", ") + "]"
    case .object(let pairs):
      return "{" + pairs.map { "\(JSONText.quote($0.0)): \($0.1.inline())" }.joined(separator: ", ") + "}"
    }
  }

  private func write(into out: inout String, indent: Int, width: Int) {
    let pad = String(repeating: "  ", count: indent + 1)
    switch self {
    case .array(let items):
      if items.isEmpty { out += "[]"; return }
      if isFlat {
        let one = inline()
        if indent * 2 + one.count <= width, !one.contains("\n") { out += one; return }
      }
      out += "[\n"
      for (i, item) in items.enumerated() {
        out += pad
        item.write(into: &out, indent: indent + 1, width: width)
        out += i + 1 < items.count ? ",\n" : "\n"
      }
      out += String(repeating: "  ", count: indent) + "]"
    case .object(let pairs):
      if pairs.isEmpty { out += "{}"; return }
      if isFlat, indent > 0 {
        let one = inline()
        if indent * 2 + one.count <= width { out += one; return }
      }
      out += "{\n"
      for (i, (key, value)) in pairs.enumerated() {
        out += pad + JSONText.quote(key) + ": "
        value.write(into: &out, indent: indent + 1, width: width)
        out += i + 1 < pairs.count ? ",\n" : "\n"
      }
      out += String(repeating: "  ", count: indent) + "}"
    default:
      out += inline()
    }
  }

  /// `s` as a JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`, … or `\u00XX`,
  /// U+2028 and U+2029 escaped (JavaScript treats them as line ends); everything else as UTF-8.
  static func quote(_ s: String) -> String {
    var out = "\""
    out.reserveCapacity(s.utf8.count + 2)
    for c in s.unicodeScalars {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default:
        if c.value < 0x20 || c.value == 0x7F {
          let hex = String(c.value, radix: 16, uppercase: true)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(c)
        }
      }
    }
    return out + "\""
  }

  /// The shortest text that reads back as `v`: integers without a fraction (`3`, not `3.0`).
  static func number(_ v: Double) -> String {
    precondition(v.isFinite, "JSON has no infinities or NaN")
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
  }
}
