import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop

/// Any bank can be written as Markdown: every bank the GIFT and Aiken importers make from
/// quizline's own cases (credits, per-answer feedback, ranges, titles, HTML reduced to text) reads
/// back the same, field by field.
@Suite struct ImportedBankRoundTripTests {
  static let folders = ["gift-cases", "aiken-cases", "interop"].map {
    Fixtures.repositoryRoot + "/Tests/Fixtures/" + $0
  }

  static var inputs: [String] {
    folders.flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
        $0.hasSuffix(".gift") || $0.hasSuffix(".aiken") || $0.hasSuffix(".txt")
      }.map { folder + "/" + $0 }
    }.sorted()
  }

  @Test func everyImportedCaseBankReadsBackTheSameThroughMarkdown() throws {
    var compared = 0
    for path in Self.inputs {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      let result =
        path.hasSuffix(".gift") ? GIFTImporter().read(data, path: path) : AikenImporter().read(data, path: path)
      guard !result.bank.questions.isEmpty else { continue }
      MarkdownRoundTripTests.expectSameBank(result.bank, path + ".md")
      compared += 1
    }
    #expect(compared >= 50, "banks compared: \(compared)")
  }
}
