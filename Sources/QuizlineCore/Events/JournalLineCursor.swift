import CMath

/// Reads one canonical journal line from left to right (for ``FastEventLine``); every method either consumes what it
/// recognises or returns nil/false without promising where the cursor is (the line is then dropped).
struct JournalLineCursor {
  let p: UnsafeBufferPointer<UInt8>
  var i = 0

  init(_ p: UnsafeBufferPointer<UInt8>) { self.p = p }

  var atEnd: Bool { i == p.count }

  @inline(__always) mutating func literal(_ s: StaticString) -> Bool {
    let n = s.utf8CodeUnitCount
    guard i + n <= p.count, let base = p.baseAddress else { return false }
    if n == 1 {
      guard base[i] == s.utf8Start[0] else { return false }
    } else if memcmp(base + i, s.utf8Start, n) != 0 {
      return false
    }
    i += n
    return true
  }

  /// A JSON integer without sign, fraction or exponent: `0` or `[1-9][0-9]*`, at most 15 digits.
  mutating func integer() -> Int? {
    let start = i
    var v = 0
    while i < p.count, p[i] >= 0x30, p[i] <= 0x39 {
      // Wrapping: a run of more than 15 digits is refused below, after it is read whole.
      v = v &* 10 &+ Int(p[i] - 0x30)
      i += 1
    }
    let n = i - start
    guard n > 0, n <= 15, !(n > 1 && p[start] == 0x30) else { return nil }
    if i < p.count, p[i] == UInt8(ascii: ".") || p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") { return nil }
    return v
  }

  mutating func digits(max: Int) -> Bool {
    let start = i
    var v: UInt64 = 0
    while i < p.count, p[i] >= 0x30, p[i] <= 0x39 {
      let (m, o1) = v.multipliedReportingOverflow(by: 10)
      let (a, o2) = m.addingReportingOverflow(UInt64(p[i] - 0x30))
      if o1 || o2 { return false }
      v = a
      i += 1
    }
    return i > start && i - start <= max
  }

  /// A JSON number. Decimal literals with at most 15 significant digits and a small exponent are
  /// converted exactly (one correctly rounded division or multiplication by an exact power of ten);
  /// anything else goes through `Double(String)`, as the generic reader does.
  mutating func number() -> Double? {
    let start = i
    var negative = false
    if i < p.count, p[i] == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    var mantissa: UInt64 = 0
    var significant = 0
    var scale = 0
    let intStart = i
    while i < p.count, p[i] >= 0x30, p[i] <= 0x39 {
      if mantissa != 0 || p[i] != 0x30 { significant += 1 }
      mantissa = significant <= 19 ? mantissa &* 10 &+ UInt64(p[i] - 0x30) : mantissa
      i += 1
    }
    let intDigits = i - intStart
    guard intDigits > 0, !(intDigits > 1 && p[intStart] == 0x30) else { return nil }
    if i < p.count, p[i] == UInt8(ascii: ".") {
      i += 1
      let fracStart = i
      while i < p.count, p[i] >= 0x30, p[i] <= 0x39 {
        if mantissa != 0 || p[i] != 0x30 { significant += 1 }
        mantissa = significant <= 19 ? mantissa &* 10 &+ UInt64(p[i] - 0x30) : mantissa
        scale += 1
        i += 1
      }
      guard i > fracStart else { return nil }
    }
    var exponentPart = false
    if i < p.count, p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") {
      exponentPart = true
      i += 1
      if i < p.count, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
      let expStart = i
      while i < p.count, p[i] >= 0x30, p[i] <= 0x39 { i += 1 }
      guard i > expStart, i - start <= 400 else { return nil }
    }
    guard i - start <= 400 else { return nil }
    if !exponentPart, significant <= 15, scale <= 22 {
      let m = Double(mantissa)
      // As the generic reader: a plain integer `-0` is +0.0, `-0.0` is -0.0.
      if scale == 0 { return negative && mantissa != 0 ? -m : m }
      let value = m / powersOfTen[scale]
      return negative ? -value : value
    } else {
      guard let d = Double(String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)) else {
        return nil
      }
      return d.isFinite ? d : nil
    }
  }

  /// `"…"` interned; nil on escapes, control characters or invalid UTF-8.
  mutating func string(_ table: inout StringTable) -> Int32? {
    guard literal("\"") else { return nil }
    return stringBody(&table)
  }

  /// The rest of a string whose opening quote was consumed.
  mutating func stringBody(_ table: inout StringTable) -> Int32? {
    let start = i
    guard scanToQuote() else { return nil }
    let body = UnsafeBufferPointer(rebasing: p[start..<i])
    i += 1
    guard body.count <= 1 << 20 else { return nil }
    return table.intern(bytes: body)
  }

  /// A `"bank/question"` reference (exactly one slash, as `QuestionRef(_:)` requires).
  mutating func reference(_ table: inout StringTable) -> Int32? {
    guard literal("\"") else { return nil }
    let start = i
    guard scanToQuote() else { return nil }
    guard slashCount(start..<i) == 1, i - start <= 1 << 20 else { return nil }
    let body = UnsafeBufferPointer(rebasing: p[start..<i])
    i += 1
    return table.intern(bytes: body)
  }

  /// How many `/` bytes `range` of the line holds, eight bytes at a time.
  func slashCount(_ range: Range<Int>) -> Int {
    guard let base = p.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var count = 0
    var k = range.lowerBound
    while k + 8 <= range.upperBound {
      let x = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self) ^ 0x2F2F_2F2F_2F2F_2F2F
      // 0x80 in exactly the bytes of x that are zero (no carry crosses a byte: at most 0x7F + 0x7F).
      let low = 0x7F7F_7F7F_7F7F_7F7F as UInt64
      count += (~(((x & low) &+ low) | x | low)).nonzeroBitCount
      k += 8
    }
    while k < range.upperBound {
      if base[k] == UInt8(ascii: "/") { count += 1 }
      k += 1
    }
    return count
  }

  /// `"…"` as a String (no escapes or control characters; nil unless valid UTF-8).
  mutating func rawString() -> String? {
    guard literal("\"") else { return nil }
    let start = i
    guard scanToQuote(), i - start <= 1 << 20 else { return nil }
    let body = UnsafeBufferPointer(rebasing: p[start..<i])
    i += 1
    return String(validating: body, as: UTF8.self)
  }

  /// A string whose value is not needed; still checked to be valid UTF-8, as the generic reader does.
  mutating func skipString() -> Bool {
    guard literal("\"") else { return false }
    let start = i
    guard scanToQuote(), i - start <= 1 << 20 else { return false }
    let body = UnsafeBufferPointer(rebasing: p[start..<i])
    i += 1
    if body.contains(where: { $0 >= 0x80 }), String(validating: body, as: UTF8.self) == nil { return false }
    return true
  }

  /// Moves to the closing quote; false on a backslash, a control character or the end of the line.
  private mutating func scanToQuote() -> Bool {
    guard let base = p.baseAddress, i < p.count, let hit = memchr(base + i, 0x22, p.count - i) else { return false }
    let end = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    // Eight bytes at a time: any byte below 0x20 or equal to a backslash ends the fast path.
    let raw = UnsafeRawPointer(base)
    var k = i
    while k + 8 <= end {
      let w = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
      let low = (w &- 0x2020_2020_2020_2020) & ~w & 0x8080_8080_8080_8080
      let x = w ^ 0x5C5C_5C5C_5C5C_5C5C
      let slash = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
      if low | slash != 0 { break }
      k += 8
    }
    while k < end {
      let b = base[k]
      if b == 0x5C || b < 0x20 { return false }
      k += 1
    }
    i = end
    return true
  }

  /// One of `words` followed by nothing else in the string; its index.
  mutating func word(_ words: [StaticString]) -> Int? {
    for (k, w) in words.enumerated() {
      let save = i
      if literal(w), i < p.count, p[i] == 0x22 { return k }
      i = save
    }
    return nil
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` or `YYYY-MM-DDTHH:MM:SS.ffffffZ` (what ``Timestamp/iso8601`` writes).
  mutating func timestamp(_ state: inout FastEventLine.State) -> Int64? {
    guard i + 20 <= p.count, let base = p.baseAddress else { return nil }
    // The date part (`YYYY-MM-DD`, 10 bytes) of consecutive events is mostly the same: reuse its day.
    let raw = UnsafeRawPointer(base + i)
    let head = raw.loadUnaligned(as: UInt64.self)
    let tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
    func d(_ k: Int) -> Int64? {
      let b = p[i + k]
      return b >= 0x30 && b <= 0x39 ? Int64(b - 0x30) : nil
    }
    guard let y0 = d(0), let y1 = d(1), let y2 = d(2), let y3 = d(3), p[i + 4] == 0x2D, let m0 = d(5), let m1 = d(6),
      p[i + 7] == 0x2D, let d0 = d(8), let d1 = d(9), p[i + 10] == UInt8(ascii: "T"), let h0 = d(11), let h1 = d(12),
      p[i + 13] == 0x3A, let n0 = d(14), let n1 = d(15), p[i + 16] == 0x3A, let s0 = d(17), let s1 = d(18)
    else { return nil }
    let hour = h0 * 10 + h1
    let minute = n0 * 10 + n1
    let second = s0 * 10 + s1
    guard hour < 24, minute < 60, second < 60 else { return nil }
    let days: Int64
    if state.hasDate, head == state.dateHead, tail == state.dateTail {
      days = state.dateDays
    } else {
      let year = y0 * 1000 + y1 * 100 + y2 * 10 + y3
      let month = m0 * 10 + m1
      let day = d0 * 10 + d1
      guard (1...12).contains(month), day >= 1, day <= Timestamp.daysIn(month: month, year: year) else { return nil }
      days = Timestamp.days(fromCivil: year, m: month, d: day)
      (state.dateHead, state.dateTail, state.hasDate) = (head, tail, true)
      state.dateDays = days
    }
    var micros: Int64 = 0
    var k = 19
    if p[i + k] == UInt8(ascii: ".") {
      guard i + 27 <= p.count else { return nil }
      for j in 20..<26 {
        guard let v = d(j) else { return nil }
        micros = micros * 10 + v
      }
      k = 26
    }
    guard p[i + k] == UInt8(ascii: "Z") else { return nil }
    i += k + 1
    return (days * 86_400 + hour * 3600 + minute * 60 + second) * 1_000_000 + micros
  }
}

private let powersOfTen: [Double] = (0...22).map { k in
  var v = 1.0
  for _ in 0..<k { v *= 10 }
  return v
}
