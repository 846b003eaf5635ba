/// The byte-level JSON parser behind ``JSONDocument``: RFC 8259 strictly (no comments, no trailing
/// commas, no leading zeros), validating UTF-8 and rejecting raw control characters in strings.
struct JSONParser {
  let p: UnsafeBufferPointer<UInt8>
  var i: Int
  let nodes: TapeBuilder
  let limits: JSONLimits

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

  mutating func beginContainer(_ kind: JSONDocument.Kind, depth: Int) throws(JSONSyntaxError) -> Int {
    if depth > limits.maxDepth {
      throw JSONSyntaxError(offset: i, message: "nesting is deeper than the limit of \(limits.maxDepth) levels")
    }
    let index = nodes.count
    nodes.append(JSONDocument.Node(kind: kind, hasEscapes: false, start: UInt32(i), end: 0, count: 0, next: 0))
    i += 1
    return index
  }

  mutating func endContainer(_ index: Int, count: UInt32) {
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

  // MARK: helpers

  /// Skips spaces, tabs and line ends. A run of spaces after a line break (indentation) is
  /// skipped eight bytes at a time: the first byte of a word that is not a space ends it.
  /// `JSONWhitespaceOracleTests` holds it to the byte-by-byte loop.
  @inline(__always) mutating func skipWhitespace() {
    let n = p.count
    let spaces: UInt64 = 0x2020_2020_2020_2020
    while i < n {
      let c = p[i]
      guard c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D else { return }
      i += 1
      // Only after a line break: a space after a colon, or tabs, stay with the byte loop.
      guard c == 0x0A, let base = p.baseAddress else { continue }
      while i + 8 <= n {
        let other = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ spaces
        if other != 0 {
          // Little-endian: the lowest byte that is not a space is the first one in the text.
          i += other.littleEndian.trailingZeroBitCount >> 3
          break
        }
        i += 8
      }
    }
  }

  func unterminated(_ what: String, open: Int) -> JSONSyntaxError {
    JSONSyntaxError(offset: open, message: "\(what) starting here is never closed (the file ends first)")
  }

  func describe(at offset: Int) -> String {
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

  func describeWord(at offset: Int) -> String {
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
