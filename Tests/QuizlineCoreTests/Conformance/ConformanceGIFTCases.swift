import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineFormats
@testable import QuizlineInterop
@testable import QuizlineReports

/// Runs every public GIFT conformance case (`$CONFORMANCE_DIR/gift/`) through ``GIFTImporter``.
///
/// The neutral schema is mapped onto quizline's types once, in ``GIFTExpectation``: multichoice with `single`
/// → `single`, without → `multiple`; shortanswer → `text`; numerical → `numeric`; essay → `open`;
/// description → a study note; category → tags of the following questions. Every field quizline keeps is
/// checked.
///
/// Dropped on purpose, and why:
/// * `*_format` fields: quizline texts are terminal text; the format only decides how a text is reduced
///   (checked through the reduced text, which differs between `html`, `moodle` and `plain`).
/// * `moodle` (penalty, defaultmark, shuffleanswers, answernumbering, graderinfo, responseformat …): Moodle's
///   grading and display settings, which quizline's bank format has no place for.
/// * `idnumber`: it becomes the question id (slugged), not a separate field.
/// * `name` when null and `moodle_default_name`: quizline's title is optional; lists fall back to the prompt.
/// * category items themselves: they become tags.
@Suite("Conformance: GIFT cases ($CONFORMANCE_DIR/gift)")
struct ConformanceGIFTCases {
  static let cases = ConformanceMaterial.gift.stems

  /// Where each error case must be reported: the line, and the text the column points at.
  static let errorLocations: [String: GIFTCaseCheck.Location] = [
    "040-err-missing-closing-brace": (1, "{"),
    "041-err-missing-opening-brace": (1, "}"),
    "042-err-multichoice-one-answer": (1, "{"),
    "043-err-matching-missing-arrow": (1, "=c"),
    "044-err-matching-single-pair": (1, "{"),
    "045-err-numerical-empty": (1, "#"),
    "046-err-numerical-bad-tolerance": (1, "5:abc"),
    "047-err-file-error-policy": (3, "{"),
    "048-quirk-numerical-nonnumeric-answer": (1, "abc"),
  ]

  @Test func theFolderHoldsAll52Cases() {
    ConformanceMaterial.requirePresent(ConformanceMaterial.root, variable: "CONFORMANCE_DIR")
    #expect(Self.cases.count == 52, "expected 52 cases in \(ConformanceMaterial.gift.root.path)")
  }

  @Test(arguments: cases)
  func caseImportsAsExpected(_ stem: String) throws {
    try GIFTCaseCheck.run(
      ConformanceMaterial.gift, stem, errorLocations: Self.errorLocations,
      errorOrWarn: categoryWithoutBlankLine)
  }

  /// Case 049, as `recommended_expect` says: only the first line is the category (with a warning), and the
  /// question on the next line is kept instead of vanishing into the category name.
  func categoryWithoutBlankLine(_ result: ImportResult, stem: String) throws {
    #expect(stem.hasPrefix("049-"), "\(stem): only case 049 is an 'error or warn' case")
    #expect(!result.diagnostics.hasErrors)
    #expect(
      result.diagnostics.contains { $0.severity == .warning && $0.line == 2 },
      "\(stem): warning on line 2")
    let q = try #require(result.bank.questions.first)
    #expect(result.bank.questions.count == 1)
    #expect(q.title == "Q1")
    #expect(q.prompt == "Is this lost?")
    #expect(q.body == .truefalse(answer: true, feedbackTrue: nil, feedbackFalse: nil))
    #expect(q.tags == ["tom", "tom-dick"])
  }

  @Test func commentMetadataMatchesMoodlesNineCases() throws {
    try GIFTCaseCheck.checkMetadataTable(
      ConformanceMaterial.gift.root.appendingPathComponent("idnumber-tags-cases.json"), count: 9)
  }
}
