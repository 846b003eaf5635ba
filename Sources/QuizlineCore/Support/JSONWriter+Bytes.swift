/// ``JSONText`` written straight to UTF-8 bytes: no `String` appends, strings escaped by a byte
/// table, whole numbers as digits. The bytes are those of the text `rendered(pretty:)` gives.
extension JSONText {
  /// Appends the value's JSON text to `out`; `indent` is the nesting level of the value when pretty.
  public func write(to out: inout [UInt8], pretty: Bool, indent: Int) {
    write(to: &out, pretty: pretty, indent: indent, sortingKeys: false)
  }

  /// As ``write(to:pretty:indent:)``; with `sortingKeys`, the text of ``sortedKeys`` (each object's
  /// members in the order the same sort gives), without building that sorted copy.
  func write(to out: inout [UInt8], pretty: Bool, indent: Int, sortingKeys: Bool) {
    switch self {
    case .null: JSONText.append("null", to: &out)
    case .bool(let b): JSONText.append(b ? "true" : "false", to: &out)
    case .int(let v): JSONText.writeInt(v, to: &out)
    case .double(let d): JSONText.writeDouble(d, to: &out)
    case .string(let s): JSONText.writeString(s, to: &out)
    case .array(let items):
      if items.isEmpty {
        out.append(0x5B)
        out.append(0x5D)
        return
      }
      out.append(0x5B)
      for k in items.indices {
        if k > 0 { out.append(0x2C) }
        if pretty { JSONText.newline(&out, indent + 1) }
        items[k].write(to: &out, pretty: pretty, indent: indent + 1, sortingKeys: sortingKeys)
      }
      if pretty { JSONText.newline(&out, indent) }
      out.append(0x5D)
    case .object(let members):
      if members.isEmpty {
        out.append(0x7B)
        out.append(0x7D)
        return
      }
      out.append(0x7B)
      let order = sortingKeys && members.count > 1 ? members.indices.sorted { members[$0].0 < members[$1].0 } : nil
      for n in members.indices {
        let k = order?[n] ?? n
        if n > 0 { out.append(0x2C) }
        if pretty { JSONText.newline(&out, indent + 1) }
        JSONText.writeString(members[k].0, to: &out)
        out.append(0x3A)
        if pretty { out.append(0x20) }
        members[k].1.write(to: &out, pretty: pretty, indent: indent + 1, sortingKeys: sortingKeys)
      }
      if pretty { JSONText.newline(&out, indent) }
      out.append(0x7D)
    }
  }

  /// A line break and `indent` levels of two spaces.
  static func newline(_ out: inout [UInt8], _ indent: Int) {
    out.append(0x0A)
    out.append(contentsOf: repeatElement(0x20, count: 2 * indent))
  }

  static func append(_ text: StaticString, to out: inout [UInt8]) {
    text.withUTF8Buffer { out.append(contentsOf: $0) }
  }

  /// The decimal digits of `v`, as `String(v)` writes them.
  static func writeInt(_ v: Int64, to out: inout [UInt8]) {
    if v < 0 { out.append(0x2D) }
    var magnitude = v.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: an Int64 has at most 20 digits
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        count += 1
        buffer[24 - count] = 0x30 + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      out.append(contentsOf: buffer[(24 - count)...])
    }
  }

  /// ``format(_:)`` as bytes: whole numbers below 1e15 as digits, others as Swift's shortest form.
  static func writeDouble(_ d: Double, to out: inout [UInt8]) {
    guard d.isFinite else { return append("null", to: &out) }
    if d == d.rounded(), abs(d) < 1e15 { return writeInt(Int64(d), to: &out) }
    out.append(contentsOf: d.description.utf8)
  }

  /// Writes `s` as a JSON string literal (control characters as `\uXXXX`, `"` and `\` escaped).
  /// Byte by byte: the bytes escaped are ASCII, never part of a longer UTF-8 sequence.
  static func writeString(_ s: String, to out: inout [UInt8]) {
    out.append(0x22)
    var text = s
    text.withUTF8 { bytes in
      var run = 0  // start of the bytes not yet copied
      for i in bytes.indices {
        let u = bytes[i]
        guard u < 0x20 || u == 0x22 || u == 0x5C else { continue }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
        run = i + 1
        out.append(0x5C)
        switch u {
        case 0x22, 0x5C: out.append(u)
        case 0x0A: out.append(0x6E)
        case 0x0D: out.append(0x72)
        case 0x09: out.append(0x74)
        default:
          let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
          out.append(contentsOf: [0x75, 0x30, 0x30, hex[Int(u >> 4)], hex[Int(u & 0xF)]])
        }
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
    }
    out.append(0x22)
  }
}
