import Foundation
import Testing

/// Links inside a quizzes folder: each folder is read once, a loop ends, and what was skipped is named.
@Suite struct FolderLinkTests {
  func catalogWithLinks(_ names: [String]) throws -> String {
    let quizzes = try makeTrueFalseCatalog(count: 2)
    for name in names {
      try FileManager.default.createSymbolicLink(atPath: quizzes + "/" + name, withDestinationPath: ".")
    }
    return quizzes
  }

  @Test func aLinkBackToItsOwnFolderIsSkippedWithAWarningNotReadAgain() throws {
    let quizzes = try catalogWithLinks(["a"])
    let run = try runBinary(["check", quizzes])
    #expect(run.status == 0, "\(run.stdout)")
    let real = URL(fileURLWithPath: quizzes).resolvingSymlinksInPath().path
    #expect(
      run.stdout.hasPrefix("\(quizzes)/a: warning: is a link to a folder already read (\(real)); skipped"),
      "\(run.stdout)")
    #expect(run.stdout.contains("checked 1 file (1 bank, 2 questions"), "\(run.stdout)")
  }

  @Test func twoLinksInALoopNeitherHangCheckNorStartUp() throws {
    let quizzes = try catalogWithLinks(["a", "b"])
    let check = try runBinary(["check", quizzes])
    #expect(check.status == 0)
    #expect(check.stdout.contains("\(quizzes)/a: warning: is a link to a folder already read"))
    #expect(check.stdout.contains("\(quizzes)/b: warning: is a link to a folder already read"))
    let start = try runBinary(["--quizzes", quizzes, "--progress", try temporaryDirectory()], input: "list\nquit\n")
    #expect(start.status == 0)
    #expect(start.stdout.contains("Banks\n  big"))
  }
}
