import Testing

@testable import QuizlineCore

/// Every control character a bank can carry is shown as a `\u{…}` escape on the quiz screen: C0,
/// DEL, C1, the bidirectional overrides, isolates and marks, and the line and paragraph separators. The expected set is written out here, not
/// taken from the product's own definition.
@Suite struct ControlCharacterEscapeTests {
  static let c0: [UInt32] = Array(0x00...0x1F).filter { $0 != 0x0A && $0 != 0x09 }
  static let c1: [UInt32] = Array(0x7F...0x9F)
  /// Bidirectional embeddings, overrides, isolates and marks (LRM, RLM, ALM), and the line and
  /// paragraph separators, which break a terminal line as a newline does.
  static let bidi: [UInt32] =
    Array(0x202A...0x202E) + Array(0x2066...0x2069) + [0x200E, 0x200F, 0x061C, 0x2028, 0x2029]
  /// Neighbours of those ranges, and ordinary text, which must be shown as they are.
  static let printable: [UInt32] = [0x20, 0x7E, 0xA0, 0xA1, 0xE9, 0x061B, 0x200D, 0x2027, 0x202F, 0x2065, 0x206A]

  /// The quiz screen for a single-choice question whose prompt holds `[c]`.
  static func screen(showing value: UInt32) -> String {
    let c = String(Character(Unicode.Scalar(value)!))
    let q = Question(
      id: "q1", prompt: "Prompt [\(c)]", explanation: "E",
      body: .single(choices: [Choice(text: "one"), Choice(text: "two")], answer: 1))
    var d = StoreDriver(catalog: Catalog(banks: [Bank(id: "b", title: "B", questions: [q])], sessions: []))
    d.type("start b")
    return d.screen(width: 200).text
  }

  @Test(arguments: c0 + c1 + bidi)
  func aControlCharacterInAPromptIsShownEscaped(value: UInt32) {
    let text = Self.screen(showing: value)
    #expect(text.contains("Prompt [\\u{\(String(value, radix: 16, uppercase: true))}]"), "\(text.debugDescription)")
    #expect(!text.unicodeScalars.contains(Unicode.Scalar(value)!))
  }

  @Test(arguments: printable)
  func aPrintableCharacterInAPromptIsShownAsItIs(value: UInt32) {
    let c = String(Character(Unicode.Scalar(value)!))
    #expect(Self.screen(showing: value).contains("Prompt [\(c)]"))
  }
}
