import Foundation
import QuizlineCore
import Testing

/// Issue 30, item 7: import messages that left an item empty or named the file for a line.
@Suite struct ImportMessageTests {
  @Test func theRowOfColumnNamesIsListedByItsLineWithoutAnEmptyItem() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/words.csv"
    try Data("Front,Back,Tags\nbonjour,hello,fr\n".utf8).write(to: URL(fileURLWithPath: file))
    let r = runInProcess(["import", file, "--out", dir + "/out"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stdout.contains(
        "Converted with loss:\n  column names: 1 note\n    line 1: read as the names of the columns (front, back, tags), not as a card\n"
      ), "\(r.stdout)")
    #expect(!r.stdout.contains(", :"))
  }

  /// The 200 MB line is past the 128 MiB a file may have; the 17 MiB one is read, then refused.
  @Test(arguments: [17 << 20, 200 << 20])
  func aLineOverTheLimitIsNamedWithItsNumberItsSizeAndTheLimit(_ size: Int) throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/words.csv"
    try Data("Front,Back\nq1,a1\nq2,".utf8).write(to: URL(fileURLWithPath: file))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    try handle.seekToEnd()
    let block = Data(repeating: UInt8(ascii: "y"), count: 1 << 20)
    for _ in 0..<(size >> 20) { try handle.write(contentsOf: block) }
    try handle.write(contentsOf: Data("\nq3,a3\n".utf8))
    try handle.close()
    let message =
      "\(file):3: error: line 3 is \(size + 3) bytes long, over the limit of 16777216 bytes (16 MiB) for a line; the file is refused: shorten or split that line\n"
    let r = runInProcess(["import", file, "--out", dir + "/out"])
    #expect(r.status == 65)
    #expect(r.stderr == message)
    #expect(r.stdout.isEmpty)
    let checked = runInProcess(["check", file])
    #expect(checked.status == 65)
    #expect(checked.stdout.hasPrefix(message), "check says the same: \(checked.stdout)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out"), "nothing written")
  }
}
