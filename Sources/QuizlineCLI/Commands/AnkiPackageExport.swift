import Foundation
import QuizlineCore
import QuizlineInterop
import QuizlineStorage

/// `quizline export-anki BANK --apkg [--with-history]`: a bank as an Anki package, with the
/// profile's schedule and review log when asked.
enum AnkiPackageExport {
  /// The profile as this device sees it (every device's log, merged) and its reviews as the one
  /// fold keeps them (an answer taken back is no review, an imported history's are), read once for
  /// every bank exported.
  struct History {
    var progress: LearnerProgress
    var reviews: ReviewHistoryCollector

    func scheduling(_ bank: Bank, now: Timestamp) -> AnkiPackageWriter.Scheduling {
      var cards: [QuestionRef: FSRSCard] = [:]
      var suspended: Set<QuestionRef> = []
      var buried: Set<QuestionRef> = []
      var counts: [QuestionRef: (reps: Int, lapses: Int)] = [:]
      for (ref, p) in progress.questions where ref.bank == bank.id {
        if let c = p.card { cards[ref] = c }
        if p.suspended { suspended.insert(ref) }
        if p.isBuried(at: now) { buried.insert(ref) }
        counts[ref] = (p.reps, p.lapses)
      }
      var s = AnkiPackageWriter.Scheduling(
        cards: cards, logs: reviews.cardReviews(inBank: bank.id), suspended: suspended, buried: buried,
        stepCounts: progress.settings.scheduler.stepCounts)
      s.counts = counts
      return s
    }
  }

  static func history(_ env: CommandEnvironment, now: Timestamp) throws(ProfileError) -> History {
    let (layout, notice) = try DeviceProfiles.readingLayout(env)
    if let notice { env.stderr.line("quizline: \(notice)") }
    let opened = try ProfileOpener.view(layout, now: now)
    return History(progress: opened.progress, reviews: try ProfileReviewHistory.collect(layout))
  }

  /// The package's bytes and the number of reviews in it (nil without history).
  static func package(_ bank: Bank, history: History?, now: Timestamp) throws -> (bytes: [UInt8], reviews: Int?) {
    let scheduling = history?.scheduling(bank, now: now)
    return (try AnkiPackageWriter.package([bank], scheduling: scheduling, now: now), scheduling?.reviewCount)
  }
}
