import Foundation
import Testing

@testable import QuizlineStorage

/// Writing ids into a user's Markdown file: the file is replaced only while it still holds what
/// quizline read; an edit saved in the meantime is never lost.
@Suite struct SourceFileSwapTests {
  func write(_ text: String, _ path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  func read(_ path: String) -> String {
    String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
  }

  func leftovers(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
  }

  @Test func anUnchangedFileIsReplacedKeepingItsPermissions() throws {
    let folder = try temporaryDirectory()
    let path = folder + "/french.md"
    try write("## Q\n", path)
    chmod(path, 0o600)
    let outcome = SourceFileSwap.replace(path, expected: Array("## Q\n".utf8), with: Array("## Q {#q}\n".utf8))
    #expect(outcome == .replaced)
    #expect(read(path) == "## Q {#q}\n")
    var st = stat()
    _ = lstat(path, &st)
    #expect(st.st_mode & 0o777 == 0o600)
    #expect(try leftovers(folder).isEmpty)
  }

  @Test func aFileSavedByAnEditorAfterItWasReadIsPutBackUntouched() throws {
    let folder = try temporaryDirectory()
    let path = folder + "/french.md"
    // quizline read "## Q\n"; the editor has saved a new card since.
    try write("## Q\n\n## New card from the editor\n", path)
    let outcome = SourceFileSwap.replace(path, expected: Array("## Q\n".utf8), with: Array("## Q {#q}\n".utf8))
    #expect(outcome == .changedMeanwhile)
    #expect(read(path) == "## Q\n\n## New card from the editor\n")
    #expect(try leftovers(folder).isEmpty)
  }

  @Test func aLinkOrAHardLinkedFileIsNotWritten() throws {
    let folder = try temporaryDirectory()
    try write("## Q\n", folder + "/real.md")
    try FileManager.default.createSymbolicLink(atPath: folder + "/linked.md", withDestinationPath: folder + "/real.md")
    let viaLink = SourceFileSwap.replace(folder + "/linked.md", expected: Array("## Q\n".utf8), with: [])
    #expect(viaLink == .notWritten("it is not a regular file (a link?)"))
    link(folder + "/real.md", folder + "/hard.md")
    let hard = SourceFileSwap.replace(folder + "/real.md", expected: Array("## Q\n".utf8), with: [])
    #expect(hard == .notWritten("it has other hard links, which a replacement would break"))
    #expect(read(folder + "/real.md") == "## Q\n")
  }
}
