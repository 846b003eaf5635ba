import Foundation
import QuizlineFormats
import QuizlineStorage
import Synchronization
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// The command line's catalog loader reads and decodes files on every core
/// (`QuizzesFolders.concurrentFileWork`). What it loads, and every message in its order, must be the
/// same as one file after another, whatever order the files finish in.
@Suite struct ConcurrentCatalogLoadTests {
  /// Folders and files with every outcome: the shipped quizzes, a clean catalog, Markdown banks and
  /// notes, the malformed corpus, a missing path, a directory named like a JSON file.
  static func pathLists() throws -> [[String]] {
    let root = Fixtures.repositoryRoot
    // A folder of its own for each call: the suite's tests run at the same time.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("concurrent-load-\(UUID())").path
    try FileManager.default.createDirectory(atPath: scratch + "/odd.json", withIntermediateDirectories: true)
    try Data("# A note\n\nNot a quizline file.\n".utf8).write(to: URL(fileURLWithPath: scratch + "/note.md"))
    return [
      [root + "/Quizzes"],
      [Fixtures.catalog],
      [root + "/Tests/Fixtures/markdown"],
      [Fixtures.malformed],
      [root + "/Quizzes", Fixtures.catalog, root + "/Tests/Fixtures/markdown", Fixtures.malformed],
      [scratch, scratch + "/note.md", root + "/no-such-folder", Fixtures.catalog],
    ]
  }

  /// Runs the indices last to first: files then finish in the opposite order.
  static let backwards = FileWorkRunner { count, body in
    for index in (0..<count).reversed() { body(index) }
  }

  static func expectSameLoad(_ a: CatalogLoadResult, _ b: CatalogLoadResult, _ paths: [String]) {
    #expect(a.diagnostics == b.diagnostics, "\(paths)")
    #expect(a.catalog == b.catalog, "\(paths)")
    #expect(a.missingPaths == b.missingPaths)
    #expect(a.unreadableFiles == b.unreadableFiles)
    #expect(a.fileCount == b.fileCount)
    #expect(a.files == b.files)
    #expect(a.sources == b.sources)
    #expect(a.markdownBanks == b.markdownBanks)
  }

  @Test func theCommandLinesLoaderGivesTheSameCatalogAndMessagesAsOneFileAfterAnother() throws {
    for paths in try Self.pathLists() {
      let sequential = CatalogLoader().load(paths: paths)
      var concurrent = CatalogLoader()
      concurrent.runner = QuizzesFolders.concurrentFileWork
      for _ in 0..<3 { Self.expectSameLoad(concurrent.load(paths: paths), sequential, paths) }
      var backwards = CatalogLoader()
      backwards.runner = Self.backwards
      Self.expectSameLoad(backwards.load(paths: paths), sequential, paths)
    }
  }

  @Test func theLoadsAreNotEmptySoTheComparisonMeansSomething() throws {
    let lists = try Self.pathLists()
    let shipped = CatalogLoader().load(paths: lists[0])
    #expect(shipped.catalog.banks.count >= 6 && shipped.diagnostics.isEmpty)
    let malformed = CatalogLoader().load(paths: lists[3])
    #expect(malformed.diagnostics.count > 70)
    let odd = CatalogLoader().load(paths: lists[5])
    #expect(odd.missingPaths.count == 1 && odd.diagnostics.contains { $0.path.hasSuffix("odd.json") })
  }

  @Test func theConcurrentRunnerRunsEveryIndexExactlyOnce() {
    for count in [0, 1, 2, 7, 24, 100] {
      let runs = Mutex([Int](repeating: 0, count: count))
      QuizzesFolders.concurrentFileWork.run(count) { index in runs.withLock { $0[index] += 1 } }
      #expect(runs.withLock { $0 } == [Int](repeating: 1, count: count))
    }
  }

  @Test func aRunnerThatSkipsAFileStillLoadsIt() {
    var loader = CatalogLoader()
    loader.runner = FileWorkRunner { count, body in
      for index in 0..<count where index % 2 == 0 { body(index) }
    }
    Self.expectSameLoad(loader.load(paths: [Fixtures.catalog]), CatalogLoader().load(paths: [Fixtures.catalog]), [])
  }
}
