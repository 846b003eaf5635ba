import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats

/// `add`, `edit` and `reload` on Markdown banks, and the files `quizline new` writes: they load.
@Suite struct MarkdownAuthoringTests {
  @Test func theTemplatesOfNewLoadWithoutAProblemAndHoldEveryQuestionType() throws {
    for kind in ["bank", "session"] {
      let text = Templates.text(kind: kind, name: "mine")
      let (outcome, context) = MarkdownCatalogFile.decode(bytes: Array(text.utf8), path: "mine.md")
      #expect(context.diagnostics.isEmpty, "\(kind): \(context.diagnostics.map(\.description))")
      guard case .item(let item?, _) = outcome else {
        Issue.record("\(kind): the template is not a bank or session")
        continue
      }
      if case .bank(let bank, _, _) = item {
        #expect(Set(bank.questions.map(\.body.kind)) == Set(QuestionKind.allCases))
      }
    }
  }

  static func folder() -> String {
    let folder = NSTemporaryDirectory() + "quizline-md-authoring-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: folder + "/Quizzes", withIntermediateDirectories: true)
    try! FileManager.default.copyItem(atPath: Fixtures.catalog + "/banks", toPath: folder + "/Quizzes/banks")
    return folder
  }

  @Test func aCardAddedToANewBankCanBeStudiedAtOnce() throws {
    let folder = Self.folder()
    let run = EditReloadTests.session(
      [
        .line("add my-cards"), .line("flashcard"), .line("Capital of France?"), .line("Paris"), .line(""),
        .line("start my-cards"), .line(""), .line("good"), .line("quit"),
      ], folder: folder + "/Quizzes", userFolder: folder + "/MyQuizzes", alsoLoads: [folder + "/MyQuizzes"])
    let path = folder + "/MyQuizzes/my-cards.md"
    #expect(run.text.contains("Added a flashcard card to my-cards: \(path), line 7 (a new file)."), "\(run.text)")
    #expect(run.text.contains("Quizzes changed: my-cards.md added (bank my-cards, 1 question)."))
    #expect(run.state.catalog.bank("my-cards")?.questions.count == 1)
    #expect(run.progress.runs.last?.questions.count == 1, "the new card was asked")
  }

  @Test func aSecondCardIsAppendedAndTheFirstKeepsItsSchedule() throws {
    let folder = Self.folder()
    let first = EditReloadTests.session(
      [
        .line("add my-cards"), .line("text"), .line("Capital of Italy?"), .line("Rome"), .line("It is Rome."),
        .line("start my-cards"), .line("Rome"), .line("add my-cards"), .line("truefalse"), .line("Water is wet."),
        .line("true"), .line("Yes."), .line("quit"),
      ], folder: folder + "/Quizzes", userFolder: folder + "/MyQuizzes", alsoLoads: [folder + "/MyQuizzes"])
    #expect(first.text.contains("Quizzes changed: my-cards.md reloaded (1 question added)."), "\(first.text)")
    let bank = try #require(first.state.catalog.bank("my-cards"))
    #expect(bank.questions.count == 2)
    let firstRef = QuestionRef(bank: "my-cards", question: bank.questions[0].id)
    #expect(first.progress.questions[firstRef]?.card != nil, "the first card keeps its schedule")
  }

  @Test func editOpensAMarkdownQuestionAtItsHeadingLine() throws {
    let folder = Self.folder()
    try FileManager.default.createDirectory(atPath: folder + "/MyQuizzes", withIntermediateDirectories: true)
    try
      "---\nkind: bank\nid: geo\ntitle: Geo\n---\n\n## Capital of France? {#france}\n\n= Paris\n\nExplanation: Paris.\n"
      .write(toFile: folder + "/MyQuizzes/geo.md", atomically: false, encoding: .utf8)
    let editor = FakeEditor([{ $0.replacingOccurrences(of: "= Paris", with: "= Paris\n= paris, France") }])
    let run = EditReloadTests.session(
      [.line("edit geo/france"), .line("quit")], folder: folder + "/Quizzes", editor: editor,
      userFolder: folder + "/MyQuizzes", alsoLoads: [folder + "/MyQuizzes"])
    #expect(editor.opened.first?.line == 7)
    #expect(run.text.contains("Quizzes changed: geo.md reloaded (1 question edited)."), "\(run.text)")
  }
}
