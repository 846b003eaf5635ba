import Foundation
import Testing

@testable import QuizlineCore

/// Runs every case of `shared/conformance/gift/` through ``GIFTImporter``.
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
@Suite("GIFT conformance (shared/conformance/gift)")
struct GIFTConformanceTests {
  static let cases = Conformance.cases("gift")

  /// Where each error case must be reported: the line, and the text the column points at.
  static let errorLocations: [String: (line: Int, at: String)] = [
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

  @Test func theSharedFolderHoldsAll52Cases() {
    #expect(
      Self.cases.count == 52,
      "expected shared/conformance/gift beside the repo at \(Conformance.root.path)")
  }

  @Test(arguments: cases)
  func caseImportsAsExpected(_ stem: String) throws {
    let exp = try Conformance.expected("gift", stem)
    let data = try Conformance.input("gift", "\(stem).gift")
    let result = GIFTImporter().read(data, path: "\(stem).gift")
    let errors = result.diagnostics.filter { $0.severity == .error }
    let warnings = result.diagnostics.filter { $0.severity == .warning }
    let recommended = exp.optStr("recommended_expect")
    var expect = exp.str("expect")
    var items = exp.list("questions")
    if exp.str("scope") == "readquestion", let file = exp["file_import_expected"] as? [String: Any]
    {
      items = file.list("questions")  // case 013: a whole-file import trims every line
    }
    if let rec = recommended {
      if rec.hasPrefix("error or warn") {
        try categoryWithoutBlankLine(result, stem: stem)
        return
      } else if rec.hasPrefix("error") {
        expect = "error"
        items = []  // Moodle's accident is not kept
      } else {
        #expect(!warnings.isEmpty, "\(stem): a careful importer warns about Moodle's quirk")
      }
    }
    switch expect {
    case "reject_file":
      #expect(result.isRejected)
      #expect(result.bank.questions.isEmpty)
      #expect(errors.count == 1)
      #expect(
        errors.first?.line == firstNonUTF8Line([UInt8](data)),
        "\(stem): rejection located at the bad byte")
    case "error":
      #expect(!errors.isEmpty, "\(stem): an error must be reported")
      #expect(
        errors.count == max(1, exp.list("errors").count),
        "\(stem): one error per malformed block, got \(errors)")
      let place = try #require(
        Self.errorLocations[stem], "\(stem): add the error's location to the table")
      let text = String(decoding: data, as: UTF8.self)
      let (line, column) = try #require(position(of: place.at, inLine: place.line, of: text))
      #expect(
        errors.contains { $0.line == line && $0.column == column },
        "\(stem): error at \(line):\(column), got \(errors)")
      for e in errors {
        #expect(e.message.hasPrefix("question \""), "\(stem): the message names the question: \(e)")
        #expect(e.description.hasPrefix("\(stem).gift:\(e.line):\(e.column): error: "))
      }
    default:
      #expect(errors.isEmpty, "\(stem): no errors expected, got \(errors)")
    }
    try GIFTExpectation.check(items, against: result, stem: stem)
    if let summary = exp["summary"] as? [String: Any] {
      let byType = summary.obj("by_type")
      #expect(
        result.bank.questions.count + result.studyNotes.count
          == (byType.values.compactMap { ($0 as? NSNumber)?.intValue }.reduce(0, +)
            - ((byType["category"] as? NSNumber)?.intValue ?? 0)))
    }
  }

  /// Case 049, as `recommended_expect` says: only the first line is the category (with a warning), and the
  /// question on the next line is kept instead of vanishing into the category name.
  func categoryWithoutBlankLine(_ result: ImportResult, stem: String) throws {
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
    let data = try Data(
      contentsOf: Conformance.root.appendingPathComponent("gift/idnumber-tags-cases.json"))
    let table = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let cases = table.list("cases")
    #expect(cases.count == 9)
    for c in cases {
      let lines = c.str("comment").split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
      let (id, tags) = GIFTScanner.metadata(lines)
      #expect(id == c.str("idnumber"), "\(c.str("name"))")
      #expect(tags == c.strings("tags"), "\(c.str("name"))")
    }
  }
}

/// The first line holding a byte sequence that is not UTF-8 (found independently of the importer).
func firstNonUTF8Line(_ bytes: [UInt8]) -> Int {
  for (i, line) in bytes.split(separator: 10, omittingEmptySubsequences: false).enumerated()
  where String(validating: line, as: UTF8.self) == nil {
    return i + 1
  }
  return 0
}
