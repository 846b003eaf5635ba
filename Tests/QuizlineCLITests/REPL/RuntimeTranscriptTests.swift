import Foundation
import QuizlineTestSupport
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore
@testable import QuizlineFormats

/// Reads scripted input and echoes each prompt and line into the output, as the piped REPL does, so
/// an in-process run reads like a session: `^C` for Ctrl-C, `^D` for the end of input.
final class ScriptedLineReader: LineReader {
  private var script: [LineInput]
  private let echo: BufferSink
  private(set) var remembered: [String] = []
  /// Each remembered line with the history it went to.
  private(set) var rememberedIn: [(HistoryKind, String)] = []
  private var history = HistoryKind.commands
  private(set) var closed = false

  init(_ script: [LineInput], echoTo sink: BufferSink) {
    self.script = script
    self.echo = sink
  }

  func read(prompt: String, completion: @escaping (String, Int) -> Completion.Result) -> LineInput {
    let next = script.isEmpty ? LineInput.end : script.removeFirst()
    switch next {
    case .line(let line): echo.write(prompt + line + "\n")
    case .interrupted: echo.write(prompt + "^C\n")
    case .end: echo.write(prompt + "^D\n")
    }
    return next
  }

  func remember(_ line: String) {
    remembered.append(line)
    rememberedIn.append((history, line))
  }
  func useHistory(_ kind: HistoryKind) { history = kind }
  func close() { closed = true }
}

/// Whole REPL sessions run in process through ``REPLRuntime`` with a scripted reader, a fixed clock
/// and entropy, and a memory journal; each transcript is compared with its golden file
/// (`Tests/Fixtures/snapshots/runtime-*.txt`; `RECORD_SNAPSHOTS=1` rewrites them).
@Suite struct RuntimeTranscriptTests {
  static let catalog = CatalogLoader.load(directory: Fixtures.catalog).catalog
  static let start = Timestamp(iso8601: "2026-03-01T09:00:00Z")!

  /// Runs a session; returns the transcript, the exit status and the store's final progress.
  static func session(
    _ script: [LineInput], progress: LearnerProgress = LearnerProgress(), journal: MemoryJournal = MemoryJournal(),
    firstCommand: ReplCommand? = nil, leaveAfterRun: Bool = false, terminateAfter: Int? = nil
  ) -> (text: String, status: ExitCode, progress: LearnerProgress) {
    let out = BufferSink()
    let reader = ScriptedLineReader(script, echoTo: out)
    let ticks = Counter()
    var runtime = REPLRuntime(
      store: Store(state: AppState(catalog: catalog, progress: progress), journal: journal), reader: reader,
      output: out, clock: { start.adding(seconds: 5 * Int64(ticks.next())) }, entropy: { 7 },
      context: { RenderContext(width: 80, style: .plain, now: start) })
    runtime.firstCommand = firstCommand
    runtime.leaveAfterRun = leaveAfterRun
    runtime.errorOutput = out
    let reads = Counter()
    if let terminateAfter {
      runtime.terminationRequested = { reads.next() >= terminateAfter }
    } else {
      runtime.terminationRequested = { false }
    }
    let status = runtime.run()
    #expect(reader.closed, "the reader is closed when the loop ends")
    return (out.text, status, runtime.store.state.progress)
  }

  static func lines(_ lines: String...) -> [LineInput] { lines.map { .line($0) } }

  @Test func everyQuestionTypeAnsweredThenUndoneThenLeft() {
    let script = Self.lines(
      "read layout", "start sample", "b", "a,c", "true", "z stack", "2", "1a 2b 3c", "a b c", "modifier | padding",
      "", "good", "State is owned by one view.", "", "hard", "undo", "quit")
    let run = Self.session(script)
    #expect(run.status == .ok)
    Snapshot.check(run.text, named: "runtime-every-type")
  }

  @Test func aQuizIsResumedWhereItWasLeft() {
    let journal = MemoryJournal()
    let first = Self.session(Self.lines("start sample --count 3", "b", "quit"), journal: journal)
    let second = Self.session(
      Self.lines("resume", "a,c", "false", "status", "quit"), progress: first.progress, journal: journal)
    Snapshot.check(first.text + "--- next run ---\n" + second.text, named: "runtime-resume")
    #expect(second.progress.runs.last?.questions.count == 3)
  }

  @Test func ctrlCDropsALineWarnsThenLeavesAndEndOfInputLeavesAQuiz() {
    let interrupted = Self.session(
      [
        .line("start sample --count 2"), .interrupted(lineHadText: true), .interrupted(lineHadText: false),
        .interrupted(lineHadText: false),
      ])
    let ended = Self.session([.line("start sample --count 2"), .line("b"), .end])
    Snapshot.check(interrupted.text + "--- next run ---\n" + ended.text, named: "runtime-interrupt-and-end")
    #expect(ended.progress.activeRun?.position == 1, "end of input keeps the place")
  }

  @Test func aFailedJournalWriteIsShownAndNothingOfTheStepIsRecorded() {
    let journal = MemoryJournal()
    journal.failNext = "No space left on device"
    let run = Self.session(Self.lines("complete layout", "complete layout", "quit"), journal: journal)
    Snapshot.check(run.text, named: "runtime-failed-write")
    #expect(journal.events.count == 1, "only the second completion was recorded")
    #expect(run.status == .ioError, "a step that could not be saved makes the exit status 74")
  }

  @Test func terminationLeavesWithTheLeavingLine() {
    let run = Self.session(Self.lines("start sample", "b", "a,c"), terminateAfter: 3)
    #expect(run.text.hasSuffix("Leaving: your progress is saved.\n"), "\(run.text)")
    #expect(run.progress.activeRun?.position == 1)
  }

  @Test func aFirstCommandThatIsRefusedLeavesWithUsageAndOnlyTheError() {
    let run = Self.session([], firstCommand: .start(bank: "nope", RunOptions()), leaveAfterRun: true)
    #expect(run.status == .usage)
    #expect(run.text == "error: there is no bank 'nope'\n  Type list to see them.\n")
  }
}

/// A counter shared by the injected clock and termination check.
final class Counter: @unchecked Sendable {
  private var value = 0
  func next() -> Int {
    value += 1
    return value
  }
}
