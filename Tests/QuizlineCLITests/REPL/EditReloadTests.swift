import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats

/// An editor that records where it was asked to open and changes the file as a learner would.
final class FakeEditor: EditorLauncher, @unchecked Sendable {
  private(set) var opened: [(path: String, line: Int?)] = []
  /// One change per opening, in order (the last one repeats).
  var changes: [(String) -> String]

  init(_ changes: [(String) -> String]) { self.changes = changes }

  func open(_ path: String, line: Int?) -> EditorFailure? {
    opened.append((path, line))
    let change = opened.count <= changes.count ? changes[opened.count - 1] : changes.last!
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    try? change(text).write(toFile: path, atomically: false, encoding: .utf8)
    return nil
  }
}

/// A scripted reader that can also run a step (a file changed on disk) before handing out a line.
final class StepLineReader: LineReader {
  enum Step {
    case line(String)
    case run(() -> Void)
  }
  private var script: [Step]
  private let echo: BufferSink

  init(_ script: [Step], echoTo sink: BufferSink) {
    self.script = script
    self.echo = sink
  }

  func read(prompt: String, completion: @escaping (String, Int) -> Completion.Result) -> LineInput {
    while !script.isEmpty {
      switch script.removeFirst() {
      case .run(let body): body()
      case .line(let line):
        echo.write(prompt + line + "\n")
        return .line(line)
      }
    }
    echo.write(prompt + "^D\n")
    return .end
  }
  func remember(_ line: String) {}
  func close() {}
}

/// `edit`, `reload` and a quizzes file changed on disk, in process: a copy of the fixture catalog,
/// a fake editor, the runtime with the authoring effects wired as `quizline` wires them.
@Suite struct EditReloadTests {
  static let start = Timestamp(iso8601: "2026-03-01T09:00:00Z")!

  /// A fresh copy of the fixture catalog; returns its folder and the sample bank's path.
  static func copyCatalog() -> (folder: String, bank: String) {
    let folder = NSTemporaryDirectory() + "quizline-edit-\(UUID().uuidString)"
    try! FileManager.default.copyItem(atPath: Fixtures.catalog, toPath: folder)
    return (folder, folder + "/banks/sample.json")
  }

  /// A REPL session on `folder` (and `alsoLoads`), `add` writing into `userFolder`.
  static func session(
    _ script: [StepLineReader.Step], folder: String, editor: any EditorLauncher = FakeEditor([{ $0 }]),
    userFolder: String? = nil, alsoLoads: [String] = [], folderLookups: Counter = Counter()
  ) -> (text: String, progress: LearnerProgress, state: AppState) {
    // A folder loaded only once it exists, as MyQuizzes is.
    let folders = {
      _ = folderLookups.next()
      return [folder] + alsoLoads.filter { FileManager.default.fileExists(atPath: $0) }
    }
    let loaded = CatalogLoader().load(paths: folders())
    let out = BufferSink()
    let ticks = Counter()
    var runtime = REPLRuntime(
      store: Store(state: AppState(catalog: loaded.catalog), journal: MemoryJournal()),
      reader: StepLineReader(script, echoTo: out), output: out,
      clock: { start.adding(seconds: 5 * Int64(ticks.next())) }, entropy: { 7 },
      context: { RenderContext(width: 200, style: .plain, now: start) })
    runtime.terminationRequested = { false }
    runtime.authoring = AuthoringEffects(
      files: QuizFiles(folders: folders, loader: CatalogLoader(), initial: loaded), editor: editor,
      userFolder: userFolder ?? folder + "/mine")
    _ = runtime.run()
    return (out.text, runtime.store.state.progress, runtime.store.state)
  }

  static let ownerPrompt = "A child view edits a counter its parent owns. What does the child declare?"

  @Test func editInAQuizOpensTheCurrentQuestionsLineAndShowsItAsEditedInTheSamePlace() throws {
    let (folder, bank) = Self.copyCatalog()
    let editor = FakeEditor([{ $0.replacingOccurrences(of: "A child view edits", with: "A child view changes") }])
    let run = Self.session(
      [.line("start sample --count 3"), .line("b"), .line("edit"), .line("a,c"), .line("quit")], folder: folder,
      editor: editor)
    let text = try String(contentsOfFile: bank, encoding: .utf8)
    let idLine = text.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.contains("\"id\": \"multiple-containers\"") }.map { $0 + 1 }
    #expect(editor.opened.count == 1)
    #expect(editor.opened.first?.path == bank)
    #expect(editor.opened.first?.line == idLine, "opened at the line of the current question's id")
    // The edit did not touch the question being answered (the second); the first one changed.
    #expect(run.text.contains("Quizzes changed: banks/sample.json reloaded (1 question edited)."), "\(run.text)")
    #expect(
      run.state.catalog.question(QuestionRef("sample/single-owner")!)?.prompt.hasPrefix("A child view changes") == true)
    #expect(run.progress.activeRun?.position == 2, "the answer after the edit went to the same question")
    #expect(run.progress.questions[QuestionRef("sample/multiple-containers")!]?.attempts == 1)
  }

  @Test func theQuestionBeingAnsweredDeletedInTheEditorIsSkippedAndTheQuizMovesOn() throws {
    let (folder, _) = Self.copyCatalog()
    let editor = FakeEditor([Self.removingQuestion("single-owner")])
    let run = Self.session(
      [.line("start sample --count 3"), .line("edit"), .line("quit")], folder: folder, editor: editor)
    #expect(run.text.contains("1 question removed"), "\(run.text)")
    #expect(
      run.text.contains("The question you were answering (sample/single-owner) is no longer in its bank; moving on."))
    #expect(run.progress.activeRun?.position == 1, "skipped, as resume skips a question that left its bank")
    #expect(run.text.contains("Which of these are layout containers?"), "the next question is shown")
  }

  @Test func anEditThatBreaksTheBankKeepsTheOldVersionShowsTheErrorAtItsLineAndOffersToEditAgain() throws {
    let (folder, bank) = Self.copyCatalog()
    let editor = FakeEditor([
      { $0.replacingOccurrences(of: "\"type\": \"single\"", with: "\"type\": \"singel\"") },
      { $0.replacingOccurrences(of: "\"type\": \"singel\"", with: "\"type\": \"single\"") },
    ])
    let run = Self.session(
      [.line("start sample --count 2"), .line("edit"), .line("y"), .line("b"), .line("quit")], folder: folder,
      editor: editor)
    #expect(run.text.contains("error: banks/sample.json has errors; the version read before stays in use"))
    #expect(run.text.contains("\(bank):13:15: error: unknown question type \"singel\""), "\(run.text)")
    #expect(run.text.contains("edit again? (y/n)> y"))
    #expect(editor.opened.count == 2)
    #expect(run.progress.activeRun?.position == 1, "the fixed question was answered in its place")
    #expect(run.state.catalog.bank("sample")?.questions.count == 10, "no question was lost meanwhile")
  }

  @Test func declinedOrWithoutInputTheBrokenFileStaysOutAndTheQuizGoesOn() throws {
    let (folder, _) = Self.copyCatalog()
    let breaking = FakeEditor([{ $0.replacingOccurrences(of: "\"type\": \"single\"", with: "\"type\": \"singel\"") }])
    let declined = Self.session(
      [.line("start sample --count 2"), .line("edit"), .line("n"), .line("b"), .line("quit")], folder: folder,
      editor: breaking)
    #expect(declined.text.contains("keeps its errors; the version read before stays in use until it loads"))
    #expect(declined.progress.activeRun?.position == 1)
    #expect(declined.state.catalog.bank("sample")?.questions.count == 10)
    let (other, _) = Self.copyCatalog()
    let ended = Self.session([.line("edit sample"), .line("list")], folder: other, editor: breaking)
    #expect(
      ended.text.contains("edit again? (y/n)> list\nType y to edit it again, or n to keep the version read before."))
    #expect(ended.text.contains("edit again? (y/n)> ^D\n\(other)/banks/sample.json keeps its errors"), "\(ended.text)")
    #expect(ended.state.mode == .leaving)
  }

  @Test func aFileChangedOnDiskIsNoticedAtTheNextHomePrompt() throws {
    let (folder, bank) = Self.copyCatalog()
    let change = {
      var text = try! String(contentsOfFile: bank, encoding: .utf8)
      text = text.replacingOccurrences(of: "A child view edits", with: "A child view changes")
      text = text.replacingOccurrences(
        of: "  \"questions\": [\n",
        with: """
            "questions": [
              { "id": "added-card", "type": "flashcard", "prompt": "Front", "back": "Back" },

          """)
      try! text.write(toFile: bank, atomically: false, encoding: .utf8)
    }
    // The change lands while the learner types `status`: it is noticed before the prompt after it.
    let run = Self.session([.line("list"), .run(change), .line("status"), .line("quit")], folder: folder)
    let expected = "Quizzes changed: banks/sample.json reloaded (1 question added, 1 edited).\nquizline> quit"
    #expect(run.text.contains(expected), "\(run.text)")
    #expect(run.state.catalog.bank("sample")?.questions.count == 11)
    #expect(run.text.components(separatedBy: "Quizzes changed").count == 2, "said once, not at every prompt")
  }

  @Test func theFirstPromptDoesNotLookForChangedFilesJustRead() throws {
    let (folder, _) = Self.copyCatalog()
    let lookups = Counter()
    _ = Self.session([.line("status"), .line("status"), .line("quit")], folder: folder, folderLookups: lookups)
    // The load before the loop, then the second and third prompts' checks: none at the first.
    #expect(lookups.next() == 4)
  }

  @Test func aFileBrokenOnDiskIsReportedOnceAndItsOldVersionStaysInUse() throws {
    let (folder, bank) = Self.copyCatalog()
    let breakIt = {
      let text = try! String(contentsOfFile: bank, encoding: .utf8)
      try! text.replacingOccurrences(of: "\"type\": \"single\"", with: "\"type\": \"singel\"")
        .write(toFile: bank, atomically: false, encoding: .utf8)
    }
    let run = Self.session(
      [.line("list"), .run(breakIt), .line("status"), .line("status"), .line("status"), .line("quit")], folder: folder)
    #expect(run.text.components(separatedBy: "error: banks/sample.json has errors").count == 2, "\(run.text)")
    #expect(run.state.catalog.bank("sample")?.questions.count == 10)
  }

  @Test func reloadSaysWhatChangedOrThatNothingDid() throws {
    let (folder, _) = Self.copyCatalog()
    let removeSession = { try! FileManager.default.removeItem(atPath: folder + "/sessions/intro.json") }
    let run = Self.session(
      [.line("reload"), .run(removeSession), .line("list"), .line("quit")], folder: folder)
    #expect(run.text.contains("Quizzes reloaded: nothing changed (4 files read)."), "\(run.text)")
    #expect(run.text.contains("Quizzes changed: sessions/intro.json removed (session intro)."))
    #expect(run.state.catalog.session("intro") == nil)
  }

  static func removingQuestion(_ id: String) -> (String) -> String {
    { text in
      let data = Data(text.utf8)
      var root = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
      var questions = root["questions"] as! [[String: Any]]
      questions.removeAll { $0["id"] as? String == id }
      root["questions"] = questions
      let out = try! JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
      return String(decoding: out, as: UTF8.self)
    }
  }
}
