/// The byte-level JSON parser behind ``JSONDocument``: RFC 8259 strictly (no comments, no trailing
/// commas, no leading zeros), validating UTF-8 and rejecting raw control characters in strings.
struct JSONParser {
  private let p: UnsafeBufferPointer<UInt8>
  private var i: Int
  private let nodes: TapeBuilder
  private let limits: JSONLimits

  init(_ buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
    self.p = buffer
    self.limits = limits
    // A UTF-8 byte-order mark is accepted and skipped.
    i = (buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF) ? 3 : 0
    nodes = TapeBuilder(capacity: max(16, buffer.count / 12))
  }

  /// The tape; the caller owns its storage (``TapeBuilder/take()``).
  mutating func parseDocument() throws(JSONSyntaxError) -> UnsafeBufferPointer<JSONDocument.Node> {
    skipWhitespace()
    if i >= p.count {
      throw JSONSyntaxError(offset: 0, message: "file is empty; expected a JSON object")
    }
    try parseValue(depth: 0)
    skipWhitespace()
    if i < p.count {
      throw JSONSyntaxError(offset: i, message: "unexpected \(describe(at: i)) after the end of the JSON value")
    }
    return nodes.take()
  }

  // MARK: values

  private mutating func parseValue(depth: Int) throws(JSONSyntaxError) {
    guard i < p.count else { throw JSONSyntaxError(offset: i, message: "unexpected end of file; expected a value") }
    switch p[i] {
    case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): try parseString()
    case UInt8(ascii: "t"): try parseLiteral("true", .true)
    case UInt8(ascii: "f"): try parseLiteral("false", .false)
    case UInt8(ascii: "n"): try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
    default:
      throw JSONSyntaxError(offset: i, message: "unexpected \(describe(at: i)); expected a value")
    }
  }

  private mutating func beginContainer(_ kind: JSONDocument.Kind, depth: Int) throws(JSONSyntaxError) -> Int {
    if depth > limits.maxDepth {
      throw JSONSyntaxError(offset: i, message: "nesting is deeper than the limit of \(limits.maxDepth) levels")
    }
    let index = nodes.count
    nodes.append(JSONDocument.Node(kind: kind, hasEscapes: false, start: UInt32(i), end: 0, count: 0, next: 0))
    i += 1
    return index
  }

  private mutating func endContainer(_ index: Int, count: UInt32) {
    i += 1
    nodes.base[index].end = UInt32(i)
    nodes.base[index].count = count
    nodes.base[index].next = UInt32(nodes.count)
  }

  private mutating func parseObject(depth: Int) throws(JSONSyntaxError) {
    let open = i
    let index = try beginContainer(.object, depth: depth)
    var count: UInt32 = 0
    skipWhitespace()
    if i < p.count && p[i] == UInt8(ascii: "}") {
      endContainer(index, count: 0)
      return
    }
    while true {
      skipWhitespace()
      guard i < p.count else { throw unterminated("object", open: open) }
      guard p[i] == UInt8(ascii: "\"") else {
        let hint = p[i] == UInt8(ascii: "}") ? " (a trailing comma is not allowed)" : ""
        throw JSONSyntaxError(offset: i, message: "expected a quoted key, found \(describe(at: i))\(hint)")
      }
      try parseString()
      skipWhitespace()
      guard i < p.count else { throw unterminated("object", open: open) }
      guard p[i] == UInt8(ascii: ":") else {
        throw JSONSyntaxError(offset: i, message: "expected ':' after the key, found \(describe(at: i))")
      }
      i += 1
      skipWhitespace()
      try parseValue(depth: depth)
      count += 1
      skipWhitespace()
      guard i < p.count else { throw unterminated("object", open: open) }
      if p[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      if p[i] == UInt8(ascii: "}") { break }
      throw JSONSyntaxError(offset: i, message: "expected ',' or '}' after an object member, found \(describe(at: i))")
    }
    endContainer(index, count: count)
  }

  private mutating func parseArray(depth: Int) throws(JSONSyntaxError) {
    let open = i
    let index = try beginContainer(.array, depth: depth)
    var count: UInt32 = 0
    skipWhitespace()
    if i < p.count && p[i] == UInt8(ascii: "]") {
      endContainer(index, count: 0)
      return
    }
    while true {
      skipWhitespace()
      guard i < p.count else { throw unterminated("array", open: open) }
      if p[i] == UInt8(ascii: "]") {
        throw JSONSyntaxError(offset: i, message: "expected a value, found ']' (a trailing comma is not allowed)")
      }
      try parseValue(depth: depth)
      count += 1
      skipWhitespace()
      guard i < p.count else { throw unterminated("array", open: open) }
      if p[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      if p[i] == UInt8(ascii: "]") { break }
      throw JSONSyntaxError(offset: i, message: "expected ',' or ']' after an array element, found \(describe(at: i))")
    }
    endContainer(index, count: count)
  }

  private mutating func parseLiteral(_ word: StaticString, _ kind: JSONDocument.Kind) throws(JSONSyntaxError) {
    let start = i
    let length = word.utf8CodeUnitCount
    var ok = start + length <= p.count
    if ok {
      let w = word.utf8Start
      for k in 0..<length where p[start + k] != w[k] {
        ok = false
        break
      }
    }
    if ok, start + length < p.count, isIdentifierByte(p[start + length]) { ok = false }
    guard ok else {
      throw JSONSyntaxError(offset: start, message: "unexpected \(describeWord(at: start)); expected a value")
    }
    i += length
    nodes.append(
      JSONDocument.Node(
        kind: kind, hasEscapes: false, start: UInt32(start), end: UInt32(i), count: 0, next: UInt32(nodes.count + 1)))
  }

  private mutating func parseNumber() throws(JSONSyntaxError) {
    let start = i
    if p[i] == UInt8(ascii: "-") { i += 1 }
    guard i < p.count, isDigit(p[i]) else {
      throw JSONSyntaxError(
        offset: start, message: "invalid number \(describeWord(at: start)): a digit must follow '-'")
    }
    if p[i] == UInt8(ascii: "0") {
      i += 1
      if i < p.count, isDigit(p[i]) {
        throw JSONSyntaxError(
          offset: start, message: "invalid number \(describeWord(at: start)): leading zeros are not allowed")
      }
    } else {
      while i < p.count, isDigit(p[i]) { i += 1 }
    }
    if i < p.count, p[i] == UInt8(ascii: ".") {
      i += 1
      guard i < p.count, isDigit(p[i]) else {
        throw JSONSyntaxError(
          offset: start, message: "invalid number \(describeWord(at: start)): digits must follow '.'")
      }
      while i < p.count, isDigit(p[i]) { i += 1 }
    }
    if i < p.count, p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") {
      i += 1
      if i < p.count, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
      guard i < p.count, isDigit(p[i]) else {
        throw JSONSyntaxError(
          offset: start, message: "invalid number \(describeWord(at: start)): digits must follow the exponent")
      }
      while i < p.count, isDigit(p[i]) { i += 1 }
    }
    if i < p.count, isIdentifierByte(p[i]) {
      throw JSONSyntaxError(offset: start, message: "invalid number \(describeWord(at: start))")
    }
    if i - start > 400 {
      throw JSONSyntaxError(
        offset: start, message: "number literal is \(i - start) characters long; at most 400 are allowed")
    }
    nodes.append(
      JSONDocument.Node(
        kind: .number, hasEscapes: false, start: UInt32(start), end: UInt32(i), count: 0, next: UInt32(nodes.count + 1))
    )
  }

  // MARK: strings

  private mutating func parseString() throws(JSONSyntaxError) {
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
        if c == 0xC2 || c == 0xE2 { flags |= JSONDocument.StringFlags.mayHoldControl.rawValue }
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

  // MARK: helpers

  private mutating func skipWhitespace() {
    while i < p.count {
      let c = p[i]
      if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D { i += 1 } else { return }
    }
  }

  private func unterminated(_ what: String, open: Int) -> JSONSyntaxError {
    JSONSyntaxError(offset: open, message: "\(what) starting here is never closed (the file ends first)")
  }

  private func describe(at offset: Int) -> String {
    guard offset < p.count else { return "end of file" }
    let c = p[offset]
    if c >= 0x80 {
      var scalarEnd = offset + 1
      while scalarEnd < p.count, p[scalarEnd] & 0xC0 == 0x80, scalarEnd - offset < 4 { scalarEnd += 1 }
      if let s = String(validating: p[offset..<scalarEnd], as: UTF8.self) { return "'\(s)'" }
      return "invalid UTF-8 byte 0x\(String(c, radix: 16, uppercase: true))"
    }
    return describeByte(c).first == "U" ? describeByte(c) : "'\(describeByte(c))'"
  }

  private func describeWord(at offset: Int) -> String {
    var end = offset
    while end < p.count, end - offset < 24,
      isIdentifierByte(p[end]) || p[end] == UInt8(ascii: "-") || p[end] == UInt8(ascii: "+")
        || p[end] == UInt8(ascii: ".")
    {
      end += 1
    }
    if end == offset { return describe(at: offset) }
    return "'" + String(decoding: p[offset..<end], as: UTF8.self) + "'"
  }
}

@inline(__always) private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

@inline(__always) private func isIdentifierByte(_ c: UInt8) -> Bool {
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c >= 0x80
}

@inline(__always) func hexValue(_ c: UInt8) -> UInt32? {
  switch c {
  case 0x30...0x39: UInt32(c - 0x30)
  case 0x41...0x46: UInt32(c - 0x41 + 10)
  case 0x61...0x66: UInt32(c - 0x61 + 10)
  default: nil
  }
}

public func hex4(_ v: UInt32) -> String {
  let s = String(v, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

/// A printable rendering of one ASCII byte for messages (control characters as `U+XXXX`).
func describeByte(_ c: UInt8) -> String {
  if c < 0x20 || c == 0x7F {
    return c == 0 ? "U+0000 (NUL byte)" : "U+\(hex4(UInt32(c))) (control character)"
  }
  return String(UnicodeScalar(c))
}

/// The tape while it is written: grows by doubling, and frees its storage unless the finished
/// tape was taken (a syntax error drops the builder).
final class TapeBuilder {
  private(set) var base: UnsafeMutablePointer<JSONDocument.Node>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit {
    if capacity > 0 { base.deallocate() }
  }

  @inline(__always) func append(_ node: JSONDocument.Node) {
    if count == capacity { grow() }
    (base + count).initialize(to: node)
    count += 1
  }

  private func grow() {
    let bigger = UnsafeMutablePointer<JSONDocument.Node>.allocate(capacity: capacity * 2)
    bigger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity *= 2
  }

  /// The nodes written; from now on the caller frees them.
  func take() -> UnsafeBufferPointer<JSONDocument.Node> {
    capacity = 0
    return UnsafeBufferPointer(start: base, count: count)
  }
}
