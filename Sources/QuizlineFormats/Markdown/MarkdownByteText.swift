/// Byte-level forms of the reader's trimming: the same result as the `Character` walks they
/// replace (kept below as `…ByCharacter`, the fallback and the tests' oracle), found on UTF-8
/// bytes. They cut only ASCII white space, and only where the bytes on either side of a cut are
/// ASCII: there a space or tab is a `Character` of its own (no combining mark after it, no
/// prepended mark before it). Anything else is left to the `Character` walk.
extension StringProtocol {
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    let whole = Substring(self)
    let u = whole.utf8
    var lo = u.startIndex
    var hi = u.endIndex
    while lo < hi, u[lo] == 0x20 || u[lo] == 0x09 { u.formIndex(after: &lo) }
    while lo < hi {
      let p = u.index(before: hi)
      guard u[p] == 0x20 || u[p] == 0x09 else { break }
      hi = p
    }
    guard Self.asciiAround(u, lo, hi) else { return trimmingSpacesByCharacter }
    return String(whole[lo..<hi])
  }

  /// Without blank lines and white space at either end.
  var trimmingBlankLines: String {
    let whole = Substring(self)
    let u = whole.utf8
    var lo = u.startIndex
    var hi = u.endIndex
    while lo < hi, isASCIIWhiteSpace(u[lo]) { u.formIndex(after: &lo) }
    while lo < hi {
      let p = u.index(before: hi)
      guard isASCIIWhiteSpace(u[p]) else { break }
      hi = p
    }
    // A non-ASCII character at either end may be white space (U+00A0, U+3000, …).
    guard Self.asciiAround(u, lo, hi) else { return trimmingBlankLinesByCharacter }
    return String(whole[lo..<hi])
  }

  /// Without spaces and tabs at its end.
  var trimmingTrailingSpaces: String {
    let whole = Substring(self)
    let u = whole.utf8
    var hi = u.endIndex
    while hi > u.startIndex {
      let p = u.index(before: hi)
      guard u[p] == 0x20 || u[p] == 0x09 else { break }
      hi = p
    }
    guard hi == u.startIndex || u[u.index(before: hi)] < 0x80 else { return trimmingTrailingSpacesByCharacter }
    return String(whole[u.startIndex..<hi])
  }

  /// Whether the first byte kept and the last byte kept are ASCII (or nothing is kept).
  private static func asciiAround(_ u: Substring.UTF8View, _ lo: String.Index, _ hi: String.Index) -> Bool {
    lo == hi || (u[lo] < 0x80 && u[u.index(before: hi)] < 0x80)
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
  /// Whether every byte is ASCII other than CR: then each byte is a Character of its own.
  var isPlainASCII: Bool {
    for b in utf8 where b >= 0x80 || b == 0x0D { return false }
    return true
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
