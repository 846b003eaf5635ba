import Testing

@testable import QuizlineCore

/// The byte writer of ``JSONText`` (issue 36) against the `String` writer it replaced, kept here as the
/// oracle, over random values: strings of escapes, control characters, non-ASCII and emoji; integers
/// to both ends of `Int64`; doubles from random bit patterns (non-finite, negative zero, whole, huge).
@Suite struct JSONTextBytesTests {
  /// ``JSONText/write(to:pretty:indent:)`` as it was before issue 36: `String` appends.
  static func heldWrite(_ value: JSONText, to out: inout String, pretty: Bool, indent: Int) {
    func newline(_ out: inout String, _ indent: Int) {
      out += "\n"
      out += String(repeating: "  ", count: indent)
    }
    switch value {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let v): out += String(v)
    case .double(let d): out += JSONText.format(d)
    case .string(let s): heldWriteString(s, to: &out)
    case .array(let items):
      if items.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (k, item) in items.enumerated() {
        if k > 0 { out += "," }
        if pretty { newline(&out, indent + 1) }
        heldWrite(item, to: &out, pretty: pretty, indent: indent + 1)
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
        heldWriteString(key, to: &out)
        out += pretty ? ": " : ":"
        heldWrite(value, to: &out, pretty: pretty, indent: indent + 1)
      }
      if pretty { newline(&out, indent) }
      out += "}"
    }
  }

  static func heldWriteString(_ s: String, to out: inout String) {
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

  static let pieces = [
    "a", "key", " ", "\"", "\\", "\n", "\r", "\t", "\r\n", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "é",
    "e\u{301}", "日本", "😀", "/", "<", "'", "\u{2028}", "0", "-", "\u{FEFF}",
  ]

  static func text(_ random: inout SplitMix64) -> String {
    (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
  }

  static func double(_ random: inout SplitMix64) -> Double {
    switch random.next() % 8 {
    case 0: return Double(bitPattern: random.next())
    case 1:
      return [.nan, .infinity, -.infinity, -0.0, 0, 1e15, -1e15, 999_999_999_999_999, 1e16, 5e-324][
        Int(random.next() % 10)]
    case 2: return Double(Int64(bitPattern: random.next()) >> Int64(random.next() % 64))
    case 3: return Double(random.next() % 100_000) / 100
    default: return (Double(random.next() % 1_000_000) - 500_000) / Double(1 + random.next() % 1000)
    }
  }

  static func value(_ random: inout SplitMix64, depth: Int) -> JSONText {
    switch random.next() % (depth > 3 ? 5 : 7) {
    case 0: return .null
    case 1: return .bool(random.next() % 2 == 0)
    case 2:
      let edge: [Int64] = [.min, .max, 0, -1, 1, 10, -10]
      return .int(random.next() % 4 == 0 ? edge[Int(random.next() % 7)] : Int64(bitPattern: random.next()) >> 20)
    case 3: return .double(double(&random))
    case 4: return .string(text(&random))
    case 5: return .array((0..<Int(random.next() % 4)).map { _ in value(&random, depth: depth + 1) })
    default:
      return .object((0..<Int(random.next() % 4)).map { _ in (text(&random), value(&random, depth: depth + 1)) })
    }
  }

  @Test func bytesAreTheHeldStringWritersText() {
    var random = SplitMix64(seed: 36)
    for round in 0..<3000 {
      let v = Self.value(&random, depth: 0)
      for pretty in [false, true] {
        let indent = round % 3
        var held = ""
        Self.heldWrite(v, to: &held, pretty: pretty, indent: indent)
        var bytes: [UInt8] = [0x78]
        v.write(to: &bytes, pretty: pretty, indent: indent)
        #expect(bytes == [0x78] + Array(held.utf8), "\(held)")
        var text = "x"
        v.write(to: &text, pretty: pretty, indent: indent)
        #expect(text == "x" + held)
      }
      var held = ""
      Self.heldWrite(v, to: &held, pretty: true, indent: 0)
      #expect(v.renderedBytes(pretty: true) == Array(held.utf8))
      #expect(v.rendered(pretty: true) == held)
    }
  }

  @Test func wholeNumbersAreStringsDigits() {
    var random = SplitMix64(seed: 7)
    let edge: [Int64] = [.min, .min + 1, .max, 0, -1, 9, 10, 99, 100, -100]
    for v in edge + (0..<2000).map({ _ in Int64(bitPattern: random.next()) >> Int64(random.next() % 64) }) {
      var bytes: [UInt8] = []
      JSONText.writeInt(v, to: &bytes)
      #expect(bytes == Array(String(v).utf8))
    }
  }
}
