/// An instant in UTC with microsecond resolution (microseconds since 1970-01-01T00:00:00Z).
///
/// Integer microseconds keep arithmetic exact (the scheduler's reference works in microseconds too)
/// and make events compare and replay bit for bit.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  public var microseconds: Int64

  public init(microseconds: Int64) { self.microseconds = microseconds }
  public init(seconds: Int64) { self.microseconds = seconds * 1_000_000 }

  public static func < (a: Timestamp, b: Timestamp) -> Bool { a.microseconds < b.microseconds }

  /// This instant moved by `seconds` (may be negative).
  public func adding(seconds: Int64) -> Timestamp { Timestamp(microseconds: microseconds + seconds * 1_000_000) }
  public func adding(microseconds delta: Int64) -> Timestamp { Timestamp(microseconds: microseconds + delta) }
  public func adding(days: Int64) -> Timestamp { adding(seconds: days * 86_400) }

  /// Whole seconds since the epoch (rounded down).
  public var seconds: Int64 { microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000 }

  /// The UTC calendar day, as days since 1970-01-01.
  public var dayNumber: Int64 { floorDiv(microseconds, 86_400_000_000) }

  /// ISO-8601 in UTC, `2026-12-02T15:04:05Z`, with `.ffffff` when there are microseconds. Written
  /// as bytes for the years 0–9999 (the snapshot formats one per question and card); other years,
  /// `00-5` and `12345`, as the padded numbers always gave them (`TimestampTests` holds those alone
  /// as the oracle).
  public var iso8601: String {
    let (y, m, d) = Timestamp.civil(fromDays: dayNumber)
    let secOfDay = floorMod(microseconds, 86_400_000_000)
    let micro = secOfDay % 1_000_000
    let s = secOfDay / 1_000_000
    guard (0...9999).contains(y) else {
      var out = "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(s / 3600, 2)):\(pad(s / 60 % 60, 2)):\(pad(s % 60, 2))"
      if micro != 0 { out += "." + pad(micro, 6) }
      return out + "Z"
    }
    let length = micro == 0 ? 20 : 27
    return String(unsafeUninitializedCapacity: length) { b in
      func digits(_ value: Int64, _ count: Int, at start: Int) {
        var v = value
        for k in stride(from: start + count - 1, through: start, by: -1) {
          b[k] = UInt8(truncatingIfNeeded: 48 + v % 10)
          v /= 10
        }
      }
      digits(y, 4, at: 0)
      b[4] = UInt8(ascii: "-")
      digits(m, 2, at: 5)
      b[7] = UInt8(ascii: "-")
      digits(d, 2, at: 8)
      b[10] = UInt8(ascii: "T")
      digits(s / 3600, 2, at: 11)
      b[13] = UInt8(ascii: ":")
      digits(s / 60 % 60, 2, at: 14)
      b[16] = UInt8(ascii: ":")
      digits(s % 60, 2, at: 17)
      if micro != 0 {
        b[19] = UInt8(ascii: ".")
        digits(micro, 6, at: 20)
      }
      b[length - 1] = UInt8(ascii: "Z")
      return length
    }
  }

  /// `YYYY-MM-DD` of the UTC day.
  public var isoDate: String {
    let (y, m, d) = Timestamp.civil(fromDays: dayNumber)
    return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
  }

  public var description: String { iso8601 }

  /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.ffffff]]` followed by `Z`, `±HH:MM` or nothing (UTC).
  public init?(iso8601 text: String) {
    var p = ISOScanner(Array(text.utf8))
    guard let y = p.digits(4), p.eat(UInt8(ascii: "-")), let mo = p.digits(2), p.eat(UInt8(ascii: "-")),
      let d = p.digits(2), (1...12).contains(mo), d >= 1, d <= Timestamp.daysIn(month: mo, year: y)
    else { return nil }
    var secs: Int64 = 0
    var micros: Int64 = 0
    if p.eat(UInt8(ascii: "T")) || p.eat(UInt8(ascii: " ")) {
      guard let h = p.digits(2), p.eat(UInt8(ascii: ":")), let mi = p.digits(2), h < 24, mi < 60 else { return nil }
      var s: Int64 = 0
      if p.eat(UInt8(ascii: ":")) {
        guard let ss = p.digits(2), ss < 60 else { return nil }
        s = ss
        if p.eat(UInt8(ascii: ".")) {
          var n = 0
          while let c = p.peek(), c >= 48, c <= 57 {
            p.index += 1
            if n < 6 { micros = micros * 10 + Int64(c - 48) }
            n += 1
          }
          guard n > 0 else { return nil }
          for _ in min(n, 6)..<6 { micros *= 10 }
        }
      }
      secs = h * 3600 + mi * 60 + s
      if p.eat(UInt8(ascii: "Z")) || p.eat(UInt8(ascii: "z")) {
      } else if let sign = p.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        p.index += 1
        guard let oh = p.digits(2), p.eat(UInt8(ascii: ":")) || true, let om = p.digits(2), oh < 24, om < 60 else {
          return nil
        }
        let offset = oh * 3600 + om * 60
        secs += sign == UInt8(ascii: "+") ? -offset : offset
      }
    }
    guard p.atEnd else { return nil }
    let days = Timestamp.days(fromCivil: y, m: mo, d: d)
    self.microseconds = (days * 86_400 + secs) * 1_000_000 + micros
  }

  // Howard Hinnant's civil-from-days algorithms (proleptic Gregorian calendar).
  static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
    let z = z0 + 719_468
    let era = floorDiv(z, 146_097)
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  static func days(fromCivil y0: Int64, m: Int64, d: Int64) -> Int64 {
    let y = m <= 2 ? y0 - 1 : y0
    let era = floorDiv(y, 400)
    let yoe = y - era * 400
    let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  static func daysIn(month m: Int64, year y: Int64) -> Int64 {
    switch m {
    case 2: (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}

private struct ISOScanner {
  let bytes: [UInt8]
  var index = 0
  init(_ bytes: [UInt8]) { self.bytes = bytes }
  var atEnd: Bool { index == bytes.count }
  func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
  mutating func eat(_ c: UInt8) -> Bool {
    guard peek() == c else { return false }
    index += 1
    return true
  }
  mutating func digits(_ n: Int) -> Int64? {
    guard index + n <= bytes.count else { return nil }
    var v: Int64 = 0
    for i in index..<index + n {
      let c = bytes[i]
      guard c >= 48, c <= 57 else { return nil }
      v = v * 10 + Int64(c - 48)
    }
    index += n
    return v
  }
}

@inlinable public func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
  let q = a / b
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

@inlinable public func floorMod(_ a: Int64, _ b: Int64) -> Int64 { a - floorDiv(a, b) * b }

private func pad(_ v: Int64, _ width: Int) -> String {
  let s = String(v)
  return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
