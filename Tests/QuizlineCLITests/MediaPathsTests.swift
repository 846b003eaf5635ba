import Foundation
import Testing

@testable import QuizlineCLI

/// A media file named by a text is found beside its bank's file, and never outside that folder.
@Suite struct MediaPathsTests {
  @Test func aMediaFileIsFoundBesideItsBankAndNothingOutsideIsReached() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("media-paths-\(getpid())")
    try? FileManager.default.removeItem(at: root)
    let media = root.appendingPathComponent("quizzes/deck-media")
    try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try Data([1]).write(to: media.appendingPathComponent("heart.png"))
    try Data([2]).write(to: root.appendingPathComponent("secret.txt"))
    try FileManager.default.createSymbolicLink(
      at: media.appendingPathComponent("link.png"), withDestinationURL: root.appendingPathComponent("secret.txt"))
    let sources = ["bank/deck": root.appendingPathComponent("quizzes/deck.json").path]
    let found = try MediaPaths.resolve(base: "bank/deck", source: "deck-media/heart.png", sources: sources).get()
    #expect(found.hasSuffix("/quizzes/deck-media/heart.png"))
    for source in ["../secret.txt", "/etc/passwd", "deck-media/../../secret.txt", "deck-media/link.png", ""] {
      #expect(
        MediaPaths.resolve(base: "bank/deck", source: source, sources: sources) == .failure(.outsideFolder(source)),
        "\(source)")
    }
    #expect(
      MediaPaths.resolve(base: "bank/deck", source: "gone.png", sources: sources) == .failure(.missing("gone.png")))
    #expect(
      MediaPaths.resolve(base: "bank/other", source: "a.png", sources: sources) == .failure(.unknownBase("bank/other")))
  }
}
