import QuizlineCore

/// The strings of short literals without escapes (at most 15 UTF-8 bytes: the standard library
/// keeps such a string inline, with no allocation to share), each made once while a bank is read:
/// a choice such as "True" or "view" comes back many times in a bank, and making it again (the
/// standard library validates the UTF-8 once more) cost about 230 instructions against about 40
/// for a look-up. A direct-mapped table keyed by the literal's bytes and length: a string is
/// taken from it only when its bytes are the literal's, so it is the string the literal makes
/// (`ShortStringCacheTests` against ``TapeValue/string`` on random literals).
struct ShortStringCache {
  private struct Entry {
    /// The first eight bytes of the literal.
    var low: UInt64
    /// The bytes after the first eight, and the length in the highest byte.
    var high: UInt64
    var string: String
  }

  private static let size = 512
  /// Every entry starts as the empty literal (both words 0), whose string is "".
  private var entries = [Entry](repeating: Entry(low: 0, high: 0, string: ""), count: size)

  /// The string of the string literal `v`, from the table when `v` is short and without escapes.
  mutating func string(_ v: TapeValue) -> String? {
    let node = v.node
    let length = Int(node.end - node.start) - 2
    guard node.kind == .string, !node.hasEscapes, length <= 15 else { return v.string }
    var words: (low: UInt64, high: UInt64) = (0, 0)
    let literal = UnsafeRawBufferPointer(start: v.tape.source.baseAddress! + Int(node.start) + 1, count: length)
    withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: literal) }
    let low = UInt64(littleEndian: words.low)
    let high = UInt64(littleEndian: words.high) | UInt64(length) << 56
    let slot = Int(truncatingIfNeeded: ((((low &* 0x9E37_79B9_7F4A_7C15) ^ high) &* 0x9E37_79B9_7F4A_7C15) >> 55))
    if entries[slot].low == low && entries[slot].high == high { return entries[slot].string }
    let s = v.string
    entries[slot] = Entry(low: low, high: high, string: s ?? "")
    return s
  }
}
