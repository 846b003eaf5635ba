import Foundation
import Testing

@testable import QuizlineCore

/// Runs every case of `shared/conformance/aiken/` through ``AikenImporter``.
///
/// Mapping: every Aiken question (neutral `multichoice`, `single: true`) is a quizline `single` question;
/// `questiontext` is the prompt, `answers[*].text` the choices, the answer with fraction 1 the answer.
///
/// Dropped on purpose, and why:
/// * `name`: Moodle copies (a shortened) stem; quizline leaves the title empty and lists show the prompt.
/// * `moodle.questiontext` / `moodle.answers` (HTML-escaped copies, format html): quizline stores plain text,
///   so `< > &` stay literal (checked through `questiontext`).
/// * `questiontext_format`: always plain.
/// Where `moodle_expect` differs (A007, A008), the case's `expect` (an error) is followed.
@Suite("Aiken conformance (shared/conformance/aiken)")
struct AikenConformanceTests {
  static let cases = Conformance.cases("aiken")

  @Test func theSharedFolderHoldsAll10Cases() {
    #expect(
      Self.cases.count == 10,
      "expected shared/conformance/aiken beside the repo at \(Conformance.root.path)")
  }

  @Test(arguments: cases)
  func caseImportsAsExpected(_ stem: String) throws {
    let exp = try Conformance.expected("aiken", stem)
    let data = try Conformance.input("aiken", "\(stem).aiken.txt")
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

  @Test func aNonUTF8FileIsRefusedAtItsFirstBadByte() {
    let result = AikenImporter().read(
      bytes: Array("Q?\nA) caf".utf8) + [0xE9] + Array("\nB) x\nANSWER: A\n".utf8), path: "w.txt")
    #expect(result.isRejected)
    #expect(
      result.diagnostics.map(\.description) == [
        "w.txt:2:7: error: the file is not UTF-8 (byte 0xE9): convert it to UTF-8 first"
      ])
  }
}
