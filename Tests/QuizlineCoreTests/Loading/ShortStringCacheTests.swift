import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// The short-string table gives the string each literal makes (``TapeValue/string``) and its
/// comparison key, through one table over many literals: repeats, literals that share a prefix or differ only in length, 15
/// and 16 bytes, escapes, non-ASCII, and values that are not strings.
@Suite struct ShortStringCacheTests {
  /// A literal of 0 to 18 bytes: mostly from a small alphabet (so literals repeat and share
  /// prefixes), some with escapes or non-ASCII scalars.
  static func randomLiteral(_ random: inout SplitMix64) -> String {
    let pieces = ["a", "b", " ", "\\n", "\\u0061", "é", "日", "\\\"", "x", "\u{0}"]
    var out = ""
    let length = Int(random.next() % 19)
    while out.utf8.count < length {
      let k = Int(random.next() % 100)
      out += k < 90 ? pieces[k % 3] : k < 93 ? pieces[3 + k % 3] : pieces[6 + k % 4]
    }
    // A raw NUL is not allowed in a JSON string: written as a space.
    return String(out.map { $0 == "\u{0}" ? " " : $0 })
  }

  @Test func givesTheStringEachLiteralMakes() throws {
    var random = SplitMix64(seed: 36)
    var cache = ShortStringCache()
    var compared = 0
    for _ in 0..<300 {
      let literals = (0..<40).map { _ in Self.randomLiteral(&random) }
      let json = "[" + literals.map { "\"\($0)\"" }.joined(separator: ", ") + ", 1, null]"
      let bytes = Array(json.utf8)
      let document = try JSONDocument.parse(bytes)
      withExtendedLifetime(document) {
        TapeValue(document.root).forEachElement { _, v in
          // Strings alone (a tag) and with their keys (a choice), in turn on the same entries.
          if random.next() % 2 == 0 {
            let cached = cache.string(v)
            #expect(cached == v.string, "\(json)")
            #expect(cached.map { Array($0.utf8) } == v.string.map { Array($0.utf8) }, "\(json)")
          } else {
            let cached = cache.stringAndKey(v, key: QuestionFastPath.comparisonKey)
            #expect(cached?.0 == v.string, "\(json)")
            #expect(cached?.1 == v.string.map { QuestionFastPath.comparisonKey(v, $0) }, "\(json)")
          }
          compared += 1
        }
      }
    }
    #expect(compared == 300 * 42)
  }

  /// Literals equal in their first 8 or 15 bytes, or one a prefix of another, stay apart.
  @Test func nearLiteralsStayApart() throws {
    let literals = [
      "abcdefgh", "abcdefghi", "abcdefghij", "abcdefghijklmno", "abcdefghijklmnp", "abcdefghijklmnop",
      "abcdefg", "", "a", "a ", "é", "éa", "abcdefghijklmn\\u006f",
    ]
    var cache = ShortStringCache()
    for _ in 0..<3 {
      let json = "[" + literals.map { "\"\($0)\"" }.joined(separator: ",") + "]"
      let document = try JSONDocument.parse(Array(json.utf8))
      withExtendedLifetime(document) {
        TapeValue(document.root).forEachElement { _, v in #expect(cache.string(v) == v.string, "\(v.string ?? "")") }
      }
    }
  }
}
