/// Splits cloze texts into literal runs and numbered gaps written `{{1}}`, `{{2}}`, ….
public enum ClozeText {
  /// A piece of a cloze text.
  public enum Part: Equatable, Sendable {
    case text(String)
    /// A gap, by its 1-based number.
    case gap(Int)
  }

  /// The text cut into literal parts and gaps, in order.
  public static func parts(of text: String) -> [Part] {
    var parts: [Part] = []
    var literal = ""
    var rest = Substring(text)
    while let open = rest.firstRange(of: "{{") {
      let after = rest[open.upperBound...]
      let digits = after.prefix { $0.isASCII && $0.isNumber }
      let close = after.dropFirst(digits.count)
      if !digits.isEmpty, digits.count <= 3, close.hasPrefix("}}"), let n = Int(digits) {
        literal += rest[..<open.lowerBound]
        if !literal.isEmpty { parts.append(.text(literal)) }
        literal = ""
        parts.append(.gap(n))
        rest = close.dropFirst(2)
      } else {
        literal += rest[..<open.upperBound]
        rest = after
      }
    }
    literal += rest
    if !literal.isEmpty { parts.append(.text(literal)) }
    return parts
  }

  /// The gap numbers in order of appearance (the same gaps ``parts(of:)`` finds, read from the
  /// UTF-8 bytes: loading checks every cloze text with it).
  public static func markers(in text: String) -> [Int] {
    var out: [Int] = []
    var copy = text
    copy.withUTF8 { b in
      let open = UInt8(ascii: "{")
      let close = UInt8(ascii: "}")
      let zero = UInt8(ascii: "0")
      let nine = UInt8(ascii: "9")
      var i = 0
      while i + 1 < b.count {
        guard b[i] == open, b[i + 1] == open else {
          i += 1
          continue
        }
        var j = i + 2
        var n = 0
        while j < b.count, j - (i + 2) < 4, b[j] >= zero, b[j] <= nine {
          n = n * 10 + Int(b[j] - zero)
          j += 1
        }
        let digits = j - (i + 2)
        if digits >= 1, digits <= 3, j + 1 < b.count, b[j] == close, b[j + 1] == close {
          out.append(n)
          i = j + 2
        } else {
          i += 2
        }
      }
    }
    return out
  }
}
