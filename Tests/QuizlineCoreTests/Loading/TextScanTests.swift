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

/// The flags the parser leaves on a string literal answer as the scan of its bytes would, so the
/// decoders may trust them instead of scanning again.
@Suite struct ParserStringFlagTests {
  @Test func flagsEqualAByteByByteLookOnRandomLiterals() throws {
    var random = SplitMix64(seed: 7)
    // Valid JSON string bodies only: printable ASCII, spaces, DEL, and whole UTF-8 scalars
    // (among them U+0085, U+009F and U+202E, whose lead bytes are 0xC2 and 0xE2, and their
    // neighbours U+00A0, U+2027, U+202F, U+2065, U+206A, the zero-width joiner and a check mark,
    // which are not control characters).
    let pieces: [[UInt8]] = [
      [0x20], [0x21], [0x7E], [0x7F], [0xC2, 0x85], [0xC2, 0x80], [0xC2, 0x9F], [0xC2, 0xA0], [0xC3, 0xA9],
      [0xE2, 0x80, 0xAE], [0xE2, 0x80, 0x8E], [0xE2, 0x80, 0x8F], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA7],
      [0xE2, 0x80, 0xAF], [0xE2, 0x80, 0x8D], [0xE2, 0x81, 0xA6], [0xE2, 0x81, 0xA9], [0xE2, 0x81, 0xA5],
      [0xE2, 0x81, 0xAA], [0xE2, 0x9C, 0x85], [0xE2, 0x82, 0xAC], [0xE3, 0x81, 0x82], [0xF0, 0x9F, 0x98, 0x80],
      [0xD8, 0x9C],
    ]
    for _ in 0..<20_000 {
      var body: [UInt8] = []
      for _ in 0..<Int(random.next() % 40) {
        if random.next() % 8 == 0 {
          body += pieces[Int(random.next() % UInt64(pieces.count))]
        } else {
          var c = UInt8(0x20 + random.next() % 0x5F)
          if c == 0x22 || c == 0x5C { c = 0x20 }
          body.append(c)
        }
      }
      let document = try JSONDocument.parse([0x22] + body + [0x22])
      let flags = document.root.node.stringFlags
      let expected = TextScanTests.naive(body)
      #expect(flags.contains(.printable) == expected.printable, "\(body)")
      // Set exactly for DEL and the control characters beyond ASCII that `isControl` names and
      // whose lead byte is 0xC2 or 0xE2 (U+061C, led by 0xD8, was never flagged: left as it was).
      let scalars = String(decoding: body, as: UTF8.self).unicodeScalars
      let control = body.contains(0x7F) || scalars.contains { $0.value >= 0x80 && $0.value != 0x061C && isControl($0) }
      #expect(flags.contains(.mayHoldControl) == control, "\(body)")
      #expect(!flags.contains(.mayHoldControl) || expected.suspect, "\(body)")
      #expect(flags.contains(.nonASCII) == body.contains { $0 >= 0x80 }, "\(body)")
    }
  }
}

/// Keys matched as bytes on the tape read an object as decoded keys would: the same values,
/// duplicates and unknown keys, whichever way each object is read.
@Suite struct ObjectReaderKeyMatchingTests {
  static func read(_ json: String, asking keys: [StaticString]) throws -> (values: [Int?], messages: [String]) {
    let bytes = Array(json.utf8)
    let context = DecodeContext(path: "f.json", bytes: bytes)
    let document = try JSONDocument.parse(bytes)
    return try withExtendedLifetime(document) {
      var reader = try #require(ObjectReader(TapeValue(document.root), context: context, what: "thing"))
      let values = keys.map { reader.value($0)?.int }
      reader.reportUnknownKeys()
      return (values, context.diagnostics.map { "\($0.line):\($0.column): \($0.message)" })
    }
  }

  @Test func plainKeysFindFirstValuesDuplicatesAndUnknownKeys() throws {
    let (values, messages) = try Self.read(
      #"{"a": 1, "bb": 2, "a": 3, "zz": 4, "$schema": 5, "b": 6}"#, asking: ["bb", "a", "b", "c"])
    #expect(values == [2, 1, 6, nil])
    #expect(
      messages == [
        "1:19: duplicate key \"a\" in thing; each key may appear once",
        "1:27: unknown key \"zz\" in thing; allowed keys: bb, a, b, c",
      ])
  }

  @Test func escapedAndCanonicallyEquivalentKeysStillMatchAsStrings() throws {
    // "\u0062b" is "bb"; "é" written precomposed and decomposed are the same key.
    let (values, messages) = try Self.read(
      #"{"\u0062b": 2, "\#u{E9}": 1, "e\#u{301}": 3}"#, asking: ["bb", "\u{E9}"])
    #expect(values == [2, 1])
    #expect(messages == ["1:24: duplicate key \"e\u{301}\" in thing; each key may appear once"])
  }

  @Test func largeObjectsReadTheSameAsSmallOnes() throws {
    let count = ObjectReader.fastLimit + 5
    let members = (0..<count).map { "\"k\($0)\": \($0)" } + ["\"k3\": 99", "\"extra\": 0"]
    let (values, messages) = try Self.read("{" + members.joined(separator: ", ") + "}", asking: ["k3", "k20", "k99"])
    #expect(values == [3, 20, nil])
    // The repeated "k3", then every member not asked for in source order: k0...k20 but k3 and k20, extra.
    #expect(messages.count == 1 + (count - 2) + 1)
    #expect(messages.first?.hasSuffix("duplicate key \"k3\" in thing; each key may appear once") == true)
    #expect(messages.dropFirst().first?.contains("unknown key \"k0\" in thing") == true)
    #expect(messages.last?.contains("unknown key \"extra\" in thing") == true)
  }
}
