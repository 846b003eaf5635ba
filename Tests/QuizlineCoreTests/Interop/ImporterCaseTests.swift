import Foundation
import Testing

@testable import QuizlineCore

/// quizline's own GIFT and Aiken cases (`Tests/Fixtures/gift-cases/`, `Tests/Fixtures/aiken-cases/`),
/// written for quizline in the neutral expected-result schema and run through the same checks as the
/// public conformance cases of `make conformance`.
@Suite struct ImporterCaseTests {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  static let gift = CaseFolder(root: fixtures.appendingPathComponent("gift-cases"))
  static let aiken = CaseFolder(root: fixtures.appendingPathComponent("aiken-cases"))

  /// Where each GIFT error case must be reported: the line, and the text the column points at.
  static let giftErrorLocations: [String: GIFTCaseCheck.Location] = [:]

  @Test func theFixtureFoldersHoldTheirCases() {
    #expect(Self.gift.stems.count >= 1, "no cases in \(Self.gift.root.path)")
    #expect(Self.aiken.stems.count >= 1, "no cases in \(Self.aiken.root.path)")
  }

  @Test(arguments: gift.stems)
  func giftCaseImportsAsExpected(_ stem: String) throws {
    try GIFTCaseCheck.run(Self.gift, stem, errorLocations: Self.giftErrorLocations)
  }

  @Test(arguments: aiken.stems)
  func aikenCaseImportsAsExpected(_ stem: String) throws {
    try AikenCaseCheck.run(Self.aiken, stem)
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
