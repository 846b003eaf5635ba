import QuizlineTestSupport
import Testing

@testable import QuizlineCLI
@testable import QuizlineCore

/// Issue 15's study sitting through the real REPL loop, in process: a near miss accepted with its
/// spelling, `!` overruling a mark, a skipped question offered again at the end, and a review card
/// (unlocked by reading its session) answered wrong asked again before the review ends.
@Suite struct StudySittingTranscriptTests {
  @Test func aSittingForgivesTyposTakesOverridesAndBringsBackWhatWasMissed() {
    let script = RuntimeTranscriptTests.lines(
      "start sample --count 5", "skip", "a", "!", "true", "Z Stak", "9", "b",
      "config learning-steps 1m", "read layout", "review --limit 1", "1a 2b 3c", "1b 2a 3d", "quit")
    let run = RuntimeTranscriptTests.session(script)
    #expect(run.status == .ok)
    Snapshot.check(run.text, named: "runtime-same-sitting")
    let text = run.text
    #expect(text.contains("[right] Marked right: sample/multiple-containers (was 50%). recorded\n"))
    #expect(text.contains("  Check the spelling: Z Stack\n"))
    #expect(text.contains("Before the quiz ends, the question you skipped, once more"))
    #expect(text.contains("sample 6/6> b\n[right] Correct. recorded\n"))
    #expect(text.contains("Score 4/5 (80%)"))
    #expect(text.contains("This card comes back before the review ends (next step in 1 min).\n"))
    #expect(text.contains("review 2/2> 1b 2a 3d\n[right] Correct. recorded\n"))
    let last = run.progress.runs.last
    #expect(last?.start.source == .review)
    let matching = QuestionRef(bank: "sample", question: "matching-wrappers")
    #expect(last?.questions == [matching, matching])
  }
}
