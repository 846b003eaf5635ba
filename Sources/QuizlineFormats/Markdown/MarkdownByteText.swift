/// Byte-level forms of the reader's trimming: the same result as the `Character` walks they
/// replace (kept below as `…ByCharacter`, the fallback and the tests' oracle), found on UTF-8
/// bytes. They cut only ASCII white space, and only where the bytes on either side of a cut are
/// ASCII: there a space or tab is a `Character` of its own (no combining mark after it, no
/// prepended mark before it). Anything else is left to the `Character` walk.
extension StringProtocol {
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    let (lo, hi, ascii) = withUTF8Bytes { b -> (Int, Int, Bool) in
      var lo = 0
      var hi = b.count
      while lo < hi, b[lo] == 0x20 || b[lo] == 0x09 { lo += 1 }
      while lo < hi, b[hi - 1] == 0x20 || b[hi - 1] == 0x09 { hi -= 1 }
      return (lo, hi, Self.asciiAround(b, lo, hi))
    }
    guard ascii else { return trimmingSpacesByCharacter }
    return bytesAsString(lo, hi)
  }

  /// Without blank lines and white space at either end.
  var trimmingBlankLines: String {
    let (lo, hi, ascii) = withUTF8Bytes { b -> (Int, Int, Bool) in
      var lo = 0
      var hi = b.count
      while lo < hi, isASCIIWhiteSpace(b[lo]) { lo += 1 }
      while lo < hi, isASCIIWhiteSpace(b[hi - 1]) { hi -= 1 }
      // A non-ASCII character at either end may be white space (U+00A0, U+3000, …).
      return (lo, hi, Self.asciiAround(b, lo, hi))
    }
    guard ascii else { return trimmingBlankLinesByCharacter }
    return bytesAsString(lo, hi)
  }

  /// Without spaces and tabs at its end.
  var trimmingTrailingSpaces: String {
    let (hi, ascii) = withUTF8Bytes { b -> (Int, Bool) in
      var hi = b.count
      while hi > 0, b[hi - 1] == 0x20 || b[hi - 1] == 0x09 { hi -= 1 }
      return (hi, hi == 0 || b[hi - 1] < 0x80)
    }
    guard ascii else { return trimmingTrailingSpacesByCharacter }
    return bytesAsString(0, hi)
  }

  /// The text of UTF-8 bytes `lo..<hi` (offsets at Character boundaries).
  private func bytesAsString(_ lo: Int, _ hi: Int) -> String {
    // A whole String is itself (no copy).
    if lo == 0, let s = self as? String, hi == s.utf8.count { return s }
    // As a Substring: `String(_:)` of a generic subsequence would go through `description`.
    let whole = Substring(self)
    let u = whole.utf8
    return String(whole[u.index(u.startIndex, offsetBy: lo)..<u.index(u.startIndex, offsetBy: hi)])
  }

  /// Whether the first byte kept and the last byte kept are ASCII (or nothing is kept).
  private static func asciiAround(_ b: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: Int) -> Bool {
    lo == hi || (b[lo] < 0x80 && b[hi - 1] < 0x80)
  }

  /// ``trimmingSpaces`` by `Character`s (the held form).
  var trimmingSpacesByCharacter: String {
    var s = Substring(self)
    while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
    return String(s)
  }

  /// ``trimmingBlankLines`` by `Character`s (the held form).
  var trimmingBlankLinesByCharacter: String {
    var s = Substring(self)
    while let c = s.first, c.isWhitespace { s = s.dropFirst() }
    while let c = s.last, c.isWhitespace { s = s.dropLast() }
    return String(s)
  }

  /// ``trimmingTrailingSpaces`` by `Character`s (the held form).
  var trimmingTrailingSpacesByCharacter: String {
    var s = Substring(self)
    while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
    return String(s)
  }
}

/// Tab, newline, vertical tab, form feed, carriage return and space: the ASCII characters with
/// Unicode's White_Space property (`Character.isWhitespace`).
@inline(__always) func isASCIIWhiteSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

extension StringProtocol {
  /// `body` over the UTF-8 bytes: in place for a native string (every string the reader makes),
  /// else on a copy. Walking the buffer costs a few instructions a byte; the `utf8` view's
  /// indices, reached across the module boundary, cost tens.
  @inline(__always)
  func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(utf8).withUnsafeBufferPointer(body)
  }

  /// Whether every byte is ASCII other than CR: then each byte is a Character of its own.
  var isPlainASCII: Bool {
    withUTF8Bytes { b in
      for c in b where c >= 0x80 || c == 0x0D { return false }
      return true
    }
  }

  /// Whether the UTF-8 bytes hold `byte`.
  func containsByte(_ byte: UInt8) -> Bool {
    withUTF8Bytes { b in
      for c in b where c == byte { return true }
      return false
    }
  }

  /// `firstRange(of: needle)`, on bytes when `self` is plain ASCII (an ASCII text holds no
  /// Character equal to one outside ASCII, and there each byte is a Character).
  func firstRangeOnBytes(of needle: String) -> Range<Index>? {
    let n = Array(needle.utf8)
    guard isPlainASCII, !n.isEmpty else { return firstRange(of: needle) }
    guard let lead = n.first, n.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
    let u = Substring(self).utf8
    var i = u.startIndex
    while i < u.endIndex {
      if u[i] == lead {
        var j = i
        var k = 0
        while k < n.count, j < u.endIndex, u[j] == n[k] {
          u.formIndex(after: &j)
          k += 1
        }
        if k == n.count { return i..<j }
      }
      u.formIndex(after: &i)
    }
    return nil
  }

  /// `contains(needle)`, on bytes when `self` is plain ASCII.
  func containsOnBytes(_ needle: String) -> Bool {
    guard isPlainASCII else { return contains(needle) }
    return firstRangeOnBytes(of: needle) != nil
  }
}

extension StringProtocol where SubSequence == Substring {
  /// `split(separator:omittingEmptySubsequences:)` at an ASCII separator other than CR, on bytes
  /// when `self` is plain ASCII (there each byte is a Character); the Character split otherwise.
  func splitOnBytes(_ separator: Unicode.Scalar, omittingEmptySubsequences: Bool = true) -> [Substring] {
    let sep = UInt8(truncatingIfNeeded: separator.value)
    guard separator.isASCII, sep != 0x0D, isPlainASCII else {
      return split(separator: Character(separator), omittingEmptySubsequences: omittingEmptySubsequences)
    }
    // The separators' offsets found on the bytes, then each part cut by its offsets.
    let cuts = withUTF8Bytes { b -> [Int] in
      var out: [Int] = []
      for k in 0..<b.count where b[k] == sep { out.append(k) }
      return out
    }
    let whole = Substring(self)
    let u = whole.utf8
    var parts: [Substring] = []
    parts.reserveCapacity(cuts.count + 1)
    var from = 0
    for k in 0...cuts.count {
      let cut = k < cuts.count ? cuts[k] : u.count
      if cut > from || !omittingEmptySubsequences {
        parts.append(whole[u.index(u.startIndex, offsetBy: from)..<u.index(u.startIndex, offsetBy: cut)])
      }
      from = cut + 1
    }
    return parts
  }
}
