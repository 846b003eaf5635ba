import Testing

@testable import QuizlineInterop

/// Imported HTML never brings a control character into bank text (TerminalText's and Entities'
/// promise), however it is spelled: a C1 control such as the terminal's CSI (U+009B) as a character
/// reference, or a bidi override. Written for mutants F50 and F51.
@Suite struct ImportedTextControlTests {
  @Test(arguments: ["&#x9B;", "&#155;", "&#x85;", "&#x1B;", "&#x7F;"])
  func aCharacterReferenceToAControlDecodesToNothing(_ reference: String) {
    let text = TerminalText.string("a\(reference)[31mb", format: .html)
    #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(text.debugDescription)")
    #expect(text.hasPrefix("a") && text.hasSuffix("[31mb"))
  }

  @Test(arguments: ["&#x9B;", "&#155;", "&#x85;", "&#x1B;", "&#x7F;", "&#0;"])
  func theEntityDecoderItselfTurnsAControlIntoNothing(_ reference: String) {
    #expect(Entities.decodeAll("a\(reference)b") == "ab")
    #expect(Entities.decodeAll("a&#x41;b") == "aAb")
  }

  @Test func controlAndFormatCharactersWrittenAsThemselvesAreRemoved() {
    for raw in ["\u{1B}[2J", "\u{9B}2J", "\u{202E}txt.exe", "\u{07}"] {
      let text = TerminalText.string("x" + raw + "y", format: .html)
      #expect(
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || $0 == "\u{202E}" },
        "\(raw.debugDescription) → \(text.debugDescription)")
    }
  }
}
