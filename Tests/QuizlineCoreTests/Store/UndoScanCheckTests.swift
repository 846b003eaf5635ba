import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// `UndoScan.mayBeUndone` compares a line's prefixes a word at a time; here against the
/// byte-by-byte check it replaced (the oracle, kept only here), over quizline's lines of every
/// type, cut at every length and with bytes changed at random.
struct UndoScanCheckTests {
  /// The check as it was: the prefixes compared byte by byte.
  static func mayBeUndoneByBytes(_ line: [UInt8]) -> Bool {
    let seqPrefix = Array("{\"seq\":".utf8)
    let atPrefix = Array(",\"at\":\"".utf8)
    let typePrefix = Array(",\"type\":\"".utf8)
    let undoneType = Array("undone\"".utf8)
    var i = 0
    if line.count > 40, line.starts(with: seqPrefix) {
      i = seqPrefix.count
      while i < line.count, line[i] >= 0x30, line[i] <= 0x39 { i += 1 }
      if line[i...].starts(with: atPrefix) {
        i += 7
        while i < line.count, line[i] != 0x22, line[i] != 0x5C { i += 1 }
        if i < line.count, line[i] == 0x22, line[(i + 1)...].starts(with: typePrefix) {
          let type = line[(i + 1 + typePrefix.count)...]
          return type.starts(with: undoneType) || type.first == 0x5C
        }
      }
    }
    if line.contains(0x5C) { return true }
    let needle = Array("undone".utf8)
    var k = 0
    while k + needle.count <= line.count {
      if line[k..<(k + needle.count)].elementsEqual(needle) { return true }
      k += 1
    }
    return false
  }

  static func fast(_ line: [UInt8]) -> Bool { line.withUnsafeBufferPointer { UndoScan.mayBeUndone($0) } }

  @Test func theWordChecksAreTheByteChecks() {
    let lines = [
      #"{"seq":12,"at":"2026-12-01T10:00:00Z","type":"undone","target":11}"#,
      #"{"seq":12,"at":"2026-12-01T10:00:00Z","type":"\u0075ndone","target":11}"#,
      #"{"seq":9000000012,"at":"2026-12-01T10:00:00.123456Z","type":"answered","run":3,"q":"a/b"}"#,
      #"{"seq":12,"at":"2026-12-01T10:00:00Z","type":"undoneX","target":11}"#,
      #"{"seq":12,"at":"2026-12-01T10:00:00Z","type":"runStarted","session":"undone"}"#,
      #"{"type":"undone","seq":12,"target":11,"at":"2026-12-01T10:00:00Z"}"#,
      #"{"seq":12,"at":"2026-12-01\u0054","type":"undone","target":11}"#,
      #"{"seq":12,"at":"2026-12-01T10:00:00Z","type":"settingsChanged","settings":{}}"#,
    ].map { Array($0.utf8) }
    var random = SplitMix64(seed: 36)
    var checked = 0
    var found = 0
    for line in lines {
      // Every cut (the prefixes and the type end anywhere), and random bytes changed.
      for length in 0...line.count {
        let cut = Array(line.prefix(length))
        #expect(Self.fast(cut) == Self.mayBeUndoneByBytes(cut), "\(String(decoding: cut, as: UTF8.self))")
        checked += 1
      }
      for _ in 0..<400 {
        var changed = line
        for _ in 0..<(1 + Int(random.next() % 2)) {
          let at = Int(random.next() % UInt64(changed.count))
          let bytes: [UInt8] = [0x22, 0x5C, 0x2C, 0x3A, 0x30, 0x39, 0x75, 0x7B, 0x20, 0x41]
          changed[at] = bytes[Int(random.next() % UInt64(bytes.count))]
        }
        let expected = Self.mayBeUndoneByBytes(changed)
        if expected { found += 1 }
        #expect(Self.fast(changed) == expected, "\(String(decoding: changed, as: UTF8.self))")
        checked += 1
      }
    }
    #expect(checked > 3000 && found > 500 && checked - found > 500)
  }
}
