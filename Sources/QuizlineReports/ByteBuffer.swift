import QuizlineCore

/// A growable byte buffer without Array's per-append overhead (freed explicitly by its owner), with
/// the few formatters the large report parts need.
struct ByteBuffer {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  var isEmpty: Bool { count == 0 }

  @inline(__always) mutating func reserve(_ n: Int) {
    guard count + n > capacity else { return }
    let bigger = max(capacity * 2, count + n)
    let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
    fresh.update(from: base, count: count)
    base.deallocate()
    base = fresh
    capacity = bigger
  }

  @inline(__always) mutating func append(_ b: UInt8) {
    reserve(1)
    base[count] = b
    count += 1
  }

  @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let from = bytes.baseAddress else { return }
    reserve(bytes.count)
    (base + count).update(from: from, count: bytes.count)
    count += bytes.count
  }

  static func += (buffer: inout ByteBuffer, bytes: [UInt8]) { bytes.withUnsafeBufferPointer { buffer.append($0) } }

  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    body(UnsafeBufferPointer(start: base, count: count))
  }

  mutating func removeAll(keepingCapacity: Bool) { count = 0 }

  mutating func free() {
    base.deallocate()
    base = .allocate(capacity: 1)
    capacity = 1
    count = 0
  }

  mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  mutating func append(_ text: String) {
    var copy = text
    copy.withUTF8 { append($0) }
  }

  /// A non-negative integer in decimal (negative ones through `String`).
  mutating func appendInteger(_ n: Int) {
    guard n >= 0 else { return append(String(n)) }
    if n < 10 { return append(UInt8(0x30 + n)) }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { d in
      var v = n
      var k = 0
      while v > 0 {
        d[k] = UInt8(0x30 + v % 10)
        v /= 10
        k += 1
      }
      reserve(k)
      for j in 0..<k { base[count + j] = d[k - 1 - j] }
      count += k
    }
  }

  /// ``Timestamp/iso8601`` of `micros`; `day` caches the date part of the last day written.
  mutating func appendTimestamp(_ micros: Int64, day: inout (number: Int64, bytes: [UInt8])) {
    let number = floorDiv(micros, 86_400_000_000)
    if day.number != number { day = (number, Array(Timestamp.day(number).isoDate.utf8) + [UInt8(ascii: "T")]) }
    self += day.bytes
    let inDay = floorMod(micros, 86_400_000_000)
    let secs = Int(inDay / 1_000_000)
    let micro = Int(inDay % 1_000_000)
    two(secs / 3600)
    append(0x3A)
    two(secs / 60 % 60)
    append(0x3A)
    two(secs % 60)
    if micro != 0 {
      append(0x2E)
      var divisor = 100_000
      while divisor > 0 {
        append(UInt8(0x30 + micro / divisor % 10))
        divisor /= 10
      }
    }
    append(UInt8(ascii: "Z"))
  }

  @inline(__always) private mutating func two(_ n: Int) {
    append(UInt8(0x30 + n / 10))
    append(UInt8(0x30 + n % 10))
  }
}
