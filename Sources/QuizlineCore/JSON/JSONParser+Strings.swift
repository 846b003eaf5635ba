/// Strings: escapes, `\u` pairs, UTF-8 validation and the flags decoders read instead of scanning again.
extension JSONParser {

  mutating func parseString() throws(JSONSyntaxError) {
    let start = i
    i += 1
    var escapes = false
    var flags: UInt32 = 0
    let n = p.count
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs = ones &* 0x80
    let spaces = ones &* 0x20
    var nonSpace: UInt64 = 0
    while true {
      // Eight bytes at a time: a word of plain ASCII (neither a quote, a backslash, DEL nor a
      // control character) is skipped whole; otherwise the lowest flagged byte is the first
      // special one (the borrows that may flag a clean byte only run towards higher bytes), and
      // the clean bytes before it are skipped.
      if i + 8 <= n, let base = p.baseAddress {
        let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        let quote = w ^ (ones &* 0x22)
        let slash = w ^ (ones &* 0x5C)
        let del = w ^ (ones &* 0x7F)
        let special =
          ((w & highs) | ((w &- spaces) & ~w) | ((quote &- ones) & ~quote) | ((slash &- ones) & ~slash)
            | ((del &- ones) & ~del)) & highs
        if special == 0 {
          nonSpace |= w ^ spaces
          i += 8
          continue
        }
        let clean = special.trailingZeroBitCount >> 3
        nonSpace |= (w ^ spaces) & ((1 << UInt64(clean * 8)) &- 1)
        i += clean
      } else {
        while i < n {
          let c = p[i]
          guard c < 0x7F && c >= 0x20 && c != 0x22 && c != 0x5C else { break }
          if c != 0x20 { flags |= JSONDocument.StringFlags.printable.rawValue }
          i += 1
        }
      }
      guard i < n else { throw unterminated("string", open: start) }
      let c = p[i]
      if c == 0x22 { break }
      if c == 0x5C {
        escapes = true
        try parseEscape()
      } else if c == 0x7F {
        flags |= JSONDocument.StringFlags.mayHoldControl.rawValue
        i += 1
      } else if c < 0x20 {
        let what = c == 0 ? "a NUL byte" : c == 0x0A ? "a line break" : "control character U+\(hex4(UInt32(c)))"
        let advice = c == 0x0A ? "write \\n for a line break" : "escape it as \\u\(hex4(UInt32(c)))"
        throw JSONSyntaxError(offset: i, message: "\(what) inside a string is not allowed; \(advice)")
      } else {
        flags |= JSONDocument.StringFlags.nonASCII.rawValue
        if c == 0xC2 || c == 0xE2, mayStartControl(at: i) { flags |= JSONDocument.StringFlags.mayHoldControl.rawValue }
        try skipUTF8Scalar()
      }
    }
    i += 1
    if nonSpace != 0 { flags |= JSONDocument.StringFlags.printable.rawValue }
    if i - start - 2 > limits.maxStringBytes {
      throw JSONSyntaxError(
        offset: start,
        message: "string is \(i - start - 2) bytes long, over the limit of \(limits.maxStringBytes) bytes")
    }
    nodes.append(
      JSONDocument.Node(
        kind: .string, hasEscapes: escapes, start: UInt32(start), end: UInt32(i), count: flags,
        next: UInt32(nodes.count + 1)))
  }

  private mutating func parseEscape() throws(JSONSyntaxError) {
    let at = i
    i += 1
    guard i < p.count else {
      throw JSONSyntaxError(offset: at, message: "unexpected end of file inside an escape sequence")
    }
    switch p[i] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      i += 1
    case UInt8(ascii: "u"):
      i += 1
      let unit = try hexQuad(at: at)
      if unit >= 0xD800 && unit <= 0xDBFF {
        guard i + 1 < p.count, p[i] == 0x5C, p[i + 1] == UInt8(ascii: "u") else {
          throw JSONSyntaxError(
            offset: at,
            message: "\\u\(hex4(unit)) is an unpaired surrogate; a low surrogate \\uDC00-\\uDFFF must follow")
        }
        i += 2
        let low = try hexQuad(at: at)
        guard low >= 0xDC00 && low <= 0xDFFF else {
          throw JSONSyntaxError(
            offset: at,
            message: "\\u\(hex4(unit)) is an unpaired surrogate; a low surrogate \\uDC00-\\uDFFF must follow")
        }
      } else if unit >= 0xDC00 && unit <= 0xDFFF {
        throw JSONSyntaxError(offset: at, message: "\\u\(hex4(unit)) is an unpaired low surrogate")
      } else if unit == 0 {
        throw JSONSyntaxError(offset: at, message: "\\u0000 (NUL) is not allowed in strings")
      }
    default:
      throw JSONSyntaxError(
        offset: at,
        message: "invalid escape \\\(describeByte(p[i])); allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
    }
  }

  private mutating func hexQuad(at escape: Int) throws(JSONSyntaxError) -> UInt32 {
    guard i + 4 <= p.count else {
      throw JSONSyntaxError(offset: escape, message: "\\u must be followed by four hex digits")
    }
    var v: UInt32 = 0
    for k in 0..<4 {
      guard let d = hexValue(p[i + k]) else {
        throw JSONSyntaxError(offset: escape, message: "\\u must be followed by four hex digits")
      }
      v = v << 4 | d
    }
    i += 4
    return v
  }

  /// Whether the bytes at `i` (lead byte 0xC2 or 0xE2) begin a C1 control (U+0080-U+009F) or one
  /// of the formatting controls U+200E, U+200F, U+2028-U+202E, U+2066-U+2069 (``isControl(_:)``'s
  /// scalars beyond ASCII with these lead bytes): other scalars led by 0xE2 (punctuation, arrows,
  /// symbols, the zero-width joiner of emoji) need no second look. Invalid bytes answer true; the
  /// scalar is validated next.
  @inline(__always) func mayStartControl(at i: Int) -> Bool {
    guard i + 1 < p.count else { return true }
    let b1 = p[i + 1]
    if p[i] == 0xC2 { return b1 < 0xA0 }
    guard i + 2 < p.count else { return true }
    let b2 = p[i + 2]
    if b1 == 0x80 { return b2 == 0x8E || b2 == 0x8F || (b2 >= 0xA8 && b2 <= 0xAE) }
    if b1 == 0x81 { return b2 >= 0xA6 && b2 <= 0xA9 }
    return false
  }

  /// Validates one multi-byte UTF-8 scalar at `i` (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
  private mutating func skipUTF8Scalar() throws(JSONSyntaxError) {
    let b0 = p[i]
    let n = p.count
    func cont(_ k: Int) -> Bool { i + k < n && p[i + k] & 0xC0 == 0x80 }
    var length = 0
    switch b0 {
    case 0xC2...0xDF: length = cont(1) ? 2 : 0
    case 0xE0: length = cont(1) && p[i + 1] >= 0xA0 && cont(2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF: length = cont(1) && cont(2) ? 3 : 0
    case 0xED: length = cont(1) && p[i + 1] < 0xA0 && cont(2) ? 3 : 0
    case 0xF0: length = cont(1) && p[i + 1] >= 0x90 && cont(2) && cont(3) ? 4 : 0
    case 0xF1...0xF3: length = cont(1) && cont(2) && cont(3) ? 4 : 0
    case 0xF4: length = cont(1) && p[i + 1] < 0x90 && cont(2) && cont(3) ? 4 : 0
    default: length = 0
    }
    guard length > 0 else {
      throw JSONSyntaxError(
        offset: i, message: "invalid UTF-8 byte 0x\(String(b0, radix: 16, uppercase: true)); files must be UTF-8")
    }
    i += length
  }
}
