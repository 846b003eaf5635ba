import Foundation
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// Up-arrow history: the home prompt's holds commands only; what is typed inside a quiz goes to a
/// history of its own.
@Suite struct HistoryKindTests {
  @Test func linesTypedInsideAQuizGoToTheAnswersHistoryAndCommandsToTheirs() {
    let out = BufferSink()
    let reader = ScriptedLineReader(
      [
        .line("list"), .line("start sample --count 2"), .line("b"), .line("skip"), .line("skip"), .line("status"),
        .line("quit"),
      ],
      echoTo: out)
    var runtime = REPLRuntime(
      store: Store(state: AppState(catalog: RuntimeTranscriptTests.catalog), journal: MemoryJournal()),
      reader: reader, output: out, clock: { RuntimeTranscriptTests.start }, entropy: { 7 },
      context: { RenderContext(width: 80, style: .plain, now: RuntimeTranscriptTests.start) })
    runtime.terminationRequested = { false }
    #expect(runtime.run() == .ok)
    let kinds = reader.rememberedIn.map { "\($0.0 == .commands ? "commands" : "answers"): \($0.1)" }
    #expect(
      kinds == [
        // The skipped question is offered again at the end; a second skip leaves it and ends the quiz.
        "commands: list", "commands: start sample --count 2", "answers: b", "answers: skip", "answers: skip",
        "commands: status", "commands: quit",
      ])
  }
}
