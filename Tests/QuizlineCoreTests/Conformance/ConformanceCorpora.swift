import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineInterop

/// Every public GIFT/Aiken file under `$CONFORMANCE_DIR/corpora/` imports without a crash or an error,
/// with the counts its README (and, for gift-pegjs, that parser's own output) gives.
@Suite("Conformance: public corpora ($CONFORMANCE_DIR/corpora)")
struct ConformanceCorpora {
  static let files = ConformanceMaterial.corpusFiles(extensions: [".gift", ".txt"])

  static func importFile(_ path: String) throws -> ImportResult {
    let data = try Data(contentsOf: ConformanceMaterial.root.appendingPathComponent("corpora/\(path)"))
    return path.hasPrefix("qas-editor/aiken/")
      ? AikenImporter().read(data, path: path) : GIFTImporter().read(data, path: path)
  }

  @Test func theCorporaArePresent() {
    ConformanceMaterial.requirePresent(ConformanceMaterial.root, variable: "CONFORMANCE_DIR")
    #expect(
      Self.files.count == 61,
      "expected 51 gift-pegjs, 8 QAS-Editor GIFT, 1 Aiken and Moodle's examples.txt")
  }

  @Test(arguments: files)
  func fileImportsWithoutErrors(_ path: String) throws {
    let result = try Self.importFile(path)
    #expect(!result.isRejected)
    #expect(!result.diagnostics.hasErrors, "\(path): \(result.diagnostics)")
    for q in result.bank.questions {
      #expect(
        Slug.isValid(q.id) && !q.prompt.isEmpty
          && (!q.explanation.isEmpty || q.body.kind == .flashcard), "\(path): \(q.id)")
    }
    if path.hasPrefix("gift-pegjs-tests/") {
      // A second opinion on how many items each file holds: gift-pegjs's own parse, categories left out.
      let json = ConformanceMaterial.root.appendingPathComponent(
        "corpora/" + path.replacingOccurrences(of: ".gift", with: ".json"))
      let items = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]])
      let expected = items.filter { ($0["type"] as? String) != "Category" }.count
      #expect(result.bank.questions.count + result.studyNotes.count == expected, "\(path)")
    }
  }

  @Test func moodlesExamplesFileHasThe43QuestionsItsReadmeCounts() throws {
    let r = try Self.importFile("moodle-examples/examples.txt")
    let count = { (k: QuestionKind) in r.bank.questions.filter { $0.body.kind == k }.count }
    #expect(r.bank.questions.count == 43)
    #expect(count(.single) + count(.multiple) == 18)
    #expect(
      count(.text) == 9 && count(.numeric) == 8 && count(.truefalse) == 5 && count(.matching) == 3)
  }

  @Test func qasEditorsAllFileHas22QuestionsOneOfThemADescription() throws {
    let r = try Self.importFile("qas-editor/gift/all.gift")
    #expect(r.bank.questions.count + r.studyNotes.count == 22)
    #expect(r.studyNotes.count == 1)
    #expect(
      Set(r.bank.questions.flatMap(\.tags)).filter { !$0.contains("-") || $0 == "qas-editor" }
        .sorted() == ["ad", "advanced", "qas-editor"])
    #expect(try Self.importFile("qas-editor/aiken/aiken_1.txt").bank.questions.count == 5)
  }
}
