import Testing

@testable import QuizlineCore

@Suite struct IdentifierTests {
  @Test(arguments: ["a", "swiftui-basics", "0-intro", String(repeating: "x", count: 64)])
  func acceptsValidIDs(id: String) { #expect(Identifier.isValid(id)) }

  @Test(arguments: ["", "-a", "A", "a_b", "../x", "a b", "é", String(repeating: "x", count: 65), "a/b"])
  func rejectsInvalidIDs(id: String) {
    #expect(!Identifier.isValid(id))
    #expect(Identifier.problem(id) != nil)
  }

  @Test func suggestsCloseNamesOnly() {
    #expect(closestMatch(to: "promt", in: ["prompt", "type"]) == "prompt")
    #expect(closestMatch(to: "lisst", in: ["list", "check"]) == "list")
    #expect(closestMatch(to: "zzzzzz", in: ["list", "check"]) == nil)
    #expect(editDistance("kitten", "sitting") == 3)
  }

  @Test func escapesControlCharactersForTheTerminal() {
    #expect(escapingControlCharacters("red\u{1B}[31m\u{7}ok\n") == "red\\u{1B}[31m\\u{7}ok\n")
    #expect(escapingControlCharacters("a\u{202E}b") == "a\\u{202E}b")
    #expect(quoted("x\ny") == "\"x\\u{A}y\"")
  }
}

@Suite struct BidiMarkTests {
  @Test(arguments: ["\u{200E}", "\u{200F}", "\u{061C}", "\u{2028}", "\u{2029}"])
  func bidiMarksAndLineSeparatorsAreTreatedAsControlCharacters(_ mark: String) {
    let scalar = mark.unicodeScalars.first!
    #expect(isControl(scalar))
    let hex = String(scalar.value, radix: 16, uppercase: true)
    #expect(escapingControlCharacters("a\(mark)b") == "a\\u{\(hex)}b")
    #expect(removingControlCharacters("a\(mark)b") == "ab")
  }

  @Test func lettersNearTheMarksAreNotControlCharacters() {
    for v: UInt32 in [0x061B, 0x061D, 0x200D, 0x2010, 0x2027, 0x202F, 0x2065, 0x206A] {
      #expect(!isControl(Unicode.Scalar(v)!), "U+\(String(v, radix: 16))")
    }
  }
}
