import Foundation
import QuizlineCore
import QuizlineTestSupport
import Testing

@testable import QuizlineCLI

/// A frame's marker lines become pictures or placeholders with reasons; other lines stay.
@Suite struct ImageFrameWriterTests {
  static let sources = ["bank/shapes": ImageFixtures.path("shapes.json")]

  static func writer(_ choices: Counter = Counter(), graphics: GraphicsProtocol? = .kitty) -> ImageFrameWriter {
    ImageFrameWriter(
      choose: { mode in
        choices.count += 1
        return mode == .off ? nil : graphics.map { TerminalGraphics(graphicsProtocol: $0) }
      }, columns: { 80 }, sources: { Self.sources })
  }

  final class Counter { var count = 0 }

  static func frame(_ source: String) -> String {
    "Question 1\n" + MediaMarker.imageLine(base: "bank/shapes", source: source, placeholder: "[image: \(source)]")
      + "\nWhat colour is in the middle?\n"
  }

  @Test func aMarkerLineBecomesThePictureAndTheOtherLinesStay() throws {
    let out = Self.writer().expand(Self.frame("stripes.png"))
    let file = try ImageFixtures.bytes("stripes.png")
    #expect(
      out.hasPrefix("Question 1\n\u{1B}_Ga=T,f=100,t=d,q=2,m=0;" + Data(file).base64EncodedString() + "\u{1B}\\\n"))
    #expect(out.hasSuffix("\nWhat colour is in the middle?\n"))
    #expect(!out.unicodeScalars.contains { (0xFDD0...0xFDEF).contains($0.value) })
  }

  @Test(arguments: [
    ("bomb.png", "[image: bomb.png — not drawn: 8000×8000 pixels (64 million) is over the 40 million pixel limit]"),
    ("missing.png", "[image: missing.png — not drawn: missing.png was not found]"),
    ("../secret.png", "[image: ../secret.png — not drawn: ../secret.png is outside the quiz folder]"),
    ("truncated.jpg", "[image: truncated.jpg — not drawn: the JPEG file is truncated]"),
  ])
  func anImageThatCannotBeDrawnIsItsPlaceholderWithAOneLineReason(source: String, expected: String) {
    let out = Self.writer().expand(Self.frame(source))
    #expect(out == "Question 1\n\(expected)\nWhat colour is in the middle?\n")
  }

  @Test func withImagesOffTheMarkerIsThePlaceholderAndNothingIsDrawn() {
    let writer = Self.writer()
    writer.settings.images = .off
    #expect(!writer.drawsImages)
    #expect(
      writer.expand(Self.frame("stripes.png")) == "Question 1\n[image: stripes.png]\nWhat colour is in the middle?\n")
  }

  @Test func theProtocolIsChosenOnceAndAgainOnlyWhenTheSettingChanges() {
    let choices = Counter()
    let writer = Self.writer(choices)
    for _ in 0..<3 { _ = writer.expand(Self.frame("stripes.png")) }
    #expect(choices.count == 1)
    writer.settings.images = .symbols
    _ = writer.expand(Self.frame("stripes.png"))
    _ = writer.drawsImages
    #expect(choices.count == 2)
  }

  @Test func theTerminalIsNotAskedUntilAFrameHasAnImage() {
    let choices = Counter()
    let writer = Self.writer(choices)
    #expect(writer.drawsImages)
    #expect(writer.expand("Question 1\nNo picture here.\n") == "Question 1\nNo picture here.\n")
    #expect(choices.count == 0)
    _ = writer.expand(Self.frame("stripes.png"))
    #expect(choices.count == 1)
  }

  @Test func aReasonCannotCarryControlCharacters() {
    #expect(
      ImageFrameWriter.placeholder("[image: a.png]", notDrawnBecause: "bad\u{1B}[31m")
        == "[image: a.png — not drawn: bad?[31m]")
  }
}
