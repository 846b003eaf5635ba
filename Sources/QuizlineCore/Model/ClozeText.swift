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

  /// The gap numbers in order of appearance.
  public static func markers(in text: String) -> [Int] {
    parts(of: text).compactMap {
      if case .gap(let n) = $0 { return n }
      return nil
    }
  }
}
