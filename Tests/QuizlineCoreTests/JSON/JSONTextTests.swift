import Foundation
import Testing

@testable import QuizlineCore

@Suite struct JSONTextTests {
  @Test func writesKeysInOrderAndEscapesStrings() {
    let value = JSONText.object([("z", .int(1)), ("a", .string("q\"\\\n\u{1}")), ("n", .null), ("d", .double(0.5))])
    #expect(value.rendered() == #"{"z":1,"a":"q\"\\\n\u0001","n":null,"d":0.5}"#)
    #expect(value.sortedKeys.rendered() == #"{"a":"q\"\\\n\u0001","d":0.5,"n":null,"z":1}"#)
  }

  @Test func prettyOutputReadsBackAsTheSameValue() throws {
    let value = JSONText.object([("list", .array([.int(1), .bool(false), .object([])])), ("text", .string("é😀"))])
    let text = value.rendered(pretty: true)
    #expect(text.contains("\n  \"list\": [\n    1,"))
    let reparsed = try parseJSON(text).get()
    #expect(reparsed.root.members.map { $0.key.string } == ["list", "text"])
    #expect(reparsed.root.members[1].value.string == "é😀")
  }
}
