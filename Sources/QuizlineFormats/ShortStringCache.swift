import QuizlineCore

/// The strings of short literals without escapes (at most 15 UTF-8 bytes: the standard library
/// keeps such a string inline, with no allocation to share), each made once while a bank is read:
/// a choice such as "True" or "view" comes back many times in a bank, and making it again (the
/// standard library validates the UTF-8 once more) cost about 230 instructions against about 40
/// for a look-up; a choice's comparison key is kept with it (folding it again cost about 110). A
/// direct-mapped table keyed by the literal's bytes and length: a string is taken from it only
/// when its bytes are the literal's, so it is the string the literal makes and the key is its key
/// (`ShortStringCacheTests` against ``TapeValue/string`` and `comparisonKey` on random literals).
struct ShortStringCache {
  private struct Entry {
    /// The first eight bytes of the literal.
    var low: UInt64
    /// The bytes after the first eight, and the length in the highest byte.
    var high: UInt64
    var string: String
    /// The string's comparison key, once a choice asked for it.
    var key: UInt64?
  }

  private static let size = 512
  /// Every entry starts as the empty literal (both words 0), whose string is "".
  private var entries = [Entry](repeating: Entry(low: 0, high: 0, string: "", key: nil), count: size)

  /// The string of the string literal `v`, from the table when `v` is short and without escapes.
  mutating func string(_ v: TapeValue) -> String? {
    guard let slot = slot(v) else { return v.string }
    return entries[slot].string
  }

  /// The string of the string literal `v` and its comparison key, `key(v, string)` (a function of
  /// the literal's bytes alone), both from the table when `v` is short and without escapes.
  mutating func stringAndKey(_ v: TapeValue, key: (TapeValue, String) -> UInt64) -> (String, UInt64)? {
    guard let slot = slot(v) else { return v.string.map { ($0, key(v, $0)) } }
    if let known = entries[slot].key { return (entries[slot].string, known) }
    let made = key(v, entries[slot].string)
    entries[slot].key = made
    return (entries[slot].string, made)
  }

  /// The entry holding the string of `v` (made now when it is not there), or nil when `v` is not
  /// a short literal without escapes.
  private mutating func slot(_ v: TapeValue) -> Int? {
    let node = v.node
    let length = Int(node.end - node.start) - 2
    guard node.kind == .string, !node.hasEscapes, length <= 15 else { return nil }
    var words: (low: UInt64, high: UInt64) = (0, 0)
    let literal = UnsafeRawBufferPointer(start: v.tape.source.baseAddress! + Int(node.start) + 1, count: length)
    withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: literal) }
    let low = UInt64(littleEndian: words.low)
    let high = UInt64(littleEndian: words.high) | UInt64(length) << 56
    let slot = Int(truncatingIfNeeded: ((((low &* 0x9E37_79B9_7F4A_7C15) ^ high) &* 0x9E37_79B9_7F4A_7C15) >> 55))
    if entries[slot].low != low || entries[slot].high != high {
      entries[slot] = Entry(low: low, high: high, string: v.string ?? "", key: nil)
    }
    return slot
  }
}
