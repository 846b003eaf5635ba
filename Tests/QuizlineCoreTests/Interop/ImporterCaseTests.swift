import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop

/// quizline's own GIFT and Aiken cases (`Tests/Fixtures/gift-cases/`, `Tests/Fixtures/aiken-cases/`),
/// written for quizline in the neutral expected-result schema and run through the same checks as the
/// public conformance cases of `make conformance`. `gift-cases/README.md` lists what they cover.
@Suite struct ImporterCaseTests {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  static let gift = CaseFolder(root: fixtures.appendingPathComponent("gift-cases"))
  static let aiken = CaseFolder(root: fixtures.appendingPathComponent("aiken-cases"))

  @Test func theFixtureFoldersHoldEveryCase() {
    #expect(Self.gift.stems.count == 59, "cases in \(Self.gift.root.path)")
    #expect(Self.aiken.stems.count == 9, "cases in \(Self.aiken.root.path)")
  }

  @Test(arguments: gift.stems)
  func giftCaseImportsAsExpected(_ stem: String) throws {
    try GIFTCaseCheck.run(
      Self.gift, stem,
      errorOrWarn: categoryWithoutBlankLine)
  }

  /// Case 062, as `recommended_expect` says: only the first line is the category (with a warning on the
  /// second), and the question there is kept instead of vanishing into the category name.
  func categoryWithoutBlankLine(_ result: ImportResult, stem: String) throws {
    #expect(stem.hasPrefix("062-"), "\(stem): only case 062 is an 'error or warn' case")
    #expect(!result.diagnostics.hasErrors)
    #expect(
      result.diagnostics.contains { $0.severity == .warning && $0.line == 2 && $0.column == 1 },
      "\(stem): warning on line 2, got \(result.diagnostics)")
    let q = try #require(result.bank.questions.first)
    #expect(result.bank.questions.count == 1)
    #expect(q.title == "Octave")
    #expect(q.prompt == "How many semitones are in an octave?")
    #expect(
      q.body
        == .numeric(
          accept: [NumericAnswer(match: .value(12, tolerance: 0))], unit: nil, otherFeedback: nil))
    #expect(q.tags == ["music", "music-theory"])
  }

  @Test(arguments: aiken.stems)
  func aikenCaseImportsAsExpected(_ stem: String) throws {
    try AikenCaseCheck.run(Self.aiken, stem)
  }

  @Test func commentMetadataMatchesOurTable() throws {
    try GIFTCaseCheck.checkMetadataTable(
      Self.gift.root.appendingPathComponent("comment-metadata-cases.json"), count: 11)
  }

  @Test func aNonUTF8AikenFileIsRefusedAtItsFirstBadByte() {
    let result = AikenImporter().read(
      bytes: Array("Q?\nA) caf".utf8) + [0xE9] + Array("\nB) x\nANSWER: A\n".utf8), path: "w.txt")
    #expect(result.isRejected)
    #expect(
      result.diagnostics.map(\.description) == [
        "w.txt:2:7: error: the file is not UTF-8 (byte 0xE9): convert it to UTF-8 first"
      ])
  }
}
