import Foundation
import Testing

@testable import QuizlineStorage

/// This device's memory of Markdown cards' wordings: saved and read back the same, and a damaged
/// or missing file read as empty (it is only a cache).
@Suite struct CardWordingCacheTests {
  @Test func aSavedCacheReadsBackTheSameAndIsStableBytes() throws {
    let state = try temporaryDirectory() + "/state/quizline"
    let cache = CardWordingCache(files: ["/q/french.md": ["avoir-k3f9q2ab": "to have", "être-x": "to \"be\"\n"]])
    try cache.save(stateDirectory: state)
    #expect(CardWordingCache.load(stateDirectory: state) == cache)
    let bytes = FileManager.default.contents(atPath: CardWordingCache.path(stateDirectory: state))
    try cache.save(stateDirectory: state)
    #expect(FileManager.default.contents(atPath: CardWordingCache.path(stateDirectory: state)) == bytes)
  }

  @Test func aMissingDamagedOrFutureCacheIsEmpty() throws {
    let state = try temporaryDirectory()
    #expect(CardWordingCache.load(stateDirectory: state).files.isEmpty)
    for text in ["{not json", "{\"version\":2,\"files\":{\"a\":{\"b\":\"c\"}}}", "[]"] {
      try Data(text.utf8).write(to: URL(fileURLWithPath: CardWordingCache.path(stateDirectory: state)))
      #expect(CardWordingCache.load(stateDirectory: state).files.isEmpty, "\(text)")
    }
  }
}
