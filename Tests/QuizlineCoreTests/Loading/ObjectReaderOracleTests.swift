import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// `ObjectReader`'s look-ups on the tape (a filter bit per key, a round starting after the member
/// found last, the pairwise duplicate search only when two keys share a bit) read random objects
/// as a plain model does: the first member with the key, every repeated key reported, every key
/// never asked for reported with the same suggestion, whatever the order of the questions.
@Suite struct ObjectReaderOracleTests {
  /// Short keys over a small alphabet (so they repeat and share filter bits), and real ones.
  static let keyPool: [StaticString] =
    ["a", "b", "ab", "ba", "aa", "bb", "aab", "bab", "abab", "$schema"]
    + ["id", "type", "title", "prompt", "explanation", "hint", "tags", "choices", "answer", "answers", "note"]

  /// What the reader should say, worked out member by member (no filter, no cursor, no mask).
  static func model(members: [(key: String, offset: Int)], asking keys: [StaticString]) -> (
    values: [Int?], messages: [String]
  ) {
    let asked = keys.map(\.description)
    let values = asked.map { key in members.firstIndex { $0.key == key } }
    var messages: [String] = []
    var seen: [String] = []
    for (key, offset) in members {
      if seen.contains(key) {
        messages.append("1:\(offset + 1): duplicate key \(quoted(key)) in thing; each key may appear once")
      }
      seen.append(key)
    }
    var firstSeen: [String] = []
    for (key, offset) in members where !firstSeen.contains(key) {
      firstSeen.append(key)
      guard !asked.contains(key), key != "$schema" else { continue }
      var message = "unknown key \(quoted(key)) in thing"
      if let suggestion = closestMatch(to: key, in: asked) {
        message += "; did you mean \(quoted(suggestion))?"
      } else if !asked.isEmpty {
        message += "; allowed keys: " + asked.joined(separator: ", ")
      }
      messages.append("1:\(offset + 1): " + message)
    }
    return (values, messages)
  }

  @Test(arguments: [1, 2, 3])
  func randomObjectsReadAsTheModelSays(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for _ in 0..<3_000 {
      // Up to 20 members: past ObjectReader.fastLimit the keys are decoded, the plain way.
      let count = Int(random.next() % 21)
      var json = "{"
      var members: [(key: String, offset: Int)] = []
      for n in 0..<count {
        if n > 0 { json += ", " }
        let key = Self.keyPool[Int(random.next() % UInt64(Self.keyPool.count))].description
        members.append((key, json.utf8.count))
        json += "\(quotedJSON(key)): \(n)"
      }
      json += "}"
      let asked = (0..<Int(random.next() % 12)).map { _ in
        Self.keyPool[Int(random.next() % UInt64(Self.keyPool.count))]
      }
      let expected = Self.model(members: members, asking: asked)
      let (values, messages, present) = try Self.read(json, asking: asked)
      #expect(values == expected.values, "\(json) asked \(asked)")
      #expect(messages == expected.messages, "\(json) asked \(asked)")
      #expect(present == Self.keyPool.map { key in members.contains { $0.key == key.description } }, "\(json)")
    }
  }

  @Test func keysAskedInAnyOrderAfterAFindAreFound() throws {
    let json = #"{"id": 0, "type": 1, "prompt": 2, "explanation": 3, "choices": 4, "answer": 5}"#
    let (values, messages, _) = try Self.read(json, asking: ["answer", "id", "choices", "type", "answer", "note"])
    #expect(values == [5, 0, 4, 1, 5, nil])
    #expect(
      messages == [
        #"1:22: unknown key "prompt" in thing; allowed keys: answer, id, choices, type, answer, note"#,
        #"1:35: unknown key "explanation" in thing; allowed keys: answer, id, choices, type, answer, note"#,
      ])
  }

  /// The values read (as the member's number), the messages, and `has` for every key of the pool.
  static func read(_ json: String, asking keys: [StaticString]) throws -> (
    values: [Int?], messages: [String], present: [Bool]
  ) {
    let bytes = Array(json.utf8)
    let context = DecodeContext(path: "f.json", bytes: bytes)
    let document = try JSONDocument.parse(bytes)
    return try withExtendedLifetime(document) {
      var reader = try #require(ObjectReader(TapeValue(document.root), context: context, what: "thing"))
      let values = keys.map { reader.value($0)?.int }
      let present = keyPool.map { reader.has($0) }
      reader.reportUnknownKeys()
      return (values, context.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }, present)
    }
  }

  private func quotedJSON(_ key: String) -> String { "\"" + key + "\"" }
}
