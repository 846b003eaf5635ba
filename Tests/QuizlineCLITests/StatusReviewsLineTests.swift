import Foundation
import QuizlineCore
import Testing

/// Issue 30, item 7: `status` said "Reviews nothing scheduled yet" with every card scheduled and none
/// due. It now says when the next review is, in the words and from the card `review` names, and the
/// progress report says the same.
@Suite struct StatusReviewsLineTests {
  /// One card, reviewed once (Easy) in Anki: it is scheduled days ahead, and no new card is left.
  @Test func withEveryCardScheduledAndNoneDueStatusSaysWhenTheNextReviewIs() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let reviewed = Timestamp(iso8601: "2026-01-05T09:00:00Z")!
    let package = dir + "/deck.apkg"
    try MadeAnkiPackage.write(
      [MadeAnkiPackage.bank("french", fronts: ["bonjour"])],
      reviews: [
        ImportedReview(
          question: QuestionRef(bank: "french", question: "q1"), at: reviewed, rating: .easy, milliseconds: 3000)
      ], to: package)
    let base = ["--progress", dir + "/P", "--quizzes", dir + "/Q", "--now", "2026-01-05T10:00:00Z"]
    let imported = runInProcess(base + ["import", package, "--out", dir + "/Q", "--with-history"])
    #expect(imported.status == 0, "\(imported.stderr)")
    let status = runInProcess(base + ["status"])
    #expect(status.status == 0, "\(status.stderr)")
    let line = status.stdout.split(separator: "\n").first { $0.contains("Reviews") }.map(String.init) ?? ""
    #expect(!line.contains("nothing scheduled yet"), "\(status.stdout)")
    // The REPL's `review` says when the next review is; status says the same.
    let review = try runBinary(base + ["--plain"], input: "review\nquit\n")
    let when = review.stdout.range(of: #"Next review: in \d+ days, \w+ \d+ \w+"#, options: .regularExpression).map {
      String(review.stdout[$0].dropFirst("Next review: ".count))
    }
    #expect(when != nil, "\(review.stdout)")
    #expect(line.hasSuffix("nothing due now; next review \(when ?? "?")"), "\(line)")
    let report = runInProcess(base + ["report"])
    #expect(report.status == 0, "\(report.stderr)")
    let reported = report.stdout.split(separator: "\n").first { $0.contains("Reviews") }.map(String.init) ?? ""
    #expect(reported.hasSuffix("nothing due now; next review \(when ?? "?")"), "\(report.stdout)")
  }
}
