import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop

/// Runs every public Aiken conformance case (`$CONFORMANCE_DIR/aiken/`) through ``AikenImporter``,
/// with the mapping of ``AikenCaseCheck``.
@Suite("Conformance: Aiken cases ($CONFORMANCE_DIR/aiken)")
struct ConformanceAikenCases {
  static let cases = ConformanceMaterial.aiken.stems

  @Test func theFolderHoldsAll10Cases() {
    ConformanceMaterial.requirePresent(ConformanceMaterial.root, variable: "CONFORMANCE_DIR")
    #expect(Self.cases.count == 10, "expected 10 cases in \(ConformanceMaterial.aiken.root.path)")
  }

  @Test(arguments: cases)
  func caseImportsAsExpected(_ stem: String) throws {
    try AikenCaseCheck.run(ConformanceMaterial.aiken, stem)
  }
}
