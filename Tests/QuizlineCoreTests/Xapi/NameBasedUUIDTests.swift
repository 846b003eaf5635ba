import Testing

@testable import QuizlineCore

/// SHA-1 and version 5 UUIDs against published vectors (FIPS 180-4's examples, RFC 9562's and
/// Python's `uuid.uuid5`), so statement ids are what any other implementation computes.
@Suite struct NameBasedUUIDTests {
  func hex(_ bytes: [UInt8]) -> String { bytes.map { NameBasedUUID.hex($0) }.joined() }

  @Test(arguments: [
    ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
    ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
    ),
    ("The quick brown fox jumps over the lazy dog", "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12"),
  ])
  func sha1MatchesThePublishedDigests(message: String, digest: String) {
    #expect(hex(SHA1.digest(Array(message.utf8))) == digest)
  }

  @Test func sha1OfAMillionAsMatchesFIPS() {
    #expect(hex(SHA1.digest([UInt8](repeating: 0x61, count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  @Test func sha1HandlesMessagesAroundTheBlockBoundary() {
    // 55, 56 and 64 bytes put the length in the same block, the next one, and after a full block.
    #expect(hex(SHA1.digest([UInt8](repeating: 0x61, count: 55))) == "c1c8bbdc22796e28c0e15163d20899b65621d65a")
    #expect(hex(SHA1.digest([UInt8](repeating: 0x61, count: 56))) == "c2db330f6083854c99d4b5bfb6e8f29f201be699")
    #expect(hex(SHA1.digest([UInt8](repeating: 0x61, count: 64))) == "0098ba824b5c16427bd7a1122a5a442a25ec644d")
  }

  @Test func uuid5OfTheDNSExampleMatchesPython() {
    let dns: [UInt8] = [
      0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
    ]
    #expect(NameBasedUUID.uuid(namespace: dns, name: "www.example.com") == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
  }

  @Test func quizlineNamespaceAndAStatementIdMatchPython() {
    // python3: uuid.uuid5(uuid.NAMESPACE_URL, 'urn:quizline:xapi'), then uuid5(that, 'answer/ada/0/12').
    #expect(NameBasedUUID.text(NameBasedUUID.quizlineNamespace) == "52c0c5c3-5c11-517b-a268-c27a20a6f560")
    #expect(NameBasedUUID.uuid(name: "answer/ada/0/12") == "87fa2b02-7e9d-5f12-b261-d0688ad70228")
  }
}
