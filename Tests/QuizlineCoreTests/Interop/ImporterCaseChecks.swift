import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop

/// The one runner for GIFT cases in the neutral `gift-oracle/1` schema, shared by the in-repo cases
/// (`make test`) and the public conformance cases (`make conformance`).
///
/// Where a case has `recommended_expect`, it is followed rather than Moodle's accident: `error…` makes the
/// case an error case with nothing kept, `error or warn…` is checked by `errorOrWarn` (the case's own
/// expectations), anything else requires a warning.
enum GIFTCaseCheck {
  /// Where an error case must be reported: the line, and the text the column points at.
  typealias Location = (line: Int, at: String)

  /// `errorLocations` names where the error of each error case must be reported; a case may say it
  /// itself instead, as quizline's own cases do (`"error_at": {"line": 3, "at": "=dog"}`).
  static func run(
    _ folder: CaseFolder, _ stem: String, errorLocations: [String: Location] = [:],
    errorOrWarn: (ImportResult, String) throws -> Void = { _, stem in
      Issue.record("\(stem): no check for an 'error or warn' case")
    }
  ) throws {
    let exp = try folder.expected(stem)
    let data = try folder.input("\(stem).gift")
    let result = GIFTImporter().read(data, path: "\(stem).gift")
    let errors = result.diagnostics.filter { $0.severity == .error }
    let warnings = result.diagnostics.filter { $0.severity == .warning }
    var expect = exp.str("expect")
    var items = exp.list("questions")
    if exp.str("scope") == "readquestion", let file = exp["file_import_expected"] as? [String: Any] {
      items = file.list("questions")  // a whole-file import trims every line
    }
    if let rec = exp.optStr("recommended_expect") {
      if rec.hasPrefix("error or warn") {
        try errorOrWarn(result, stem)
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
      let own = exp.obj("error_at")
      let place = try #require(
        errorLocations[stem] ?? (own.isEmpty ? nil : (Int(own.num("line")), own.str("at"))),
        "\(stem): say where the error must be reported (error_at)")
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
}

extension GIFTCaseCheck {
  /// Checks ``GIFTScanner/metadata(_:)`` against a table of comment strings and the `[id:…]` and
  /// `[tag:…]` values they give (`{"cases": [{"name", "comment", "idnumber", "tags"}]}`).
  static func checkMetadataTable(_ url: URL, count: Int) throws {
    let table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let cases = table.list("cases")
    #expect(cases.count == count)
    for c in cases {
      let lines = c.str("comment").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let (id, tags) = GIFTScanner.metadata(lines)
      #expect(id == c.str("idnumber"), "\(c.str("name"))")
      #expect(tags == c.strings("tags"), "\(c.str("name"))")
    }
  }
}

/// The one runner for Aiken cases in the neutral `aiken-oracle/1` schema.
///
/// Mapping: every Aiken question (neutral `multichoice`, `single: true`) is a quizline `single` question;
/// `questiontext` is the prompt, `answers[*].text` the choices, the answer with fraction 1 the answer.
/// Dropped on purpose: `name` (Moodle copies a shortened stem; quizline leaves the title empty), the
/// `moodle` HTML-escaped copies (quizline stores plain text), `questiontext_format` (always plain).
/// Where `moodle_expect` differs, the case's `expect` (an error) is followed.
enum AikenCaseCheck {
  static func run(_ folder: CaseFolder, _ stem: String) throws {
    let exp = try folder.expected(stem)
    let data = try folder.input("\(stem).aiken.txt")
    let result = AikenImporter().read(data, path: "\(stem).aiken.txt")
    let errors = result.diagnostics.filter { $0.severity == .error }
    let expectedErrors = exp.list("errors")
    if exp.str("expect") == "ok" {
      #expect(errors.isEmpty, "\(stem): \(errors)")
    } else {
      #expect(!errors.isEmpty, "\(stem): an error must be reported")
      #expect(errors.count == expectedErrors.count, "\(stem): \(errors)")
      let want = expectedErrors.map { Int($0.num("line")) }.sorted()
      #expect(
        errors.map(\.line).sorted() == want,
        "\(stem): errors located at lines \(want), got \(errors)")
    }
    for e in errors { #expect(e.description.hasPrefix("\(stem).aiken.txt:\(e.line):"), "\(e)") }
    let items = exp.list("questions")
    try #require(
      result.bank.questions.count == items.count, "\(stem): \(result.bank.questions.map(\.prompt))")
    var ids: Set<String> = []
    for (q, item) in zip(result.bank.questions, items) {
      let answers = item.list("answers")
      #expect(q.prompt == item.str("questiontext"), "\(stem)")
      #expect(q.title == nil)
      #expect(!q.explanation.isEmpty)
      #expect(q.tags.isEmpty)
      #expect(Slug.isValid(q.id) && ids.insert(q.id).inserted, "\(stem): id \(q.id)")
      #expect(item["single"] as? Bool == true)
      let best = try #require(answers.firstIndex { $0.num("fraction") == 1 })
      #expect(
        q.body == .single(choices: answers.map { Choice(text: $0.str("text")) }, answer: best),
        "\(stem)")
    }
  }
}
