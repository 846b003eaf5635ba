import Foundation
import Testing

@testable import QuizlineCore

@Suite struct JSONParserTests {
  @Test func parsesNestedValuesWithPositions() throws {
    let doc = try parseJSON(#"{"a": [1, -2.5e1, true, null], "b": {"c": "d"}}"#).get()
    let root = doc.root
    #expect(root.kind == .object)
    let members = root.members
    #expect(members.map { $0.key.string } == ["a", "b"])
    let array = members[0].value.elements
    #expect(array.map(\.kind) == [.number, .number, .true, .null])
    #expect(array[0].int == 1)
    #expect(array[1].double == -25)
    #expect(members[1].value.members.first?.value.string == "d")
    #expect(members[1].value.offset == 36)
  }

  @Test(arguments: [
    (#""plain""#, "plain"),
    (#""tab\tquote\"slash\/back\\""#, "tab\tquote\"slash/back\\"),
    (#""\u00e9\u4e2d\ud83d\ude00""#, "é中😀"),
    ("\"caf\u{e9} \u{1F600}\"", "café 😀"),
  ])
  func decodesStrings(literal: String, expected: String) throws {
    #expect(try parseJSON(literal).get().root.string == expected)
  }

  @Test(arguments: [
    ("", "file is empty; expected a JSON object"),
    ("{", "object starting here is never closed (the file ends first)"),
    ("[1,]", "expected a value, found ']' (a trailing comma is not allowed)"),
    ("{\"a\" 1}", "expected ':' after the key, found '1'"),
    ("[01]", "invalid number '01': leading zeros are not allowed"),
    ("[1.]", "invalid number '1.': digits must follow '.'"),
    ("[tru]", "unexpected 'tru'; expected a value"),
    ("\"a\\x\"", "invalid escape \\x; allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
    ("\"\\u12\"", "\\u must be followed by four hex digits"),
    ("{} {}", "unexpected '{' after the end of the JSON value"),
    ("\"line\nbreak\"", "a line break inside a string is not allowed; write \\n for a line break"),
  ])
  func reportsSyntaxErrors(text: String, message: String) {
    guard case .failure(let error) = parseJSON(text) else {
      Issue.record("expected \(text.debugDescription) to fail")
      return
    }
    #expect(error.message == message)
  }

  @Test func rejectsInvalidUTF8AndOverlongForms() {
    for bytes: [UInt8] in [
      [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
    ] {
      #expect(throws: JSONSyntaxError.self) { try JSONDocument.parse(bytes) }
    }
  }

  @Test func enforcesDepthStringAndSizeLimits() {
    let limits = JSONLimits(maxDocumentBytes: 100, maxDepth: 3, maxStringBytes: 5)
    #expect(throws: JSONSyntaxError(offset: 3, message: "nesting is deeper than the limit of 3 levels")) {
      try JSONDocument.parse(Array("[[[[]]]]".utf8), limits: limits)
    }
    #expect(throws: JSONSyntaxError(offset: 0, message: "string is 6 bytes long, over the limit of 5 bytes")) {
      try JSONDocument.parse(Array("\"abcdef\"".utf8), limits: limits)
    }
    #expect(throws: JSONSyntaxError(offset: 0, message: "file is 101 bytes, over the limit of 100 bytes")) {
      try JSONDocument.parse([UInt8](repeating: 0x20, count: 101), limits: limits)
    }
  }

  @Test func skipsByteOrderMarkAndCountsColumnsInScalars() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"é\": 1,\n \"x\": 2}".utf8)
    let doc = try JSONDocument.parse(bytes)
    let table = LineTable(bytes)
    let offsets = doc.root.members.map(\.value.offset)
    #expect(offsets.map { table.location(of: $0).line } == [1, 2])
    #expect(offsets.map { table.location(of: $0).column } == [7, 7])
  }

  @Test func hugeNumbersParseButAreNotFinite() throws {
    let doc = try parseJSON("[1e999, 123456789012345678901234567890]").get()
    #expect(doc.root.elements[0].double?.isFinite == false)
    #expect(doc.root.elements[1].int == nil)
  }
}

/// The word-at-a-time string scan accepts and decodes exactly what Foundation's reader does, on
/// random string literals full of the bytes it must stop at (quotes, backslashes, controls, UTF-8).
@Suite struct JSONStringScanTests {
  @Test func randomStringLiteralsReadAsFoundationReadsThem() throws {
    var random = SplitMix64(seed: 77)
    let pieces: [[UInt8]] = [
      Array("abcdefgh".utf8), Array(" ".utf8), [0x22], [0x5C], Array("n".utf8), Array("t".utf8), [0x01], [0x1F],
      [0x7F], [0xC3, 0xA9], [0xE2, 0x80, 0xAE], [0xF0, 0x9F, 0x8E, 0x89], [0xC3], [0x80],
    ]
    for _ in 0..<20_000 {
      var body: [UInt8] = []
      for _ in 0..<Int(random.next() % 24) {
        // Mostly long plain runs, so the eight-byte path is taken and then left at every position.
        body += random.next() % 3 == 0 ? pieces[Int(random.next() % UInt64(pieces.count))] : pieces[0]
      }
      let literal: [UInt8] = [0x22] + body + [0x22]
      let ours = try? JSONDocument.parse(literal).root.string
      let theirs = (try? JSONSerialization.jsonObject(with: Data(literal), options: .fragmentsAllowed)) as? String
      #expect(ours == theirs, "\(literal)")
    }
  }
}

extension JSONStringScanTests {
  /// The tape stays at 16 bytes a node (the peak memory of loading a large bank depends on it), and
  /// the packed kind, escape flag and `next` survive every kind and large indices.
  @Test func nodesAreSixteenBytesAndKeepTheirPackedFields() {
    #expect(MemoryLayout<JSONDocument.Node>.stride == 16)
    for kind in [JSONDocument.Kind.null, .false, .true, .number, .string, .array, .object] {
      for escapes in [false, true] {
        var node = JSONDocument.Node(kind: kind, hasEscapes: escapes, start: 1, end: 2, count: 3, next: (1 << 28) - 1)
        #expect(node.kind == kind && node.hasEscapes == escapes && node.next == (1 << 28) - 1)
        node.next = 12_345
        #expect(node.kind == kind && node.hasEscapes == escapes && node.next == 12_345)
      }
    }
  }
}
