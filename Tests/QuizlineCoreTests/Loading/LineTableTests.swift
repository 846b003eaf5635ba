import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineStorage

/// Positions of diagnostics on very long lines (minified files), and how many are printed.
@Suite struct LineTableTests {
  /// The column as the definition says: Unicode scalars from the line start (a BOM not counted).
  static func reference(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var start = 0
    for k in 0..<offset where bytes[k] == 0x0A {
      line += 1
      start = k + 1
    }
    if line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]), offset >= 3 { start = 3 }
    return (line, bytes[start..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1)
  }

  @Test func columnsOnALongMultibyteLineMatchTheDefinitionAtEveryOffset() {
    var text =
      "\u{FEFF}" + String(repeating: "é{\"a\": 1, 😀}", count: 900) + "\nshort\n" + String(repeating: "x€", count: 5000)
    text += "\n"
    let bytes = Array(text.utf8)
    let table = LineTable(bytes)
    for offset in stride(from: 0, through: bytes.count, by: 7) + [4095, 4096, 4097, 8192, bytes.count] {
      let got = table.location(of: offset)
      let want = Self.reference(bytes, offset)
      #expect(got == want, "offset \(offset)")
      if got != want { return }
    }
  }

  @Test func aMinifiedBankWithAnErrorPerQuestionPrintsTheFirst200AndACount() throws {
    let questions = (1...5000).map {
      #"{"id":"q\#($0)","type":"single","prompt":"P","choices":["a","b"],"answer":"z","explanation":"E"}"#
    }
    let bank =
      #"{"kind":"bank","schemaVersion":1,"id":"big","title":"Big","questions":[\#(questions.joined(separator: ","))]}"#
    let dir = try temporaryDirectory()
    try Data(bank.utf8).write(to: URL(fileURLWithPath: dir + "/big.json"))
    let result = CatalogLoader(files: LocalFileSource()).load(paths: [dir])
    #expect(result.errorCount == 5000)
    let lines = result.diagnostics.printableLines()
    #expect(lines.count == 201)
    #expect(lines[0].hasPrefix(dir + "/big.json:1:"))
    #expect(lines[200] == dir + "/big.json: note: 4800 more errors not shown (the first 200 of this file are above)")
    // The last error's column is where its question is, counted without rescanning the line.
    let last = try #require(result.diagnostics.last)
    #expect(last.line == 1 && last.column > 400_000)
  }
}
