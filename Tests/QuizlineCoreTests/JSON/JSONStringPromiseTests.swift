import Testing

@testable import QuizlineCore

/// The parser's promises about strings (its doc comments): the length limit counts the bytes between
/// the quotes, an unpaired surrogate escape is an error, and UTF-8 is validated as RFC 3629 says,
/// overlong forms included. Written for mutants F2-F4, which the suite let survive.
@Suite struct JSONStringPromiseTests {
  static func parses(_ bytes: [UInt8], limits: JSONLimits = .default) -> Bool {
    (try? JSONDocument.parse(bytes, limits: limits)) != nil
  }

  static func quoted(_ body: String) -> [UInt8] { Array(("\"" + body + "\"").utf8) }

  @Test func aStringOfExactlyTheLimitIsAllowedAndOneByteMoreIsNot() {
    let limits = JSONLimits(maxDocumentBytes: 1000, maxDepth: 8, maxStringBytes: 10)
    #expect(Self.parses(Self.quoted("0123456789"), limits: limits))
    #expect(!Self.parses(Self.quoted("0123456789a"), limits: limits))
    // Inside an object too (a value, not the whole document).
    #expect(Self.parses(Array(#"{"k": "0123456789"}"#.utf8), limits: limits))
    #expect(!Self.parses(Array(#"{"k": "0123456789a"}"#.utf8), limits: limits))
  }

  @Test func aHighSurrogateMustBeFollowedByALowOne() {
    #expect(Self.parses(Self.quoted(#"\uD83D\uDE00"#)))
    #expect(!Self.parses(Self.quoted(#"\uD800\u0041"#)), "a high surrogate then a letter")
    #expect(!Self.parses(Self.quoted(#"\uD800\uD800"#)), "two high surrogates")
    #expect(!Self.parses(Self.quoted(#"\uD800\uE000"#)), "a high surrogate then a code point above the low range")
    #expect(!Self.parses(Self.quoted(#"\uDC00"#)), "a lone low surrogate")
  }

  @Test func overlongAndSurrogateUTF8IsRefused() {
    let q: UInt8 = 0x22
    #expect(Self.parses([q, 0xE0, 0xA0, 0x80, q]), "U+0800, the first three-byte code point")
    #expect(!Self.parses([q, 0xE0, 0x80, 0x80, q]), "an overlong NUL in three bytes")
    #expect(!Self.parses([q, 0xE0, 0x9F, 0xBF, q]), "an overlong U+07FF")
    #expect(!Self.parses([q, 0xC0, 0x80, q]), "an overlong NUL in two bytes")
    #expect(!Self.parses([q, 0xED, 0xA0, 0x80, q]), "a surrogate encoded in UTF-8")
    #expect(!Self.parses([q, 0xF0, 0x80, 0x80, 0x80, q]), "an overlong four-byte form")
    #expect(!Self.parses([q, 0xF4, 0x90, 0x80, 0x80, q]), "above U+10FFFF")
    #expect(Self.parses([q, 0xF0, 0x9F, 0x98, 0x80, q]), "U+1F600")
  }
}
