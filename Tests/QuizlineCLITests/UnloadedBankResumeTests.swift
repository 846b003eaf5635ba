import Foundation
import QuizlineCore
import QuizlineFormats
import QuizlineInterop
import QuizlineReports
import QuizlineStorage
import Testing

/// A quiz whose bank lives in a quizzes folder not given this time is kept, not finished.
@Suite struct UnloadedBankResumeTests {
  static func options(_ progress: String, _ folders: [String]) -> [String] {
    folders.flatMap { ["--quizzes", $0] } + ["--progress", progress, "--now", QuizzesFoldersTests.now]
  }

  @Test func resumingAQuizWhoseBankIsNotLoadedKeepsTheRunAndSaysSo() throws {
    let progress = try temporaryDirectory()
    let mine = try temporaryDirectory()
    try QuizzesFoldersTests.writeBank("extra", in: mine)
    let both = Self.options(progress, [Fixtures.catalog, mine])
    let first = try runBinary(both + ["quiz", "extra"], input: "true\n")
    #expect(first.status == 0, "\(first.stderr)")

    let without = try runBinary(Self.options(progress, [Fixtures.catalog]), input: "resume\nstatus\nquit\n")
    #expect(without.status == 0, "\(without.stderr)")
    // Wrapped at 80 columns: compared with the line breaks taken out.
    let flat = without.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      flat.contains("You have an unfinished quiz on extra (1 of 3 done). It is kept, but bank \"extra\" is not loaded"),
      "\(without.stdout)")
    #expect(
      flat.contains("error: cannot resume the quiz on extra: bank \"extra\" is not loaded from the quizzes folders"))
    #expect(flat.contains("The quiz is kept (1 of 3 done)."))
    #expect(without.stdout.contains("  Current quiz        extra, 1/3 done (bank \"extra\" is not loaded)\n"))
    #expect(without.stdout.contains("  Not loaded          1 question of 1 bank not in the quizzes folders (kept)\n"))
    #expect(!without.stdout.contains("Orphaned"), "a bank merely not loaded orphans nothing")
    #expect(!without.stdout.contains("Quiz finished"))

    let again = try runBinary(both, input: "resume\ntrue\ntrue\nquit\n")
    #expect(again.stdout.contains("Resuming extra at question 2 of 3.\n"), "\(again.stdout)")
    #expect(again.stdout.contains("Quiz finished: extra\n  Score 3/3 (100%)"), "\(again.stdout)")
  }
}
