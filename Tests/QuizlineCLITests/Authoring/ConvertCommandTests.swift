import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats

/// `quizline convert`: every shipped bank and session goes to Markdown and back to the same
/// content; a file with errors writes nothing and says where; an existing file is kept.
@Suite struct ConvertCommandTests {
  func decode(_ path: String) throws -> CatalogItem? {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    if path.hasSuffix(".md") {
      guard case .item(let item, _) = MarkdownCatalogFile.decode(bytes: bytes, path: path).0 else { return nil }
      return item
    }
    return CatalogFileDecoder.decode(bytes: bytes, path: path).0
  }

  @Test func everyShippedBankAndSessionComesBackTheSameThroughMarkdown() throws {
    let base = try temporaryDirectory()
    let quizzes = Fixtures.repositoryRoot + "/Quizzes"
    var converted = 0
    for folder in ["banks", "sessions"] {
      for name in try FileManager.default.contentsOfDirectory(atPath: quizzes + "/" + folder)
      where name.hasSuffix(".json") {
        let original = quizzes + "/" + folder + "/" + name
        let md = base + "/" + name + ".md"
        let back = base + "/" + name
        let there = try runBinary(["convert", original, "--out", md])
        #expect(there.status == 0 && there.stdout.contains("Markdown"), "\(name): \(there.stderr)")
        let again = try runBinary(["convert", md, "--out", back])
        #expect(again.status == 0, "\(name): \(again.stderr)")
        switch (try decode(original), try decode(back)) {
        case (.bank(var a, _, _)?, .bank(var b, _, _)?):
          (a.contentHash, b.contentHash) = ("", "")
          #expect(a == b, "\(name)")
        case (.session(let a, _, _)?, .session(let b, _, _)?): #expect(a == b, "\(name)")
        default: Issue.record("\(name): not read back as the same kind")
        }
        converted += 1
      }
    }
    #expect(converted >= 20)
  }

  @Test func aFileWithErrorsWritesNothingAndSaysWhere() throws {
    let base = try temporaryDirectory()
    try Data("---\nkind: bank\nid: b\ntitle: B\n---\n\n## Which?\n\n- [ ] a\n- [ ] b\n".utf8).write(
      to: URL(fileURLWithPath: base + "/b.md"))
    let r = try runBinary(["convert", base + "/b.md", "--out", base + "/b.json"])
    #expect(r.status == 65)
    #expect(r.stderr.contains(base + "/b.md:9:"), "\(r.stderr)")
    #expect(r.stderr.contains("nothing was written"))
    #expect(!FileManager.default.fileExists(atPath: base + "/b.json"))
  }

  @Test func anExistingOutputIsKeptAndOtherExtensionsAreRefused() throws {
    let base = try temporaryDirectory()
    let out = base + "/kept.md"
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: out))
    let bank = Fixtures.repositoryRoot + "/Quizzes/banks/swiftui-state.json"
    let r = try runBinary(["convert", bank, "--out", out])
    #expect(r.status == 73 && r.stderr.contains("already exists"), "\(r.stderr)")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "mine\n")
    #expect(try runBinary(["convert", bank, "--out", out, "--force"]).status == 0)
    let other = try runBinary(["convert", base + "/deck.gift"])
    #expect(other.status == 64 && other.stderr.contains("neither .json nor .md"), "\(other.stderr)")
  }
}
