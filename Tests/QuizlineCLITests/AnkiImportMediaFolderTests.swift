import Foundation
import QuizlineCore
import Testing

/// Issue 30, item 4: an Anki import's media folder (`MyQuizzes/<deck>-media`) follows the bank
/// file's rules. A folder or media file that is a symbolic link is refused (exit 74) and nothing is
/// written through it; a media file with other content needs `--force` (exit 73); every check comes
/// before the first byte is written. `outside/` stands for everything beyond the quizzes folder.
@Suite struct AnkiImportMediaFolderTests {
  static let picture: [UInt8] = Array("\u{89}PNG the deck's picture".utf8)
  static let sound: [UInt8] = Array("ID3 the deck's sound".utf8)

  /// A temporary folder with `in/deck.apkg` (deck `french`, media `diagram 1.png` and `hello.mp3`),
  /// `outside/diagram_1.png` (a learner's own file) and an empty `MyQuizzes/`.
  struct Layout {
    let dir: String
    var package: String { dir + "/in/deck.apkg" }
    var quizzes: String { dir + "/MyQuizzes" }
    var media: String { quizzes + "/deck-media" }
    var outside: String { dir + "/outside" }
    var bank: String { quizzes + "/french.json" }

    init() throws {
      dir = try temporaryDirectory()
      for sub in ["in", "MyQuizzes", "outside"] {
        try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
      }
      try MadeAnkiPackage.write(
        [MadeAnkiPackage.bank("french", fronts: ["bonjour", "merci"])],
        media: [
          ("diagram 1.png", AnkiImportMediaFolderTests.picture), ("hello.mp3", AnkiImportMediaFolderTests.sound),
        ],
        to: dir + "/in/deck.apkg")
      try Data("my own picture, not the deck's".utf8).write(to: URL(fileURLWithPath: outside + "/diagram_1.png"))
    }

    func run(_ extra: [String] = []) -> RunResult {
      runInProcess(["--progress", dir + "/P", "import", package, "--out", quizzes] + extra)
    }

    func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }
  }

  @Test func aMediaFolderThatIsALinkIsRefusedWithExit74AndNothingIsWritten() throws {
    let t = try Layout()
    defer { try? FileManager.default.removeItem(atPath: t.dir) }
    try FileManager.default.createSymbolicLink(atPath: t.media, withDestinationPath: t.outside)
    let before = folderSnapshot(t.outside)
    for flags in [[], ["--force"]] {
      let r = t.run(flags)
      #expect(r.status == 74, "\(flags): \(r.stdout)\(r.stderr)")
      #expect(
        r.stderr
          == "quizline: '\(t.media)': is a symbolic link, not a folder; quizline never writes through a link. Move it away (or import with --out DIR), then import again; nothing was written.\n",
        "\(flags)")
      #expect(r.stdout.isEmpty)
      #expect(folderSnapshot(t.outside) == before, "\(flags): no byte outside the quizzes folder changed")
      #expect(try FileManager.default.contentsOfDirectory(atPath: t.quizzes) == ["deck-media"], "no bank written")
    }
  }

  @Test func anExistingMediaFileWithOtherContentNeedsForceAndNothingIsWrittenWithout() throws {
    let t = try Layout()
    defer { try? FileManager.default.removeItem(atPath: t.dir) }
    try FileManager.default.createDirectory(atPath: t.media, withIntermediateDirectories: true)
    let mine = Array("my own edited picture".utf8)
    try Data(mine).write(to: URL(fileURLWithPath: t.media + "/diagram_1.png"))
    let refused = t.run()
    #expect(refused.status == 73, "\(refused.stderr)")
    #expect(
      refused.stderr
        == "quizline: '\(t.media)/diagram_1.png' already exists with other content; pass --force to replace it. Nothing was written.\n"
    )
    #expect(t.bytes(t.media + "/diagram_1.png") == mine)
    #expect(!FileManager.default.fileExists(atPath: t.bank), "the bank is not written either")
    #expect(!FileManager.default.fileExists(atPath: t.media + "/hello.mp3"))
    let forced = t.run(["--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(t.bytes(t.media + "/diagram_1.png") == Self.picture)
    #expect(t.bytes(t.media + "/hello.mp3") == Self.sound)
    #expect(FileManager.default.fileExists(atPath: t.bank))
  }

  @Test func anExistingMediaFileWithTheSameBytesIsLeftAsItIs() throws {
    let t = try Layout()
    defer { try? FileManager.default.removeItem(atPath: t.dir) }
    try FileManager.default.createDirectory(atPath: t.media, withIntermediateDirectories: true)
    try Data(Self.picture).write(to: URL(fileURLWithPath: t.media + "/diagram_1.png"))
    let inode = try FileManager.default.attributesOfItem(atPath: t.media + "/diagram_1.png")[.systemFileNumber]
    let r = t.run()
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("  2 media files in '\(t.media)': 1 copied, 1 already there with the same content\n"))
    let after = try FileManager.default.attributesOfItem(atPath: t.media + "/diagram_1.png")[.systemFileNumber]
    #expect(after as? Int == inode as? Int, "not rewritten")
    #expect(t.bytes(t.media + "/hello.mp3") == Self.sound)
  }

  @Test func aMediaFileThatIsALinkIsNeverFollowedNotEvenWithForce() throws {
    let t = try Layout()
    defer { try? FileManager.default.removeItem(atPath: t.dir) }
    try FileManager.default.createDirectory(atPath: t.media, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: t.media + "/diagram_1.png", withDestinationPath: t.outside + "/diagram_1.png")
    let before = folderSnapshot(t.outside)
    for flags in [[], ["--force"]] {
      let r = t.run(flags)
      #expect(r.status == 74, "\(flags): \(r.stdout)\(r.stderr)")
      #expect(
        r.stderr
          == "quizline: '\(t.media)/diagram_1.png': is a symbolic link, not a regular file; quizline never writes through a link, not even with --force. Move it away, then import again; nothing was written.\n",
        "\(flags)")
      #expect(folderSnapshot(t.outside) == before, "\(flags): no byte outside the quizzes folder changed")
      #expect(!FileManager.default.fileExists(atPath: t.bank), "\(flags): no bank written")
      #expect(try FileManager.default.contentsOfDirectory(atPath: t.media) == ["diagram_1.png"])
    }
  }
}
