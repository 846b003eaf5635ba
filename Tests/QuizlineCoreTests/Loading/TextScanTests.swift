import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// The word-at-a-time scan of string values answers exactly as a byte-by-byte look would.
@Suite struct TextScanTests {
  static func naive(_ bytes: [UInt8]) -> (printable: Bool, suspect: Bool) {
    (
      bytes.contains { $0 > 0x20 && $0 < 0x7F },
      bytes.contains { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
    )
  }

  @Test func scanEqualsAByteByByteLookOnRandomText() {
    var random = SplitMix64(seed: 42)
    // Mostly plain text, with now and then a byte from the ranges the scan must notice.
    let special: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x7E, 0x7F, 0x80, 0xC2, 0xC3, 0xE2, 0xFF]
    for _ in 0..<50_000 {
      let length = Int(random.next() % 40)
      let bytes: [UInt8] = (0..<length).map { _ in
        random.next() % 10 == 0
          ? special[Int(random.next() % UInt64(special.count))] : UInt8(0x20 + random.next() % 0x5F)
      }
      let fast = bytes.withUnsafeBufferPointer(ObjectReader.scan)
      let slow = Self.naive(bytes)
      #expect(fast.printable == slow.printable && fast.suspect == slow.suspect, "\(bytes)")
    }
  }

  @Test func wordsOfSpacesAreNotPrintable() {
    let blank = Array(repeating: UInt8(0x20), count: 24)
    #expect(blank.withUnsafeBufferPointer(ObjectReader.scan) == (false, false))
  }
}
