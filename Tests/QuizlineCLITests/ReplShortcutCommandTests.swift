import Foundation
import Testing

@testable import QuizlineCLI

/// `quizline review`, `quizline forecast` and `quizline progress` are the REPL's commands run from
/// the command line: the same screens, `review` interactive (answers from a pipe), `--limit`
/// checked, and all three in `help` and the completion scripts.
@Suite struct ReplShortcutCommandTests {
  func quizline(_ progress: String, at time: String, _ rest: [String], input: String = "") throws -> RunResult {
    try runBinary(["--quizzes", Fixtures.catalog, "--progress", progress, "--now", time] + rest, input: input)
  }

  @Test func reviewOnTheCommandLineTakesAnswersFromAPipeAndLeavesWhenTheReviewEnds() throws {
    let progress = try temporaryDirectory()
    // New cards in the bank's order (the fixture course would hold them until a session is read).
    let set = try quizline(progress, at: "2026-03-01T08:59:00Z", [], input: "config new-order bank\nquit\n")
    #expect(set.status == 0, "\(set.stderr)")
    // Enough answers for the two cards and their learning steps in the same sitting.
    let r = try quizline(
      progress, at: "2026-03-01T09:00:00Z", ["review", "--limit", "2"], input: "b\na,c\nb\na,c\nb\na,c\n")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("review 1/2> b\n[right] Correct. recorded"), "\(r.stdout)")
    #expect(r.stdout.contains("> a,c\n[right] Correct. recorded"), "\(r.stdout)")
    // It ends with the review: never at the home prompt, nothing left to resume.
    #expect(!r.stdout.contains("quizline> "), "\(r.stdout)")
    #expect(!r.stdout.contains("type resume next time"), "\(r.stdout)")
    #expect(r.stdout.contains("Bye. Your progress is saved in"), "\(r.stdout.suffix(300))")
    // The answers are recorded: the dashboard counts both cards.
    let shown = try quizline(progress, at: "2026-03-01T09:01:00Z", ["progress"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("Questions attempted 2/10 |"), "\(shown.stdout)")
  }

  @Test(arguments: ["0", "-3", "many"])
  func reviewLimitMustBeAWholeNumberOfAtLeastOne(_ value: String) throws {
    let progress = try temporaryDirectory()
    let r = try quizline(progress, at: "2026-03-01T09:00:00Z", ["review", "--limit", value], input: "b\n")
    #expect(r.status == 64)
    #expect(r.stdout.isEmpty, "\(r.stdout)")
    #expect(r.stderr.hasPrefix("error: --limit must be a whole number of at least 1, not '\(value)'"), "\(r.stderr)")
  }

  @Test func forecastAndProgressPrintWhatTheREPLShows() throws {
    let progress = try temporaryDirectory()
    let time = "2026-03-01T09:20:00Z"
    // New cards in the bank's order, and Anki's learning steps: both come back today.
    let config = "config new-order bank\nconfig auto-graded-steps anki\nquit\n"
    #expect(try quizline(progress, at: "2026-03-01T08:59:00Z", [], input: config).status == 0)
    #expect(
      try quizline(progress, at: "2026-03-01T09:00:00Z", ["review", "--limit", "2"], input: "b\na,c\n").status == 0)
    let repl = try quizline(progress, at: time, [], input: "forecast\nprogress\nquit\n")
    for command in ["forecast", "progress"] {
      let shown = try quizline(progress, at: time, [command])
      #expect(shown.status == 0, "\(shown.stderr)")
      #expect(shown.stdout.count > 100 && repl.stdout.contains(shown.stdout), "\(command): \(shown.stdout)")
    }
    let forecast = try quizline(progress, at: time, ["forecast"]).stdout
    #expect(forecast.contains("  today       2    "), "\(forecast)")
  }

  @Test func helpAndEveryShellsCompletionKnowTheThreeCommands() throws {
    let help = runInProcess(["help"]).stdout
    for line in ["  review [BANK]", "  forecast ", "  progress "] { #expect(help.contains(line), "\(line)") }
    let reviewHelp = runInProcess(["help", "review"])
    #expect(reviewHelp.stdout.contains("--limit N"), "\(reviewHelp.stdout)")
    let bash = CompletionScriptTests()
    #expect(try bash.complete(["fore"]) == ["forecast"])
    #expect(try bash.complete(["prog"]) == ["progress"])
    #expect(try bash.complete(["review", "--li"]) == ["--limit"])
    #expect(try bash.complete(["--quizzes", Fixtures.catalog, "review", "sa"]) == ["sample"])
    let zsh = runInProcess(["completions", "zsh"]).stdout
    #expect(zsh.contains("    review) compadd -- --all --limit --query --certainty "))
    #expect(zsh.contains("'forecast:") && zsh.contains("'progress:"))
    let fish = runInProcess(["completions", "fish"]).stdout
    #expect(fish.contains("-n '__fish_seen_subcommand_from review' -l limit -r"))
    #expect(fish.contains("-a forecast -d") && fish.contains("-a progress -d"))
  }
}
