import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// `QuestionFastPath` (a question read in one pass off the tape) against the general path, the home
/// of the rules: whenever the fast path answers, the general path reads the same question without
/// a single message. On templates of every type, the shipped banks and fixtures, and thousands of
/// mutated questions (bytes deleted, tokens inserted or put in place of others).
@Suite struct QuestionFastPathOracleTests {
  /// Questions of every type, with every optional key, plain and unusual. `true`: the fast path reads it.
  static let templates: [(json: String, fast: Bool)] = [
    (
      #"{"id": "q0", "type": "single", "prompt": "Test value route preview.", "explanation": "List view identity.", "choices": ["identity", "task", "navigation", "preview"], "answer": "a"}"#,
      true
    ),
    (
      #"{"id": "q-1", "type": "single", "title": "T", "prompt": "P?", "explanation": "E.", "hint": "H", "tags": ["t0", "generated"], "difficulty": "easy", "source": {"file": "f.txt", "section": "S 1", "title": "Ti"}, "choices": ["A", "B", "C"], "answer": "c"}"#,
      true
    ),
    (
      #"{"source": {"section": "S", "file": "f"}, "difficulty": "hard", "tags": [], "answers": ["d", "a"], "choices": ["x", "y", "z", "w"], "explanation": "E", "prompt": "P", "type": "multiple", "id": "m1"}"#,
      true
    ),
    (#"{"id": "t1", "type": "truefalse", "prompt": "P", "explanation": "E", "answer": true}"#, true),
    (#"{"id": "f1", "type": "flashcard", "prompt": "Front", "back": "Back"}"#, true),
    (#"{"id": "f2", "type": "flashcard", "prompt": "Front", "back": "Back", "explanation": " "}"#, true),
    (
      #"{"id": "n1", "type": "single", "prompt": "日本語の質問", "explanation": "説明", "choices": ["東京", "大阪", "é"], "answer": "b"}"#,
      true
    ),
    (
      #"{"id": "e1", "type": "single", "prompt": "Say \"hi\"\n", "explanation": "E\tx", "choices": ["a\u0062", "abc"], "answer": "a"}"#,
      true
    ),
    (
      #"{"id": "e2", "type": "single", "prompt": "P", "explanation": "E", "choices": ["a\u0062", "ab"], "answer": "a"}"#,
      false
    ),
    (
      #"{"id": "w1", "type": "single", "prompt": "P", "explanation": " ", "choices": ["a", "b"], "answer": "a"}"#,
      false
    ),
    (
      #"{"id": "w2", "type": "single", "prompt": "P", "explanation": "\u3000", "choices": ["a", "b"], "answer": "a"}"#,
      false
    ),
    (
      #"{"id": "t2", "type": "truefalse", "prompt": "P", "explanation": "E", "answer": false, "feedback": {"true": "t"}}"#,
      false
    ),
    (#"{"id": "x1", "type": "text", "prompt": "P", "explanation": "E", "accept": ["a"]}"#, false),
    (
      #"{"id": "o1", "type": "single", "prompt": "P", "explanation": "E", "choices": [{"text": "a", "feedback": "f"}, "b"], "answer": "a"}"#,
      false
    ),
    (
      #"{"id": "n2", "type": "single", "note": "n", "prompt": "P", "explanation": "E", "choices": ["a", "b"], "answer": "a"}"#,
      false
    ),
    (
      #"{"id": "d1", "type": "single", "prompt": "P", "explanation": "E", "choices": ["Same", "same "], "answer": "a"}"#,
      false
    ),
    (
      #"{"id": "c1", "type": "cloze", "prompt": "P", "explanation": "E", "text": "a {{1}}", "gaps": [{"accept": ["x"]}]}"#,
      false
    ),
    (
      #"{"id": "k1", "type": "open", "prompt": "P", "explanation": "E", "modelAnswer": "M", "keyPoints": ["k"]}"#,
      false
    ),
  ]

  /// What is put in, or in place of, a few bytes of a template.
  static let tokens = [
    "\"", "\"\"", "\" \"", #""\u0000""#, #""\u0085""#, "\"\u{85}\"", #""\u202E""#, "\"\u{202E}x\"", #""\u3000""#,
    "\"A\"", "\"a\"", "\"b\"", "\"z\"", "\"Q\"", "\"q0\"", "\"q 0\"", "\"single\"", "\"multiple\"", "\"truefalse\"",
    "\"flashcard\"", "\"text\"", "\"easy\"", "\"Hard\"", "true", "false", "null", "1", "[]", "[\"a\"]",
    "[\"a\", \"a\"]", "[\"b\", \"a\"]", "{}", #", "id": "x""#, #", "note": "n""#, #", "$schema": "s""#,
    #", "feedback": {"true": "t"}"#, #", "back": "b""#, #", "answers": ["a"]"#, #", "answer": "a""#,
    #", "tags": ["t", "t"]"#, #", "tags": ["T"]"#, #", "title": """#, #", "hint": " ""#, #", "difficulty": "easy""#,
    #", "source": {"file": "f", "section": "s"}"#, #", "source": {"file": "f"}"#, #"\u0069"#, "\\", " ", "\t",
    "\u{7F}", "é", "x",
  ]

  /// The fast path's answer for the question `item` and whether the general path agrees: it reads
  /// the same question without a message (or the fast path declined).
  static func agree(_ item: TapeValue, bytes: [UInt8]) -> (fast: Bool, agrees: Bool) {
    let context = DecodeContext(path: "q.json", bytes: bytes)
    let general = BankDecoder(context: context).decodeQuestion(item, position: 1)
    guard let fast = QuestionFastPath.decode(item) else { return (false, true) }
    return (true, general == fast && context.diagnostics.isEmpty)
  }

  /// The same for a question given as JSON text; nil when the text is not JSON.
  static func agree(_ json: [UInt8]) -> (fast: Bool, agrees: Bool)? {
    guard let document = try? JSONDocument.parse(json) else { return nil }
    return withExtendedLifetime(document) { agree(TapeValue(document.root), bytes: json) }
  }

  @Test func templatesAgreeAndThePlainOnesTakeTheFastPath() throws {
    for (json, fast) in Self.templates {
      let result = try #require(Self.agree(Array(json.utf8)), "\(json)")
      #expect(result.agrees, "\(json)")
      #expect(result.fast == fast, "\(json)")
    }
  }

  @Test(arguments: [1, 2, 3, 4])
  func mutatedQuestionsAgree(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var parsed = 0
    var fast = 0
    for _ in 0..<20_000 {
      var bytes = Array(Self.templates[Int(random.next() % UInt64(Self.templates.count))].json.utf8)
      for _ in 0..<(1 + Int(random.next() % 2)) {
        let at = Int(random.next() % UInt64(bytes.count))
        let length = min(bytes.count - at, Int(random.next() % 6))
        let token = Array(Self.tokens[Int(random.next() % UInt64(Self.tokens.count))].utf8)
        switch random.next() % 3 {
        case 0: bytes.removeSubrange(at..<at + max(1, length))
        case 1: bytes.insert(contentsOf: token, at: at)
        default: bytes.replaceSubrange(at..<at + length, with: token)
        }
        if bytes.isEmpty { bytes = Array("{}".utf8) }
      }
      guard let result = Self.agree(bytes) else { continue }
      parsed += 1
      if result.fast { fast += 1 }
      #expect(result.agrees, "\(String(decoding: bytes, as: UTF8.self))")
    }
    // Enough mutants parse, and enough of them take the fast path, for the comparison to mean something.
    #expect(parsed > 2_000)
    #expect(fast > 250)
  }

  @Test func shippedBanksAndFixturesAgree() throws {
    var files: [String] = []
    for folder in [TestPaths.repositoryRoot + "/Quizzes", TestPaths.fixtures] {
      let walker = FileManager.default.enumerator(atPath: folder)
      while let name = walker?.nextObject() as? String {
        if name.hasSuffix(".json") { files.append(folder + "/" + name) }
      }
    }
    var questions = 0
    var fast = 0
    for path in files {
      guard let data = FileManager.default.contents(atPath: path) else { continue }
      let bytes = [UInt8](data)
      guard let document = try? JSONDocument.parse(bytes) else { continue }
      withExtendedLifetime(document) {
        guard let list = TapeValue(document.root).member("questions") else { return }
        list.forEachElement { _, item in
          let result = Self.agree(item, bytes: bytes)
          questions += 1
          if result.fast { fast += 1 }
          #expect(result.agrees, "\(path): question at byte \(item.offset)")
        }
      }
    }
    #expect(questions > 300)
    #expect(fast > 100)
  }
}
