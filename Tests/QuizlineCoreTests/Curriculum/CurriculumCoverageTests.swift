import Foundation
import Testing

@testable import QuizlineCore

/// `Quizzes/COVERAGE.md` maps every objective of the source texts, and the main rule sections of the
/// guide and the reference, to a session section and checkpoint questions (issue 19). Everything it
/// names must exist, and each row must be checked by a checkpoint of a session it names.
@Suite struct CurriculumCoverageTests {
  let catalog = Curriculum.catalog

  /// One table row: its first cell and, for three-column rows, the session › heading entries.
  struct Row {
    var label: String
    var sections: [(session: String, heading: String)]
    var questions: [QuestionRef]
    var unresolved: [String]
    var columns: Int
  }

  /// The rows of every table in COVERAGE.md (header and separator rows left out).
  static func rows() throws -> [Row] {
    let text = try String(contentsOfFile: Curriculum.quizzes + "/COVERAGE.md", encoding: .utf8)
    var out: [Row] = []
    for line in text.split(separator: "\n") where line.hasPrefix("|") && !line.hasPrefix("| ---") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 2, !["objective", "section", "review question"].contains(cells[0]) else { continue }
      let refs = backticked(cells[cells.count - 1])
      var sections: [(String, String)] = []
      if cells.count == 3 {
        for entry in cells[1].components(separatedBy: "; ") {
          let parts = entry.components(separatedBy: " › ")
          if parts.count == 2, let id = backticked(parts[0]).first { sections.append((id, parts[1])) }
        }
      }
      out.append(
        Row(
          label: cells[0], sections: sections, questions: refs.compactMap(QuestionRef.init),
          unresolved: refs.filter { QuestionRef($0) == nil }, columns: cells.count))
    }
    return out
  }

  /// The texts between pairs of backticks.
  static func backticked(_ text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
      String($0.element)
    }
  }

  @Test func everySessionSectionAndQuestionNamedInTheCoverageTableExists() throws {
    let rows = try Self.rows()
    #expect(rows.count >= 30)
    for row in rows {
      #expect(row.unresolved == [], "\(row.label): not a bank/question reference")
      #expect(!row.questions.isEmpty, "\(row.label) names no question")
      for ref in row.questions { #expect(catalog.question(ref) != nil, "\(row.label): no question \(ref)") }
      guard row.columns == 3 else { continue }
      #expect(!row.sections.isEmpty, "\(row.label) names no session section")
      for (id, heading) in row.sections {
        let session = try #require(catalog.session(id), "\(row.label): no session \(id)")
        let headings = session.body.compactMap { if case .heading(let h) = $0 { h } else { nil } }
        #expect(headings.contains(heading), "\(row.label): session \(id) has no section \(quoted(heading))")
      }
    }
  }

  @Test func everyCoveredObjectiveIsCheckedByACheckpointOfItsSession() throws {
    for row in try Self.rows() where row.columns == 3 {
      let checkpoints = Set(row.sections.flatMap { catalog.session($0.session)?.checkpoint?.questions ?? [] })
      #expect(
        row.questions.contains { checkpoints.contains($0) }, "\(row.label): no question from its sessions' checkpoints")
    }
  }

  @Test func longAnswerPracticeRowsNameOpenQuestions() throws {
    let practice = try Self.rows().filter { $0.columns == 2 }
    #expect(practice.count == 8)
    for ref in practice.flatMap(\.questions) {
      #expect(catalog.question(ref)?.body.kind == .open, "\(ref) is not an open question")
    }
  }

  @Test func tableCoversEveryObjectiveAndTheRuleSectionsTheIssueLists() throws {
    let labels = try Self.rows().filter { $0.columns == 3 }.map { $0.label.lowercased() }
    #expect(labels.filter { $0.hasPrefix("003:") }.count == 4)
    #expect(labels.filter { $0.hasPrefix("000:") }.count == 7)
    let sections = [
      "view rules", "state management", "naming", "performance", "project structure", "environment",
      "typed navigation and tabs", "lists and grids", "forms", "previews", "testing",
    ]
    for s in sections { #expect(labels.contains { $0.hasPrefix(s) || $0.contains(s) }, "no row for \(s)") }
  }
}
