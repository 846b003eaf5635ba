import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats

/// `quizline new`, the editor command line, `add`'s steps and the card it writes, and `edit`
/// through the real binary with `EDITOR` set to a shell script.
@Suite struct AuthoringCommandTests {
  static func temporaryFolder() -> String {
    let folder = NSTemporaryDirectory() + "quizline-authoring-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  // MARK: quizline new

  @Test func newBankWritesTheTemplateIntoMyQuizzesAndSaysWhatToDoNext() throws {
    let folder = Self.temporaryFolder()
    let run = try runBinary(["new", "bank", "french-verbs"], directory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout
        == "Wrote MyQuizzes/french-verbs.md: a bank with an example of each of the ten question types.\nNext: start quizline, then type edit french-verbs to write your own cards.\n"
    )
    let text = try String(contentsOfFile: folder + "/MyQuizzes/french-verbs.md", encoding: .utf8)
    #expect(text.hasPrefix("---\nkind: bank\nid: french-verbs\ntitle: French verbs\n"))
    #expect(text.components(separatedBy: "\n## ").count - 1 == 10, "one question of each of the ten types")
  }

  @Test func newRefusesToReplaceAFileAndChecksTheNameAndTheKind() throws {
    let folder = Self.temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder + "/MyQuizzes", withIntermediateDirectories: true)
    try "mine".write(toFile: folder + "/MyQuizzes/notes.md", atomically: false, encoding: .utf8)
    let taken = try runBinary(["new", "session", "notes"], directory: folder)
    #expect(taken.status == 73)
    #expect(taken.stderr.hasPrefix("quizline new: 'MyQuizzes/notes.md' already exists; nothing was written\n"))
    #expect(try String(contentsOfFile: folder + "/MyQuizzes/notes.md", encoding: .utf8) == "mine")
    let badName = try runBinary(["new", "bank", "French Verbs"], directory: folder)
    #expect(badName.status == 64)
    #expect(badName.stderr.contains("'French Verbs' cannot be a bank id: ids may use only lower-case letters"))
    let badKind = try runBinary(["new", "deck", "x"], directory: folder)
    #expect(badKind.status == 64)
    #expect(badKind.stderr.contains("'deck' is not something new can write; it writes a bank or a session"))
  }

  // MARK: the editor's command line

  @Test func theEditorVariableIsSplitAsAShellSplitsAWordList() {
    #expect(TerminalEditor.shellWords("code --wait") == ["code", "--wait"])
    #expect(TerminalEditor.shellWords("  'my editor' -a\\ b \"x \\\"y\\\"\"") == ["my editor", "-a b", "x \"y\""])
    #expect(TerminalEditor.command(["VISUAL": "", "EDITOR": "nano -w"]).words == ["nano", "-w"])
    #expect(TerminalEditor.command(["VISUAL": "emacs -nw", "EDITOR": "nano"]).words == ["emacs", "-nw"])
    #expect(TerminalEditor.command([:]).words == ["vi"])
  }

  @Test func editThroughTheBinaryRunsEditorWithTheLineAndReloadsTheChangedBank() throws {
    let folder = Self.temporaryFolder()
    try FileManager.default.copyItem(atPath: Fixtures.catalog, toPath: folder + "/Quizzes")
    let script = folder + "/editor.sh"
    try """
    #!/bin/sh
    echo "$@" > "\(folder)/editor-args"
    for f; do :; done
    sed -i 's/A child view edits a counter/A child view changes a counter/' "$f"
    """.write(toFile: script, atomically: false, encoding: .utf8)
    chmod(script, 0o755)
    let run = try runBinary(
      ["--progress", folder + "/Progress"], input: "edit sample/single-owner\nquit\n",
      environment: ["EDITOR": script + " --flag", "VISUAL": ""], directory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let args = try String(contentsOfFile: folder + "/editor-args", encoding: .utf8)
    #expect(args == "--flag +12 Quizzes/banks/sample.json\n")
    #expect(run.stdout.contains("Quizzes changed: banks/sample.json reloaded (1 question edited)."), "\(run.stdout)")
  }

  @Test func anEditorThatCannotStartIsAnErrorThatSaysHowToSetOne() {
    let folder = Self.temporaryFolder()
    let failure = TerminalEditor(variables: ["EDITOR": folder + "/no-such-editor"]).open(folder + "/x.md", line: 3)
    #expect(failure?.message.hasPrefix("edit: cannot start the editor '\(folder)/no-such-editor' ($EDITOR): ") == true)
    #expect(failure?.hint == "Set VISUAL or EDITOR to your editor's command, for example: export EDITOR=nano")
  }

  // MARK: add

  static func adding(_ lines: [String], bank: String? = "my-cards") -> (AppState, Reduction) {
    var state = AppState(catalog: Catalog())
    var reduction = Reducer.reduce(&state, .commandIssued(.add(bank: bank), at: Timestamp(microseconds: 0), entropy: 0))
    for line in lines {
      reduction = Reducer.reduce(&state, .lineEntered(line, at: Timestamp(microseconds: 0), entropy: 0))
    }
    return (state, reduction)
  }

  @Test func addRefusesABankReadFromJSONBeforeAskingForTheCard() {
    let bank = Bank(id: "shipped", title: "Shipped", questions: [])
    for markdown in [false, true] {
      var state = AppState(catalog: Catalog(banks: [bank]))
      if markdown { state.markdownBankIDs = ["shipped"] }
      _ = Reducer.reduce(&state, .commandIssued(.add(bank: "shipped"), at: Timestamp(microseconds: 0), entropy: 0))
      if markdown {
        #expect(state.mode == .addingCard(NewCard(bank: "shipped"), step: .kind))
      } else {
        #expect(state.mode == .home)
        #expect(
          state.display.first
            == .error(
              "add: bank shipped is written in JSON, not in Markdown; add writes Markdown banks",
              hint:
                "Choose a bank id of your own (a new one becomes MyQuizzes/ID.md), or edit shipped to add the card there"
            ))
      }
    }
  }

  @Test func addAsksStepByStepAndRefusesWhatCannotBeACard() {
    let (asking, _) = Self.adding(["single", "Capital of France?", "Paris | *Lyon | *Nice"])
    #expect(
      asking.mode == .addingCard(NewCard(bank: "my-cards", kind: .single, prompt: "Capital of France?"), step: .answer))
    #expect(
      asking.display.first
        == .error(
          "mark exactly one choice as right with * (2 are marked); several right ones: type multiple",
          hint: Reducer.question(for: .answer, NewCard(bank: "my-cards", kind: .single))))
    let (done, reduction) = Self.adding(["single", "Capital of France?", "*Paris | Lyon", "It is Paris."])
    #expect(done.mode == .home)
    #expect(
      reduction.effects == [
        .addCard(
          NewCard(
            bank: "my-cards", kind: .single, prompt: "Capital of France?",
            choices: [.init("Paris", correct: true), .init("Lyon", correct: false)], explanation: "It is Paris."))
      ])
    // A Markdown card's explanation is optional, whatever its type.
    let (plain, without) = Self.adding(["text", "Capital of Italy?", "Rome", ""])
    #expect(plain.mode == .home)
    #expect(
      without.effects == [
        .addCard(NewCard(bank: "my-cards", kind: .text, prompt: "Capital of Italy?", answers: ["Rome"]))
      ])
    let (numeric, _) = Self.adding(["numeric", "Boiling point?", "100 ± x"])
    #expect(
      numeric.mode == .addingCard(NewCard(bank: "my-cards", kind: .numeric, prompt: "Boiling point?"), step: .answer))
    var cancelled = Self.adding(["text"]).0
    _ = Reducer.reduce(&cancelled, .interrupted(at: Timestamp(microseconds: 0)))
    #expect(cancelled.mode == .home)
    #expect(cancelled.display == [.notice("Card not added.")])
  }

  @Test func aCardIsWrittenInTheDocumentedSyntaxAfterTheFrontMatterOfANewBank() {
    let card = NewCard(
      bank: "my-cards", kind: .multiple, prompt: "Which are primes?",
      choices: [.init("2", correct: true), .init("4", correct: false)], explanation: "2 is prime.")
    let (text, line) = CardMarkdown.appending(card, to: nil)
    #expect(
      text
        == "---\nkind: bank\nid: my-cards\ntitle: My cards\n---\n\n## Which are primes?\n\n- [x] 2\n- [ ] 4\n\nType: multiple\n\nExplanation: 2 is prime.\n"
    )
    #expect(line == 7)
    let flashcard = NewCard(bank: "b", kind: .flashcard, prompt: "Front", answers: ["Back"])
    let (appended, at) = CardMarkdown.appending(flashcard, to: "---\nkind: bank\nid: b\ntitle: B\n---\n\n## Old\n\n= x")
    #expect(appended.hasSuffix("= x\n\n## Front\n\n---\n\nBack\n"))
    #expect(at == 11)
  }

  @Test func addRefusesABankWrittenInJSONAndAFileThatIsNotABank() throws {
    let folder = Self.temporaryFolder()
    try FileManager.default.copyItem(atPath: Fixtures.catalog, toPath: folder + "/Quizzes")
    try FileManager.default.createDirectory(atPath: folder + "/mine", withIntermediateDirectories: true)
    try "---\nkind: session\nid: notes\ntitle: Notes\n---\n".write(
      toFile: folder + "/mine/notes.md", atomically: false, encoding: .utf8)
    let loaded = CatalogLoader().load(paths: [folder + "/Quizzes"])
    let effects = AuthoringEffects(
      files: QuizFiles(folders: { [folder + "/Quizzes"] }, loader: CatalogLoader(), initial: loaded),
      editor: FakeEditor([{ $0 }]), userFolder: folder + "/mine")
    let json = effects.perform(.addCard(NewCard(bank: "sample", kind: .flashcard, prompt: "F", answers: ["B"])))
    guard case .authoringFailed(let message, _) = json else {
      Issue.record("\(String(describing: json))")
      return
    }
    #expect(
      message
        == "add: bank sample is written in '\(folder)/Quizzes/banks/sample.json', not in Markdown; add writes Markdown banks"
    )
    let session = effects.perform(.addCard(NewCard(bank: "notes", kind: .flashcard, prompt: "F", answers: ["B"])))
    guard case .authoringFailed(let other, _) = session else {
      Issue.record("\(String(describing: session))")
      return
    }
    #expect(other == "add: '\(folder)/mine/notes.md' is not a Markdown bank (its front matter has no kind: bank)")
  }

  // MARK: what changed

  @Test func aFileChangeCountsQuestionsAddedRemovedAndEditedById() {
    let q = { (id: String, prompt: String) in
      Question(
        id: id, prompt: prompt, explanation: "e", body: .truefalse(answer: true, feedbackTrue: nil, feedbackFalse: nil))
    }
    let old = CatalogPart(banks: [Bank(id: "b", title: "B", questions: [q("a", "A"), q("b", "B"), q("c", "C")])])
    let new = CatalogPart(banks: [
      Bank(id: "b", title: "B", questions: [q("c", "C"), q("b", "B!"), q("d", "D"), q("e", "E")])
    ])
    let change = FileChange.compare(name: "french.md", old: old, new: new)
    #expect(change?.summary == "french.md reloaded (2 questions added, 1 removed, 1 edited)")
    #expect(FileChange.compare(name: "french.md", old: old, new: old) == nil, "a save without a change is not one")
    #expect(
      FileChange.compare(name: "french.md", old: nil, new: old)?.summary == "french.md added (bank b, 3 questions)")
    #expect(
      FileChange.compare(name: "french.md", old: old, new: nil)?.summary
        == "french.md removed (bank b, 3 questions; the progress of its questions is kept)")
  }
}
