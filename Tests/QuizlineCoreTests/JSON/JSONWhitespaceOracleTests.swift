import Testing

@testable import QuizlineCore

/// The parser's whitespace skip (runs of spaces eight bytes at a time) against the byte-by-byte
/// loop it replaced, and the comparison key taken from a literal's bytes against the string's.
@Suite struct JSONWhitespaceOracleTests {
  /// The loop before issue 36's fourth round.
  static func skipByteByByte(_ bytes: [UInt8], from start: Int) -> Int {
    var i = start
    while i < bytes.count {
      let c = bytes[i]
      if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D { i += 1 } else { return i }
    }
    return i
  }

  /// Random texts of whitespace with a few other bytes (runs of spaces of every length, across word
  /// boundaries and the end of the buffer), skipped from every position.
  @Test(arguments: [1, 2, 3])
  func skipsWhatTheByteLoopSkips(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let pool: [UInt8] = [0x20, 0x20, 0x20, 0x20, 0x0A, 0x09, 0x0D, 0x22, 0x7B, 0x00, 0x0B, 0x0C, 0xA0, 0x21, 0x1F]
    for _ in 0..<400 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(random.next() % 40) {
        if random.next() % 3 == 0 {
          bytes += Array(repeating: 0x20, count: Int(random.next() % 20))
        } else {
          bytes.append(pool[Int(random.next() % UInt64(pool.count))])
        }
      }
      bytes.withUnsafeBufferPointer { buffer in
        for start in 0...bytes.count {
          var parser = JSONParser(buffer, limits: .default)
          parser.i = start
          parser.skipWhitespace()
          #expect(parser.i == Self.skipByteByByte(bytes, from: start), "\(bytes) from \(start)")
        }
      }
    }
  }

  /// Documents with every kind of whitespace between their tokens parse to the same tape as
  /// without it (positions aside).
  @Test func documentsParseAlikeWhateverTheirWhitespace() throws {
    let tokens = [
      "{", #""a""#, ":", "[", "1", ",", "{", #""b""#, ":", #""c d""#, "}", ",", "true", ",", "null", ",", #""e""#,
      "]", ",", #""f""#, ":", "{", "}", "}",
    ]
    var random = SplitMix64(seed: 36)
    let plain = try JSONDocument.parse(Array(tokens.joined().utf8))
    let shapes = plain.nodes.map { "\($0.kind) \($0.count) \($0.next)" }
    for _ in 0..<300 {
      var text: [UInt8] = []
      for token in tokens {
        for _ in 0..<Int(random.next() % 4) {
          let run = random.next() % 2 == 0 ? Int(random.next() % 18) : 1
          let breaks: [[UInt8]] = [[0x0A], [0x09], [0x0D, 0x0A]]
          text += random.next() % 2 == 0 ? Array(repeating: 0x20, count: run) : breaks[Int(random.next() % 3)]
        }
        text += Array(token.utf8)
      }
      text += Array(repeating: 0x20, count: Int(random.next() % 10))
      let document = try JSONDocument.parse(text)
      #expect(
        document.nodes.map { "\($0.kind) \($0.count) \($0.next)" } == shapes, "\(String(decoding: text, as: UTF8.self))"
      )
    }
  }

  /// The key of ASCII bytes is the string's key; other bytes give nil.
  @Test func comparisonKeysFromBytesAreTheStringsKeys() {
    var random = SplitMix64(seed: 7)
    let pool: [UInt8] = Array("aZ 0.\t\n\r-".utf8) + [0x01, 0x7F, 0x0B, 0x0C, 0xC3, 0xA9]
    for _ in 0..<5_000 {
      let bytes = (0..<Int(random.next() % 12)).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
      let text = String(decoding: bytes, as: UTF8.self)
      let key = bytes.withUnsafeBufferPointer { comparisonKey(utf8: $0) }
      if bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || ($0 >= 0x09 && $0 <= 0x0D) }) {
        #expect(key == comparisonKey(text), "\(bytes)")
      } else {
        #expect(key == nil, "\(bytes)")
      }
    }
  }
}
