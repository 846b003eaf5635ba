import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats

/// Every file in Tests/Fixtures/malformed: `quizline check -q` must exit with the status and print
/// exactly the diagnostics recorded in its `.expected` file.
@Suite struct MalformedCorpusTests {
  static let cases: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.malformed)) ?? []
    return names.filter { $0.hasSuffix(".expected") }.map { String($0.dropLast(".expected".count)) }.sorted()
  }()

  @Test func corpusHasAtLeastThirtyCases() {
    #expect(Self.cases.count >= 30)
  }

  @Test(arguments: cases)
  func reportsTheExpectedLocatedMessage(name: String) throws {
    let expected = try String(contentsOfFile: "\(Fixtures.malformed)/\(name).expected", encoding: .utf8)
    var lines = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let status = Int32(lines.removeFirst().dropFirst("exit: ".count))
    // An absent quizzes folder: the case is checked on its own, not against the shipped curriculum.
    let result = runInProcess(["check", "-q", "--quizzes", "/nonexistent", "\(Fixtures.malformed)/\(name).json"])
    let printed = result.stdout.replacingOccurrences(of: Fixtures.malformed + "/", with: "")
    #expect(result.status == status)
    #expect(printed == lines.joined(separator: "\n"))
    #expect(printed.contains("error:"))
  }

  @Test func namedPipeIsAnIOError() throws {
    let dir = try temporaryDirectory()
    let fifo = dir + "/pipe.json"
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = runInProcess(["check", "-q", dir])
    #expect(result.status == 74)
    #expect(result.stdout == "\(fifo): error: cannot read: it is a named pipe\n")
  }

  @Test func overLongStringIsRefusedWithItsSize() throws {
    let dir = try temporaryDirectory()
    let long = String(repeating: "x", count: (1 << 20) + 1)
    try Data(#"{"kind": "bank", "schemaVersion": 1, "id": "b", "title": "\#(long)", "questions": []}"#.utf8)
      .write(to: URL(fileURLWithPath: dir + "/long.json"))
    let result = runInProcess(["check", "-q", dir])
    #expect(result.status == 65)
    #expect(
      result.stdout.hasSuffix("long.json:1:58: error: string is 1048577 bytes long, over the limit of 1048576 bytes\n"))
  }

  @Test func oversizedFileIsRefusedBeforeReading() throws {
    let dir = try temporaryDirectory()
    let path = dir + "/big.json"
    try Data(repeating: 0x20, count: 200).write(to: URL(fileURLWithPath: path))
    let loader = CatalogLoader(limits: JSONLimits(maxDocumentBytes: 100, maxDepth: 64, maxStringBytes: 1000))
    let result = loader.load(paths: [path])
    #expect(result.diagnostics.map(\.description) == ["\(path): error: file is 200 bytes, over the limit of 100 bytes"])
  }
}
